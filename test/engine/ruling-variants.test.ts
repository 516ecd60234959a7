// Ruling variants (src/schema/rulings.ts): where RULINGS.md chose one reading of an open rule, a scenario's
// `rulings` (or `--ruling`) selects the other. Each alternative is pinned on the casebook case that shows it — the
// end positions it adds or removes — and the default stays exactly the rulings: no `rulings`, `{}` and every
// ruling named `ruling` resolve alike, and the result position carries the readings so that it parses again.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, withRulings } from '../../src/engine/scenario.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { compareCase } from '../../src/review/casebook-compare.ts';
import { loadCases, runCaseUnder, type Case } from '../../src/review/casebook.ts';
import { VARIANT_RULINGS, type Rulings, type VariantRuling } from '../../src/schema/rulings.ts';
import { walkthrough } from '../../src/viz/walkthrough/index.ts';
import { his } from '../helpers/cli.ts';
import { issuesOf } from '../helpers/fixtures.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CASES = new Map(loadCases(join(ROOT, 'review', 'cases')).map((c) => [c.id, c]));

function theCase(id: string): Case {
  const c = CASES.get(id);
  if (!c) throw new Error(`no casebook case ${id}`);
  return c;
}

function outcomesUnder(id: string, rulings: Rulings): string[] {
  const r = runCaseUnder(theCase(id), rulings);
  expect(r.error).toBeUndefined();
  expect(r.violations).toEqual([]);
  return Object.keys(r.outcomes).sort();
}

/** Each alternative reading, the case that shows it, and one end position only each reading reaches. */
const VARIANTS: readonly { ruling: VariantRuling; case: string; onlyRuling: string; onlyAlternative: string }[] = [
  {
    ruling: 'R5',
    case: 'odd-hits-between-allies',
    onlyRuling: 'east hapsburg 1r lost; field ottoman 4r | cp 0',
    onlyAlternative: '',
  },
  {
    ruling: 'R7',
    case: 'both-wiped-out-equal-dice',
    onlyRuling: 'east hapsburg 1r lost | captured: ibrahim-pasha by hapsburg | cp 0',
    onlyAlternative: 'no stacks | captured: ibrahim-pasha by hapsburg | cp 0',
  },
  {
    ruling: 'R10',
    case: 'inactive-five-unfortified',
    onlyRuling: 'plain ottoman 6r [ibrahim-pasha] | cp 0',
    onlyAlternative: 'hill hungary 3r lost; plain ottoman 6r [ibrahim-pasha] | cp 0',
  },
  {
    ruling: 'R11',
    case: 'attacker-origin-illegal-another-space-legal',
    onlyRuling: 'field hapsburg 3r | captured: ibrahim-pasha by hapsburg | cp 0',
    onlyAlternative: 'field hapsburg 3r; refuge ottoman 1r [ibrahim-pasha] lost | cp 0',
  },
  {
    ruling: 'R13',
    case: 'empty-fortress-besieged',
    onlyRuling: 'fort ottoman 1r | besieged: fort by ottoman* | cp 0',
    onlyAlternative: 'fort ottoman 1r | cp 0',
  },
  {
    ruling: 'R16',
    case: 'captives-go-to-first-power-with-land-units',
    onlyRuling: 'mohacs hapsburg [ferdinand]; mohacs england 2r | captured: ibrahim-pasha by england | cp 0',
    onlyAlternative: 'mohacs hapsburg [ferdinand]; mohacs england 2r | captured: ibrahim-pasha by hapsburg | cp 0',
  },
  {
    ruling: 'R17',
    case: 'third-power-does-not-hold-a-siege',
    onlyRuling: 'fort hapsburg in 1r; fort france 1r; road ottoman 2r | cp 0',
    onlyAlternative: 'camp france 1r; fort hapsburg in 1r; road ottoman 2r | cp 0',
  },
  {
    ruling: 'R18',
    case: 'losing-attacker-goes-inside-own-fortress',
    onlyRuling: 'fort ottoman in 2r; fort ottoman in 1r [ibrahim-pasha] lost; fort hapsburg 2r | cp 0',
    onlyAlternative: '',
  },
  {
    ruling: 'R19',
    case: 'waiting-leader-fights-with-the-formation',
    onlyRuling: 'belgrade ottoman 2r [ibrahim-pasha] lost | cp 0',
    onlyAlternative: 'belgrade ottoman 2r lost; mohacs hapsburg 1r | captured: ibrahim-pasha by hapsburg | cp 0',
  },
  // R16's last sentence now points to ruling R20: `"R16": "alternative"` selects R20's alternative (READING_ALIASES).
  {
    ruling: 'R20',
    case: 'captives-go-to-first-power-with-land-units',
    onlyRuling: 'mohacs hapsburg [ferdinand]; mohacs england 2r | captured: ibrahim-pasha by england | cp 0',
    onlyAlternative: 'mohacs hapsburg [ferdinand]; mohacs england 2r | captured: ibrahim-pasha by hapsburg | cp 0',
  },
  // Under the alternative only the Hapsburg's mercenary changes sides: France cannot win keeping 2 mercenaries, and
  // the English keep both of theirs.
  {
    ruling: 'R29',
    case: 'mercenaries-bribed-from-the-whole-side',
    onlyRuling: 'linz france 1r 2m | cp 0',
    onlyAlternative: 'linz england 2m | cp 0',
  },
];

describe('each alternative reading changes what its case shows, and only there', () => {
  test('every ruling with an alternative has a case here', () => {
    expect(VARIANTS.map((v) => v.ruling)).toEqual([...VARIANT_RULINGS]);
  });

  for (const v of VARIANTS) {
    test(`[ruling ${v.ruling}] ${v.case}: the alternative reading gives other end positions`, () => {
      const ruling = outcomesUnder(v.case, {});
      const alternative = outcomesUnder(v.case, { [v.ruling]: 'alternative' });
      expect(ruling).toContain(v.onlyRuling);
      expect(alternative).not.toContain(v.onlyRuling);
      if (v.onlyAlternative) {
        expect(alternative).toContain(v.onlyAlternative);
        expect(ruling).not.toContain(v.onlyAlternative);
      } else expect(alternative.every((o) => ruling.includes(o))).toBe(true);
    });
  }

  test("[ruling R5] under the alternative the Hapsburgs, the side's deciding group, take the odd hit themselves", () => {
    const alternative = outcomesUnder('odd-hits-between-allies', { R5: 'alternative' });
    expect(alternative.length).toBeGreaterThan(0);
    for (const o of alternative) expect(o).toMatch(/england 1r lost/);
  });

  test('[ruling R11] the alternative keeps R11 where no other space is legal either: eliminated under 14.1 itself', () => {
    const c = compareCase(theCase('attacker-origin-illegal'), { R11: 'alternative' });
    expect(c.outcomes.every((o) => o.ruling === o.alternative)).toBe(true);
    expect(c.facts.map((f) => f.find)).toEqual([expect.stringContaining("eliminatedBy === 'R11'")]);
  });

  test('[ruling R13] a case with nothing in an empty fortress to dispute is the same under both readings', () => {
    expect(compareCase(theCase('withdraw-exactly-four'), { R13: 'alternative' }).same).toBe(true);
  });
});

describe('the default is exactly the rulings', () => {
  const vienna = () =>
    JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8')) as Record<string, unknown>;

  test('no rulings, {} and every ruling named "ruling" resolve the worked example alike', () => {
    const named = Object.fromEntries(VARIANT_RULINGS.map((id) => [id, 'ruling']));
    const runs = [undefined, {}, named].map((rulings) => {
      const r = resolve(parseScenario({ ...vienna(), ...(rulings ? { rulings } : {}) }), { seed: 7 });
      expect(r.ok).toBe(true);
      return r.ok ? { position: { ...r.result.position, rulings: undefined }, summary: r.result.summary } : undefined;
    });
    expect(runs[0]?.summary.battle).toBeDefined();
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  test('the result position carries the readings it was resolved under, and parses again as a scenario', () => {
    const r = resolve(withRulings(parseScenario(vienna()), { R7: 'alternative', R19: 'alternative' }), { seed: 3 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.result.position.rulings).toEqual({ R7: 'alternative', R19: 'alternative' });
    const again = parseScenario(r.result.position);
    expect(again.world.rulings).toEqual({ R7: 'alternative', R19: 'alternative' });
    const plain = resolve(parseScenario(vienna()), { seed: 3 });
    expect(plain.ok && plain.result.position.rulings).toEqual({});
  });
});

describe('the walkthrough page says which rulings are read the other way', () => {
  const vienna = () =>
    JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8')) as Record<string, unknown>;

  test(
    '[ruling R7][ruling R19] the page names the alternative readings in both languages, and nothing without them',
    { timeout: 60_000 },
    async () => {
      const variant = await walkthrough(
        withRulings(parseScenario(vienna()), { R7: 'alternative', R19: 'alternative' }),
      );
      expect(variant.model.alternativeReadings).toEqual(['R7', 'R19']);
      expect(variant.html).toContain('Read with the alternative reading of R7, R19');
      const russian = await walkthrough(withRulings(parseScenario(vienna()), { R13: 'alternative' }), { lang: 'ru' });
      expect(russian.html).toContain('Альтернативное прочтение постановлений: R13');
      const plain = await walkthrough(parseScenario(vienna()));
      expect(plain.model.alternativeReadings).toEqual([]);
      expect(plain.html).not.toContain('alternative reading of R');
    },
  );
});

describe("a scenario's rulings are checked like the rest of it", () => {
  const base = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8')) as Record<string, unknown>;

  const problems = (rulings: unknown): string[] => issuesOf({ ...base, rulings }).map((i) => `${i.path}: ${i.message}`);

  test('a ruling with no alternative reading is named, with the ones that have one', () => {
    const [problem] = problems({ R3: 'alternative' });
    expect(problem).toContain("'R3'");
    expect(problem).toContain(VARIANT_RULINGS.join(', '));
  });

  test('a reading other than "ruling" or "alternative" is refused', () => {
    expect(problems({ R11: 'literal' }).join('\n')).toContain('"literal" is not a reading');
  });

  test('a valid reading parses', () => {
    expect(parseScenario({ ...base, rulings: { R11: 'alternative', R13: 'ruling' } }).data.rulings).toEqual({
      R11: 'alternative',
      R13: 'ruling',
    });
  });
});

describe('his --ruling and his review --compare', () => {
  test('[ruling R13] resolve --ruling R13=alternative leaves an empty fortress unbesieged', () => {
    const scenario = JSON.stringify(theCase('empty-fortress-besieged').scenario);
    const path = tempScenario(scenario);
    const ruling = his('resolve', path, '--json');
    const alternative = his('resolve', path, '--json', '--ruling', 'R13=alternative');
    expect(ruling.code).toBe(0);
    expect(alternative.code).toBe(0);
    expect(JSON.parse(ruling.stdout).position.sieges).toHaveLength(1);
    expect(JSON.parse(alternative.stdout).position.sieges).toEqual([]);
    expect(JSON.parse(alternative.stdout).position.rulings).toEqual({ R13: 'alternative' });
    expect(his('resolve', path, '--ruling', 'R13=alternative').stdout).toContain(
      'Read with the alternative reading of R13',
    );
    expect(his('resolve', path, '--ruling', 'R13=alternative', '--lang', 'ru').stdout).toContain(
      'Альтернативное прочтение постановлений: R13',
    );
    expect(his('resolve', path).stdout).not.toContain('alternative reading');
  });

  test('[ruling R13] review --compare prints each case under both readings side by side, or "same"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-compare-'));
    for (const id of ['empty-fortress-besieged', 'telescope-on-avoid'])
      writeFileSync(join(dir, `${id}.json`), readFileSync(join(ROOT, 'review', 'cases', `${id}.json`)));
    const text = his('review', dir, '--compare', 'R13=alternative');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('2 cases under the rulings (RULINGS.md) and under R13=alternative: 1 differ');
    expect(text.stdout).toContain('empty-fortress-besieged: DIFFERS');
    expect(text.stdout).toMatch(/≠ 1 +— +fort ottoman 1r \| besieged: fort by ottoman\*/);
    expect(text.stdout).toContain('telescope-on-avoid: same');
    const json = JSON.parse(his('review', dir, '--compare', 'R13=alternative', '--json').stdout);
    expect(json).toMatchObject({ ok: true, compare: { R13: 'alternative' }, cases: 2, differ: 1 });
    expect(his('review', dir, '--compare', 'R13=alternative', '--baseline', 'x.json').code).toBe(1);
  });

  test('an unknown ruling or reading on the command line is a usage error naming the allowed ones', () => {
    const unknown = his('resolve', 'examples/vienna-1517.json', '--ruling', 'R99=alternative');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(VARIANT_RULINGS.join(', '));
    const bad = his('resolve', 'examples/vienna-1517.json', '--ruling', 'R11');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('ID=READING');
    expect(`${unknown.stderr}${bad.stderr}`).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

function tempScenario(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'his-rulings-'));
  const path = join(dir, 'scenario.json');
  writeFileSync(path, text);
  return path;
}
