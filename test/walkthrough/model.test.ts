// The walkthrough's data, recorded through the public API: every trace step once, a frame per accepted answer,
// the dice with their modifiers, every decision where the machine waits, the map around the battle.
import { describe, expect, test } from 'vitest';
import { createSession, MACHINES, parseScenario, resolve, RULE_REGISTRY } from '../../src/index.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StepCapture } from '../../src/viz/walkthrough/capture.ts';
import { stepPanel } from '../../src/viz/walkthrough/panels.ts';
import { replayModel, ruleSummary, spread, statePath, WalkthroughRecorder } from '../../src/viz/walkthrough/model.ts';
import type { BoardView, WalkthroughModel } from '../../src/viz/walkthrough/types.ts';
import { HOSTILE_LEADER, HOSTILE_SPACE, hostile, ROOT, VIENNA_TEXT, vienna } from './fixtures.ts';

/** A text's two strings: what the page keeps of a message (its id and parameters are the engine's). */
const strings = (t: { readonly en: string; readonly ru: string }) => ({ en: t.en, ru: t.ru });

function bookModel(): { model: WalkthroughModel; trace: ReturnType<typeof resolve>['session']['trace'] } {
  const scenario = vienna();
  const r = resolve(scenario, { seed: 1 });
  expect(r.ok).toBe(true);
  const events = r.session.save().events.map((e) => ({ event: e.event, source: e.source }));
  return { model: replayModel(scenario, events, { seed: 1 }), trace: r.session.trace };
}

describe('the worked example (13.2, 14, 14.1)', () => {
  const { model, trace } = bookModel();

  test('[13.1] every trace step is a walkthrough step, shown with what happened in its state', () => {
    expect(model.steps.map((s) => s.step)).toEqual(trace.map((t) => t.step));
    expect(model.steps.map((s) => s.stateId)).toEqual(trace.map((t) => `${t.machine}.${t.state}`));
    // What happened in a state is the trace step that left it: the next step of that machine, coming from it.
    model.steps.forEach((s, i) => {
      const out = trace.slice(i + 1).find((t) => t.machine === s.machine);
      const left = out && out.event !== 'start' && out.from === s.state ? out : undefined;
      expect(s.leaves?.step, `step ${s.step}`).toBe(left?.step);
      expect(s.guards, `step ${s.step}`).toEqual(left?.guards ?? []);
      expect(s.headline, `step ${s.step}`).toBe(left?.headline ?? false);
    });
    // The source of a replayed answer is the original one (the scenario's script), not the replaying host.
    expect(new Set(model.steps.map((s) => s.entered.source))).toEqual(new Set(['start', 'script', 'engine']));
  });

  test("[14 step 6][14 step 8] each headline is on the state where it happens: the roll on its dice, the winner on 'Winner'", () => {
    const told = model.steps.filter((s) => s.note.en !== s.title.en).map((s) => [s.step, s.stateId, s.note.en]);
    expect(told).toEqual([
      [
        2,
        'movement.payingCost',
        'Ottoman moves 7 regulars, 1 cavalry, Suleiman, Ibrahim Pasha from Pressburg to Vienna for 1 CP (13.1).',
      ],
      [
        8,
        'interception.rollingInterception',
        'Hapsburg tries to intercept from Graz with 8 regulars, Charles V: rolls 3 5, 8 + 2 − 1 = 9 — success (≥ 9) (13.2).',
      ],
      [
        17,
        'fieldBattle.countingDice',
        'Field battle: Ottoman 10 dice (8 units + 2 for Suleiman) — Hapsburg 13 dice (10 units + 2 for Charles V + 1 as defender) (14 steps 2–3).',
      ],
      [19, 'fieldBattle.rollingAttackerDice', 'Ottoman rolls 6 5 5 4 3 2 1 1 2 3: 3 hits (14 step 6).'],
      [20, 'fieldBattle.rollingDefenderDice', 'The defender rolls 6 6 5 5 5 4 4 3 3 2 2 1 1: 5 hits (14 step 6).'],
      [22, 'fieldBattle.decidingWinner', 'Hapsburg wins the field battle in Vienna, 5 hits to 3 (14 step 8).'],
      [
        28,
        'fieldBattle.applyingCasualties',
        'Hapsburg wins the field battle in Vienna, 5 hits to 3 (14 step 8). Losses: Ottoman loses 4 regulars, 1 cavalry; Hapsburg loses 3 regulars (14 step 9).',
      ],
      [
        31,
        'retreat.awaitingRetreat',
        'Ottoman retreats from Vienna: 3 regulars, Suleiman, Ibrahim Pasha to Pressburg (14.1).',
      ],
    ]);
    const at = (step: number) => model.steps.find((s) => s.step === step)!;
    expect(at(19).note.ru).toBe('У Османов выпало 6, 5, 5, 4, 3, 2, 1, 1, 2 и 3 — 3 попадания (14, шаг 6).');
    expect(at(22).note.ru).toMatch(/^Габсбурги побеждают в полевом сражении в Вене: 5 попаданий против 3/);
    // The dice are shown on the state that waited for them, with the answer that moved the machine on.
    expect(model.steps.filter((s) => s.dice).map((s) => [s.step, s.stateId, s.dice!.purpose])).toEqual([
      [8, 'interception.rollingInterception', 'interception'],
      [19, 'fieldBattle.rollingAttackerDice', 'attacker'],
      [20, 'fieldBattle.rollingDefenderDice', 'defender'],
    ]);
    expect(model.steps.filter((s) => s.answer && s.answer.source !== 'engine').map((s) => s.stateId)).toEqual([
      'interception.awaitingInterception',
      'interception.rollingInterception',
      'fieldBattle.rollingAttackerDice',
      'fieldBattle.rollingDefenderDice',
      'fieldBattle.awaitingCasualties',
    ]);
    // "Siege left behind?" carries no move: nothing happens in it, and it says so by its title alone.
    expect(at(3).note).toEqual(at(3).title);
    // The conditions are the ones checked in the state: "Move declared?" checks that a move was declared.
    expect(at(1).guards.map((g) => [g.name, g.result])).toEqual([['hasDeclaredMove', true]]);
    expect(at(1).leaves).toMatchObject({ step: 2, event: 'always', to: 'movement.payingCost' });
  });

  test('[14.1] the story: the decisions, the rolls, what the engine narrates, the changes on the board, the end', () => {
    expect(model.steps.filter((s) => s.story).map((s) => s.step)).toEqual([
      2, 7, 8, 9, 13, 17, 19, 20, 22, 24, 26, 28, 31, 38,
    ]);
    for (const s of model.steps.filter((x) => x.story)) expect(s.rule, `step ${s.step}`).not.toBe('');
  });

  test('[13.1] a frame per accepted answer: the start and the five scripted events', () => {
    expect(model.frames).toHaveLength(6);
    expect(model.frames[0]!.answer).toBeNull();
    expect(model.frames.slice(1).map((f) => f.answer!.event.type)).toEqual([
      'intercept.declare',
      'dice.rolled',
      'dice.rolled',
      'dice.rolled',
      'casualties.assign',
    ]);
    expect(model.frames.map((f) => f.done)).toEqual([false, false, false, false, false, true]);
    expect(model.frames[0]!.transit).toMatchObject({ from: 'pressburg', to: 'vienna' });
    expect(model.frames[2]!.transit).toBeNull();
  });

  test('[13.2 step 2] the interception roll: 3 and 5, +2 Charles V, −1 against Ottoman cavalry, 9 succeeds', () => {
    const roll = model.steps.find((s) => s.dice?.purpose === 'interception')!.dice!;
    expect(roll).toMatchObject({ power: 'hapsburg', values: [3, 5], sum: 8, total: 9, target: 9, success: true });
    expect(roll.modifiers.map((m) => [m.value, m.reason.en])).toEqual([
      [2, "Charles V's battle rating"],
      [-1, 'against Ottoman cavalry'],
    ]);
  });

  test('[14 step 6] field-battle dice: 10 against 13, 3 hits against 5', () => {
    const attacker = model.steps.find((s) => s.dice?.purpose === 'attacker')!.dice!;
    const defender = model.steps.find((s) => s.dice?.purpose === 'defender')!.dice!;
    expect([attacker.values.length, attacker.hits, attacker.target]).toEqual([10, 3, null]);
    expect([defender.values.length, defender.hits]).toEqual([13, 5]);
    expect(defender.modifiers.map((m) => m.value)).toEqual([10, 2, 1]);
  });

  test('[R9] the machine waits at every decision the script answers; the engine answers the forced ones', () => {
    const waits = model.steps.filter((s) => s.waits).map((s) => s.stateId);
    expect(waits).toEqual([
      'interception.awaitingInterception',
      'interception.rollingInterception',
      'fieldBattle.rollingAttackerDice',
      'fieldBattle.rollingDefenderDice',
      'fieldBattle.awaitingCasualties',
    ]);
    for (const s of model.steps.filter((x) => x.waits))
      expect(`${model.frames[s.frame]!.pending!.machine}.${model.frames[s.frame]!.pending!.state}`).toBe(s.stateId);
    const engine = model.steps.filter((s) => s.answer?.source === 'engine');
    expect(engine.map((s) => s.answer!.event.type)).toEqual(['casualties.assign', 'retreat.declare']);
    expect(engine[1]!.answer!.label.en).toBe('Ottoman: retreat to Pressburg');
    expect(model.frames[1]!.pending!.kind).toBe('roll');
    expect(model.frames[0]!.pending!.powerName).toEqual({ en: 'Hapsburg', ru: 'Габсбурги' });
  });

  test('[14.1] the last frame: Suleiman, Ibrahim and 3 regulars in Pressburg; 7 Hapsburg regulars in Vienna', () => {
    const last = model.frames.at(-1)!;
    const at = (space: string, power: string) =>
      last.position.stacks.filter((s) => s.space === space && s.power === power);
    expect(at('pressburg', 'ottoman').map((s) => [s.regulars, s.cavalry, [...s.leaders].sort()])).toEqual([
      [3, 0, ['ibrahim-pasha', 'suleiman']],
    ]);
    expect(at('vienna', 'hapsburg').reduce((n, s) => n + s.regulars, 0)).toBe(7);
    expect(
      at('vienna', 'hapsburg')
        .flatMap((s) => s.leaders)
        .sort(),
    ).toEqual(['charles-v', 'ferdinand']);
    expect(last.arrows.map((a) => [a.kind, a.from, a.to])).toEqual([
      ['move', 'pressburg', 'vienna'],
      ['interception', 'graz', 'vienna'],
      ['retreat', 'vienna', 'pressburg'],
    ]);
  });

  test('[13.1 step 5] each step has its own board: during the interception roll the formation is still on its road', () => {
    const step = (n: number) => model.steps.find((s) => s.step === n)!;
    const after = (n: number): BoardView => model.boards[step(n).board!]!;
    const entered = (n: number): BoardView => model.boards[step(n).entered.board!]!;
    const inVienna = (b: BoardView, power: string) =>
      b.position.stacks.filter((s) => s.space === 'vienna' && s.power === power);
    // Step 8: the roll is pending, then made; the Ottoman formation is between Pressburg and Vienna.
    for (const b of [entered(8), after(8)]) {
      expect(inVienna(b, 'ottoman')).toEqual([]);
      expect(b.transit).toMatchObject({ from: 'pressburg', to: 'vienna' });
      expect(inVienna(b, 'hapsburg').reduce((n, s) => n + s.regulars, 0)).toBe(2);
    }
    // The interception arrow appears with the roll (step 8), the interceptors in Vienna as they are placed (step 9).
    expect(entered(8).arrows.map((a) => a.kind)).toEqual(['move']);
    expect(after(8).arrows.map((a) => [a.kind, a.success])).toEqual([
      ['move', undefined],
      ['interception', true],
    ]);
    expect(inVienna(after(9), 'hapsburg').reduce((n, s) => n + s.regulars, 0)).toBe(10);
    // 13.1 step 5: placed as the machine leaves "Place the formation" (step 13).
    expect(inVienna(entered(13), 'ottoman')).toEqual([]);
    expect(entered(13).transit).not.toBeNull();
    expect(inVienna(after(13), 'ottoman').map((s) => s.regulars)).toEqual([7]);
    expect(after(13).transit).toBeNull();
    // The retreat (decided at step 31) empties Vienna of Ottomans; before it, they are still there with 3 regulars.
    expect(inVienna(entered(31), 'ottoman').map((s) => s.regulars)).toEqual([3]);
    expect(inVienna(after(31), 'ottoman')).toEqual([]);
  });

  test('[R9] a forced decision keeps its option list and its refused answers', () => {
    const forced = model.steps.filter((s) => s.forced);
    expect(forced.map((s) => [s.step, s.stateId])).toEqual([
      [26, 'fieldBattle.awaitingCasualties'],
      [31, 'retreat.awaitingRetreat'],
    ]);
    for (const s of forced) expect(s.forced!.forced).toBe(true);
    const retreat = forced[1]!.forced!;
    expect(retreat.options.map((o) => o.label.en)).toEqual(['Retreat to Pressburg']);
    expect(retreat.blocked.length).toBeGreaterThan(0);
    for (const b of retreat.blocked) expect(b.reason.ru).toMatch(/[А-Яа-я]/);
    expect(model.rules.R9).toEqual(strings(RULE_REGISTRY.R9));
    // The engine's answer, that one option, is what moved the machine on from the forced step.
    expect(forced[1]!.answer).toMatchObject({ source: 'engine', event: retreat.options[0]!.event });
  });

  test('[13.1] the map: Vienna, Pressburg and their neighbours, spread apart, with the connections among them', () => {
    expect(Object.keys(model.maps)).toEqual(['vienna|pressburg']);
    const map = model.maps['vienna|pressburg']!;
    expect(map.spaces.map((s) => s.id).sort()).toEqual(['brunn', 'buda', 'graz', 'linz', 'pressburg', 'vienna']);
    expect(map.spaces.find((s) => s.id === 'vienna')).toMatchObject({
      fortified: true,
      name: { en: 'Vienna', ru: 'Вена' },
    });
    for (const a of map.spaces)
      for (const b of map.spaces)
        if (a.id < b.id) expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id}–${b.id}`).toBeGreaterThan(0.3);
    for (const e of map.edges)
      expect(map.spaces.some((s) => s.id === e.a) && map.spaces.some((s) => s.id === e.b)).toBe(true);
  });

  test('[14] every rule the page cites has its registry summary in both languages', () => {
    const cited = new Set(
      model.steps.flatMap((s) => [s.rule, ...(s.ruling ? [s.ruling] : []), ...s.guards.map((g) => g.rule)]),
    );
    for (const ref of cited) expect(model.rules[ref], ref).toBeDefined();
    expect(model.rules['14 step 6']).toEqual(strings(RULE_REGISTRY['14 step 6']));
    expect(ruleSummary('14 steps 2–3')).toEqual(RULE_REGISTRY['14 step 2']);
    expect(ruleSummary('13.4 option 7')).toEqual(RULE_REGISTRY['13.4']);
    expect(ruleSummary('99')).toBeUndefined();
  });

  test("[13.1] every step carries its state's meta title and rule", () => {
    for (const s of model.steps) {
      const meta = (
        MACHINES as unknown as Record<
          string,
          { root: { states: Record<string, { meta: { title: unknown; rule: string } }> } }
        >
      )[s.machine]!.root.states[s.state]!.meta;
      // The page's texts are their two strings (a title's message stays with the machine).
      expect(meta.title).toMatchObject(s.title);
      expect(s.rule).toBe(meta.rule);
    }
  });
});

describe("every example: the board of a frame's last step is the board the session shows after that answer", () => {
  const dir = join(ROOT, 'examples');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  test.for(files.flatMap((f) => (['decline', 'eager'] as const).map((p) => [f, p] as const)))(
    '[13.1] %s (%s)',
    ([file, policy]) => {
      const scenario = parseScenario(readFileSync(join(dir, file), 'utf8'));
      const r = resolve(scenario, { seed: 3, policy });
      const m = replayModel(scenario, r.session.save().events, { seed: 3 });
      for (const s of m.steps) expect(s.board, `step ${s.step}`).toBeDefined();
      m.frames.forEach((frame, i) => {
        const last = m.steps.filter((s) => s.frame === i).at(-1)!;
        const { position, transit, arrows, map } = frame;
        const b = m.boards[last.entered.board!]!;
        expect({ position: b.position, transit: b.transit, arrows: b.arrows, map: b.map }, `frame ${i}`).toEqual({
          position,
          transit,
          arrows,
          map,
        });
      });
      // A step's board is the board after what happened in it: the entering board of the step it leads to.
      for (const s of m.steps)
        if (s.leaves) expect(s.board).toBe(m.steps.find((x) => x.step === s.leaves!.step)!.entered.board);
    },
  );
});

describe('recording a session as it goes (play mode)', () => {
  test('[13.2] a partial interception is recorded with its own label, and an undo forgets its frame', () => {
    const scenario = parseScenario({ ...JSON.parse(VIENNA_TEXT), events: [] });
    const session = createSession(scenario, { seed: 1 });
    const recorder = new WalkthroughRecorder(scenario, session, { seed: 1 });
    const r = session.send({
      type: 'intercept.declare',
      power: 'hapsburg',
      from: 'graz',
      regulars: 5,
      leaders: ['charles-v'],
    });
    expect(r.ok).toBe(true);
    recorder.record(session);
    expect(recorder.model.frames[1]!.answer!.label.en).toBe('Hapsburg: intercept from Graz with 5 regulars, Charles V');
    expect(recorder.model.frames[1]!.answer!.source).toBe('host');
    const steps = recorder.model.steps.length;
    session.roll();
    recorder.record(session);
    expect(recorder.model.steps.length).toBeGreaterThan(steps);
    expect(recorder.model.steps.find((s) => s.dice)!.dice!.values).toHaveLength(2);
    recorder.truncate(2);
    expect(recorder.model.frames).toHaveLength(2);
    expect(recorder.model.steps).toHaveLength(steps);
  });

  test("[13.2] with a capture, an undo (restoreSession with its own capture) keeps every step's board", async () => {
    const { restoreSession } = await import('../../src/index.ts');
    const scenario = parseScenario({ ...JSON.parse(VIENNA_TEXT), events: [] });
    let capture = new StepCapture();
    let session = createSession(scenario, { seed: 1, inspect: capture.inspect });
    const recorder = new WalkthroughRecorder(scenario, session, { seed: 1 }, capture);
    session.send({ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] });
    recorder.record(session);
    session.send({ type: 'dice.rolled', values: [3, 5] });
    recorder.record(session);
    const before = recorder.model.steps.map((s) => recorder.model.boards[s.board!]);
    const save = session.save();
    capture = new StepCapture();
    session = restoreSession({ ...save, events: save.events.slice(0, -1) }, { inspect: capture.inspect });
    recorder.truncate(save.events.length, capture);
    session.send({ type: 'dice.rolled', values: [3, 5] });
    recorder.record(session);
    expect(recorder.model.steps.map((s) => recorder.model.boards[s.board!])).toEqual(before);
  });

  test("[13.2] with a capture, session.undo() (the same capture, its microsteps taken back) keeps every step's board", () => {
    const scenario = parseScenario({ ...JSON.parse(VIENNA_TEXT), events: [] });
    const declare = {
      type: 'intercept.declare',
      power: 'hapsburg',
      from: 'graz',
      regulars: 8,
      leaders: ['charles-v'],
    } as const;
    const played = (rolls: readonly (readonly number[])[]) => {
      const capture = new StepCapture();
      const session = createSession(scenario, { seed: 1, inspect: capture.inspect });
      const recorder = new WalkthroughRecorder(scenario, session, { seed: 1 }, capture);
      session.send(declare);
      recorder.record(session);
      for (const values of rolls) {
        session.send({ type: 'dice.rolled', values: [...values] });
        recorder.record(session);
      }
      return { capture, session, recorder };
    };
    const boards = (r: WalkthroughRecorder) => r.model.steps.map((s) => r.model.boards[s.board!]);
    // The interception succeeds on 3 + 5 (+1, 13.2 step 2) and fails on 1 + 1: different boards after the roll.
    const success = boards(played([[3, 5]]).recorder);
    expect(success.every((b) => b !== undefined)).toBe(true);
    const { capture, session, recorder } = played([[1, 1]]);
    expect(boards(recorder)).not.toEqual(success);
    // Undo the failed roll and roll 3 + 5: every step has the board it has when 3 + 5 was rolled at once (the
    // microsteps taken back are not read as the new ones').
    const frames = session.save().events.length;
    expect(session.undo().ok).toBe(true);
    recorder.truncate(frames, capture);
    expect(recorder.model.frames).toHaveLength(2);
    session.send({ type: 'dice.rolled', values: [3, 5] });
    recorder.record(session);
    expect(boards(recorder)).toEqual(success);
    // Back to the start, then the same answers again: the same boards.
    session.undo();
    recorder.truncate(2, capture);
    session.undo();
    recorder.truncate(1, capture);
    expect(recorder.model.frames).toHaveLength(1);
    session.send(declare);
    recorder.record(session);
    session.send({ type: 'dice.rolled', values: [3, 5] });
    recorder.record(session);
    expect(boards(recorder)).toEqual(success);
  });

  test('[13.3] a refused scripted answer stops the replay and says which rule refused it', () => {
    const scenario = vienna();
    const model = replayModel(
      scenario,
      [{ event: { type: 'avoid.declare', power: 'hapsburg', to: 'linz', regulars: 2 }, source: 'script' }],
      { seed: 1 },
    );
    expect(model.frames).toHaveLength(1);
    expect(model.stopped).toMatchObject({
      code: 'out-of-turn',
      answer: { source: 'script', event: { type: 'avoid.declare' } },
    });
    expect(model.stopped!.reason.ru).toMatch(/[А-Яа-я]/);
  });
});

describe("the scenario's own title and description", () => {
  test('[DESIGN] the worked example carries both in both languages; a Russian-only title is the title in English too', () => {
    const { model } = bookModel();
    expect(model.title.ru).toBe('Вена, 1517 — пример перехвата и сражения из правил');
    expect(model.description!.ru).toMatch(/^Импульс Османов/);
    const scenario = parseScenario({ ...JSON.parse(VIENNA_TEXT), title: { ru: 'Урок 3' }, description: 'Notes' });
    const own = replayModel(scenario, [], { seed: 1 });
    expect(own.title).toEqual({ en: 'Урок 3', ru: 'Урок 3' });
    expect(own.description).toEqual({ en: 'Notes', ru: 'Notes' });
  });
});

describe('an inline map without coordinates', () => {
  test('[2.5] is drawn in rings; names stay as the scenario gives them (escaped only when drawn)', () => {
    const scenario = hostile();
    const r = resolve(scenario, { seed: 2 });
    const model = replayModel(scenario, r.session.save().events, { seed: 2 });
    const map = Object.values(model.maps)[0]!;
    expect(map.spaces.find((s) => s.id === 'keep')!.name).toEqual({ en: HOSTILE_SPACE, ru: HOSTILE_SPACE });
    expect(map.edges.find((e) => e.a === 'keep' && e.b === 'pass')!.kind).toBe('pass');
    expect(model.leaders['bad-leader']).toEqual({ en: HOSTILE_LEADER, ru: HOSTILE_LEADER });
    for (const s of map.spaces) expect(s.x >= 0 && s.x <= 1 && s.y >= 0 && s.y <= 1).toBe(true);
  });

  test('[13.1] spreading points keeps them in the unit square and apart; a nested state value becomes a path', () => {
    const points = spread([
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 0.01, y: 0 },
      { id: 'c', x: 1, y: 1 },
      { id: 'd', x: 1, y: 1 },
    ]);
    for (const p of points) expect(p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1).toBe(true);
    for (const p of points)
      for (const q of points) if (p.id < q.id) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThan(0.2);
    expect(
      spread([
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 0.01, y: 0 },
        { id: 'c', x: 1, y: 1 },
        { id: 'd', x: 1, y: 1 },
      ]),
    ).toEqual(points);
    expect(statePath('awaitingRetreat')).toEqual(['awaitingRetreat']);
    expect(statePath('{"a":{"b":"c"}}')).toEqual(['a', 'b', 'c']);
  });
});

describe('ruling R9: the decisions nobody was asked, with their reasons', () => {
  // The Ottoman besiegers of Hapsburg Vienna march to Pressburg: the besieged stack may not intercept their move
  // (13.2), so the Hapsburgs are never asked; the walkthrough shows it on the step where interceptions end.
  const scenario = parseScenario({
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'hapsburg', buda: 'hapsburg' },
    stacks: [
      { space: 'vienna', power: 'ottoman', regulars: 3 },
      { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
      { space: 'pressburg', power: 'hapsburg', regulars: 1 },
    ],
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'vienna', to: 'pressburg', regulars: 3 },
  });

  test('[13.2, ruling R9] the step that ends the interceptions lists the Hapsburgs, not asked, with the 13.2 restriction', () => {
    const model = replayModel(scenario, [], { seed: 1 });
    const with_ = model.steps.filter((s) => s.skipped);
    expect(with_.map((s) => s.stateId)).toEqual(['movement.intercepting']);
    const [d] = with_[0]!.skipped!;
    expect(d).toMatchObject({ kind: 'intercept', power: 'hapsburg', powerName: { en: 'Hapsburg' } });
    expect(d!.refused.map((r) => [r.label.en, r.code])).toEqual([
      ['Hapsburg: intercept from Vienna', 'areInterceptorsNotBesieged'],
    ]);
    expect(with_[0]!.story).toBe(true);
    expect(Object.keys(model.rules)).toContain('R9');
    const index = model.steps.indexOf(with_[0]!);
    for (const lang of ['en', 'ru'] as const) {
      const page = String(stepPanel(model, { index, lang, mode: 'replay', playable: false, view: 'full' }));
      expect(page).toContain('class="block skipped"');
      expect(page).toContain('areInterceptorsNotBesieged');
      expect(page).toContain(lang === 'en' ? 'Not asked' : 'Не спрашивали');
    }
  });
});

describe('a position before the Schmalkaldic League (21.6, ruling R34)', () => {
  test('[21.6, ruling R34] the walkthrough shows the electorate among the refused answers, with its reason and rules, like any restriction', () => {
    const scenario = parseScenario(readFileSync(join(ROOT, 'examples', 'before-league-regensburg.json'), 'utf8'));
    const r = resolve(scenario, { seed: 1 });
    const m = replayModel(scenario, r.session.save().events, { seed: 1 });
    const avoid = m.frames.map((f) => f.pending).find((d) => d?.kind === 'avoid');
    const augsburg = avoid?.blocked.find((b) => b.option['to'] === 'augsburg');
    expect(augsburg).toMatchObject({ code: 'isAvoidDestinationNotElectorate', rule: '21.6', ruling: 'R34' });
    expect(augsburg?.reason.en).toContain('Augsburg is an electorate');
    expect(augsburg?.reason.ru).toContain('курфюршество');
    expect(augsburg?.label.en).toContain('Augsburg');
    expect(m.rules['21.6']).toEqual(strings(RULE_REGISTRY['21.6']));
    expect(m.rules['R34']).toEqual(strings(RULE_REGISTRY['R34']));
  });
});
