// Relief forces (15.2, ruling R35) through the session, with scripted dice: examples/relief-vienna.json in each of
// the three results of 15.2 (its events files), the sortie decision a host is shown (legal answers, refused ones
// with their rule and reason), refusals, the default and eager policies, a relief force wiped out, and the narrative
// in both languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { narrative } from '../../src/engine/report.ts';
import { isEngineAnswer, resolve } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import type { Session } from '../../src/engine/session.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import type { ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, finished, piecesAt, playing, refuse } from '../helpers/session.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const read = (name: string) => JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8')) as Record<string, unknown>;
const RELIEF = read('relief-vienna.json') as ScenarioPatch & { events: EngineEvent[] };
const eventsOf = (name: string) => (read(join('relief-vienna', name)) as { events: EngineEvent[] }).events;

/** Plays a script through the session; an answer the engine already gave itself (ruling R9) is passed over. */
function script(s: Session, events: readonly EngineEvent[]): Session {
  let mark = 0;
  for (const e of events) {
    const at = s.log.findIndex((a, i) => i >= mark && a.source === 'engine' && isEngineAnswer(s.log, i, e));
    if (at >= 0) {
      mark = at + 1;
      continue;
    }
    const before = s.log.length;
    accept(s, e);
    mark = before + 1;
  }
  return s;
}

function resolved(events: readonly EngineEvent[]) {
  const r = resolve(parseScenario({ ...RELIEF, events }));
  if (!r.ok) throw new Error(r.error.message);
  // Every answer came from the script or was forced (ruling R9): no policy and no seeded die stepped in.
  expect(r.session.log.filter((a) => a.source === 'policy' || a.source === 'seeded')).toEqual([]);
  return r.session;
}

describe('examples/relief-vienna.json: the three results of 15.2, as the rules say', () => {
  test('[15.2, ruling R35] won: 9 dice against 8, 3 hits to 1; the besiegers retreat to Pressburg and the siege ends (SIE-08, SIE-09)', () => {
    const s = resolved(RELIEF.events);
    const p = finished(s);
    const summary = s.result!.summary;
    expect(summary.relief).toEqual({
      space: 'vienna',
      power: 'hapsburg',
      besiegers: ['ottoman'],
      sortie: { regulars: 2, mercenaries: 0, cavalry: 0, leaders: ['ferdinand'] },
      heldBack: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] },
      outcome: 'won',
    });
    // The sortie fights beyond Charles V's command; the besiegers roll the defender's die (the Calais example).
    expect(summary.battle?.attacker.dice).toEqual({ units: 7, leader: 2, defender: 0, total: 9 });
    expect(summary.battle?.defender.dice).toEqual({ units: 6, leader: 1, defender: 1, total: 8 });
    expect(summary.siegesEnded).toEqual([{ space: 'vienna', by: ['ottoman'], rule: '15.2' }]);
    expect(p.sieges ?? []).toEqual([]);
    expect(piecesAt(p, 'vienna', 'hapsburg')).toEqual({
      regulars: 6,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['charles-v', 'ferdinand'],
    });
    expect(piecesAt(p, 'pressburg', 'ottoman')).toMatchObject({ regulars: 2, cavalry: 1, leaders: ['ibrahim-pasha'] });
    const en = narrative(s, 'en'),
      ru = narrative(s, 'ru');
    expect(en).toContain(
      'Out of the fortifications of Vienna to join the relief force, beyond the command limit: 2 regulars, Ferdinand (15.2, ruling R35).',
    );
    expect(en).toContain(
      'The relief force wins: the besiegers retreat and the siege of Vienna by Ottoman ends (15.2).',
    );
    expect(ru).toContain(
      'Из укреплений Вены на помощь деблокирующим силам сверх предела командования выходят: 2 регулярные части и Фердинанд (15.2, постановление R35).',
    );
    expect(ru).toContain('Деблокирующие силы побеждают: осаждающие (Османы) отступают, осада Вены снимается (15.2).');
  });

  test('[15.2, ruling R35] lost on equal hits: Charles V, Ferdinand and 4 regulars go inside, no more; the last regular to Linz (SIE-10, SIE-14)', () => {
    const s = resolved(eventsOf('tie.events.json'));
    const p = finished(s);
    expect(s.result!.summary.relief?.outcome).toBe('tie');
    expect(piecesAt(p, 'vienna', 'hapsburg', true)).toEqual({
      regulars: 4,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['charles-v', 'ferdinand'],
    });
    expect(piecesAt(p, 'linz', 'hapsburg')).toMatchObject({ regulars: 1, leaders: [] });
    // 4 Ottoman units do not outnumber the 4 inside: the siege breaks and the besiegers retreat (15.3).
    expect(s.result!.summary.siegesEnded).toEqual([{ space: 'vienna', by: ['ottoman'], rule: '15.3' }]);
    expect(narrative(s, 'en')).toContain(
      'The relief force loses on equal hits: any pieces that fought may go inside Vienna, 4 land units inside at most',
    );
    expect(narrative(s, 'ru')).toContain('Деблокирующие силы проигрывают при равном числе попаданий');
  });

  test('[15.2, ruling R35] lost on equal hits: a fifth land unit inside is refused, naming 14.1 and the room (SIE-10, SIE-14)', () => {
    const events = eventsOf('tie.events.json');
    const s = script(playing({ ...RELIEF, events: [] }), events.slice(0, -1));
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg', limits: { insideRoom: 4 } });
    const five = { type: 'retreat.declare', power: 'hapsburg', to: 'linz', inside: { regulars: 5 } };
    expect(s.pending?.options.some((o) => JSON.stringify(o.event) === JSON.stringify(five))).toBe(false);
    refuse(s, five, { rule: '14.1' });
  });

  test('[15.2, ruling R35] lost with fewer hits: only Ferdinand and his 2 regulars go back; Charles V and the rest to Linz (SIE-11)', () => {
    const events = eventsOf('fewer.events.json');
    const s = script(playing({ ...RELIEF, events: [] }), events.slice(0, -1));
    expect(s.pending).toMatchObject({
      kind: 'retreat',
      limits: { insideAvailable: { regulars: 2, mercenaries: 0, cavalry: 0, leaders: ['ferdinand'] } },
    });
    // No listed answer puts Charles V or a third regular inside.
    for (const o of s.pending!.options) {
      const inside = (o.event as { inside?: { regulars?: number; leaders?: string[] } }).inside;
      expect(inside?.regulars ?? 0).toBeLessThanOrEqual(2);
      expect(inside?.leaders ?? []).not.toContain('charles-v');
    }
    const e = refuse(
      s,
      { type: 'retreat.declare', power: 'hapsburg', to: 'linz', inside: { leaders: ['charles-v'] } },
      {
        rule: '15.2',
      },
    );
    expect(e.message).toContain('only pieces that were inside Vienna when the move began may go back in');
    accept(s, events.at(-1)!);
    const p = finished(s);
    expect(s.result!.summary.relief?.outcome).toBe('fewer');
    expect(piecesAt(p, 'vienna', 'hapsburg', true)).toMatchObject({ regulars: 2, leaders: ['ferdinand'] });
    expect(piecesAt(p, 'linz', 'hapsburg')).toMatchObject({ regulars: 2, leaders: ['charles-v'] });
    expect(p.sieges).toMatchObject([{ space: 'vienna', by: ['ottoman'] }]);
    expect(narrative(s, 'ru')).toContain(
      'Деблокирующие силы проигрывают с меньшим числом попаданий: вернуться в укрепления Вены могут только те, кто был внутри в начале движения',
    );
  });
});

describe('15.2, ruling R35: the sortie decision', () => {
  const atSortie = () => playing({ ...RELIEF, events: [] }, [{ type: 'avoid.decline', power: 'ottoman' }]);

  test('[15.2, ruling R35] lists every mix of Ferdinand and his 2 regulars: everyone out first, everyone in second (SIE-08)', () => {
    const d = atSortie().pending!;
    expect(d).toMatchObject({
      kind: 'relief',
      power: 'hapsburg',
      rule: '15.2',
      ruling: 'R35',
      machine: 'relief',
      forced: false,
      limits: { available: { regulars: 2, mercenaries: 0, cavalry: 0, leaders: ['ferdinand'] }, insideNow: 2 },
    });
    expect(d.options.map((o) => o.event)).toEqual([
      { type: 'relief.declare', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
      { type: 'relief.declare', power: 'hapsburg' },
      { type: 'relief.declare', power: 'hapsburg', regulars: 2 },
      { type: 'relief.declare', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'] },
      { type: 'relief.declare', power: 'hapsburg', regulars: 1 },
      { type: 'relief.declare', power: 'hapsburg', leaders: ['ferdinand'] },
    ]);
    expect(d.options[1]!.label).toMatchObject({ en: 'Everyone stays inside', ru: 'Все остаются в укреплениях' });
    expect(d.prompt.ru).toContain('сверх предела командования');
    expect(d.names.leaders.ferdinand).toBeDefined();
  });

  test("[15.2, ruling R35] an allied major's units inside are refused with the rule and reason, and stay inside", () => {
    const patch: ScenarioPatch = {
      ...RELIEF,
      events: [],
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'papacy'],
      ],
      alliances: [['hapsburg', 'papacy']],
      stacks: [
        ...(RELIEF.stacks ?? []).filter((x) => x.power !== 'hapsburg' || x.space === 'linz'),
        { space: 'vienna', power: 'hapsburg', regulars: 1, inside: true },
        { space: 'vienna', power: 'papacy', regulars: 2, inside: true },
      ],
    };
    const s = playing(patch, [{ type: 'avoid.decline', power: 'ottoman' }]);
    const d = s.pending!;
    expect(d.kind).toBe('relief');
    expect(d.blocked).toHaveLength(1);
    expect(d.blocked[0]).toMatchObject({
      option: { power: 'papacy' },
      code: 'areSortiePiecesInside',
      rule: '15.2',
      ruling: 'R35',
    });
    expect(d.blocked[0]!.reason.en).toContain('Papacy');
    expect(d.blocked[0]!.reason.ru).toMatch(/[а-я]/);
    refuse(s, { type: 'relief.declare', power: 'hapsburg', regulars: 3 }, { rule: '15.2' });
    accept(s, { type: 'relief.declare', power: 'hapsburg', regulars: 1 });
    // 5 + 1 land units + 2 for Charles V; the Papal units inside do not fight.
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { dice: 8 } });
  });

  test('[15.2, ruling R35] a sortie declared by the besieger, or before the step, is refused naming 15.2', () => {
    const s = atSortie();
    refuse(s, { type: 'relief.declare', power: 'ottoman' }, { rule: '15.2' });
    const early = playing({ ...RELIEF, events: [] });
    expect(early.pending?.kind).toBe('avoid');
    refuse(early, { type: 'relief.declare', power: 'hapsburg' }, {});
  });

  test('[15.2, ruling R35] the default policy holds everyone back; the eager policy sends everyone out', () => {
    const held = resolve(parseScenario({ ...RELIEF, events: [] }), { seed: 3 });
    if (!held.ok) throw new Error(held.error.message);
    expect(held.session.result?.summary.relief?.sortie).toEqual({
      regulars: 0,
      mercenaries: 0,
      cavalry: 0,
      leaders: [],
    });
    expect(held.session.result?.summary.relief?.heldBack).toMatchObject({ regulars: 2, leaders: ['ferdinand'] });
    const eager = resolve(parseScenario({ ...RELIEF, events: [] }), { seed: 3, policy: 'eager' });
    if (!eager.ok) throw new Error(eager.error.message);
    expect(eager.session.result?.summary.relief?.sortie).toMatchObject({ regulars: 2, leaders: ['ferdinand'] });
  });
});

describe('15.2: a relief force wiped out', () => {
  test('[15.2, 14 step 10] its leaders are captured and nothing retreats; the units held back stay inside (SIE-12)', () => {
    const patch: ScenarioPatch = {
      ...RELIEF,
      stacks: [
        { space: 'linz', power: 'hapsburg', regulars: 1, leaders: ['charles-v'] },
        ...(RELIEF.stacks ?? []).filter((x) => x.space !== 'linz'),
      ],
      move: { from: 'linz', to: 'vienna', regulars: 1, leaders: ['charles-v'] },
      events: [
        { type: 'avoid.decline', power: 'ottoman' },
        { type: 'relief.declare', power: 'hapsburg' },
        { type: 'dice.rolled', values: [1, 1, 1] },
        { type: 'dice.rolled', values: [6, 1, 1, 1, 1, 1, 1, 1] },
      ],
    };
    const r = resolve(parseScenario(patch));
    if (!r.ok) throw new Error(r.error.message);
    const s = r.session;
    const p = finished(s);
    expect(p.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
    expect(s.result!.summary.retreats).toEqual([]);
    expect(s.result!.summary.relief?.outcome).toBe('fewer');
    expect(piecesAt(p, 'vienna', 'hapsburg', true)).toMatchObject({ regulars: 2, leaders: ['ferdinand'] });
    expect(p.sieges).toMatchObject([{ space: 'vienna', by: ['ottoman'] }]);
    // The story says nothing retreats, in both languages, instead of sending the rest back where they came from.
    const story = narrative(s, 'en');
    expect(story).toContain(
      'The relief force is wiped out in Vienna: nothing of it retreats or goes inside (15.2, ruling R35).',
    );
    expect(story).not.toContain('the rest retreat to the space the relief force came from');
    expect(narrative(s, 'ru')).toContain('Деблокирующие силы уничтожены у Вены');
  });
});

describe('15.2, ruling R35: after fewer hits each power of the group gets back only its own pieces', () => {
  // Hungary is the Hapsburgs' active ally (22.3): 2 Hungarian and 1 Hapsburg regulars inside Ottoman-besieged Buda
  // all come out to join Ferdinand's 4 regulars. The Ottomans win 3 hits to 1; the Hapsburgs choose to lose 1
  // Hungarian and 2 Hapsburg regulars (ruling R16). Of the survivors only 1 Hungarian and 1 Hapsburg regular were
  // inside when the move began: a Hapsburg regular that came with the relief force never takes a fallen Hungarian's
  // place inside.
  const BUDA: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    alliances: [['hapsburg', 'hungary']],
    stacks: [
      { space: 'pressburg', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'buda', power: 'hungary', regulars: 2, inside: true },
      { space: 'buda', power: 'hapsburg', regulars: 1, inside: true },
      { space: 'buda', power: 'ottoman', regulars: 5 },
    ],
    sieges: [{ space: 'buda', by: ['ottoman'] }],
    impulse: { power: 'hapsburg', cp: 1 },
    move: { from: 'pressburg', to: 'buda', regulars: 4, leaders: ['ferdinand'] },
  };
  const lost = (hungarianLosses: number) =>
    playing(BUDA, [
      { type: 'relief.declare', power: 'hapsburg', regulars: 3 },
      { type: 'dice.rolled', values: [5, 1, 1, 1, 1, 1, 1, 1] },
      { type: 'dice.rolled', values: [6, 6, 6, 1, 1, 1] },
      {
        type: 'casualties.assign',
        power: 'hapsburg',
        regulars: 3,
        byPower: { hungary: { regulars: hungarianLosses }, hapsburg: { regulars: 3 - hungarianLosses } },
      },
    ]);

  test('[15.2, ruling R35] 2 Hapsburg regulars inside are refused: only 1 Hapsburg regular came out (SIE-11, ruling R16)', () => {
    const s = lost(1);
    expect(s.pending).toMatchObject({
      kind: 'retreat',
      limits: { insideAvailable: { regulars: 2, byPower: { hungary: { regulars: 1 }, hapsburg: { regulars: 1 } } } },
    });
    const e = refuse(
      s,
      {
        type: 'retreat.declare',
        power: 'hapsburg',
        to: 'pressburg',
        inside: { regulars: 2, byPower: { hapsburg: { regulars: 2 } } },
      },
      { code: 'illegal', restriction: 'isReliefReturnAllowed', rule: '15.2', ruling: 'R35' },
    );
    expect(e.message).toContain('of the units of Hapsburg, at most 1 land unit who came out');
    // Unsplit, the 2 regulars are the 2 that came out: 1 Hapsburg, 1 Hungarian.
    accept(s, { type: 'retreat.declare', power: 'hapsburg', to: 'pressburg', inside: { regulars: 2 } });
    const p = finished(s);
    expect(piecesAt(p, 'buda', 'hapsburg', true)).toMatchObject({ regulars: 1 });
    expect(piecesAt(p, 'buda', 'hungary', true)).toMatchObject({ regulars: 1 });
    expect(piecesAt(p, 'pressburg', 'hapsburg')).toMatchObject({ regulars: 2, leaders: ['ferdinand'] });
  });

  test('[15.2, ruling R35] with both Hungarians fallen, only the Hapsburg regular that came out goes back in (SIE-11)', () => {
    const s = lost(2);
    refuse(
      s,
      { type: 'retreat.declare', power: 'hapsburg', to: 'pressburg', inside: { regulars: 2 } },
      { code: 'illegal', restriction: 'isReliefReturnAllowed', rule: '15.2', ruling: 'R35' },
    );
    accept(s, { type: 'retreat.declare', power: 'hapsburg', to: 'pressburg', inside: { regulars: 1 } });
    const p = finished(s);
    expect(piecesAt(p, 'buda', 'hapsburg', true)).toMatchObject({ regulars: 1 });
    expect(piecesAt(p, 'buda', 'hungary', true)).toMatchObject({ regulars: 0 });
    expect(piecesAt(p, 'pressburg', 'hapsburg')).toMatchObject({ regulars: 3, leaders: ['ferdinand'] });
  });
});
