// The page's script: the replay script carries no engine; the play script carries the engine through src/index.ts
// and reaches no Node module; an entry that asks for one fails the build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { bundleEntry, bundleScript, BundleError } from '../../src/viz/walkthrough/bundle.ts';

// esbuild starts its service once per process; bundling the engine takes a second or two on a loaded machine.
const SLOW = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'his-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the page scripts', () => {
  test(
    '[DESIGN] the replay script is the renderer alone: no engine, no zod, no xstate',
    async () => {
      const b = await bundleScript('replay');
      expect(b.inputs.some((f) => f.includes('node_modules'))).toBe(false);
      expect(b.inputs).not.toContain('src/engine/session.ts');
      expect(b.text.length).toBeLessThan(100_000);
    },
    SLOW,
  );

  test(
    '[DESIGN] the play script bundles the engine through the public API and reaches no node: module',
    async () => {
      const b = await bundleScript('play');
      expect(b.inputs).toContain('src/index.ts');
      expect(b.inputs).toContain('src/engine/session.ts');
      expect(b.inputs.filter((f) => f.startsWith('node:') || f.includes('(disabled)'))).toEqual([]);
      expect(b.text).not.toMatch(/<\/script|<!--/i);
      // Built once per process: the same text every time (the committed page depends on it).
      expect((await bundleScript('play')).text).toBe(b.text);
    },
    SLOW,
  );

  test(
    '[DESIGN] an entry that imports a node: module fails the build, naming it',
    async () => {
      const entry = join(dir, 'entry.ts');
      writeFileSync(entry, "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n");
      await expect(bundleEntry(entry, 'play')).rejects.toThrow(BundleError);
      await expect(bundleEntry(entry, 'play')).rejects.toThrow(/node:fs/);
    },
    SLOW,
  );
});
