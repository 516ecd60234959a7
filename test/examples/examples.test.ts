// End-to-end tests of the example scenarios in examples/: each file is resolved with its scripted events
// (resolve(parseScenario(text))) and the resulting position and summary are compared with results worked out by
// hand from the rules (RULES.md §1–§4, §6, §9) and the rulings (RULINGS.md), not from the engine's output.
// Titles start with the rule the test exercises; statement ids (INT-.., AVB-.., WDR-.., FB-.., RET-..) are RULES.md §7.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { resolve } from '../../src/engine/resolve.ts';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { createSession, type Session, type SessionResult } from '../../src/engine/session.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import type { ResultPosition, Summary } from '../../src/schema/result.ts';
import { scenarioDescription, scenarioTitle } from '../../src/text/scenario.ts';
import { his } from '../helpers/cli.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

function load(name: string): Scenario {
  return parseScenario(readFileSync(`${EXAMPLES}${name}.json`, 'utf8'));
}

/** Resolves an example with its own script; the move must reach its end. */
function run(
  name: string,
  patch: (source: Record<string, unknown>) => void = () => {},
): { session: Session; result: SessionResult } {
  const source = JSON.parse(readFileSync(`${EXAMPLES}${name}.json`, 'utf8')) as Record<string, unknown>;
  patch(source);
  const outcome = resolve(parseScenario(source));
  if (!outcome.ok) throw new Error(`${name} did not resolve: ${JSON.stringify(outcome.error)}`);
  return { session: outcome.session, result: outcome.result };
}

/** A stack with every field present (the result position leaves zero counts and false marks out). */
interface FullStack {
  space: string;
  power: string;
  regulars: number;
  mercenaries: number;
  cavalry: number;
  leaders: string[];
  inside: boolean;
  lostBattle: boolean;
  attemptedInterception: boolean;
}

type StackSpec = Partial<Omit<FullStack, 'leaders'>> & { space: string; power: string; leaders?: readonly string[] };

function full(s: StackSpec): FullStack {
  return {
    space: s.space,
    power: s.power,
    regulars: s.regulars ?? 0,
    mercenaries: s.mercenaries ?? 0,
    cavalry: s.cavalry ?? 0,
    leaders: [...(s.leaders ?? [])].sort(),
    inside: s.inside ?? false,
    lostBattle: s.lostBattle ?? false,
    attemptedInterception: s.attemptedInterception ?? false,
  };
}

function key(s: FullStack): string {
  return JSON.stringify([s.space, s.power, s.inside, s.lostBattle, s.attemptedInterception, s.leaders]);
}

function sorted(stacks: readonly StackSpec[]): FullStack[] {
  return stacks.map(full).sort((a, b) => key(a).localeCompare(key(b)));
}

function stacksOf(position: ResultPosition): FullStack[] {
  return sorted(position.stacks);
}

/** Every stack of the position, exactly (space, power, counts, leaders, inside, marks). */
function expectStacks(position: ResultPosition, expected: readonly StackSpec[]): void {
  expect(stacksOf(position)).toEqual(sorted(expected));
}

/** One power's units in one space, added up over its stacks. */
function totalIn(position: ResultPosition, space: string, power: string) {
  const here = stacksOf(position).filter((s) => s.space === space && s.power === power);
  return {
    regulars: here.reduce((n, s) => n + s.regulars, 0),
    mercenaries: here.reduce((n, s) => n + s.mercenaries, 0),
    cavalry: here.reduce((n, s) => n + s.cavalry, 0),
    leaders: here.flatMap((s) => s.leaders).sort(),
  };
}

function u(regulars = 0, cavalry = 0, leaders: string[] = [], mercenaries = 0) {
  return { regulars, mercenaries, cavalry, leaders: [...leaders].sort() };
}

function land(regulars = 0, cavalry = 0, mercenaries = 0) {
  return { regulars, mercenaries, cavalry };
}

/** Summary unit groups with their leaders sorted, for exact comparison. */
function norm<T extends { readonly leaders: readonly string[] }>(units: T): Omit<T, 'leaders'> & { leaders: string[] } {
  return { ...units, leaders: [...units.leaders].sort() };
}

function modifierValues(mods: readonly { value: number }[]): number[] {
  return mods.map((m) => m.value);
}

function cpLeft(r: SessionResult): number {
  return r.position.impulse.cp;
}

/** Feeds the example's own script into a session one event at a time, and returns the first decision of `kind`. */
function decisionOfKind(name: string, kind: Decision['kind']): { decision: Decision | null; seen: Decision['kind'][] } {
  const scenario = load(name);
  const session = createSession(scenario);
  const seen: Decision['kind'][] = [];
  for (const event of scenario.data.events as EngineEvent[]) {
    const d = session.pending;
    if (!d) break;
    seen.push(d.kind);
    if (d.kind === kind) return { decision: d, seen };
    expect(session.send(event)).toEqual({ ok: true });
  }
  const last = session.pending;
  if (last) seen.push(last.kind);
  return { decision: last && last.kind === kind ? last : null, seen };
}

function destinations(d: Decision): string[] {
  return d.options
    .map((o) => o.event)
    .flatMap((e) => ('to' in e && typeof e.to === 'string' ? [e.to] : []))
    .sort();
}

function blockedSpaces(d: Decision): { to: unknown; rule: string }[] {
  return d.blocked
    .map((b) => ({ to: b.option['to'], rule: b.rule }))
    .sort((a, b) => String(a.to).localeCompare(String(b.to)));
}

function summary(r: SessionResult): Summary {
  return r.summary;
}

// ---------------------------------------------------------------------------------------------------------------------

describe("vienna-1517.json: the rulebook's Interception and Battle Example (RULES.md §6)", () => {
  const { result } = run('vienna-1517');
  const s = summary(result);

  test('[13.1] the Ottoman formation moves Pressburg → Vienna for 1 CP (MOV-01)', () => {
    expect(s.moves).toHaveLength(1);
    expect({ ...s.moves[0]!, units: norm(s.moves[0]!.units) }).toEqual({
      power: 'ottoman',
      from: 'pressburg',
      to: 'vienna',
      units: u(7, 1, ['suleiman', 'ibrahim-pasha']),
      cp: 1,
      continued: false,
    });
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });

  test('[13.2] Charles V intercepts from Graz: 8 + 2 − 1 = 9 succeeds (INT-21, INT-23, INT-24)', () => {
    expect(s.interceptions).toHaveLength(1);
    const i = s.interceptions[0]!;
    expect(i.power).toBe('hapsburg');
    expect(i.from).toBe('graz');
    expect(norm(i.units)).toEqual(u(8, 0, ['charles-v']));
    expect(i.dice).toEqual([3, 5]);
    expect(modifierValues(i.modifiers).sort()).toEqual([-1, 2]);
    expect(i.total).toBe(9);
    expect(i.target).toBe(9);
    expect(i.success).toBe(true);
  });

  test('[13.1 step 5] after the successful interception there is no avoid battle and no withdrawal (MOV-28)', () => {
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals).toEqual([]);
  });

  test('[14 steps 2–3] 10 dice against 13: 8 units + 2 for Suleiman; 10 units + 2 for Charles V + 1 as defender (FB-04, FB-05, FB-07)', () => {
    const b = s.battle!;
    expect(b.space).toBe('vienna');
    expect(b.attacker.powers).toEqual(['ottoman']);
    expect(b.defender.powers).toEqual(['hapsburg']);
    expect(b.attacker.leader).toBe('suleiman');
    expect(b.defender.leader).toBe('charles-v');
    expect(b.attacker.dice).toEqual({ units: 8, leader: 2, defender: 0, total: 10 });
    expect(b.defender.dice).toEqual({ units: 10, leader: 2, defender: 1, total: 13 });
    expect(b.attacker.rolled).toHaveLength(10);
    expect(b.defender.rolled).toHaveLength(13);
  });

  test('[14 step 8] 3 hits against 5: the Hapsburgs win (FB-10, FB-12)', () => {
    const b = s.battle!;
    expect(b.attacker.hits).toBe(3);
    expect(b.defender.hits).toBe(5);
    expect(b.winner).toBe('defender');
    expect(b.winnerPower).toBe('hapsburg');
  });

  test('[14 step 9] the Ottoman loses the cavalry and 4 regulars, the Hapsburgs 3 regulars (FB-13, FB-15)', () => {
    const b = s.battle!;
    expect(b.attacker.losses).toEqual(land(4, 1));
    expect(b.defender.losses).toEqual(land(3));
    expect(b.attacker.kept).toBeNull();
    expect(b.defender.kept).toBeNull();
  });

  test('[14.1] Suleiman, Ibrahim and 3 regulars retreat to Pressburg, the space they entered from (RET-10)', () => {
    expect(s.retreats).toHaveLength(1);
    const r = s.retreats[0]!;
    expect(r.power).toBe('ottoman');
    expect(r.from).toBe('vienna');
    expect(r.to).toBe('pressburg');
    expect(norm(r.units)).toEqual(u(3, 0, ['suleiman', 'ibrahim-pasha']));
    expect(norm(r.inside)).toEqual(u());
    expect(r.eliminated).toEqual(land());
    expect(r.captured).toEqual([]);
    expect(s.captures).toEqual([]);
    expect(s.siege).toBeNull();
  });

  test('[14] final position: Ottoman in Pressburg marked lostBattle; Charles V, Ferdinand and 7 regulars in Vienna (ruling R12)', () => {
    const p = result.position;
    const ottoman = stacksOf(p).filter((x) => x.power === 'ottoman');
    expect(ottoman).toEqual(
      sorted([
        { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['suleiman', 'ibrahim-pasha'], lostBattle: true },
      ]),
    );
    // Which of the two Hapsburg stacks in Vienna took the 3 losses is the Hapsburg player's choice; the book only
    // says what stays in Vienna.
    expect(totalIn(p, 'vienna', 'hapsburg')).toEqual(u(7, 0, ['charles-v', 'ferdinand']));
    const hapsburg = stacksOf(p).filter((x) => x.power === 'hapsburg');
    expect(hapsburg.every((x) => x.space === 'vienna' && !x.inside && !x.lostBattle)).toBe(true);
    // Ruling R12: the interceptors (Charles V and his regulars) are marked; Ferdinand's stack did not intercept.
    const charles = hapsburg.find((x) => x.leaders.includes('charles-v'))!;
    const ferdinand = hapsburg.find((x) => x.leaders.includes('ferdinand'))!;
    expect(charles.attemptedInterception).toBe(true);
    expect(ferdinand.attemptedInterception).toBe(false);
    expect(stacksOf(p).filter((x) => x.space === 'graz')).toEqual([]);
    expect(p.captured ?? []).toEqual([]);
    expect(p.sieges ?? []).toEqual([]);
    expect(p.control).toEqual({ pressburg: 'ottoman' });
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('avoid-battle-linz.json', () => {
  const { result } = run('avoid-battle-linz');
  const s = summary(result);

  test('[13.3] Ferdinand may avoid to Graz or Linz, not to Pressburg (the mover came from there) nor to Brunn (Hungarian) (AVB-07, AVB-11)', () => {
    const { decision, seen } = decisionOfKind('avoid-battle-linz', 'avoid');
    expect(seen).toEqual(['avoid']); // nobody adjacent to Vienna: no interception question (ruling R9)
    expect(destinations(decision!)).toEqual(['graz', 'linz']);
    expect(blockedSpaces(decision!).map((b) => b.to)).toEqual(['brunn', 'pressburg']);
    expect(blockedSpaces(decision!).every((b) => b.rule.startsWith('13.3'))).toBe(true);
  });

  test('[13.3 step 4] avoid roll 5 + 4 + 1 (Ferdinand) − 1 (Ottoman cavalry) = 9 succeeds (AVB-18, AVB-20, AVB-21)', () => {
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toHaveLength(1);
    const a = s.avoids[0]!;
    expect(a.power).toBe('hapsburg');
    expect(a.from).toBe('vienna');
    expect(a.to).toBe('linz');
    expect(norm(a.units)).toEqual(u(4, 0, ['ferdinand']));
    expect(a.dice).toEqual([5, 4]);
    expect(modifierValues(a.modifiers).sort()).toEqual([-1, 1]);
    expect(a.total).toBe(9);
    expect(a.target).toBe(9);
    expect(a.success).toBe(true);
    expect(a.automatic).toBe(false);
  });

  test('[13.3 step 5] Ferdinand and 4 regulars end in Linz; no withdrawal, no battle (AVB-17, MOV-29)', () => {
    expect(s.withdrawals).toEqual([]);
    expect(s.battle).toBeNull();
    expect(s.retreats).toEqual([]);
    expect(s.captures).toEqual([]);
    expectStacks(result.position, [
      { space: 'linz', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'vienna', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    ]);
  });

  test('[15] the undefended enemy capital is under siege from this impulse; control is unchanged; 1 CP spent (ruling R13)', () => {
    expect(s.siege).toEqual({ space: 'vienna', besieger: 'ottoman' });
    expect(result.position.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: true }]);
    expect(result.position.control).toEqual({ pressburg: 'ottoman' });
    expect(result.position.captured ?? []).toEqual([]);
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('withdrawal-siege-vienna.json', () => {
  const { result } = run('withdrawal-siege-vienna');
  const s = summary(result);

  test('[13.4] Ferdinand and 2 regulars (≤ 4 units) withdraw into Vienna, all together (WDR-02, WDR-03, WDR-04, WDR-06)', () => {
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals).toHaveLength(1);
    const w = s.withdrawals[0]!;
    expect(w.space).toBe('vienna');
    expect(w.decidedBy).toBe('hapsburg');
    expect(w.withdrew).toBe(true);
    expect(norm(w.units)).toEqual(u(2, 0, ['ferdinand']));
  });

  test('[13.4] withdrawal into Vienna leads to a siege: 8 attackers > 2 inside, no field battle (WDR-08, WDR-09)', () => {
    expect(s.battle).toBeNull();
    expect(s.retreats).toEqual([]);
    expect(s.siege).toEqual({ space: 'vienna', besieger: 'ottoman' });
    expect(result.position.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: true }]);
    expectStacks(result.position, [
      { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true },
      { space: 'vienna', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    ]);
    expect(result.position.captured ?? []).toEqual([]);
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('withdrawal-turned-back.json', () => {
  const { session, result } = run('withdrawal-turned-back');
  const s = summary(result);

  test('[13.4] 3 attackers do not outnumber the 4 inside: no siege (WDR-09, SIE-01)', () => {
    expect(s.withdrawals).toHaveLength(1);
    expect(s.withdrawals[0]!.withdrew).toBe(true);
    expect(norm(s.withdrawals[0]!.units)).toEqual(u(4, 0, ['ferdinand']));
    expect(s.siege).toBeNull();
    expect(result.position.sieges ?? []).toEqual([]);
    expect(s.battle).toBeNull();
  });

  test('[13.4 option 2] with no CP left the formation goes back to Pressburg at no CP cost (WDR-10, WDR-11, ruling R4)', () => {
    expect(s.moves).toHaveLength(1);
    expect(s.retreats).toHaveLength(1);
    const r = s.retreats[0]!;
    expect(r.power).toBe('ottoman');
    expect(r.from).toBe('vienna');
    expect(r.to).toBe('pressburg');
    expect(norm(r.units)).toEqual(u(3, 0, ['ibrahim-pasha']));
    expect(r.eliminated).toEqual(land());
    expect(r.captured).toEqual([]);
    expectStacks(result.position, [
      { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
      { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'], inside: true },
    ]);
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });

  test('[13.4 option 2] going back is forced with 0 CP: the engine applies it and never asks (ruling R9)', () => {
    expect(session.log.filter((a) => a.source === 'policy' || a.source === 'host')).toEqual([]);
    expect(session.log.some((a) => a.source === 'engine' && a.event.type === 'move.stop')).toBe(true);
  });

  test('[13.4 option 2] with 1 CP still left the attacker may choose to go back (move.stop): no CP is charged for it (WDR-11)', () => {
    const { session: chosen, result: back } = run('withdrawal-turned-back', (src) => {
      src['impulse'] = { power: 'ottoman', cp: 2 };
      src['events'] = [...(src['events'] as unknown[]), { type: 'move.stop' }];
    });
    expect(chosen.log.some((a) => a.source === 'script' && a.event.type === 'move.stop')).toBe(true);
    expect(back.summary.cpSpent).toBe(1);
    expect(cpLeft(back)).toBe(1);
    expect(back.summary.retreats.map((r) => r.to)).toEqual(['pressburg']);
    expectStacks(back.position, [
      { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
      { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'], inside: true },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('withdrawal-move-on.json', () => {
  const { result } = run('withdrawal-move-on');
  const s = summary(result);

  test('[13.4 option 1] Ibrahim pays 1 more CP and moves on from Vienna to Linz (WDR-10, MOV-01)', () => {
    expect(s.withdrawals.map((w) => [w.space, w.withdrew])).toEqual([['vienna', true]]);
    expect(s.moves.map((m) => ({ ...m, units: norm(m.units) }))).toEqual([
      { power: 'ottoman', from: 'pressburg', to: 'vienna', units: u(3, 0, ['ibrahim-pasha']), cp: 1, continued: false },
      { power: 'ottoman', from: 'vienna', to: 'linz', units: u(3, 0, ['ibrahim-pasha']), cp: 1, continued: true },
    ]);
    expect(s.cpSpent).toBe(2);
    expect(cpLeft(result)).toBe(0);
  });

  test('[13.4 option 1] Linz is empty: no interception, battle or siege; Ferdinand stays inside Vienna, not besieged (INT-07, MOV-30)', () => {
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toEqual([]);
    expect(s.battle).toBeNull();
    expect(s.retreats).toEqual([]);
    expect(s.siege).toBeNull();
    expect(result.position.sieges ?? []).toEqual([]);
    expectStacks(result.position, [
      { space: 'linz', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
      {
        space: 'vienna',
        power: 'hapsburg',
        regulars: 4,
        leaders: ['ferdinand'],
        inside: true,
        attemptedInterception: true,
      },
    ]);
    expect(result.position.control).toEqual({ pressburg: 'ottoman' });
  });

  test("[13.2] without the earlier-attempt mark, Ferdinand's stack in Vienna (never besieged: 3 ≤ 4) may intercept the move on into Linz (INT-08, INT-09)", () => {
    // 13.2 forbids interception only by units under siege and by "the stack that had been besieged" when its
    // besiegers move out. Here Vienna was never under siege (13.4: 3 attackers do not outnumber 4 inside), so
    // nothing in 13.2 stops Ferdinand's 4 regulars from trying to intercept into Linz (same power, allowed).
    const source = JSON.parse(readFileSync(`${EXAMPLES}withdrawal-move-on.json`, 'utf8')) as {
      stacks: Record<string, unknown>[];
    };
    for (const s of source.stacks) delete s['attemptedInterception'];
    const scenario = parseScenario(source);
    const session = createSession(scenario);
    for (const event of scenario.data.events) expect(session.send(event)).toEqual({ ok: true });
    const d = session.pending;
    expect(d?.kind).toBe('intercept');
    expect(d?.power).toBe('hapsburg');
    const froms = (d?.options ?? [])
      .map((o) => o.event)
      .flatMap((e) => (e.type === 'intercept.declare' ? [e.from] : []));
    expect(froms).toContain('vienna');
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('withdrawal-move-on-defeated.json', () => {
  const { result } = run('withdrawal-move-on-defeated');
  const s = summary(result);

  test('[13.4 option 1] the formation moves on into Linz for its last CP and fights there: 4 dice against 5, 1 hit against 2 (WDR-10, FB-05)', () => {
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals.map((w) => [w.space, w.withdrew])).toEqual([['vienna', true]]);
    expect(s.moves.map((m) => [m.from, m.to, m.cp, m.continued])).toEqual([
      ['pressburg', 'vienna', 1, false],
      ['vienna', 'linz', 1, true],
    ]);
    const b = s.battle!;
    expect(b.space).toBe('linz');
    expect(b.attacker.dice).toEqual({ units: 3, leader: 1, defender: 0, total: 4 });
    expect(b.defender.dice).toEqual({ units: 4, leader: 0, defender: 1, total: 5 });
    expect(b.defender.leader).toBeNull();
    expect(b.attacker.hits).toBe(1);
    expect(b.defender.hits).toBe(2);
    expect(b.winnerPower).toBe('hapsburg');
    expect(b.attacker.losses).toEqual(land(2));
    expect(b.defender.losses).toEqual(land(1));
  });

  test('[13.4 option 1] forced to retreat back into Vienna, the formation is eliminated and Ibrahim captured (WDR-12, RET-11, ruling R11)', () => {
    expect(s.retreats).toHaveLength(1);
    const r = s.retreats[0]!;
    expect(r.power).toBe('ottoman');
    expect(r.from).toBe('linz');
    expect(r.to).toBeNull();
    expect(norm(r.units)).toEqual(u());
    expect(r.eliminated).toEqual(land(1));
    expect(r.captured).toEqual(['ibrahim-pasha']);
    expect(s.captures.map((c) => [c.leader, c.by])).toEqual([['ibrahim-pasha', 'hapsburg']]);
    expect(result.position.captured).toEqual([{ leader: 'ibrahim-pasha', by: 'hapsburg' }]);
    expectStacks(result.position, [
      { space: 'linz', power: 'hapsburg', regulars: 3 },
      {
        space: 'vienna',
        power: 'hapsburg',
        regulars: 4,
        leaders: ['ferdinand'],
        inside: true,
        attemptedInterception: true,
      },
    ]);
    expect(s.siege).toBeNull();
    expect(result.position.sieges ?? []).toEqual([]);
    expect(s.cpSpent).toBe(2);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('defender-retreat-choice.json', () => {
  const { result } = run('defender-retreat-choice');
  const s = summary(result);

  test('[14] Ibrahim attacks Graz: 7 dice against 6, 2 hits against 1, the attacker wins (FB-04, FB-05, FB-12)', () => {
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals).toEqual([]);
    const b = s.battle!;
    expect(b.space).toBe('graz');
    expect(b.attacker.leader).toBe('ibrahim-pasha');
    expect(b.defender.leader).toBe('ferdinand');
    expect(b.attacker.dice).toEqual({ units: 6, leader: 1, defender: 0, total: 7 });
    expect(b.defender.dice).toEqual({ units: 4, leader: 1, defender: 1, total: 6 });
    expect(b.attacker.hits).toBe(2);
    expect(b.defender.hits).toBe(1);
    expect(b.winner).toBe('attacker');
    expect(b.winnerPower).toBe('ottoman');
    expect(b.attacker.losses).toEqual(land(1));
    expect(b.defender.losses).toEqual(land(2));
  });

  test('[14.1] the losing defender may retreat to Mohacs, Salzburg (over a pass), Trieste or Vienna, but not Agram, where the attacker came from (RET-09, RET-14)', () => {
    const { decision } = decisionOfKind('defender-retreat-choice', 'retreat');
    expect(decision!.power).toBe('hapsburg');
    expect(destinations(decision!)).toEqual(['mohacs', 'salzburg', 'trieste', 'vienna']);
    expect(blockedSpaces(decision!)).toEqual([{ to: 'agram', rule: '14.1' }]);
  });

  test('[14.1] Ferdinand and 2 regulars retreat to Vienna, marked lostBattle; Ibrahim holds Graz (RET-04, FB-20, ruling R12)', () => {
    expect(s.retreats).toHaveLength(1);
    const r = s.retreats[0]!;
    expect(r.power).toBe('hapsburg');
    expect(r.from).toBe('graz');
    expect(r.to).toBe('vienna');
    expect(norm(r.units)).toEqual(u(2, 0, ['ferdinand']));
    expect(norm(r.inside)).toEqual(u());
    expect(r.eliminated).toEqual(land());
    expectStacks(result.position, [
      { space: 'graz', power: 'ottoman', regulars: 4, cavalry: 1, leaders: ['ibrahim-pasha'] },
      { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], lostBattle: true },
    ]);
    expect(result.position.control).toEqual({ salzburg: 'hapsburg' });
    expect(result.position.captured ?? []).toEqual([]);
    expect(s.captures).toEqual([]);
    expect(s.siege).toBeNull();
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('lone-leader-captured.json', () => {
  const { session, result } = run('lone-leader-captured');
  const s = summary(result);

  test("[13.1] Ferdinand, alone in unfortified Graz, is captured when Ibrahim's 4 regulars enter (MOV-23, MOV-24, AVB-14)", () => {
    expect(session.log).toEqual([]); // nothing to decide: a lone leader may not avoid battle (13.3)
    expect(s.interceptions).toEqual([]);
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals).toEqual([]);
    expect(s.battle).toBeNull();
    expect(s.captures).toEqual([{ leader: 'ferdinand', by: 'ottoman', space: 'graz', rule: '13.1' }]);
    expect(result.position.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
    expectStacks(result.position, [{ space: 'graz', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] }]);
    expect(result.position.control).toEqual({ mohacs: 'ottoman' });
    expect(s.siege).toBeNull();
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('failed-interception.json', () => {
  const { result } = run('failed-interception');
  const s = summary(result);

  test('[13.2] Charles V fails to intercept: 2 + 4 + 2 − 1 = 7 < 9; he stays in Graz, marked (INT-24, INT-26, ruling R12)', () => {
    expect(s.interceptions).toHaveLength(1);
    const i = s.interceptions[0]!;
    expect(i.power).toBe('hapsburg');
    expect(i.from).toBe('graz');
    expect(i.dice).toEqual([2, 4]);
    expect(modifierValues(i.modifiers).sort()).toEqual([-1, 2]);
    expect(i.total).toBe(7);
    expect(i.success).toBe(false);
  });

  test('[13.3] [13.4] after the failure Ferdinand may avoid or withdraw, and declines both (AVB-01, WDR-05)', () => {
    const { seen } = decisionOfKind('failed-interception', 'casualties');
    expect(seen.filter((k) => k !== 'roll')).toEqual(['intercept', 'avoid', 'withdraw', 'casualties']);
    expect(s.avoids).toEqual([]);
    expect(s.withdrawals.map((w) => [w.space, w.decidedBy, w.withdrew])).toEqual([['vienna', 'hapsburg', false]]);
  });

  test('[14 step 8] 10 dice against 6, 3 hits each: a tie goes to the defender (FB-05, FB-12)', () => {
    const b = s.battle!;
    expect(b.space).toBe('vienna');
    expect(b.attacker.dice).toEqual({ units: 8, leader: 2, defender: 0, total: 10 });
    expect(b.defender.dice).toEqual({ units: 4, leader: 1, defender: 1, total: 6 });
    expect(b.defender.leader).toBe('ferdinand');
    expect(b.attacker.hits).toBe(3);
    expect(b.defender.hits).toBe(3);
    expect(b.winner).toBe('defender');
    expect(b.winnerPower).toBe('hapsburg');
    expect(b.attacker.losses).toEqual(land(3));
    expect(b.defender.losses).toEqual(land(3));
  });

  test('[14.1] the losing attacker retreats to Pressburg, marked lostBattle; no siege check (RET-10, FB-21)', () => {
    expect(s.retreats.map((r) => ({ power: r.power, from: r.from, to: r.to, units: norm(r.units) }))).toEqual([
      { power: 'ottoman', from: 'vienna', to: 'pressburg', units: u(4, 1, ['suleiman', 'ibrahim-pasha']) },
    ]);
    expect(s.siege).toBeNull();
    expect(s.captures).toEqual([]);
    expectStacks(result.position, [
      { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'], attemptedInterception: true },
      {
        space: 'pressburg',
        power: 'ottoman',
        regulars: 4,
        cavalry: 1,
        leaders: ['suleiman', 'ibrahim-pasha'],
        lostBattle: true,
      },
      { space: 'vienna', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'] },
    ]);
    expect(result.position.sieges ?? []).toEqual([]);
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('automatic-avoid-after-defeat.json', () => {
  const { session, result } = run('automatic-avoid-after-defeat');
  const s = summary(result);

  test('[13.3 step 4] units that all lost a battle this impulse avoid automatically, with no roll (AVB-22)', () => {
    const { decision } = decisionOfKind('automatic-avoid-after-defeat', 'avoid');
    expect(destinations(decision!)).toEqual(['linz']);
    expect(blockedSpaces(decision!).map((b) => b.to)).toEqual(['brunn', 'graz', 'pressburg']);
    expect(session.log.map((a) => a.event.type)).toEqual(['avoid.declare']);
    expect(s.avoids).toHaveLength(1);
    const a = s.avoids[0]!;
    expect(a.power).toBe('hapsburg');
    expect(a.to).toBe('linz');
    expect(norm(a.units)).toEqual(u(2, 0, ['ferdinand']));
    expect(a.dice).toEqual([]);
    expect(a.total).toBeNull();
    expect(a.success).toBe(true);
    expect(a.automatic).toBe(true);
  });

  test('[13.3 step 4] Ferdinand ends in Linz still marked lostBattle; Vienna is besieged (ruling R12, ruling R13)', () => {
    expect(s.battle).toBeNull();
    expectStacks(result.position, [
      { space: 'graz', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
      { space: 'linz', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], lostBattle: true },
      { space: 'vienna', power: 'ottoman', regulars: 6, cavalry: 1, leaders: ['suleiman'] },
    ]);
    expect(s.siege).toEqual({ space: 'vienna', besieger: 'ottoman' });
    expect(result.position.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: true }]);
    expect(s.cpSpent).toBe(1);
    expect(cpLeft(result)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

const FILES = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('every example', () => {
  test('[DESIGN] examples/ holds the rulebook example and at least six more', () => {
    expect(FILES).toContain('vienna-1517.json');
    expect(FILES.length).toBeGreaterThanOrEqual(7);
  });

  test.each(FILES)(
    '[13.1] %s parses, has a name and a description, and resolves to the end with its own script',
    (file) => {
      const text = readFileSync(`${EXAMPLES}${file}`, 'utf8');
      const scenario = parseScenario(text);
      for (const lang of ['en', 'ru'] as const) {
        expect(scenarioTitle(scenario.data)?.[lang].length ?? 0).toBeGreaterThan(0);
        expect(scenarioDescription(scenario.data)?.[lang].length ?? 0).toBeGreaterThan(0);
      }
      const outcome = resolve(scenario);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
      expect(outcome.session.pending).toBeNull();
      expect(outcome.session.done).toBe(true);
      // The script decides everything: no answer came from the default policy and no die from the seeded generator.
      expect(outcome.session.log.filter((a) => a.source === 'policy' || a.source === 'seeded')).toEqual([]);
      // And the result does not depend on the seed.
      const other = resolve(parseScenario(text), { seed: 987654 });
      if (!other.ok) throw new Error(JSON.stringify(other.error));
      expect(other.result).toEqual(outcome.result);
    },
  );

  test.each(FILES)(
    '[14 step 10] %s: every leader ends in exactly one place or captured; land units change only by battle losses',
    (file) => {
      const scenario = parseScenario(readFileSync(`${EXAMPLES}${file}`, 'utf8'));
      const outcome = resolve(scenario);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
      const before = scenario.data.stacks;
      const after = stacksOf(outcome.result.position);
      const leadersBefore = before.flatMap((x) => x.leaders).sort();
      const leadersAfter = [
        ...after.flatMap((x) => x.leaders),
        ...(outcome.result.position.captured ?? []).map((c) => c.leader),
      ].sort();
      expect(leadersAfter).toEqual(leadersBefore);
      const s = outcome.result.summary;
      for (const power of new Set(before.map((x) => x.power))) {
        const count = (xs: readonly { power: string; regulars: number; mercenaries: number; cavalry: number }[]) =>
          xs.filter((x) => x.power === power).reduce((n, x) => n + x.regulars + x.mercenaries + x.cavalry, 0);
        const side = s.battle
          ? [s.battle.attacker, s.battle.defender].find((b) => b.powers.includes(power))
          : undefined;
        const battleLosses = side ? side.losses.regulars + side.losses.mercenaries + side.losses.cavalry : 0;
        const eliminated = s.retreats
          .filter((r) => r.power === power)
          .reduce((n, r) => n + r.eliminated.regulars + r.eliminated.mercenaries + r.eliminated.cavalry, 0);
        expect(count(after)).toBe(count(before) - battleLosses - eliminated);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------------

describe('the his command line', () => {
  const cli = (...args: string[]) => {
    const r = his(...args);
    expect(r.code).toBe(0);
    return r.stdout;
  };

  test('[DESIGN] resolve examples/vienna-1517.json --json prints ok: true with position and summary', () => {
    const out = JSON.parse(cli('resolve', 'examples/vienna-1517.json', '--json')) as {
      ok: boolean;
      position?: ResultPosition;
      summary?: Summary;
    };
    expect(out.ok).toBe(true);
    expect(out.position).toBeDefined();
    expect(out.summary).toBeDefined();
    expect(out.summary!.interceptions[0]!.total).toBe(9);
    expect(out.summary!.battle!.winnerPower).toBe('hapsburg');
    expect(out.summary!.cpSpent).toBe(1);
    expect(totalIn(out.position!, 'pressburg', 'ottoman')).toEqual(u(3, 0, ['suleiman', 'ibrahim-pasha']));
  });

  test('[DESIGN] resolve examples/vienna-1517.json --lang ru narrates in Russian', () => {
    const out = cli('resolve', 'examples/vienna-1517.json', '--lang', 'ru');
    expect(out).toMatch(/[А-Яа-яЁё]/);
    expect(out).toMatch(/Пресбург/);
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('before-league-regensburg.json: a position before the Schmalkaldic League (21.6, ruling R34)', () => {
  const { session, result } = run('before-league-regensburg');
  const s = summary(result);

  test('[13.3, 21.6, ruling R34] Ferdinand may avoid battle only into Linz: Augsburg, an electorate, is refused with 21.6 (MOV-31, AVB-07, AVB-11)', () => {
    const { decision } = decisionOfKind('before-league-regensburg', 'avoid');
    expect(decision).not.toBeNull();
    expect(destinations(decision!)).toEqual(['linz']);
    expect(blockedSpaces(decision!)).toEqual([
      { to: 'augsburg', rule: '21.6' },
      { to: 'nuremberg', rule: '13.3' },
      { to: 'salzburg', rule: '13.3' },
    ]);
    const augsburg = decision!.blocked.find((b) => b.option['to'] === 'augsburg')!;
    expect(augsburg).toMatchObject({ code: 'isAvoidDestinationNotElectorate', ruling: 'R34' });
  });

  test('[14] France wins 2 hits to 1: 5 dice against 5 (FB-04, FB-05, FB-12)', () => {
    expect(s.avoids).toEqual([]);
    expect(s.battle?.winner).toBe('attacker');
    expect(s.battle?.attacker.dice.total).toBe(5);
    expect(s.battle?.defender.dice.total).toBe(5);
    expect([s.battle?.attacker.hits, s.battle?.defender.hits]).toEqual([2, 1]);
  });

  test('[14.1, 21.6, ruling R34] Ferdinand and his last regular retreat to Linz, the only legal space: not Augsburg, not Nuremberg, not Salzburg (MOV-31, RET-09, RET-08)', () => {
    expect(s.retreats.map((r) => ({ power: r.power, from: r.from, to: r.to, units: norm(r.units) }))).toEqual([
      { power: 'hapsburg', from: 'regensburg', to: 'linz', units: u(1, 0, ['ferdinand']) },
    ]);
    // One legal space and nobody may go inside (Regensburg is unfortified): the engine applies it (ruling R9).
    expect(session.log.some((a) => a.source === 'engine' && a.event.type === 'retreat.declare')).toBe(true);
    expectStacks(result.position, [
      { space: 'regensburg', power: 'france', regulars: 3, leaders: ['montmorency'] },
      { space: 'linz', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'], lostBattle: true },
    ]);
  });

  test('[21.6, ruling R34] the result is still a position before the League, and parses again as one', () => {
    expect(result.position.schmalkaldicLeague).toBe(false);
    expect(parseScenario(result.position).data.schmalkaldicLeague).toBe(false);
  });

  test('[21.6, ruling R34] the same board once the League has formed: Ferdinand may avoid into Augsburg too (MOV-31)', () => {
    const source = JSON.parse(readFileSync(`${EXAMPLES}before-league-regensburg.json`, 'utf8')) as Record<
      string,
      unknown
    >;
    const formed = createSession(parseScenario({ ...source, schmalkaldicLeague: true, events: [] }));
    expect(formed.pending?.kind).toBe('avoid');
    expect(destinations(formed.pending!)).toEqual(['augsburg', 'linz']);
  });
});
