// STYLE, checked on the syntax tree by ESLint (eslint.config.js): a machine file only wires names together — no
// control flow, no arithmetic, no ?:, &&, || or ! (a decision is a named guard) — and src/rules and machines/ are
// pure (no I/O, no clock, no randomness, no console; no XState in src/rules). The same rules run in `npm run lint`.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** ESLint loads its TypeScript parser and reads some 60 files: about 4 s on an idle 2-core machine; a wide margin. */
const LINT_TIMEOUT = 60_000;

/** `rule: message` of every problem ESLint finds in `code` as if it were the file `path`. */
async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('STYLE: machines only wire names; src/rules and machines/ are pure', () => {
  test(
    '[13–15] every machine and every file of src/rules passes the house rules',
    { timeout: LINT_TIMEOUT },
    async () => {
      const results = await eslint.lintFiles(['machines', 'src/rules']);
      expect(results.length).toBeGreaterThan(20);
      const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
      expect(found).toEqual([]);
    },
  );

  test(
    'a machine with if, a loop, arithmetic or a conditional expression is refused, strings and comments aside',
    { timeout: LINT_TIMEOUT },
    async () => {
      const dirty = [
        "export const m = setup({}).createMachine({ description: 'roll 2d6 + 1 if you can', // for x - 1",
        '  context: ({ input }) => { if (input) { return input.cp - 1; } for (;;) {} },',
        "  entry: ({ context }) => (context.cp ? 'a' : 'b'),",
        '  exit: ({ context }) => !context.done || context.cp > 0,',
        '});',
      ].join('\n');
      const found = await problems('machines/x/x.machine.ts', dirty);
      expect(found.filter((p) => p.includes('control flow'))).toHaveLength(2);
      expect(found.filter((p) => p.includes('arithmetic'))).toHaveLength(1);
      expect(found.filter((p) => p.includes('named guard'))).toHaveLength(3);
      expect(
        await problems(
          'machines/x/x.machine.ts',
          "export const m = setup({}).createMachine({ description: 'a + b ? c : d', always: { target: 'done' } });",
        ),
      ).toEqual([]);
    },
  );

  test(
    'src/rules may not read the clock, roll its own dice, print, touch files or import XState',
    { timeout: LINT_TIMEOUT },
    async () => {
      const impure = [
        "import { readFileSync } from 'node:fs';",
        "import { setup } from 'xstate';",
        'export const when = () => Date.now() + Math.random();',
        "export const say = () => console.log(readFileSync('x'), setup);",
      ].join('\n');
      const found = await problems('src/rules/x.ts', impure);
      expect(found.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(2);
      expect(found.filter((p) => p.startsWith('no-restricted-properties'))).toHaveLength(2);
      expect(found.filter((p) => p.startsWith('no-console'))).toHaveLength(1);
      expect(await problems('src/engine/x.ts', "import { setup } from 'xstate';\nexport const s = setup;")).toEqual([]);
    },
  );
});
