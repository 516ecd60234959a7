// Narration checked by type: the notes of machine states live in tables keyed by the machines' own state names
// (src/engine/narrate.ts `ENTERING_NOTES`, `LEAVING_NOTES`, typed `satisfies StateNotes`), so a renamed or split state
// is a compile error where a note names it, not a note silently lost. `npm run typecheck` checks the
// `@ts-expect-error` lines below: each would compile, and so fail the typecheck, if a wrong name were accepted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { ENTERING_NOTES, LEAVING_NOTES, type StateName, type StateNotes } from '../../src/engine/narrate.ts';
import { parseScenario, resolve } from '../../src/index.ts';

describe('[13–14] notes per machine state, typed by the machines’ own state names', () => {
  test('[14] a state name comes from its machine: a name it lacks, or another machine’s, is not one', () => {
    expectTypeOf<'combatCards'>().toExtend<StateName<'fieldBattle'>>();
    expectTypeOf<'noLegalMove'>().toExtend<StateName<'movement'>>();
    expectTypeOf<'rollingDice'>().not.toExtend<StateName<'fieldBattle'>>();
    expectTypeOf<'combatCards'>().not.toExtend<StateName<'movement'>>();

    const none = () => [];
    const wrongName = {
      fieldBattle: {
        // @ts-expect-error 'rollingDice' is no state of the fieldBattle machine (it has rollingAttackerDice, …)
        rollingDice: none,
      },
    } satisfies StateNotes;
    const wrongMachine = {
      movement: {
        // @ts-expect-error 'combatCards' is a state of the fieldBattle machine, not of movement
        combatCards: none,
      },
    } satisfies StateNotes;
    expect([wrongName, wrongMachine]).toHaveLength(2);
  });

  test('[13–14] every state the tables name is a state of its machine at run time too', () => {
    for (const table of [ENTERING_NOTES, LEAVING_NOTES] as StateNotes[])
      for (const [machine, notes] of Object.entries(table) as [MachineId, object][])
        for (const state of Object.keys(notes))
          expect(Object.keys(MACHINES[machine].root.states), `${machine}.${state}`).toContain(state);
  });

  test("[14 steps 2–8] the worked example's trace carries each table's note at its state", () => {
    const file = join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json');
    const trace = resolve(parseScenario(readFileSync(file, 'utf8')), { seed: 1 }).session.trace;
    const battle = trace.filter((t) => t.machine === 'fieldBattle');
    const entering = (state: string) => battle.find((t) => t.state === state && t.headline)?.note.en;
    expect(entering('combatCards')).toMatch(/^Field battle: Ottoman 10 dice \(8 units \+ 2 for Suleiman\)/);
    expect(entering('rollingDefenderDice')).toMatch(/^Ottoman rolls .*: 3 hits \(14 step 6\)\.$/);
    // The defender's roll is told on entering the 14 step 7 window (Janissaries, ruling R31), asked or not.
    expect(entering('rollsCards')).toMatch(/^The defender rolls .*: 5 hits \(14 step 6\)\.$/);
    expect(battle.find((t) => t.from === 'decidingWinner')?.note.en).toMatch(
      /^Hapsburg wins the field battle in Vienna/,
    );
  });
});
