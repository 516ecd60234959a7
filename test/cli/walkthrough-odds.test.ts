// The walkthrough's odds from the command line (issue 26, item 6): worked out as the page is written, each decision's
// exploration bounded by --odds-nodes (a decision bigger than the bound says which bound stopped it), or left out
// with --no-odds; giving both, or a bound that is not a whole number of at least 1, is a usage error.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his, hisAsync } from '../helpers/cli.ts';

const DIR = mkdtempSync(join(tmpdir(), 'his-walkthrough-odds-'));
const VIENNA = join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json');

/** The odds a written page carries: the answers' odds and the bounds that stopped a decision. */
async function pageOdds(...extra: string[]): Promise<{ computed: number; stopped: string[] }> {
  const page = join(DIR, `page-${extra.join('-') || 'default'}.html`);
  const r = await hisAsync('walkthrough', VIENNA, ...extra, '-o', page);
  expect(r.code, r.stderr).toBe(0);
  const html = readFileSync(page, 'utf8');
  return {
    computed: html.match(/"odds":\{"policy"/g)?.length ?? 0,
    stopped: html.match(/"stopped":\{[^}]*\}/g) ?? [],
  };
}

describe('his walkthrough --no-odds and --odds-nodes', () => {
  test('[DESIGN] by default every decision of the worked example has its odds, none stopped by a bound', async () => {
    const odds = await pageOdds();
    expect(odds.computed).toBeGreaterThan(1);
    expect(odds.stopped).toEqual([]);
  }, 120_000);

  test('[DESIGN] --odds-nodes 10: the interception is too big to explore and says the bound that stopped it', async () => {
    const odds = await pageOdds('--odds-nodes', '10');
    expect(odds.stopped.length).toBeGreaterThan(0);
    expect(new Set(odds.stopped)).toEqual(new Set(['"stopped":{"limit":"maxNodes","value":10}']));
    expect(odds.computed).toBeLessThan((await pageOdds()).computed);
  }, 120_000);

  test('[DESIGN] --no-odds: the page carries no odds at all', async () => {
    expect(await pageOdds('--no-odds')).toEqual({ computed: 0, stopped: [] });
  }, 120_000);

  test.for([
    [['--no-odds', '--odds-nodes', '5'], /--no-odds leaves the odds out/],
    [['--odds-nodes', '0'], /--odds-nodes must be a whole number from 1 to 5000000, not '0'/],
    [['--odds-nodes', 'many'], /--odds-nodes must be a whole number/],
  ] as const)('[DESIGN] %j is a usage error (exit 1) naming the option', ([extra, message]) => {
    const r = his('walkthrough', VIENNA, ...extra);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
