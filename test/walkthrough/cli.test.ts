// `his walkthrough` (src/cli/walkthrough.ts), run in this process with captured streams: the page to stdout or to
// -o, usage errors, bad files, an illegal scripted event (the page still written, exit 3), an unwritable output.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { createSession, parseScenario } from '../../src/index.ts';
import type { WalkthroughModel } from '../../src/viz/walkthrough/types.ts';
import { cmdWalkthrough } from '../../src/cli/walkthrough.ts';
import { walkthrough } from '../../src/viz/walkthrough/index.ts';
import { processIo, UsageError, useIo } from '../../src/cli/common.ts';
import { ROOT, VIENNA_TEXT } from './fixtures.ts';

// The first page of a process renders the statecharts and bundles the script: seconds on a loaded machine.
const SLOW = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'his-walkthrough-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The suite's workers keep modules between files (vitest.config.ts): the CLI's streams go back when a test ends.
afterEach(() => useIo(processIo));
const EXAMPLE = join(ROOT, 'examples', 'vienna-1517.json');

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  useIo({ out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  const code = await cmdWalkthrough(args);
  return { code, stdout, stderr };
}

describe('his walkthrough', () => {
  test(
    '[DESIGN] writes the page to stdout by default',
    async () => {
      const r = await run(EXAMPLE);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
      // Nothing in the page is a control or bidirectional character the terminal guard would escape: stdout is the page.
      expect(r.stdout).toBe(`${(await walkthrough(parseScenario(VIENNA_TEXT), { seed: 1 })).html}`);
      expect(r.stdout).not.toContain('id="wt-scenario"');
      expect(r.stderr).toBe('');
    },
    SLOW,
  );

  test(
    '[DESIGN] -o writes the file, --play adds play mode, --lang ru opens it in Russian',
    async () => {
      const file = join(dir, 'vienna.html');
      const r = await run(EXAMPLE, '--play', '--lang', 'ru', '-o', file);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/vienna\.html: 38 steps, \d+ bytes, with play mode/);
      const page = readFileSync(file, 'utf8');
      expect(page).toContain('<html lang="ru">');
      expect(page).toContain('id="wt-scenario"');
    },
    SLOW,
  );

  test('[DESIGN] options are checked before anything runs: a usage error', () => {
    expect(() => cmdWalkthrough([])).toThrow(UsageError);
    expect(() => cmdWalkthrough([EXAMPLE, '--lang', 'de'])).toThrow(/--lang must be en or ru/);
    expect(() => cmdWalkthrough([EXAMPLE, '--seed', '-1'])).toThrow(/--seed/);
    expect(() => cmdWalkthrough([EXAMPLE, '--play=yes'])).toThrow();
    expect(() => cmdWalkthrough([EXAMPLE, '-o', ''])).toThrow(/-o needs a file name/);
  });

  test('[DESIGN] a missing or bad scenario or events file: exit 2, every problem listed', async () => {
    expect((await run(join(dir, 'missing.json'))).code).toBe(2);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"impulse": {"power": "ottoman", "cp": -1}}');
    const r = await run(bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/impulse\.cp/);
    const events = join(dir, 'events.json');
    writeFileSync(events, '[{"type": "dice.rolled", "values": [7]}]');
    expect((await run(EXAMPLE, '--events', events)).code).toBe(2);
  });

  test(
    '[13.4] an illegal scripted event: the page ends at the refusal, exit 3',
    async () => {
      const scenario = join(dir, 'illegal.json');
      writeFileSync(
        scenario,
        JSON.stringify({ ...JSON.parse(VIENNA_TEXT), events: [{ type: 'withdraw.declare', power: 'hapsburg' }] }),
      );
      const file = join(dir, 'illegal.html');
      const r = await run(scenario, '-o', file);
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/scripted event 1 \(index 0\)/);
      const page = readFileSync(file, 'utf8');
      expect(page).toContain('"stopped":{"code":"');
      expect(page).toContain('"type":"withdraw.declare"');
    },
    SLOW,
  );

  test(
    '[DESIGN] an output that cannot be written: exit 2, one line',
    async () => {
      const r = await run(EXAMPLE, '-o', join(dir, 'no', 'such', 'folder.html'));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/cannot write .*folder\.html: no such folder/);
      expect(existsSync(join(dir, 'no'))).toBe(false);
    },
    SLOW,
  );

  test(
    '[DESIGN] a save (what play mode downloads) instead of a scenario: its answers, its seed, its dice as given',
    async () => {
      // A session played partway: the interception declared, the roll made by the seeded dice, the battle not yet.
      const session = createSession(parseScenario({ ...JSON.parse(VIENNA_TEXT), events: [] }), { seed: 9 });
      session.send({ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] });
      session.roll();
      const save = session.save();
      const file = join(dir, 'save.json');
      writeFileSync(file, JSON.stringify(save));
      const out = join(dir, 'from-save.html');
      const r = await run(file, '--play', '-o', out);
      expect(r.code).toBe(0);
      const page = readFileSync(out, 'utf8');
      const model = JSON.parse(
        /<script type="application\/json" id="wt-data">([\s\S]*?)<\/script>/.exec(page)![1]!,
      ) as WalkthroughModel;
      // The save's answers with their sources; the rest of the move by the default policy, as with --events.
      expect(model.frames.slice(1, 3).map((f) => [f.answer!.event.type, f.answer!.source])).toEqual([
        ['intercept.declare', 'host'],
        ['dice.rolled', 'seeded'],
      ]);
      expect(model.frames[2]!.answer!.event).toEqual(save.events[1]!.event);
      expect(model.seed).toBe(9);
      expect(model.frames.at(-1)!.done).toBe(true);
      // The page plays on from the save's own answers.
      const played = JSON.parse(
        /<script type="application\/json" id="wt-scenario">([\s\S]*?)<\/script>/.exec(page)![1]!,
      );
      expect(played.seed).toBe(9);
      expect(played.events.slice(0, 2)).toEqual(save.events.map((e) => ({ event: e.event, source: e.source })));
      // A save carries its own answers and seed.
      expect(() => cmdWalkthrough([file, '--seed', '3'])).toThrow(/a save carries its own seed/);
      expect(() => cmdWalkthrough([file, '--events', file])).toThrow(/a save carries its own answers/);
      // A save this engine cannot replay is a bad input file, with the engine's reason.
      const edited = join(dir, 'edited.json');
      writeFileSync(edited, JSON.stringify({ ...save, events: [{ event: { type: 'move.stop' }, source: 'host' }] }));
      const bad = await run(edited);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(
        /edited\.json is not a save this engine can replay: saved event 1 \(move\.stop\) is refused/,
      );
    },
    SLOW,
  );
});
