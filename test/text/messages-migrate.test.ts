// The migration path for texts written with text(en, ru): scripts/messages-migrate.ts rewrites a template call into
// msg(id, enPattern, ruPattern, args) that gives the same strings, now with a message id and its parameters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { migrate } from '../../scripts/messages-migrate.ts';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const dir = mkdtempSync(join(tmpdir(), 'his-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A reason as an engineer writes it today: names, a count, an agreement, a condition, a rule.
const BEFORE = `import { count, NOUNS } from '${SRC}/text/grammar.ts';
import { powerGen, powerName, ruAgree, spaceName } from '${SRC}/text/names.ts';
import { cite } from '${SRC}/text/rules.ts';
import { text, type Text } from '${SRC}/text/text.ts';
import { hisBoard } from '${SRC}/data/board.ts';
import type { Power } from '${SRC}/schema/power.ts';

const world = { board: hisBoard() };

export const RELIEF_REASONS = {
  isReliefInRange: (power: Power, space: string, n: number, late: boolean): Text => {
    const p = powerName(power),
      r = cite('15.2');
    return text(
      \`\${p.en} sends \${count(n, NOUNS.regulars).en} to relieve \${spaceName(world, space).en}\${late ? ' too late' : ''} (\${r.en}).\`,
      \`\${p.ru} \${ruAgree(power, 'посылают', 'посылает')} на выручку \${count(n, NOUNS.regulars, 'acc').ru}\${late ? ' слишком поздно' : ''}: \` +
        \`осада \${powerGen(power).ru} (\${r.ru}).\`,
    );
  },
};
`;

interface Relief {
  readonly RELIEF_REASONS: {
    readonly isReliefInRange: (
      power: 'ottoman' | 'france' | 'papacy',
      space: string,
      n: number,
      late: boolean,
    ) => { en: string; ru: string; id?: string | undefined; params?: Readonly<Record<string, unknown>> | undefined };
  };
}

describe('[issue 25] npm run messages:migrate', () => {
  test('rewrites a text(en, ru) template into a message with the same strings, an id and its parameters', async () => {
    const original = join(dir, 'relief-before.ts'),
      file = join(dir, 'relief.ts');
    writeFileSync(original, BEFORE);
    writeFileSync(file, BEFORE);
    const before = (await import(original)) as Relief;
    const cases = [
      ['ottoman', 'vienna', 1, false],
      ['france', 'metz', 5, true],
      ['papacy', 'rome', 3, false],
    ] as const;
    const old = cases.map((c) => before.RELIEF_REASONS.isReliefInRange(c[0], c[1], c[2], c[3]));
    expect(migrate(file)).toEqual({ converted: 1, left: [] });
    const after = readFileSync(file, 'utf8');
    expect(after).toContain('msg(');
    expect(after).not.toMatch(/\btext\(/);
    const now = (await import(file)) as Relief;
    for (const [i, c] of cases.entries()) {
      const t = now.RELIEF_REASONS.isReliefInRange(c[0], c[1], c[2], c[3]);
      expect({ en: t.en, ru: t.ru }).toEqual({ en: old[i]!.en, ru: old[i]!.ru });
      expect(t.id).toMatch(/^[\w.-]+\.isReliefInRange$/);
      expect(Object.keys(t.params ?? {})).toEqual(expect.arrayContaining(['p', 'r', 'powerForm']));
    }
    expect(old[1]!.ru).toContain('Франция посылает');
    expect(old[0]!.ru).toContain('Османы посылают');
  });
});
