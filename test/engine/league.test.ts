// Whole sessions before the Schmalkaldic League (21.6, ruling R34): the restrictions as a host meets them — the
// refused answers of the pending decision, the refusal of a sent event, the skipped decisions of the summary and the
// trace (ruling R9), the narrative — and the same boards with the League formed, where nothing is restricted.
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import type { ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, finishWithPolicy, playing, refuse } from '../helpers/session.ts';

/** France at war with the Hapsburg, who holds Regensburg and Augsburg (an electorate, 2.1) beside it. */
const regensburg = (league: boolean | undefined, patch: ScenarioPatch = {}): ScenarioPatch => ({
  ...(league === undefined ? {} : { schmalkaldicLeague: league }),
  war: [['france', 'hapsburg']],
  control: { nuremberg: 'france', regensburg: 'hapsburg', augsburg: 'hapsburg' },
  stacks: [
    { space: 'nuremberg', power: 'france', regulars: 4, leaders: ['montmorency'] },
    { space: 'regensburg', power: 'hapsburg', regulars: 2 },
  ],
  impulse: { power: 'france', cp: 1 },
  move: { from: 'nuremberg', to: 'regensburg', regulars: 4, leaders: ['montmorency'] },
  ...patch,
});

/** The Hapsburg's own impulse on that board: a formation in Regensburg with Augsburg and Linz next to it. */
const hapsburgMoves = (league: boolean | undefined): ScenarioPatch => {
  const { move: _move, ...rest } = regensburg(league);
  return { ...rest, impulse: { power: 'hapsburg', cp: 1 } };
};

describe('21.6, ruling R34: the move decision', () => {
  test('[21.6, ruling R34] lists the move into Augsburg, an electorate, among the refused answers before the League, and refuses it when sent (MOV-31)', () => {
    const s = playing(hapsburgMoves(false));
    const d = s.pending;
    expect(d?.kind).toBe('move');
    if (d?.kind !== 'move') return;
    const augsburg = d.blocked.find((b) => b.option.to === 'augsburg');
    expect(augsburg).toMatchObject({
      code: 'mayEnterElectorate',
      rule: '21.6',
      ruling: 'R34',
      facts: { power: 'hapsburg', to: 'augsburg' },
    });
    expect(augsburg?.reason.en).toContain('Augsburg is an electorate');
    expect(augsburg?.reason.ru).toContain('Аугсбург — курфюршество');
    expect(d.options.map((o) => o.event)).toContainEqual(expect.objectContaining({ type: 'move.declare', to: 'linz' }));
    expect(d.options.some((o) => o.event.type === 'move.declare' && o.event.to === 'augsburg')).toBe(false);
    refuse(
      s,
      { type: 'move.declare', from: 'regensburg', to: 'augsburg', regulars: 2 },
      { code: 'illegal', rule: '21.6', ruling: 'R34', restriction: 'mayEnterElectorate' },
    );
  });

  test('[21.6, ruling R34] offers the same move once the League has formed, and without the statement (MOV-31)', () => {
    for (const league of [true, undefined]) {
      const d = playing(hapsburgMoves(league)).pending;
      expect(
        d?.kind === 'move' && d.options.some((o) => o.event.type === 'move.declare' && o.event.to === 'augsburg'),
      ).toBe(true);
    }
  });

  test('[21.6, ruling R34] a Protestant impulse before the League asks nothing: no move, the position as it was, and the narrative says why (MOV-32)', () => {
    const s = playing({
      schmalkaldicLeague: false,
      stacks: [{ space: 'worms', power: 'protestant', regulars: 2, leaders: ['philip-of-hesse'] }],
      impulse: { power: 'protestant', cp: 2 },
    });
    const p = finished(s);
    expect(p.stacks).toEqual([expect.objectContaining({ space: 'worms', power: 'protestant', regulars: 2 })]);
    expect(p.impulse.cp).toBe(2);
    expect(p.schmalkaldicLeague).toBe(false);
    const notes = s.trace.map((e) => e.note.en).join('\n');
    expect(notes).toContain('the Schmalkaldic League has not formed');
    expect(notes).toContain('21.6, ruling R34');
    expect(s.trace.map((e) => e.note.ru).join('\n')).toContain('Шмалькальденская лига ещё не создана');
    refuse(s, { type: 'move.declare', from: 'worms', to: 'mainz', regulars: 2 }, { code: 'move-ended' });
  });

  test('[21.6, ruling R34] the same Protestant impulse once the League has formed: the move decision is asked (MOV-32)', () => {
    const s = playing({
      stacks: [{ space: 'worms', power: 'protestant', regulars: 2 }],
      impulse: { power: 'protestant', cp: 2 },
    });
    expect(s.pending?.kind).toBe('move');
  });
});

describe('21.6, ruling R34: avoid battle and retreat', () => {
  test('[21.6, ruling R34] the Hapsburg avoid decision refuses Augsburg and offers Linz before the League (MOV-31)', () => {
    const s = playing(regensburg(false));
    const d = s.pending;
    expect(d?.kind).toBe('avoid');
    if (d?.kind !== 'avoid') return;
    expect(d.blocked.find((b) => b.option.to === 'augsburg')).toMatchObject({
      code: 'isAvoidDestinationNotElectorate',
      rule: '21.6',
      ruling: 'R34',
    });
    expect(d.options.some((o) => o.event.type === 'avoid.declare' && o.event.to === 'linz')).toBe(true);
    refuse(
      s,
      { type: 'avoid.declare', power: 'hapsburg', to: 'augsburg', regulars: 2 },
      { code: 'illegal', rule: '21.6', ruling: 'R34', restriction: 'isAvoidDestinationNotElectorate' },
    );
  });

  test('[21.6, ruling R34] a beaten Hapsburg defender is refused Augsburg and retreats to Linz; the result keeps the statement (MOV-31, RET-04)', () => {
    // Salzburg is Hapsburg here too: two legal spaces, so the Hapsburg is asked where to go (ruling R9).
    const board = regensburg(false, {
      control: { nuremberg: 'france', regensburg: 'hapsburg', augsburg: 'hapsburg', salzburg: 'hapsburg' },
    });
    const s = playing(board, [{ type: 'avoid.decline', power: 'hapsburg' }]);
    // France rolls 5 dice (4 regulars and Montmorency) for one hit, the Hapsburg 3 for none: one regular survives.
    for (let i = 0; i < 4 && s.pending?.kind === 'roll'; i++) {
      const { dice: n, purpose } = s.pending.roll;
      accept(s, dice(...Array.from({ length: n }, (_, k) => (purpose === 'attacker' && k === 0 ? 6 : 1))));
    }
    const d = s.pending;
    expect(d?.kind).toBe('retreat');
    if (d?.kind !== 'retreat') return;
    expect(d.blocked.find((b) => b.option.to === 'augsburg')).toMatchObject({
      code: 'isRetreatDestinationNotElectorate',
    });
    refuse(
      s,
      { type: 'retreat.declare', power: 'hapsburg', to: 'augsburg' },
      { code: 'illegal', restriction: 'isRetreatDestinationNotElectorate' },
    );
    expect(d.options.map((o) => (o.event.type === 'retreat.declare' ? o.event.to : undefined)).sort()).toEqual([
      'linz',
      'salzburg',
    ]);
    accept(s, { type: 'retreat.declare', power: 'hapsburg', to: 'linz' });
    const p = finished(finishWithPolicy(s));
    expect(p.schmalkaldicLeague).toBe(false);
    expect(parseScenario(p).data.schmalkaldicLeague).toBe(false);
  });
});

describe('21.6, ruling R34: the Protestant as the enemy controller’s ally (13.1 restriction 3)', () => {
  // France enters Hapsburg Regensburg, where only the Hapsburg's Protestant allies stand; more wait in Augsburg.
  const bloc = (league: boolean | undefined): ScenarioPatch =>
    regensburg(league, {
      alliances: [['hapsburg', 'protestant']],
      control: { nuremberg: 'france', regensburg: 'hapsburg' },
      stacks: [
        { space: 'nuremberg', power: 'france', regulars: 4, leaders: ['montmorency'] },
        { space: 'regensburg', power: 'protestant', regulars: 2 },
        { space: 'augsburg', power: 'protestant', regulars: 3 },
      ],
    });

  test('[21.6, ruling R34] before the League the Protestant is asked neither to intercept nor to avoid battle: both skipped decisions carry the reason, in the summary and the trace (MOV-32)', () => {
    const s = finishWithPolicy(playing(bloc(false)));
    const p = finished(s);
    const summary = s.result!.summary;
    const intercept = summary.skipped.find((k) => k.kind === 'intercept' && k.power === 'protestant');
    expect(intercept?.refused).toEqual([
      expect.objectContaining({
        option: { from: 'augsburg' },
        code: 'isProtestantFreeToIntercept',
        rule: '21.6',
        ruling: 'R34',
      }),
    ]);
    const avoid = summary.skipped.find((k) => k.kind === 'avoid' && k.power === 'protestant');
    expect(avoid?.refused).toEqual([
      expect.objectContaining({ code: 'isProtestantFreeToAvoid', rule: '21.6', ruling: 'R34' }),
    ]);
    const traced = s.trace.flatMap((e) => e.skipped ?? []).flatMap((k) => k.refused.map((r) => [r.code, r.reason.en]));
    expect(traced).toContainEqual([
      'isProtestantFreeToIntercept',
      expect.stringContaining('Protestant units may not intercept'),
    ]);
    expect(traced).toContainEqual([
      'isProtestantFreeToAvoid',
      expect.stringContaining('Protestant units may not avoid battle'),
    ]);
    expect(summary.interceptions).toEqual([]);
    expect(summary.avoids).toEqual([]);
    expect(summary.battle).not.toBeNull();
    expect(p.stacks.filter((x) => x.space === 'augsburg')).toEqual([
      expect.objectContaining({ power: 'protestant', regulars: 3 }),
    ]);
  });

  test('[21.6, ruling R34] once the League has formed the Protestant is asked to intercept from Augsburg (MOV-32, INT-01)', () => {
    const d = playing(bloc(undefined)).pending;
    expect(d).toMatchObject({ kind: 'intercept', power: 'protestant' });
  });
});
