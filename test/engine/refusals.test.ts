// Refusals through the session (DESIGN "Events" and "Session API"): for every in-scope restriction of the procedures
// the session is driven to the decision and sent an illegal answer. The refusal names the rule and the restriction,
// explains itself in English and Russian, and changes nothing; the legal answer is then accepted. Events that come
// out of order (a step closed or not yet open, the move over, the wrong power, a malformed event, a card) are refused
// with the rule that closed the step, never with "unexpected event". Decisions list the answers they refuse.
// One file on purpose: every block shares the same boards, scripts and `refuse` check; each block is one procedure.
import { describe, expect, test } from 'vitest';
import type { EngineError } from '../../src/engine/explain.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import { StackSchema } from '../../src/schema/scenario.ts';
import { reasonOf } from '../../src/text/reasons/index.ts';
import { CHARLES, FERDINAND, scenario, SULEIMAN, VIENNA } from '../helpers/fixtures.ts';
import type { ScenarioPatch, StackInput } from '../helpers/fixtures.ts';
import { dice, type Event } from '../helpers/session.ts';

interface Expected {
  readonly code?: EngineError['code'];
  readonly rule?: string;
  readonly restriction?: string;
  readonly ruling?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Boards. Every one passes through the scenario schema (fixtures.scenario); the rulebook's stacks are the fixtures'.

const INTO_VIENNA = {
  from: 'pressburg',
  to: 'vienna',
  regulars: 7,
  cavalry: 1,
  leaders: ['suleiman', 'ibrahim-pasha'],
};

/** The rulebook's worked example (RULES.md §6): Suleiman's army moves from Pressburg into Vienna. */
const RULEBOOK: ScenarioPatch = { ...VIENNA, move: INTO_VIENNA };

/** The rulebook's board with other stacks. */
function book(stacks: StackInput[], patch: ScenarioPatch = {}): ScenarioPatch {
  return { ...RULEBOOK, stacks, ...patch };
}

/** An Ottoman formation from Agram (Ottoman-controlled unless `control` says otherwise) into Graz. */
function intoGraz(regulars: number, stacks: StackInput[], patch: ScenarioPatch = {}): ScenarioPatch {
  return {
    war: [['ottoman', 'hapsburg']],
    alliances: [['hapsburg', 'hungary']],
    control: { agram: 'ottoman' },
    stacks: [{ space: 'agram', power: 'ottoman', regulars }, ...stacks],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'agram', to: 'graz', regulars },
    ...patch,
  };
}

/** The Ottoman at war with Hapsburg and with France, Hapsburg's ally (and Hungary's). */
const HAPSBURG_FRENCH_ALLIANCE: ScenarioPatch = {
  war: [
    ['ottoman', 'hapsburg'],
    ['ottoman', 'france'],
  ],
  alliances: [
    ['hapsburg', 'hungary'],
    ['hapsburg', 'france'],
  ],
};

/** Four Ottoman regulars into Hapsburg Graz, where Hapsburg and its French ally have 2 regulars each. */
const HAPSBURG_AND_FRENCH_IN_GRAZ = intoGraz(
  4,
  [
    { space: 'graz', power: 'hapsburg', regulars: 2 },
    { space: 'graz', power: 'france', regulars: 2 },
  ],
  HAPSBURG_FRENCH_ALLIANCE,
);

// ---------------------------------------------------------------------------------------------------------------
// Events.

const CHARLES_INTERCEPTS: Event = {
  type: 'intercept.declare',
  power: 'hapsburg',
  from: 'graz',
  regulars: 8,
  leaders: ['charles-v'],
};
const HAPSBURG_NO_INTERCEPT: Event = { type: 'intercept.decline', power: 'hapsburg' };
const HAPSBURG_NO_AVOID: Event = { type: 'avoid.decline', power: 'hapsburg' };
const FERDINAND_AVOIDS_TO_LINZ: Event = {
  type: 'avoid.declare',
  power: 'hapsburg',
  to: 'linz',
  regulars: 2,
  leaders: ['ferdinand'],
};
/** 8 + 2 − 1 = 9: Charles V's interception succeeds, as in the book. */
const BOOK_INTERCEPTION_ROLL = dice(3, 5);
const BOOK_OTTOMAN_DICE = dice(6, 5, 5, 4, 3, 2, 1, 1, 2, 3);
const BOOK_HAPSBURG_DICE = dice(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1);
const BOOK_CASUALTIES: Event = { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 };
/** The book's script up to the Ottoman casualties decision. */
const BOOK_TO_CASUALTIES: Event[] = [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL, BOOK_OTTOMAN_DICE, BOOK_HAPSBURG_DICE];

// ---------------------------------------------------------------------------------------------------------------
// Helpers.

const CYRILLIC = /[а-яё]/i;

function start(patch: ScenarioPatch, seed = 1): Session {
  return createSession(scenario(patch), { seed, lang: 'en' });
}

/** Sends events that must all be accepted. */
function play(s: Session, events: readonly Event[]): Session {
  for (const e of events) {
    const where = s.pending ? `${s.pending.machine}.${s.pending.state}` : 'the end';
    const r = s.sendUntrusted(e);
    expect(
      r.ok,
      `${JSON.stringify(e)} at ${where}: ${r.ok ? '' : `${r.error.code} ${r.error.rule} ${r.error.message}`}`,
    ).toBe(true);
  }
  return s;
}

/** A session on `patch` after `events`. */
function at(patch: ScenarioPatch, events: readonly Event[] = []): Session {
  return play(start(patch), events);
}

/** What a refused event must leave exactly as it was. */
function observable(s: Session): string {
  return JSON.stringify({ log: s.log, position: s.position, summary: s.summary, save: s.save(), done: s.done });
}

/** Sends an illegal event: refused with `expected`, explained in both languages, nothing changed. */
function refuse(s: Session, event: unknown, expected: Expected): EngineError {
  const pending = structuredClone(s.pending);
  const traceLength = s.trace.length;
  const before = observable(s);
  const r = s.sendUntrusted(event);
  if (r.ok)
    throw new Error(
      `${JSON.stringify(event)} was accepted at ${pending ? `${pending.machine}.${pending.state}` : 'the end'}`,
    );
  const error = r.error;
  expect(error).toMatchObject(expected);
  expect(error.reason?.en, 'reason.en').toMatch(/\w/);
  expect(error.reason?.ru, 'reason.ru').toMatch(CYRILLIC);
  expect(error.message).toBe(error.reason?.en);
  expect(error.message).not.toMatch(/unexpected event/i);
  expect(s.pending, 'pending after the refusal').toEqual(pending);
  expect(s.trace.length, 'trace length after the refusal').toBe(traceLength);
  expect(observable(s), 'log, position, summary and save after the refusal').toBe(before);
  return error;
}

function accept(s: Session, event: Event): void {
  expect(s.sendUntrusted(event), JSON.stringify(event)).toEqual({ ok: true });
}

/** The `to` of every destination option of the pending decision. */
function optionTargets(s: Session): string[] {
  return (s.pending?.options ?? [])
    .flatMap((o) => ('to' in o.event && typeof o.event.to === 'string' ? [o.event.to] : []))
    .sort();
}

function blockedBy(s: Session, key: 'to' | 'from' | 'power', value: string) {
  return s.pending?.blocked.find((b) => b.option[key] === value);
}

interface Row {
  readonly what: string;
  readonly rule: string;
  readonly restriction: string;
  readonly ruling?: string;
  /** The board, when not the block's own. */
  readonly patch?: ScenarioPatch;
  /** Events that lead to the decision, when not the block's own. */
  readonly before?: readonly Event[];
  readonly event: Event;
  /** The legal answer accepted afterwards, when not the block's own. */
  readonly legal?: Event;
}

/** Rows for `test.for(...)('%s', ...)`: the title starts with the row's rule and ends with its RULES.md §7 ids. */
function titled(rows: readonly Row[]): (readonly [string, Row])[] {
  return rows.map((r) => [`[${r.rule}] refuses ${r.what}`, r] as const);
}

/** The refusal a row expects: an illegal answer, with its rule, restriction and (if any) ruling. */
function illegal(row: Row): Expected {
  return {
    code: 'illegal',
    rule: row.rule,
    restriction: row.restriction,
    ...(row.ruling ? { ruling: row.ruling } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('13.2 interception: an illegal declaration is refused, the legal one accepted', () => {
  const TWO_IN_LINZ: StackInput = { space: 'linz', power: 'hapsburg', regulars: 2 };
  const FROM_LINZ: Event = { type: 'intercept.declare', power: 'hapsburg', from: 'linz', regulars: 2 };
  test.for(
    titled([
      {
        what: 'Charles V with 9 regulars from Graz, where 8 stand (INT-20)',
        rule: '13.2 step 1',
        restriction: 'areInterceptorsInSpace',
        event: { ...CHARLES_INTERCEPTS, regulars: 9 },
      },
      {
        what: 'an attempt from Linz, where Hapsburg has no units (INT-20)',
        rule: '13.2 step 1',
        restriction: 'areInterceptorsInSpace',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'linz', regulars: 1 },
      },
      {
        what: 'an attempt from Buda, which is not adjacent to Vienna (INT-04)',
        rule: '13.2',
        restriction: 'isInterceptorAdjacent',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'buda', regulars: 1 },
      },
      {
        what: 'an attempt that names no unit and no leader',
        rule: '13.2 step 1',
        ruling: 'R3',
        restriction: 'isInterceptionNotEmpty',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz' },
      },
      {
        what: '5 regulars from Graz without a leader: over the formation limit (INT-10, MOV-05)',
        rule: '5.1',
        restriction: 'isWithinCommandLimit',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 5 },
      },
      {
        what: 'units that already attempted an interception this impulse (INT-07)',
        rule: '13.2',
        ruling: 'R12',
        restriction: 'haveNotAttemptedInterception',
        patch: book([SULEIMAN, { ...CHARLES, attemptedInterception: true }, FERDINAND, TWO_IN_LINZ]),
        event: CHARLES_INTERCEPTS,
        legal: FROM_LINZ,
      },
      {
        what: 'a second attempt from Graz, a space already used in this move (INT-18)',
        rule: '13.2 step 4',
        restriction: 'isSpaceNotUsed',
        patch: book([SULEIMAN, CHARLES, FERDINAND, TWO_IN_LINZ]),
        before: [{ ...CHARLES_INTERCEPTS, regulars: 4 }, dice(1, 1)],
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 4 },
        legal: FROM_LINZ,
      },
      {
        what: 'an attempt across the Graz–Salzburg pass (INT-05)',
        rule: '2.5',
        restriction: 'isNotAcrossPass',
        patch: intoGraz(4, [
          { space: 'salzburg', power: 'hapsburg', regulars: 3 },
          { space: 'trieste', power: 'hapsburg', regulars: 2 },
        ]),
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'salzburg', regulars: 3 },
        legal: { type: 'intercept.declare', power: 'hapsburg', from: 'trieste', regulars: 2 },
      },
      {
        what: 'units besieged in Buda (INT-08)',
        rule: '13.2',
        restriction: 'areInterceptorsNotBesieged',
        patch: {
          war: [['ottoman', 'hapsburg']],
          alliances: [['hapsburg', 'hungary']],
          control: { agram: 'ottoman' },
          sieges: [{ space: 'buda', by: ['ottoman'] }],
          stacks: [
            { space: 'agram', power: 'ottoman', regulars: 4 },
            { space: 'buda', power: 'ottoman', regulars: 5 },
            { space: 'buda', power: 'hapsburg', regulars: 2, inside: true },
            { space: 'graz', power: 'hapsburg', regulars: 3 },
          ],
          impulse: { power: 'ottoman', cp: 1 },
          move: { from: 'agram', to: 'mohacs', regulars: 4 },
        },
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'buda', regulars: 2 },
        legal: { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 3 },
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(row.patch ?? RULEBOOK, row.before ?? []);
    expect(s.pending?.kind).toBe('intercept');
    refuse(s, row.event, illegal(row));
    accept(s, row.legal ?? CHARLES_INTERCEPTS);
    expect(s.pending?.roll?.purpose).toBe('interception');
  });

  test('[13.2] refuses an interception declared by a power that is not asked (INT-15)', () => {
    const s = at(RULEBOOK);
    const e = refuse(
      s,
      { type: 'intercept.declare', power: 'france', from: 'linz', regulars: 1 },
      { code: 'out-of-turn' },
    );
    expect(e.rule).toMatch(/^13\.2/);
    refuse(s, { type: 'intercept.decline', power: 'france' }, { code: 'out-of-turn' });
    accept(s, HAPSBURG_NO_INTERCEPT);
  });
});

describe('13.2 step 3: after one power succeeds, no other power may try', () => {
  // France, allied to the Hapsburgs and at war with the Ottoman, stands in Brunn; the Hapsburgs also have Linz.
  const TWO_POWERS = book(
    [
      SULEIMAN,
      CHARLES,
      FERDINAND,
      { space: 'linz', power: 'hapsburg', regulars: 2 },
      { space: 'brunn', power: 'france', regulars: 2 },
    ],
    HAPSBURG_FRENCH_ALLIANCE,
  );
  const FRANCE_FROM_BRUNN: Event = { type: 'intercept.declare', power: 'france', from: 'brunn', regulars: 2 };

  test('[13.2 step 3] refuses France while the successful Hapsburgs may still try from Linz (INT-16, INT-17)', () => {
    const s = at(TWO_POWERS, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    // The step is closed for France by the Hapsburg success: 'illegal' or 'step-closed' are both fair codes.
    refuse(s, FRANCE_FROM_BRUNN, { rule: '13.2 step 3', restriction: 'isNoOtherPowerSuccessful' });
    accept(s, { type: 'intercept.declare', power: 'hapsburg', from: 'linz', regulars: 2 });
  });

  test('[13.2 step 3] the Hapsburg decision after the success lists France as blocked by isNoOtherPowerSuccessful (INT-16)', () => {
    const s = at(TWO_POWERS, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
    expect(blockedBy(s, 'power', 'france')).toMatchObject({
      option: { power: 'france', from: 'brunn' },
      code: 'isNoOtherPowerSuccessful',
      rule: '13.2 step 3',
    });
  });

  test('[13.2 step 3] refuses France once the interceptions are over, naming the Hapsburg success (INT-16)', () => {
    const s = at(TWO_POWERS, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL, HAPSBURG_NO_INTERCEPT]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(s, FRANCE_FROM_BRUNN, { code: 'step-closed', rule: '13.2 step 3', restriction: 'isNoOtherPowerSuccessful' });
    expect(s.roll()).toEqual({ ok: true });
  });

  test.for<[string, Event]>([
    ['avoid.declare', FERDINAND_AVOIDS_TO_LINZ],
    ['withdraw.declare', { type: 'withdraw.declare', power: 'hapsburg' }],
  ])(
    '[13.2 step 5] refuses %s right after the Hapsburg success, while Linz may still try (MOV-28, INT-27)',
    ([, event]) => {
      const s = at(TWO_POWERS, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
      expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
      // The success already closed steps 6 and 7: "not yet" would promise a step that never comes.
      refuse(s, event, { code: 'step-closed', rule: '13.2 step 5' });
      accept(s, HAPSBURG_NO_INTERCEPT);
    },
  );

  test('[13.2] before any success France waits its turn: Hapsburg is asked first in impulse order (INT-15)', () => {
    const s = at(TWO_POWERS);
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    refuse(s, FRANCE_FROM_BRUNN, { code: 'out-of-turn' });
    accept(s, HAPSBURG_NO_INTERCEPT);
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'france' });
    accept(s, FRANCE_FROM_BRUNN);
  });
});

describe('a power whose own step is closed for good is told so, not that another power answers now', () => {
  // Hapsburg declined its interceptions, France is asked; then the Hapsburgs try again.
  const TWO_POWERS = book(
    [SULEIMAN, CHARLES, FERDINAND, { space: 'brunn', power: 'france', regulars: 2 }],
    HAPSBURG_FRENCH_ALLIANCE,
  );

  test('[13.2] refuses a Hapsburg interception after the Hapsburgs declined, naming hasNotDeclined', () => {
    const s = at(TWO_POWERS, [HAPSBURG_NO_INTERCEPT]);
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'france' });
    refuse(s, CHARLES_INTERCEPTS, { rule: '13.2', restriction: 'hasNotDeclined' });
    accept(s, { type: 'intercept.decline', power: 'france' });
  });

  test('[13.3] refuses a Hapsburg avoid after the Hapsburgs declined theirs, naming hasNotAvoided (AVB-03)', () => {
    // Hapsburg declines to avoid, France is asked; then the Hapsburgs try.
    const s = at(HAPSBURG_AND_FRENCH_IN_GRAZ, [HAPSBURG_NO_AVOID]);
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'france' });
    refuse(
      s,
      { type: 'avoid.declare', power: 'hapsburg', to: 'vienna', regulars: 2 },
      { rule: '13.3', restriction: 'hasNotAvoided' },
    );
    accept(s, { type: 'avoid.decline', power: 'france' });
  });
});

describe('13.3 avoid battle: an illegal declaration is refused, the legal one accepted', () => {
  // Charles V declines to intercept; Ferdinand (2 regulars) is asked whether to avoid battle out of Vienna.
  const avoid = (to: string, units: Record<string, unknown> = { regulars: 2, leaders: ['ferdinand'] }): Event => ({
    type: 'avoid.declare',
    power: 'hapsburg',
    to,
    ...units,
  });
  test.for(
    titled([
      // Ottoman-controlled in the book, but the most specific reason is reported: the enemy came from there.
      {
        what: 'an avoid into Pressburg, Ottoman-controlled in the book (AVB-07, AVB-11)',
        rule: '13.3',
        restriction: 'isNotSpaceEnemyCameFrom',
        event: avoid('pressburg'),
      },
      {
        what: 'an avoid into Pressburg, the space the enemy came from (AVB-11)',
        rule: '13.3',
        restriction: 'isNotSpaceEnemyCameFrom',
        patch: { ...RULEBOOK, control: {} },
        event: avoid('pressburg'),
      },
      {
        what: 'an avoid into Buda, not adjacent to Vienna (AVB-05)',
        rule: '13.3',
        restriction: 'isAvoidDestinationAdjacent',
        event: avoid('buda'),
      },
      {
        what: 'an avoid into the Adriatic, a sea zone (AVB-10)',
        rule: '13.3',
        restriction: 'isAvoidDestinationLandSpace',
        event: avoid('adriatic'),
      },
      {
        what: 'an avoid into Linz in unrest (AVB-08)',
        rule: '13.3',
        restriction: 'isAvoidDestinationNotInUnrest',
        patch: { ...RULEBOOK, unrest: ['linz'] },
        event: avoid('linz'),
        legal: avoid('graz'),
      },
      {
        what: 'an avoid into an independent Linz (AVB-06)',
        rule: '13.3',
        restriction: 'isAvoidDestinationNotIndependent',
        patch: { ...RULEBOOK, control: { pressburg: 'ottoman', linz: 'independent' } },
        event: avoid('linz'),
        legal: avoid('graz'),
      },
      {
        what: 'an avoid into Brunn when Hungary is not a Hapsburg ally (AVB-07)',
        rule: '13.3',
        restriction: 'isAvoidDestinationFriendly',
        patch: { ...RULEBOOK, alliances: [] },
        event: avoid('brunn'),
      },
      {
        what: 'an avoid into Linz, where Ottoman land units stand (AVB-09)',
        rule: '13.3',
        ruling: 'R2',
        restriction: 'isAvoidDestinationFreeOfEnemy',
        patch: book([SULEIMAN, CHARLES, FERDINAND, { space: 'linz', power: 'ottoman', regulars: 1 }]),
        event: avoid('linz'),
        legal: avoid('graz'),
      },
      {
        what: 'an avoid with 3 regulars when Ferdinand has 2 (AVB-16)',
        rule: '13.3 step 3',
        restriction: 'areAvoidersInSpace',
        event: avoid('linz', { regulars: 3, leaders: ['ferdinand'] }),
      },
      {
        what: 'an avoid with Charles V, who is not in Vienna (AVB-16)',
        rule: '13.3 step 3',
        restriction: 'areAvoidersInSpace',
        event: avoid('linz', { leaders: ['charles-v'] }),
      },
      {
        what: 'an avoid that names no unit and no leader',
        rule: '13.3 step 3',
        restriction: 'isAvoidNotEmpty',
        event: avoid('linz', {}),
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(row.patch ?? RULEBOOK, row.before ?? [HAPSBURG_NO_INTERCEPT]);
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'hapsburg' });
    refuse(s, row.event, illegal(row));
    accept(s, row.legal ?? FERDINAND_AVOIDS_TO_LINZ);
    expect(s.pending?.roll?.purpose).toBe('avoid');
  });

  test('[13.3] refuses an avoid declared by a power that is not asked (AVB-03)', () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]);
    refuse(
      s,
      { type: 'avoid.declare', power: 'ottoman', to: 'buda', regulars: 1 },
      { code: 'out-of-turn', rule: '13.3', restriction: 'isAvoidersTurn' },
    );
    refuse(
      s,
      { type: 'avoid.decline', power: 'france' },
      { code: 'out-of-turn', rule: '13.3', restriction: 'isAvoidersTurn' },
    );
    accept(s, HAPSBURG_NO_AVOID);
  });

  test('[13.3 step 3] a leader may avoid by himself while his units stay (AVB-16)', () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]);
    accept(s, { type: 'avoid.declare', power: 'hapsburg', to: 'linz', leaders: ['ferdinand'] });
    expect(s.pending?.roll?.purpose).toBe('avoid');
  });
});

describe('13.4 withdrawal: only the controlling power answers', () => {
  // No interception, no avoid: Ferdinand's 2 regulars may withdraw into Vienna.
  const WITHDRAWING = [HAPSBURG_NO_INTERCEPT, HAPSBURG_NO_AVOID];

  test.for<[string]>([['withdraw.declare'], ['withdraw.decline']])(
    '[13.4] refuses %s from the Ottoman, who does not control Vienna (WDR-07)',
    ([type]) => {
      const s = at(RULEBOOK, WITHDRAWING);
      expect(s.pending).toMatchObject({ kind: 'withdraw', power: 'hapsburg', rule: '13.4' });
      const e = refuse(s, { type, power: 'ottoman' }, { code: 'out-of-turn', rule: '13.4' });
      expect(e.reason?.en).toMatch(/Hapsburg/);
      accept(s, { type, power: 'hapsburg' });
    },
  );

  test('[13.4] a withdrawal of 2 units the 8 Ottoman units outnumber puts Vienna under siege (WDR-09)', () => {
    const s = at(RULEBOOK, [...WITHDRAWING, { type: 'withdraw.declare', power: 'hapsburg' }]);
    expect(s.pending).toBeNull();
    expect(s.result?.summary.siege).toEqual({ space: 'vienna', besieger: 'ottoman' });
  });
});

describe('13.4 options 1 and 2: move on or retreat after a withdrawal the mover does not outnumber', () => {
  // 2 Ottoman regulars enter Vienna; Ferdinand's 2 regulars withdraw inside: 2 against 2, 1 CP left.
  const TWO_INTO_VIENNA: ScenarioPatch = {
    ...VIENNA,
    impulse: { power: 'ottoman', cp: 2 },
    move: { from: 'pressburg', to: 'vienna', regulars: 2 },
  };
  const TO_CONTINUE = [HAPSBURG_NO_INTERCEPT, HAPSBURG_NO_AVOID, { type: 'withdraw.declare', power: 'hapsburg' }];
  // 2 Ottoman regulars enter Belgrade from Nicopolis; 2 Hapsburg regulars withdraw inside; Ragusa is over a pass.
  const INTO_BELGRADE: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    alliances: [['hapsburg', 'hungary']],
    stacks: [
      { space: 'nicopolis', power: 'ottoman', regulars: 2 },
      { space: 'belgrade', power: 'hapsburg', regulars: 2 },
    ],
    impulse: { power: 'ottoman', cp: 2 },
    move: { from: 'nicopolis', to: 'belgrade', regulars: 2 },
  };

  test.for(
    titled([
      {
        what: 'moving on to Buda, not adjacent to Vienna (WDR-10, MOV-03)',
        rule: '13.1',
        restriction: 'isDestinationAdjacent',
        event: { type: 'move.continue', to: 'buda' },
      },
      {
        what: 'moving on to Brunn, controlled by Hungary, neither at war with nor allied to the Ottoman (WDR-10, MOV-13)',
        rule: '13.1',
        restriction: 'mayEnterControlledSpace',
        patch: { ...TWO_INTO_VIENNA, alliances: [] },
        event: { type: 'move.continue', to: 'brunn' },
      },
      {
        what: 'moving on over the Belgrade–Ragusa pass with 1 CP left (WDR-10, MOV-02)',
        rule: '13.4 option 1',
        ruling: 'R4',
        restriction: 'hasCpToContinue',
        patch: INTO_BELGRADE,
        before: [HAPSBURG_NO_AVOID, { type: 'withdraw.declare', power: 'hapsburg' }],
        event: { type: 'move.continue', to: 'ragusa' },
        legal: { type: 'move.continue', to: 'mohacs' },
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(row.patch ?? TWO_INTO_VIENNA, row.before ?? TO_CONTINUE);
    expect(s.pending).toMatchObject({ kind: 'continue', power: 'ottoman' });
    refuse(s, row.event, illegal(row));
    accept(s, row.legal ?? { type: 'move.continue', to: 'linz' });
  });

  test('[13.4 option 1] lists the spaces it may move on to and those it may not, with their rule (WDR-10)', () => {
    const s = at({ ...TWO_INTO_VIENNA, alliances: [] }, TO_CONTINUE);
    expect(optionTargets(s)).toEqual(['graz', 'linz', 'pressburg']);
    expect(s.pending?.options.map((o) => o.event)).toContainEqual({ type: 'move.stop' });
    expect(blockedBy(s, 'to', 'brunn')).toMatchObject({ code: 'mayEnterControlledSpace', rule: '13.1' });
    const b = at(INTO_BELGRADE, [HAPSBURG_NO_AVOID, { type: 'withdraw.declare', power: 'hapsburg' }]);
    expect(blockedBy(b, 'to', 'ragusa')).toMatchObject({ code: 'hasCpToContinue', rule: '13.4 option 1' });
  });

  test('[13.4 option 2] move.stop sends the formation back to Pressburg for free (WDR-11)', () => {
    const s = at(TWO_INTO_VIENNA, TO_CONTINUE);
    accept(s, { type: 'move.stop' });
    expect(s.pending).toBeNull();
    expect(s.result?.summary.retreats).toMatchObject([{ power: 'ottoman', to: 'pressburg', reason: 'origin' }]);
    expect(s.result?.summary.cpSpent).toBe(1);
  });
});

describe('14 step 9 casualties: each power names its own losses (rulings R5, R7)', () => {
  test.for(
    titled([
      {
        what: '6 losses when 5 hits were scored (FB-13)',
        rule: '14 step 9',
        restriction: 'isLossTotalRight',
        event: { type: 'casualties.assign', power: 'ottoman', regulars: 5, cavalry: 1 },
      },
      {
        what: '4 losses when 5 hits were scored (FB-13)',
        rule: '14 step 9',
        restriction: 'isLossTotalRight',
        event: { type: 'casualties.assign', power: 'ottoman', regulars: 3, cavalry: 1 },
      },
      {
        what: 'losing 2 cavalry when there is 1 (FB-15)',
        rule: '14 step 9',
        restriction: 'areLossesPresent',
        event: { type: 'casualties.assign', power: 'ottoman', regulars: 3, cavalry: 2 },
      },
      {
        what: 'losing mercenaries the Ottoman does not have (FB-15)',
        rule: '14 step 9',
        restriction: 'areLossesPresent',
        event: { type: 'casualties.assign', power: 'ottoman', regulars: 4, mercenaries: 1 },
      },
      {
        what: 'keeping a unit when only one side is wiped out (FB-16)',
        rule: '14 step 9',
        ruling: 'R7',
        restriction: 'keepsOnlyWhenWipedOut',
        event: { ...BOOK_CASUALTIES, keep: 'regulars' },
      },
      {
        what: 'placing odd hits on a side of one group',
        rule: '14 step 9',
        ruling: 'R5',
        restriction: 'placesOddHits',
        event: { ...BOOK_CASUALTIES, oddHits: ['ottoman'] },
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(RULEBOOK, BOOK_TO_CASUALTIES);
    expect(s.pending).toMatchObject({ kind: 'casualties', power: 'ottoman' });
    refuse(s, row.event, illegal(row));
    accept(s, BOOK_CASUALTIES);
    expect(s.pending).toBeNull();
  });

  describe('ruling R7: both sides wiped out, the defender (equal dice) keeps one unit of its choice', () => {
    // 3 Ottoman regulars (3 dice) against 1 Hapsburg regular + 1 mercenary (2 + 1 = 3 dice); every die hits.
    const WIPEOUT = intoGraz(3, [{ space: 'graz', power: 'hapsburg', regulars: 1, mercenaries: 1 }]);
    const TO_KEEPER = [HAPSBURG_NO_AVOID, dice(5, 5, 5), dice(6, 6, 6)];
    test.for(
      titled([
        {
          what: 'the keeping defender naming no unit to keep (FB-17)',
          rule: '14 step 9',
          ruling: 'R7',
          restriction: 'keepsOnlyWhenWipedOut',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 1, mercenaries: 1 },
        },
        {
          what: 'keeping a cavalry unit it never had (FB-17)',
          rule: '14 step 9',
          ruling: 'R7',
          restriction: 'keepsOnlyWhenWipedOut',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 1, mercenaries: 1, keep: 'cavalry' },
        },
        {
          what: 'losing 1 unit when both must be named (FB-13)',
          rule: '14 step 9',
          restriction: 'isLossTotalRight',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 1, keep: 'regulars' },
        },
      ]),
    )('%s', ([, row]) => {
      const s = at(WIPEOUT, TO_KEEPER);
      expect(s.pending).toMatchObject({ kind: 'casualties', power: 'hapsburg' });
      refuse(s, row.event, illegal(row));
      accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 1, mercenaries: 1, keep: 'mercenaries' });
      expect(s.result?.position.stacks).toContainEqual(
        StackSchema.parse({ space: 'graz', power: 'hapsburg', mercenaries: 1 }),
      );
    });
  });

  describe('ruling R5: two powers on one side split the hits; the controller of the space places the odd one', () => {
    // HAPSBURG_AND_FRENCH_IN_GRAZ: the allies (2 each) take 3 hits, 1 each and one odd hit.
    const TO_SPLIT = [
      HAPSBURG_NO_AVOID,
      { type: 'avoid.decline', power: 'france' },
      dice(5, 5, 5, 1),
      dice(1, 1, 1, 1, 1),
    ];
    test.for(
      titled([
        {
          what: 'the Hapsburg answer that does not place the odd hit (FB-13)',
          rule: '14 step 9',
          ruling: 'R5',
          restriction: 'placesOddHits',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 1 },
        },
        {
          what: 'the odd hit placed on the Ottoman, who is not on this side (FB-13)',
          rule: '14 step 9',
          ruling: 'R5',
          restriction: 'placesOddHits',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 1, oddHits: ['ottoman'] },
        },
        {
          what: 'Hapsburg losing 2 after placing the odd hit on France (FB-13)',
          rule: '14 step 9',
          restriction: 'isLossTotalRight',
          event: { type: 'casualties.assign', power: 'hapsburg', regulars: 2, oddHits: ['france'] },
        },
      ]),
    )('%s', ([, row]) => {
      const s = at(HAPSBURG_AND_FRENCH_IN_GRAZ, TO_SPLIT);
      expect(s.pending).toMatchObject({ kind: 'casualties', power: 'hapsburg' });
      refuse(s, row.event, illegal(row));
      accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 1, oddHits: ['france'] });
      // France's 2 losses are its only answer: applied by the engine (ruling R9).
      expect(s.summary.battle?.defender.losses).toEqual({ regulars: 3, mercenaries: 0, cavalry: 0 });
    });

    test('[14 step 9] refuses France answering before the Hapsburgs, who place the odd hit (ruling R5)', () => {
      const s = at(HAPSBURG_AND_FRENCH_IN_GRAZ, TO_SPLIT);
      refuse(
        s,
        { type: 'casualties.assign', power: 'france', regulars: 2 },
        { code: 'out-of-turn', rule: '14 step 9' },
      );
      accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 2, oddHits: ['hapsburg'] });
    });
  });
});

describe('14.1 retreat: an illegal retreat is refused, the legal one accepted', () => {
  // 4 Ottoman regulars from Hungarian Agram beat 3 Hapsburg regulars in Graz (1 hit to 0); 2 must retreat.
  const GRAZ_DEFENDERS: StackInput = { space: 'graz', power: 'hapsburg', regulars: 3 };
  const graz = (extra: StackInput[] = [], patch: ScenarioPatch = {}) =>
    intoGraz(4, [GRAZ_DEFENDERS, ...extra], { control: {}, ...patch });
  const TO_RETREAT = [HAPSBURG_NO_AVOID, dice(5, 1, 1, 1), dice(1, 1, 1, 1)];
  const retreat = (fields: Record<string, unknown>): Event => ({
    type: 'retreat.declare',
    power: 'hapsburg',
    ...fields,
  });
  test.for(
    titled([
      {
        what: 'a losing defender retreating into Agram, the space the enemy entered from (RET-09)',
        rule: '14.1',
        restriction: 'isNotSpaceEnemyEnteredFrom',
        event: retreat({ to: 'agram' }),
      },
      {
        what: 'a retreat over the pass into Protestant Salzburg, not a Hapsburg ally (RET-08)',
        rule: '14.1',
        restriction: 'isRetreatDestinationFriendly',
        event: retreat({ to: 'salzburg' }),
      },
      {
        what: 'a retreat into Linz, not adjacent to Graz (RET-04)',
        rule: '14.1',
        restriction: 'isRetreatDestinationAdjacent',
        event: retreat({ to: 'linz' }),
      },
      {
        what: 'a retreat into the Adriatic, a sea zone (RET-07)',
        rule: '14.1',
        restriction: 'isRetreatDestinationLandSpace',
        event: retreat({ to: 'adriatic' }),
      },
      {
        what: 'a retreat into Vienna in unrest (RET-05)',
        rule: '14.1',
        restriction: 'isRetreatDestinationNotInUnrest',
        patch: graz([], { unrest: ['vienna'] }),
        event: retreat({ to: 'vienna' }),
        legal: retreat({ to: 'trieste' }),
      },
      {
        what: 'a retreat into Trieste, where Ottoman land units stand (RET-06)',
        rule: '14.1',
        ruling: 'R2',
        restriction: 'isRetreatDestinationFreeOfEnemy',
        patch: graz([{ space: 'trieste', power: 'ottoman', regulars: 1 }]),
        event: retreat({ to: 'trieste' }),
      },
      {
        what: 'a retreat that names no space (RET-04)',
        rule: '14.1',
        restriction: 'namesLegalDestination',
        event: retreat({}),
      },
      {
        what: 'units going inside unfortified Graz (RET-02)',
        rule: '14.1',
        restriction: 'mayGoInside',
        event: retreat({ to: 'vienna', inside: { regulars: 1 } }),
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(row.patch ?? graz(), row.before ?? TO_RETREAT);
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
    refuse(s, row.event, illegal(row));
    accept(s, row.legal ?? retreat({ to: 'vienna' }));
    expect(s.pending).toBeNull();
  });

  test('[14.1] refuses a retreat declared by the winner (RET-01)', () => {
    const s = at(graz(), TO_RETREAT);
    refuse(s, { type: 'retreat.declare', power: 'ottoman', to: 'agram' }, { code: 'out-of-turn', rule: '14.1' });
    accept(s, retreat({ to: 'mohacs' }));
  });

  test('[14.1] the retreat decision lists the legal spaces and the refused ones with their restriction (RET-08, RET-09, RET-14)', () => {
    const s = at(graz(), TO_RETREAT);
    expect(optionTargets(s)).toEqual(['mohacs', 'trieste', 'vienna']);
    expect(blockedBy(s, 'to', 'agram')).toMatchObject({ code: 'isNotSpaceEnemyEnteredFrom', rule: '14.1' });
    expect(blockedBy(s, 'to', 'salzburg')).toMatchObject({ code: 'isRetreatDestinationFriendly', rule: '14.1' });
  });

  describe('in fortified Vienna the loser may put up to 4 land units and any leaders inside (RET-02, RET-03)', () => {
    // Ferdinand and 6 regulars (too many to withdraw) lose 1 regular and the battle: 5 regulars and Ferdinand remain.
    const SIX = book([SULEIMAN, { ...FERDINAND, regulars: 6 }]);
    const TO_INSIDE = [HAPSBURG_NO_AVOID, dice(5, 1, 1, 1, 1, 1, 1, 1, 1, 1), dice(1, 1, 1, 1, 1, 1, 1, 1)];
    test.for(
      titled([
        {
          what: '5 regulars going inside (RET-02, SIE-14)',
          rule: '14.1',
          restriction: 'isInsideWithinLimit',
          event: retreat({ to: 'linz', inside: { regulars: 5 } }),
        },
        {
          what: 'a mercenary going inside that is not there',
          rule: '14.1',
          restriction: 'areInsideUnitsPresent',
          event: retreat({ to: 'linz', inside: { mercenaries: 1 } }),
        },
        {
          what: 'a regular left outside with no space to retreat to (RET-03)',
          rule: '14.1',
          restriction: 'namesLegalDestination',
          event: retreat({ inside: { regulars: 4, leaders: ['ferdinand'] } }),
        },
        {
          what: 'the rest retreating into Ottoman-controlled Pressburg, where the enemy entered from (RET-08, RET-09)',
          rule: '14.1',
          restriction: 'isNotSpaceEnemyEnteredFrom',
          event: retreat({ to: 'pressburg', inside: { regulars: 4, leaders: ['ferdinand'] } }),
        },
      ]),
    )('%s', ([, row]) => {
      const s = at(SIX, TO_INSIDE);
      expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
      refuse(s, row.event, illegal(row));
      accept(s, retreat({ to: 'linz', inside: { regulars: 4, leaders: ['ferdinand'] } }));
      expect(s.result?.position.stacks).toContainEqual(
        StackSchema.parse({
          space: 'vienna',
          power: 'hapsburg',
          regulars: 4,
          leaders: ['ferdinand'],
          inside: true,
          lostBattle: true,
        }),
      );
    });
  });

  describe('ruling R11: a losing attacker goes back where it came from', () => {
    // 2 Ottoman regulars attack 4 Hapsburg regulars besieging empty Ottoman-controlled Buda (ruling R17: the siege is
    // listed) and lose; 1 survives. It may go inside Buda (its own fortified space) or back to Pressburg — nowhere else.
    const INTO_BUDA: ScenarioPatch = {
      ...VIENNA,
      control: { pressburg: 'ottoman', buda: 'ottoman', szegedin: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 2 },
        { space: 'buda', power: 'hapsburg', regulars: 4 },
      ],
      sieges: [{ space: 'buda', by: ['hapsburg'] }],
      move: { from: 'pressburg', to: 'buda', regulars: 2 },
    };
    const TO_ATTACKER_RETREAT = [HAPSBURG_NO_AVOID, dice(1, 1), dice(5, 1, 1, 1, 1)];

    test('[14.1] refuses a losing attacker retreating into Szegedin instead of Pressburg, where it came from (RET-10)', () => {
      const s = at(INTO_BUDA, TO_ATTACKER_RETREAT);
      expect(s.pending).toMatchObject({ kind: 'retreat', power: 'ottoman' });
      refuse(
        s,
        { type: 'retreat.declare', power: 'ottoman', to: 'szegedin' },
        { code: 'illegal', rule: '14.1', ruling: 'R11', restriction: 'isAttackerOrigin' },
      );
      expect(blockedBy(s, 'to', 'szegedin')).toMatchObject({ code: 'isAttackerOrigin', rule: '14.1', ruling: 'R11' });
      accept(s, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
      expect(s.pending).toBeNull();
    });

    test('[14.1] a losing attacker whose entry space is illegal is eliminated and its leaders captured, unasked (RET-11)', () => {
      // Pressburg left to Hungary, a Hapsburg ally: the book's battle, but no way back.
      const s = at({ ...RULEBOOK, control: {} }, [...BOOK_TO_CASUALTIES, BOOK_CASUALTIES]);
      expect(s.pending).toBeNull();
      expect(s.result?.summary.retreats).toMatchObject([
        {
          power: 'ottoman',
          to: null,
          eliminated: { regulars: 3 },
          captured: expect.arrayContaining(['ibrahim-pasha', 'suleiman']),
        },
      ]);
      refuse(s, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' }, { code: 'move-ended', rule: '13.1' });
    });
  });
});

describe('13.1 and 5.1 move declaration: the scenario has no move, the session asks for move.declare', () => {
  const declare = (fields: Record<string, unknown>): Event => ({
    type: 'move.declare',
    from: 'pressburg',
    to: 'vienna',
    ...fields,
  });
  const WHOLE_ARMY = declare({ regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] });
  test.for(
    titled([
      {
        what: 'a move into Linz, not adjacent to Pressburg (MOV-03)',
        rule: '13.1',
        restriction: 'isDestinationAdjacent',
        event: { ...WHOLE_ARMY, to: 'linz' },
      },
      {
        what: 'a move into the Adriatic, a sea zone',
        rule: '13.1',
        restriction: 'isDestinationLandSpace',
        event: { ...WHOLE_ARMY, to: 'adriatic' },
      },
      {
        what: 'a formation with no unit and no leader',
        rule: '13.1',
        restriction: 'isFormationNotEmpty',
        event: declare({}),
      },
      {
        what: '8 regulars when Pressburg holds 7 (MOV-04)',
        rule: '13.1',
        restriction: 'areUnitsInSpace',
        event: declare({ regulars: 8, leaders: ['suleiman', 'ibrahim-pasha'] }),
      },
      {
        what: 'Charles V in an Ottoman formation (MOV-04, MOV-10)',
        rule: '13.1',
        restriction: 'areUnitsInSpace',
        event: declare({ regulars: 1, leaders: ['charles-v'] }),
      },
      {
        what: '8 land units under Ibrahim Pasha alone, command 6 (MOV-06, MOV-09)',
        rule: '5.1',
        restriction: 'isWithinCommandLimit',
        event: declare({ regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha'] }),
      },
      {
        what: '5 regulars with no leader (MOV-05)',
        rule: '5.1',
        restriction: 'isWithinCommandLimit',
        event: declare({ regulars: 5 }),
      },
      {
        what: 'a move into Buda, controlled by Hungary, neither at war with nor allied to the Ottoman (MOV-13)',
        rule: '13.1',
        restriction: 'mayEnterControlledSpace',
        patch: { ...VIENNA, alliances: [] },
        event: { ...WHOLE_ARMY, to: 'buda' },
      },
      {
        what: 'leaders without land units into enemy Vienna (MOV-22)',
        rule: '13.1',
        ruling: 'R2',
        restriction: 'mayLeadersMoveAlone',
        event: declare({ leaders: ['suleiman'] }),
      },
      {
        what: 'units that lost a field battle earlier this impulse (MOV-20)',
        rule: '13.1',
        ruling: 'R12',
        restriction: 'haveNotLostBattleThisImpulse',
        patch: {
          ...VIENNA,
          stacks: [
            { ...SULEIMAN, regulars: 3, cavalry: 0, leaders: [], lostBattle: true },
            { ...SULEIMAN, regulars: 4, cavalry: 1 },
            CHARLES,
            FERDINAND,
          ],
        },
        event: declare({ regulars: 7, leaders: ['suleiman', 'ibrahim-pasha'] }),
        legal: declare({ regulars: 4, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] }),
      },
      {
        what: 'a move over the Agram–Zara pass with 1 CP (MOV-02)',
        rule: '13.1 step 3',
        restriction: 'hasCpForMove',
        patch: {
          ...VIENNA,
          control: { agram: 'ottoman' },
          stacks: [{ space: 'agram', power: 'ottoman', regulars: 2 }],
        },
        event: { type: 'move.declare', from: 'agram', to: 'zara', regulars: 2 },
        legal: { type: 'move.declare', from: 'agram', to: 'graz', regulars: 2 },
      },
    ]),
  )('%s', ([, row]) => {
    const s = at(row.patch ?? VIENNA, row.before ?? []);
    expect(s.pending).toMatchObject({ kind: 'move', power: 'ottoman', rule: '13.1' });
    refuse(s, row.event, illegal(row));
    accept(s, row.legal ?? WHOLE_ARMY);
    expect(s.pending?.kind).not.toBe('move');
  });

  test("[5.1] refuses a move of Charles V's army in the Ottoman impulse: only the active power moves (MOV-10)", () => {
    const s = at(VIENNA);
    // move.declare names no power: the active power moves, and Charles V is not an Ottoman leader.
    refuse(
      s,
      { type: 'move.declare', from: 'graz', to: 'vienna', regulars: 8, leaders: ['charles-v'] },
      { code: 'illegal', rule: '5.1', restriction: 'areLeadersOfActivePower' },
    );
    refuse(
      s,
      { type: 'move.declare', from: 'graz', to: 'vienna', regulars: 4 },
      { code: 'illegal', rule: '13.1', restriction: 'areUnitsInSpace' },
    );
    accept(s, WHOLE_ARMY);
  });

  test('[13.1] the move decision lists each legal destination and the refused ones with their restriction', () => {
    const s = at({ ...VIENNA, alliances: [] });
    expect(s.pending?.options.map((o) => o.event)).toContainEqual({
      ...WHOLE_ARMY,
      leaders: ['ibrahim-pasha', 'suleiman'],
    });
    expect(blockedBy(s, 'to', 'buda')).toMatchObject({
      option: { from: 'pressburg', to: 'buda' },
      code: 'mayEnterControlledSpace',
      rule: '13.1',
    });
  });

  test('[13.1] refuses a second move.declare once the move is declared: one Move action per session', () => {
    const s = at(VIENNA, [WHOLE_ARMY]);
    refuse(s, WHOLE_ARMY, { code: 'step-closed', rule: '13.1' });
    const scripted = at(RULEBOOK);
    refuse(scripted, WHOLE_ARMY, { code: 'step-closed', rule: '13.1' });
    accept(scripted, CHARLES_INTERCEPTS);
  });
});

describe('events out of order are refused with the rule that closed (or has not opened) their step', () => {
  // Ferdinand with 5 regulars: too many to withdraw (13.4); no Charles V, so nobody intercepts.
  const FIVE = book([SULEIMAN, { ...FERDINAND, regulars: 5 }]);

  test('[13.4] refuses withdraw.declare when 5 units are in Vienna (WDR-04)', () => {
    const s = at(FIVE, [HAPSBURG_NO_AVOID]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(
      s,
      { type: 'withdraw.declare', power: 'hapsburg' },
      { code: 'step-closed', rule: '13.4', restriction: 'hasAtMostFourUnits' },
    );
    refuse(
      s,
      { type: 'withdraw.decline', power: 'hapsburg' },
      { code: 'step-closed', rule: '13.4', restriction: 'hasAtMostFourUnits' },
    );
    expect(s.roll()).toEqual({ ok: true });
  });

  test('[13.1 step 7] refuses withdraw.declare before the avoid-battle step is over: not yet', () => {
    const s = at(FIVE);
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'hapsburg' });
    refuse(s, { type: 'withdraw.declare', power: 'hapsburg' }, { code: 'out-of-turn', rule: '13.3 step 3' });
    accept(s, HAPSBURG_NO_AVOID);
  });

  test('[13.4] refuses withdraw.declare in unfortified Graz (WDR-02)', () => {
    const s = at(intoGraz(4, [{ space: 'graz', power: 'hapsburg', regulars: 2 }]), [HAPSBURG_NO_AVOID]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(
      s,
      { type: 'withdraw.declare', power: 'hapsburg' },
      { code: 'step-closed', rule: '13.4', restriction: 'isDestinationFortified' },
    );
    expect(s.roll()).toEqual({ ok: true });
  });

  test.for([
    ['avoid.declare', FERDINAND_AVOIDS_TO_LINZ],
    ['avoid.decline', HAPSBURG_NO_AVOID],
    ['withdraw.declare', { type: 'withdraw.declare', power: 'hapsburg' }],
    ['withdraw.decline', { type: 'withdraw.decline', power: 'hapsburg' }],
  ] as const)('[13.2 step 5] refuses %s after a successful interception (MOV-28, INT-27, AVB-13)', ([, event]) => {
    const s = at(RULEBOOK, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(s, event, { code: 'step-closed', rule: '13.2 step 5' });
    accept(s, BOOK_OTTOMAN_DICE);
  });

  test('[13.1 step 5] refuses an interception once the interceptions are over (INT-19)', () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]);
    expect(s.pending?.kind).toBe('avoid');
    refuse(s, CHARLES_INTERCEPTS, { code: 'step-closed', rule: '13.1 step 5' });
    accept(s, HAPSBURG_NO_AVOID);
  });

  test('[13.1 step 6] refuses an avoid once the avoid-battle step is over (AVB-02)', () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT, HAPSBURG_NO_AVOID]);
    expect(s.pending?.kind).toBe('withdraw');
    refuse(s, FERDINAND_AVOIDS_TO_LINZ, { code: 'step-closed', rule: '13.1 step 6' });
    accept(s, { type: 'withdraw.decline', power: 'hapsburg' });
  });

  test('[13.1 step 7] refuses a withdrawal once Ferdinand chose to stay outside (WDR-01)', () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT, HAPSBURG_NO_AVOID, { type: 'withdraw.decline', power: 'hapsburg' }]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(s, { type: 'withdraw.declare', power: 'hapsburg' }, { code: 'step-closed', rule: '13.1 step 7' });
    expect(s.roll()).toEqual({ ok: true });
  });

  test('[13.4 option 1] refuses move.continue and move.stop when nobody withdrew', () => {
    const s = at(RULEBOOK, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
    refuse(s, { type: 'move.continue', to: 'linz' }, { code: 'step-closed', rule: '13.4 option 1' });
    refuse(s, { type: 'move.stop' }, { code: 'step-closed', rule: '13.4 option 1' });
    accept(s, BOOK_OTTOMAN_DICE);
  });

  test('[14 step 9] refuses casualties before the battle: not yet', () => {
    const s = at(RULEBOOK);
    refuse(s, BOOK_CASUALTIES, { code: 'out-of-turn', rule: '13.2 step 1' });
    accept(s, CHARLES_INTERCEPTS);
  });

  test('[14.1] refuses a retreat while casualties are owed', () => {
    const s = at(RULEBOOK, BOOK_TO_CASUALTIES);
    refuse(s, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' }, { code: 'step-closed', rule: '14.1' });
    accept(s, BOOK_CASUALTIES);
  });

  test('[14 step 9] refuses casualties.assign from the wrong power (FB-15)', () => {
    const s = at(RULEBOOK, BOOK_TO_CASUALTIES);
    const e = refuse(
      s,
      { type: 'casualties.assign', power: 'hapsburg', regulars: 3 },
      { code: 'out-of-turn', rule: '14 step 9' },
    );
    expect(e.reason?.en).toMatch(/Ottoman/);
    accept(s, BOOK_CASUALTIES);
  });

  describe('the move is over: every event is refused as such', () => {
    const over = () => at(RULEBOOK, [...BOOK_TO_CASUALTIES, BOOK_CASUALTIES]);
    test.for<[string, Event]>([
      ['move.declare', { type: 'move.declare', from: 'pressburg', to: 'vienna', regulars: 3 }],
      ['intercept.declare', CHARLES_INTERCEPTS],
      ['intercept.decline', HAPSBURG_NO_INTERCEPT],
      ['avoid.declare', FERDINAND_AVOIDS_TO_LINZ],
      ['withdraw.declare', { type: 'withdraw.declare', power: 'hapsburg' }],
      ['move.continue', { type: 'move.continue', to: 'buda' }],
      ['move.stop', { type: 'move.stop' }],
      ['casualties.assign', BOOK_CASUALTIES],
      ['retreat.declare', { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' }],
      ['dice.rolled', dice(1, 2)],
      ['dice.rolled (seeded)', { type: 'dice.rolled' }],
    ])('[13.1] refuses %s after the move ended', ([, event]) => {
      const s = over();
      expect(s.pending).toBeNull();
      const e = refuse(s, event, { code: 'move-ended', rule: '13.1' });
      expect(e.reason?.en).toMatch(/over/);
    });

    test('[13.1] session.roll() after the move ended is refused the same way', () => {
      const s = over();
      const r = s.roll();
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'move-ended', rule: '13.1' });
    });
  });

  describe('dice', () => {
    test.for<[string, string, Event[], Event]>([
      ['13.2 step 2', '1 die for an interception roll (INT-21)', [CHARLES_INTERCEPTS], dice(4)],
      ['13.2 step 2', '3 dice for an interception roll (INT-21)', [CHARLES_INTERCEPTS], dice(4, 4, 4)],
      ['13.2 step 2', 'no dice for an interception roll (INT-21)', [CHARLES_INTERCEPTS], dice()],
      [
        '13.3 step 4',
        '1 die for an avoid-battle roll (AVB-18)',
        [HAPSBURG_NO_INTERCEPT, FERDINAND_AVOIDS_TO_LINZ],
        dice(6),
      ],
      [
        '14 step 6',
        '9 dice for the attacker, who rolls 10 (FB-04)',
        [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL],
        dice(6, 5, 5, 4, 3, 2, 1, 1, 2),
      ],
      [
        '14 step 6',
        '10 dice for the defender, who rolls 13 (FB-05)',
        [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL, BOOK_OTTOMAN_DICE],
        dice(6, 5, 5, 4, 3, 2, 1, 1, 2, 3),
      ],
    ])('[%s] refuses %s: wrong number of dice', ([rule, , before, event]) => {
      const s = at(RULEBOOK, before);
      expect(s.pending?.kind).toBe('roll');
      const e = refuse(s, event, { code: 'illegal', rule });
      expect(e.reason?.en).toMatch(new RegExp(`exactly ${s.pending?.roll?.dice}`));
      expect(s.roll()).toEqual({ ok: true });
    });

    test.for<[string, string, Event[]]>([
      ['13.2 step 1', 'the interception decision', []],
      ['13.3 step 3', 'the avoid decision', [HAPSBURG_NO_INTERCEPT]],
      ['13.4', 'the withdrawal decision', [HAPSBURG_NO_INTERCEPT, HAPSBURG_NO_AVOID]],
      ['14 step 9', 'the casualties decision', BOOK_TO_CASUALTIES],
    ])('[%s] refuses dice.rolled at %s, where no roll is pending', ([rule, , before]) => {
      const s = at(RULEBOOK, before);
      expect(s.pending?.kind).not.toBe('roll');
      refuse(s, dice(3, 5), { code: 'out-of-turn', rule });
      refuse(s, { type: 'dice.rolled' }, { code: 'out-of-turn', rule });
      const r = s.roll();
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'out-of-turn', rule });
      accept(s, s.pending!.options[0]!.event as Event);
    });

    test('[13.2 step 2] a seeded roll is accepted when a roll is pending', () => {
      const s = at(RULEBOOK, [CHARLES_INTERCEPTS]);
      expect(s.roll()).toEqual({ ok: true });
      expect(s.summary.interceptions[0]?.dice).toHaveLength(2);
    });
  });

  test.for<[string, unknown, string]>([
    ['an intercept.declare without its space', { type: 'intercept.declare', power: 'hapsburg', regulars: 8 }, 'from'],
    ['an unknown event type', { type: 'army.teleport', to: 'vienna' }, 'type'],
    ['a die showing 7', { type: 'dice.rolled', values: [3, 7] }, 'values[1]'],
    ['an unknown power', { type: 'avoid.decline', power: 'ruritania' }, 'power'],
    ['a negative count', { type: 'casualties.assign', power: 'ottoman', regulars: -1 }, 'regulars'],
    ['an unknown field', { type: 'move.stop', to: 'linz' }, ''],
    ['a value that is not an object', 'intercept', ''],
  ])('[events] refuses %s as an invalid event (zod schema)', ([, event, path]) => {
    const s = at(RULEBOOK);
    const e = refuse(s, event, { code: 'invalid-event' });
    expect(e.path).toBe(path);
    // A JavaScript host calls the typed `send` with whatever it has: the same refusal, never a throw.
    expect(s.send(event as EngineEvent)).toEqual({ ok: false, error: e });
    accept(s, CHARLES_INTERCEPTS);
  });

  test.for<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an array', [{ type: 'intercept.decline', power: 'hapsburg' }]],
    ['a function', () => ({ type: 'intercept.decline', power: 'hapsburg' })],
  ])('[events] the typed send refuses %s from a JavaScript caller as an invalid event', ([, input]) => {
    const s = at(RULEBOOK);
    const r = s.send(input as EngineEvent);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-event', path: '' } });
    expect(r).toEqual(s.sendUntrusted(input));
    accept(s, CHARLES_INTERCEPTS);
  });

  test.for<[string, Event[]]>([
    ['before the interception', []],
    ['at the field battle dice', [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]],
    ['after the move ended', [...BOOK_TO_CASUALTIES, BOOK_CASUALTIES]],
  ])('[ruling R14] refuses card.play %s of a card whose window these procedures do not have', ([, before]) => {
    // Every card of ruling R14 is played since Surprise Attack (ruling R28); Professional Rowers (#34) is naval only.
    const s = at(RULEBOOK, before);
    const e = refuse(
      s,
      { type: 'card.play', power: 'ottoman', card: 'professional-rowers' },
      { code: 'not-supported' },
    );
    expect(e.reason?.en).toMatch(
      /'professional-rowers' is not a card of these procedures: ruling R14 leaves every other card out/,
    );
    expect(e.reason?.ru).toMatch(/«professional-rowers» — не карта этих процедур/);
  });

  test('[ruling R14] the card.play refusal cites ruling R14 as a ruling, the way every other refusal does', () => {
    const e = refuse(
      at(RULEBOOK),
      { type: 'card.play', power: 'hapsburg', card: 'siege-artillery' },
      { code: 'not-supported' },
    );
    expect(e).toMatchObject({ ruling: 'R14', restriction: 'isCardOfProcedures' });
    expect(e.reason?.en).toMatch(/not a card of these procedures/);
  });

  test('[13.1 step 4] a response card played when no card window is open is refused: its step is closed', () => {
    const e = refuse(
      at(RULEBOOK),
      { type: 'card.play', power: 'hapsburg', card: 'foul-weather' },
      { code: 'step-closed' },
    );
    expect(e.reason?.en).toMatch(/No card window is open now/);
  });

  test("[14 step 5][14 step 6] a combat card played at the rolls cites the window that closed (14 step 5), not the move's (13.1 step 4)", () => {
    // The worked example to the Ottoman's roll: both combat windows passed over (nobody holds a card, ruling R9).
    const s = at(RULEBOOK, [CHARLES_INTERCEPTS, BOOK_INTERCEPTION_ROLL]);
    expect(s.pending).toMatchObject({ kind: 'roll', rule: '14 step 6' });
    const e = refuse(s, { type: 'card.pass', power: 'ottoman' }, { code: 'step-closed' });
    expect(e.rule).toBe('14 step 5');
    expect(e.reason?.en).toMatch(/No card window is open now/);
  });
});

describe('decisions list the answers they refuse, with the restriction and its rule', () => {
  test("[13.3] Ferdinand's avoid decision (no interception) offers Brunn, Graz and Linz and blocks Pressburg (AVB-07, AVB-11)", () => {
    const s = at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]);
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'hapsburg', rule: '13.3 step 3' });
    expect(optionTargets(s)).toEqual(['brunn', 'graz', 'linz']);
    expect(s.pending?.options.map((o) => o.event)).toContainEqual(HAPSBURG_NO_AVOID);
    // In the book's board Pressburg is Ottoman-controlled, which is checked before "the space the enemy came from".
    expect(blockedBy(s, 'to', 'pressburg')).toMatchObject({ rule: '13.3', code: 'isNotSpaceEnemyCameFrom' });
  });

  test('[13.3] with Pressburg left to Hungary, a Hapsburg ally, it is blocked as the space the enemy came from (AVB-11)', () => {
    const s = at({ ...RULEBOOK, control: {} }, [HAPSBURG_NO_INTERCEPT]);
    const b = blockedBy(s, 'to', 'pressburg');
    expect(b).toMatchObject({ option: { to: 'pressburg' }, rule: '13.3', code: 'isNotSpaceEnemyCameFrom' });
    expect(b?.reason.en).toMatch(/Pressburg/);
    expect(b?.reason.ru).toMatch(CYRILLIC);
  });

  test('[13.3] Brunn is an option when Hungary is allied to the Hapsburgs, and blocked when it is not (AVB-07)', () => {
    expect(optionTargets(at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]))).toContain('brunn');
    const alone = at({ ...RULEBOOK, alliances: [] }, [HAPSBURG_NO_INTERCEPT]);
    expect(optionTargets(alone)).not.toContain('brunn');
    expect(blockedBy(alone, 'to', 'brunn')).toMatchObject({ rule: '13.3', code: 'isAvoidDestinationFriendly' });
  });

  test('[13.3] every blocked avoid destination is refused by send with the same restriction, every option is accepted', () => {
    const probe = at({ ...RULEBOOK, alliances: [], control: {} }, [HAPSBURG_NO_INTERCEPT]);
    const d = probe.pending!;
    expect(d.blocked.length).toBeGreaterThan(0);
    for (const b of d.blocked) {
      const s = at({ ...RULEBOOK, alliances: [], control: {} }, [HAPSBURG_NO_INTERCEPT]);
      refuse(
        s,
        { ...FERDINAND_AVOIDS_TO_LINZ, to: b.option.to },
        { code: 'illegal', rule: b.rule, restriction: b.code },
      );
    }
    for (const o of d.options)
      accept(at({ ...RULEBOOK, alliances: [], control: {} }, [HAPSBURG_NO_INTERCEPT]), o.event as Event);
  });

  test('[2.5] the interception decision lists Salzburg, across a pass, as blocked (INT-05)', () => {
    const s = at(
      intoGraz(4, [
        { space: 'salzburg', power: 'hapsburg', regulars: 3 },
        { space: 'trieste', power: 'hapsburg', regulars: 2 },
      ]),
    );
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    expect(s.pending?.options.map((o) => o.event)).toContainEqual({
      type: 'intercept.declare',
      power: 'hapsburg',
      from: 'trieste',
      regulars: 2,
    });
    expect(blockedBy(s, 'from', 'salzburg')).toMatchObject({ code: 'isNotAcrossPass', rule: '2.5' });
  });

  test('[13.3] a blocked answer and a refused event carry the facts their reason words, the same reason (AVB-11)', () => {
    const patch: ScenarioPatch = { ...RULEBOOK, control: {} };
    const s = at(patch, [HAPSBURG_NO_INTERCEPT]);
    const b = blockedBy(s, 'to', 'pressburg');
    const facts = { space: 'pressburg', mover: 'ottoman' };
    expect(b?.facts).toEqual(facts);
    // A host holding the code and the facts words the reason itself (here with the engine's own words).
    expect(reasonOf(scenario(patch).world, { code: 'isNotSpaceEnemyCameFrom', facts })).toEqual(b?.reason);
    const expected = { code: 'illegal', rule: '13.3', restriction: 'isNotSpaceEnemyCameFrom' } as const;
    const e = refuse(s, { ...FERDINAND_AVOIDS_TO_LINZ, to: 'pressburg' }, expected);
    expect(e.facts).toEqual(facts);
    expect(e.reason).toEqual(b?.reason);
    // A refusal by the order of the steps names no restriction, and has no facts.
    expect(refuse(s, dice(3, 5), { code: 'out-of-turn' }).facts).toBeUndefined();
  });

  test('[13.1, 13.2, 13.3] every blocked answer carries a reason and every option a label in both languages', () => {
    const sessions = [
      at(RULEBOOK, [HAPSBURG_NO_INTERCEPT]),
      at(
        intoGraz(4, [
          { space: 'salzburg', power: 'hapsburg', regulars: 3 },
          { space: 'trieste', power: 'hapsburg', regulars: 2 },
        ]),
      ),
      at({ ...VIENNA, alliances: [] }),
    ];
    for (const s of sessions) {
      for (const b of s.pending!.blocked) {
        expect(b.reason.en).toMatch(/\w/);
        expect(b.reason.ru).toMatch(CYRILLIC);
      }
      for (const o of s.pending!.options) expect(o.label.ru).toMatch(CYRILLIC);
    }
  });
});
