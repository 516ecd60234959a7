// 14 steps 2–6: a roll's dice are one list of terms (src/rules/dice.ts) that every reader takes as it is. A
// synthetic term of 3 dice hitting on 4–6 (the shape of Tercios, ruling R30) is added where the machine counts the
// dice; with no other change the machine's guard, the hits, the winner, the roll prompt, the summary, the story,
// the walkthrough's dice panel and the exact odds all count it, and a 5–6 reading would give the other side the battle.
import { assign, createActor, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, test } from 'vitest';
import { fieldBattleMachine } from '../../machines/index.ts';
import { activeLeaf } from '../../src/engine/actors.ts';
import { narrate } from '../../src/engine/narrate.ts';
import { battleRoll, casualties } from '../../src/engine/procedures/field-battle.ts';
import { stateMetaOf } from '../../src/engine/structure.ts';
import { format, sum } from '../../src/review/fraction.ts';
import { hitOutcomes, rollOutcomes } from '../../src/review/outcomes.ts';
import { countHits, type DiceTerm } from '../../src/rules/dice.ts';
import { countDice, type FieldBattleContext } from '../../src/rules/procedures/field-battle.ts';
import { addStacks, relocate, replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import { EMPTY_SUMMARY } from '../../src/schema/result.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import { text } from '../../src/text/text.ts';
import { diceView, hitChances } from '../../src/viz/walkthrough/dice.ts';
import { parseScenario, resolve } from '../../src/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { depart, VIENNA, world } from '../helpers/fixtures.ts';

/** Three extra attacker dice that hit on 4, 5 or 6, worded by their source like any other term. */
const EXTRA: DiceTerm = { source: { kind: 'telescope' }, rule: '14 step 2', ruling: 'R1', count: 3, hitOn: 4 };

/** The fieldBattle machine with the extra term added to the attacker's dice where they are counted (14 steps 2–3). */
const withExtraDice = fieldBattleMachine.provide({
  actions: {
    countDice: assign(({ context }: { context: FieldBattleContext }) => {
      const counted = countDice(context);
      const dice = counted.dice!;
      return { ...counted, dice: { attacker: [...dice.attacker, EXTRA], defender: dice.defender } };
    }),
  } as never,
});

/** The worked example's battle in Vienna (RULES.md §6): 10 Ottoman dice (13 with the extra term) against 13. */
function battleWorld(): World {
  const w = depart(world(VIENNA), 'ottoman', 'pressburg', 'vienna');
  const arrived = withPosition(
    w.world,
    addStacks(w.world.position, relocate(w.leg.formation, { space: 'vienna', inside: false })),
  );
  const graz = stacksWhere(arrived.position, { space: 'graz', powers: ['hapsburg'] });
  return withPosition(
    arrived,
    replaceStacks(arrived.position, graz, relocate(graz, { space: 'vienna', attemptedInterception: true })),
  );
}

function leafSnapshot(root: ReturnType<typeof createActor>): AnyMachineSnapshot {
  return activeLeaf(root)!.getSnapshot() as AnyMachineSnapshot;
}

function waitingOf(s: AnyMachineSnapshot) {
  return {
    machine: 'fieldBattle' as const,
    state: String(s.value),
    meta: stateMetaOf(s)!,
    context: s.context as FieldBattleContext,
  };
}

/** The story's note of the step that entered `state`, from the field battle's context as it stands. */
function noteAt(state: string, s: AnyMachineSnapshot) {
  const fieldBattle = s.context as FieldBattleContext;
  return narrate({
    world: fieldBattle.world,
    source: { machine: 'fieldBattle', context: fieldBattle },
    state,
    before: EMPTY_SUMMARY,
    after: EMPTY_SUMMARY,
    title: text('t', 'т'),
  });
}

const roll = (...values: number[]): EngineEvent => ({ type: 'dice.rolled', values });

// 10 dice of 8 units and Suleiman's 2 hitting on 5–6 (two hits), then the 3 extra dice: 4, 4 and 3 (two more hits).
const ATTACKER = [5, 6, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 3];
// 13 defender dice that all hit on 5–6: three hits; its fours are misses.
const DEFENDER = [6, 5, 5, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1];

describe('[14 steps 2–6] a 4–6 pool flows through every reader of the dice terms', () => {
  test('[14 step 6] the guard, the hits, the winner, the prompt, the summary, the story, the dice panel and the odds count it', () => {
    const actor = createActor(withExtraDice, {
      input: { world: battleWorld(), battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' } },
    });
    actor.start();

    // The machine's guard reads the terms: 13 dice now, not 10.
    let s = leafSnapshot(actor);
    expect(s.value).toBe('rollingAttackerDice');
    expect(s.can(roll(...ATTACKER.slice(0, 10)))).toBe(false);
    expect(s.can(roll(...ATTACKER))).toBe(true);

    // The prompt and the roll's data: the extra term listed with its rule, and which faces hit.
    const prompt = battleRoll.build(waitingOf(s));
    expect(prompt.roll.dice).toBe(13);
    expect(prompt.roll.terms.at(-1)).toEqual(EXTRA);
    expect(prompt.roll.modifiers.map((m) => m.value)).toEqual([8, 2, 3]);
    expect(prompt.roll.modifiers.at(-1)).toMatchObject({ rule: '14 step 2', ruling: 'R1', value: 3 });
    expect(prompt.prompt.en).toBe('Ottoman rolls 13 dice (+8 +2 +3); hits: 10 dice on 5 or 6, 3 on 4, 5 or 6.');
    expect(prompt.prompt.ru).toContain('попадания: 10 кубиков — на 5 или 6, 3 — на 4, 5 или 6');

    // The story of the counted dice: the extra term said by its source.
    const counted = noteAt('combatCards', s);
    expect(counted.note.en).toContain('Ottoman 13 dice (8 units + 2 for Suleiman + 3 for the Telescope)');
    expect(counted.note.ru).toContain('+ 3 за «Телескоп»');

    // The exact odds of the pending roll read the same pools.
    const odds = [...rollOutcomes({ ...prompt.roll, purpose: 'defender' })];
    expect(odds).toHaveLength(14);
    expect(format(sum(odds.map((o) => o.probability)))).toBe('1');

    actor.send(roll(...ATTACKER));
    s = leafSnapshot(actor);
    expect(s.value).toBe('rollingDefenderDice');
    const attackerRolled = noteAt('rollingDefenderDice', s);
    expect(attackerRolled.note.en).toContain(': 4 hits (14 step 6)');

    actor.send(roll(...DEFENDER));
    // 4 hits to 3: the attacker wins. Read on 5–6 alone its dice would score 2, and the defender would win.
    s = leafSnapshot(actor);
    const c = s.context as FieldBattleContext;
    expect(c.winner).toBe('attacker');
    expect(countHits(ATTACKER, c.dice!.attacker)).toBe(4);
    expect(ATTACKER.filter((v) => v >= 5)).toHaveLength(2);

    // Each group's casualties (its first legal answer), then the summary, written as the retreat begins.
    for (let i = 0; i < 3 && String(leafSnapshot(actor).value) === 'awaitingCasualties'; i++) {
      const w = waitingOf(leafSnapshot(actor));
      actor.send([...casualties.answers!(w)][0]!);
    }
    const battle = (actor.getSnapshot() as AnyMachineSnapshot).context.summary.battle;
    expect(battle.attacker).toMatchObject({
      hits: 4,
      rolled: ATTACKER,
      dice: { units: 8, leader: 2, defender: 0, total: 13 },
      leader: 'suleiman',
    });
    expect(battle.attacker.terms.at(-1)).toEqual(EXTRA);
    expect(battle.defender).toMatchObject({ hits: 3, dice: { units: 10, leader: 2, defender: 1, total: 13 } });

    // The walkthrough's dice panel marks the 4s of the extra dice as hits, and only those 4s.
    const panel = diceView(
      {
        purpose: 'attacker',
        power: 'ottoman',
        rule: '14 step 6',
        values: ATTACKER,
        modifiers: prompt.roll.modifiers,
        terms: prompt.roll.terms,
        target: null,
        sum: 29,
        hits: 4,
      },
      'en',
    ).text;
    expect(panel.match(/class="die hit"/g)).toHaveLength(4);
    expect(panel).toContain('hit (5 or 6; 4, 5 or 6)');
    // The extra pool is drawn as dice of its own colour (ruling R30's 4–6 dice): its 3 dice, the last thrown, name
    // their hitting face; the 4s among them are its hits, the 3 is not; the 5–6 dice name none.
    const faces = [...panel.matchAll(/<svg class="([^"]*)"[^>]*data-value="(\d)"([^>]*)>/g)].map((m) => [
      m[1],
      Number(m[2]),
      /data-hit-on="4"/.test(m[3]!),
    ]);
    expect(faces.slice(-3)).toEqual([
      ['die hit', 4, true],
      ['die hit', 4, true],
      ['die', 3, true],
    ]);
    expect(faces.slice(0, -3).every(([, , pool]) => pool === false)).toBe(true);
  });

  test('[14 step 6] the exact chance of each number of hits with a 5–6 die and a 4–6 die: 1/3, 1/2, 1/6', () => {
    const pools = [
      { hitOn: 5, dice: 1 },
      { hitOn: 4, dice: 1 },
    ];
    expect([...hitOutcomes(pools)].map((o) => format(o.probability))).toEqual(['1/3', '1/2', '1/6']);
    expect(hitChances(pools).map((c) => [c.ways, c.of])).toEqual([
      [2, 6],
      [3, 6],
      [1, 6],
    ]);
  });

  test("[13.2 step 2] the session words an interception roll's terms as its modifiers, the same object at each read", () => {
    const file = join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json');
    const { session } = resolve(parseScenario(readFileSync(file, 'utf8')), { seed: 1 });
    const [i] = session.summary.interceptions;
    expect(i!.terms.map((t) => [t.source.kind, t.count, t.hitOn])).toEqual([
      ['leader', 2, null],
      ['againstCavalry', -1, null],
    ]);
    expect(i!.modifiers).toMatchObject([
      { rule: '13.2 step 2', value: 2, reason: { en: "Charles V's battle rating", ru: 'боевой рейтинг Карла V' } },
      { rule: '13.2 step 2', value: -1, reason: { en: 'against Ottoman cavalry', ru: 'против османской кавалерии' } },
    ]);
    expect(session.summary).toBe(session.summary);
    expect(session.result!.summary.interceptions[0]).toEqual(i);
  });
});
