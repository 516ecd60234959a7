// Issue 26 (issue 22 item 4): every refused answer of a decision (`blocked`) and every refused candidate of a
// decision nobody was asked (ruling R9, the trace's `skipped`) carries its own label, complete in English and
// Russian and naming the power whose answer it is — a card window lists every power's refused plays (ruling R33),
// an interception every power's refused spaces — so that a host or the walkthrough shows the engine's words and no
// words of its own. Every example in examples/ (with its script, and relief-vienna's other event files), every
// casebook scenario (with its script), the worked example with all ten cards dealt, and three variants that reach a
// refused play in every card window and a refused sortie (ruling R35) are played through: the script first, then the
// default policy (ruling R36: pass every card), and once more playing the first listed card of every window.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cardTitle, isCardId } from '../../src/data/cards.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession } from '../../src/engine/session.ts';
import type { TraceSkipped } from '../../src/engine/trace.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import { POWER_NAMES, type Power } from '../../src/schema/power.ts';
import type { Text } from '../../src/text/text.ts';

interface Play {
  readonly name: string;
  readonly json: Record<string, unknown>;
  readonly script: readonly EngineEvent[];
}

function plays(): Play[] {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const out: Play[] = [];
  for (const f of readdirSync('examples').filter((x) => x.endsWith('.json'))) {
    const json = read(`examples/${f}`);
    out.push({ name: f, json, script: (json['events'] as EngineEvent[] | undefined) ?? [] });
  }
  for (const f of readdirSync('examples/relief-vienna').filter((x) => x.endsWith('.events.json')))
    out.push({
      name: `relief-vienna/${f}`,
      json: read('examples/relief-vienna.json'),
      script: read(`examples/relief-vienna/${f}`)['events'] as EngineEvent[],
    });
  for (const f of readdirSync('review/cases').filter((x) => x.endsWith('.json'))) {
    const c = read(`review/cases/${f}`) as { scenario: Record<string, unknown>; script?: EngineEvent[] };
    out.push({ name: `case ${f}`, json: c.scenario, script: c.script ?? [] });
  }
  // The worked example with all ten cards of ruling R14 dealt: every window asks with refused plays beside the legal.
  const all = read('bench/vienna-1517-all-cards.json');
  out.push({ name: 'bench/vienna-1517-all-cards.json', json: all, script: (all['events'] as EngineEvent[]) ?? [] });
  // The card example with a card of each window the holder may not play beside one the asked power may: the mover's
  // own Gout (ruling R26), the Ottoman's Swiss Mercenaries (ruling R32) — refused plays of another power than the asked.
  const cards = read('examples/vienna-1517-cards.json');
  out.push({
    name: 'vienna-1517-cards.json, every window with a refused play',
    json: {
      ...cards,
      hands: {
        ottoman: ['gout', 'swiss-mercenaries', 'field-artillery', 'janissaries'],
        hapsburg: ['foul-weather', 'landsknechts', 'tercios'],
      },
    },
    // The Hapsburg passes at 13.1 step 4 and intercepts; the rest is the policy's.
    script: [{ type: 'card.pass', power: 'hapsburg' }, ...(cards['events'] as EngineEvent[]).slice(0, 2)],
  });
  // Ruling R35: an allied major's pieces inside the besieged space may not come out — beside the relief power's own
  // (a sortie decision with a refused answer), and alone (nobody is asked, ruling R9).
  const relief = read('examples/relief-vienna.json') as { stacks: { space: string; power: string }[] };
  const allied = (own: boolean) => ({
    ...relief,
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'papacy'],
    ],
    alliances: [['hapsburg', 'papacy']],
    stacks: [
      ...relief.stacks.filter((x) => x.power !== 'hapsburg' || x.space === 'linz'),
      ...(own ? [{ space: 'vienna', power: 'hapsburg', regulars: 1, inside: true }] : []),
      { space: 'vienna', power: 'papacy', regulars: 2, inside: true },
    ],
  });
  for (const own of [true, false])
    out.push({
      name: `relief-vienna, papal units inside${own ? ' with Hapsburg' : ''}`,
      json: allied(own),
      script: [],
    });
  return out;
}

interface Seen {
  readonly decisions: { readonly where: string; readonly d: Decision }[];
  readonly skipped: { readonly where: string; readonly s: TraceSkipped }[];
}

/** Plays a scenario: its script while the engine takes it, then `answer`; every decision met and every skip. */
function play(p: Play, answer: (d: Decision) => EngineEvent | undefined, seen: Seen): void {
  const source = { ...p.json };
  delete source['events'];
  const session = createSession(parseScenario(source), { seed: 1 });
  const script = [...p.script];
  for (let step = 0; session.pending && step < 200; step++) {
    const d = session.pending;
    seen.decisions.push({ where: `${p.name} decision ${step} (${d.kind})`, d });
    const next = script[0];
    if (next && session.send(next).ok) {
      script.shift();
      continue;
    }
    script.length = 0;
    // A formation the scenario does not name (13.1 steps 1–2) is the first listed: the host's to declare.
    const r = session.send(answer(d) ?? (d.kind === 'roll' ? { type: 'dice.rolled' } : d.options[0]!.event));
    expect(r.ok, `${p.name}: the answer to decision ${step}`).toBe(true);
  }
  expect(session.pending, `${p.name} reaches its end`).toBeNull();
  for (const entry of session.trace)
    for (const s of entry.skipped ?? []) seen.skipped.push({ where: `${p.name} step ${entry.step}`, s });
}

/** The power whose answer a refused entry is: the entry's own `power` when it names one, else the decision's. */
function whose(option: Readonly<Record<string, unknown>>, fallback: Power): Power {
  const p = option['power'];
  return typeof p === 'string' && Object.hasOwn(POWER_NAMES, p) ? (p as Power) : fallback;
}

/** What is wrong with a refused entry's label, if anything. */
function faults(label: Text | undefined, option: Readonly<Record<string, unknown>>, power: Power): string[] {
  if (!label) return ['no label'];
  const out: string[] = [];
  for (const lang of ['en', 'ru'] as const) {
    const t = label[lang];
    if (typeof t !== 'string' || t.trim() === '' || t.trim() === '—') out.push(`empty ${lang}`);
    else if (!t.includes(POWER_NAMES[power][lang]))
      out.push(`${lang} "${t}" does not name ${POWER_NAMES[power][lang]}`);
    const card = option['card'];
    if (typeof card === 'string' && isCardId(card) && !t.includes(cardTitle(card)[lang]))
      out.push(`${lang} "${t}" does not name the card ${cardTitle(card)[lang]}`);
  }
  if (/[А-Яа-яЁё]/.test(label.en)) out.push(`en "${label.en}" is Russian`);
  if (!/[А-Яа-яЁё]/.test(label.ru)) out.push(`ru "${label.ru}" is not Russian`);
  return out;
}

describe('[issue 26, ruling R9, ruling R33] every refused answer and refused candidate is labelled by the engine', () => {
  const seen: Seen = { decisions: [], skipped: [] };
  const firstCard = (d: Decision): EngineEvent | undefined =>
    d.kind === 'card' ? d.options[0]!.event : declinePolicy(d);
  for (const p of plays()) {
    play(p, declinePolicy, seen);
    play(p, firstCard, seen);
  }
  const blocked = seen.decisions.flatMap(({ where, d }) =>
    d.blocked.map((b) => ({ where, kind: d.kind, power: whose(b.option, d.power), b })),
  );
  const refused = seen.skipped.flatMap(({ where, s }) =>
    s.refused.map((r) => ({ where, kind: s.kind, power: whose(r.option, s.power), r })),
  );

  test('the plays meet refused answers of every kind of decision that refuses any, card windows of every rule among them', () => {
    const kinds = new Set(blocked.map((x) => x.kind));
    for (const k of ['move', 'intercept', 'avoid', 'continue', 'retreat', 'card', 'relief'] as const)
      expect(kinds, `a refused ${k} answer`).toContain(k);
    const windows = new Set(
      seen.decisions.filter(({ d }) => d.blocked.length > 0 && d.kind === 'card').map(({ d }) => d.rule),
    );
    // 14 step 7 has one card, Janissaries (ruling R31): a window that asks has no refused play beside it.
    expect([...windows].sort()).toEqual(['13.1 step 4', '14 step 1', '14 step 4', '14 step 5']);
    // A card window lists other powers' refused plays too: the label is all that says whose they are.
    const others = seen.decisions.flatMap(({ d }) =>
      (d.kind === 'card' ? d.blocked : []).filter((b) => b.option.power !== d.power),
    );
    expect(others.length).toBeGreaterThan(0);
  });

  test('each blocked answer has an English and a Russian label naming the power whose answer it is (card plays: and the card)', () => {
    const bad = blocked.flatMap((x) => faults(x.b.label, x.b.option, x.power).map((f) => `${x.where}: ${f}`));
    expect([...new Set(bad)]).toEqual([]);
    expect(blocked.length).toBeGreaterThan(100);
  });

  test('a refused card play names its power, its card and Tercios its way (rulings R29, R30, R33)', () => {
    const tercios = blocked.find((x) => x.b.option['card'] === 'tercios' && x.b.option['option'] === 'fewer-dice');
    expect(tercios?.b.label).toMatchObject({
      en: 'Hapsburg: Tercios (#30), 3 dice fewer',
      ru: 'Габсбурги: «Терции» (№30), на 3 кубика меньше',
    });
  });

  test('the plays meet decisions nobody was asked of every kind (ruling R9), each candidate with a reason and a label', () => {
    const kinds = new Set(seen.skipped.map((x) => x.s.kind));
    for (const k of ['intercept', 'avoid', 'withdraw', 'retreat', 'card', 'relief'] as const)
      expect(kinds, `a skipped ${k} decision`).toContain(k);
    const windows = new Set(seen.skipped.filter((x) => x.s.kind === 'card').map((x) => x.s.rule));
    expect([...windows].sort()).toEqual(['13.1 step 4', '14 step 1', '14 step 4', '14 step 5', '14 step 7']);
    const bad = refused.flatMap((x) =>
      faults(x.r.label, x.r.option, x.power).map((f) => `${x.where} (${x.kind}): ${f}`),
    );
    expect([...new Set(bad)]).toEqual([]);
    for (const x of refused) expect(x.r.reason.en.length * x.r.reason.ru.length).toBeGreaterThan(0);
  });

  test('a refused candidate reads as the same answer refused in a decision that was asked: one text per answer', () => {
    // The candidates of a skipped card window are the plays a card decision would list as blocked (ruling R33).
    const asked = new Map<string, Text>();
    for (const x of blocked)
      if (x.kind === 'card' || x.kind === 'intercept' || x.kind === 'retreat' || x.kind === 'avoid')
        asked.set(
          `${x.kind}|${x.power}|${JSON.stringify(
            x.b.option,
            Object.keys(x.b.option)
              .filter((k) => k !== 'power')
              .sort(),
          )}`,
          x.b.label,
        );
    let same = 0;
    for (const x of refused) {
      const key = `${x.kind}|${x.power}|${JSON.stringify(
        x.r.option,
        Object.keys(x.r.option)
          .filter((k) => k !== 'power')
          .sort(),
      )}`;
      const label = asked.get(key);
      if (!label) continue;
      expect(x.r.label, key).toEqual(label);
      same++;
    }
    expect(same).toBeGreaterThan(0);
  });
});
