// The README shows what `npm start` prints: its lines must still be what the engine prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { narrative } from '../../src/engine/report.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('README', () => {
  test('[13.1] the Quick start excerpt of the worked example is what npm start prints', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = readme.split('`npm start` prints')[1]?.split('```')[1] ?? '';
    const shown = block
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^\d+\./.test(l));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    const r = resolve(parseScenario(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8')));
    if (!r.ok) throw new Error(r.error.message);
    const printed = narrative(r.session, 'en')
      .split('\n')
      .map((l) => l.trim());
    for (const line of shown) expect(printed).toContain(line);
  });

  test('the Quick start has exactly the two commands: install-and-run, and test', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const quick = readme.split('## Quick start')[1]?.split('```sh')[1]?.split('```')[0] ?? '';
    const commands = quick
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm ci && npm start', 'npm test']);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toContain('examples/vienna-1517.json');
    expect(pkg.scripts.test).toContain('vitest run');
  });
});

describe('README: the API snippet', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const snippet = readme.split('## Use it from a program')[1]?.split('```ts')[1]?.split('```')[0] ?? '';

  test('[13.2 step 5] runs against the library with the worked example, and the refusal it shows is the one the engine gives', async () => {
    expect(snippet).toContain("from 'his-procedures'");
    const lib = await import('../../src/index.ts');
    const json = readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8');
    const updates: unknown[] = [];
    const body = `${snippet.replace(/^import .*$/m, '')}\nreturn { session, refused, stop };`;
    const run = new Function(
      'lib',
      'json',
      'render',
      `const { parseScenario, createSession, restoreSession, resolve } = lib;\n${body}`,
    ) as (
      lib: unknown,
      json: string,
      render: (...args: unknown[]) => void,
    ) => {
      session: import('../../src/index.ts').Session;
      refused: import('../../src/index.ts').SendResult;
      stop: () => void;
    };
    const { session, refused, stop } = run(lib, json, (...args) => void updates.push(args));
    const claimed = /refused → \{ ok: false, error: \{ code: '([^']+)', rule: '([^']+)'/.exec(snippet);
    expect(claimed).not.toBeNull();
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect([refused.error.code, refused.error.rule]).toEqual([claimed![1], claimed![2]]);
    expect(typeof stop).toBe('function');
    // The pending decision the snippet describes first: an interception asked under 13.2 step 1.
    const first = lib.createSession(lib.parseScenario(json), { seed: 42, lang: 'en' }).pending;
    expect(snippet).toContain(`kind: '${first?.kind}'`);
    expect(snippet).toContain(`rule: '${first?.rule}'`);
    expect(session.trace.length).toBeGreaterThan(0);
  });
});
