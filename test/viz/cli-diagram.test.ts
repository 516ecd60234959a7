// `his diagram`: a machine or the composed chart, as Mermaid, DOT or SVG, in English or Russian, with one state
// marked; unknown names are one-line usage errors (exit 1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his, hisAsync } from '../helpers/cli.ts';

const VIZ = join(import.meta.dirname, '..', '..', 'visualizations');

describe('his diagram', () => {
  test('[13.1] prints the movement chart as Mermaid by default', () => {
    const r = his('diagram');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(VIZ, 'movement.en.mmd'), 'utf8'));
  });

  test('[13.1] prints the composed chart as DOT in Russian, as committed', () => {
    const r = his('diagram', 'composed', '--format', 'dot', '--lang', 'ru');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(VIZ, 'composed.ru.dot'), 'utf8'));
  });

  test('[14 step 6] prints SVG with the highlighted state marked', async () => {
    const r = await hisAsync(
      'diagram',
      'fieldBattle',
      '--format',
      'svg',
      '--highlight',
      'fieldBattle.rollingAttackerDice',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<\?xml/);
    expect(r.stdout).toContain('class="node state roll highlight" data-state="fieldBattle.rollingAttackerDice"');
  }, 30_000);

  test('[13.2] --highlight marks a state in Mermaid too, by its key in the root machine', () => {
    const r = his('diagram', 'interception', '--highlight', 'rollingInterception');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('class rollingInterception highlight');
  });

  test.for([
    [['diagram', 'nope'], "unknown machine 'nope'"],
    [['diagram', 'constructor'], "unknown machine 'constructor'"],
    [['diagram', 'fieldBattle', '--highlight', 'nope'], "unknown state 'nope' in the fieldBattle diagram"],
    [
      ['diagram', 'composed', '--highlight', 'hasOwnProperty'],
      "unknown state 'hasOwnProperty' in the composed diagram",
    ],
    [
      ['diagram', 'retreat', '--highlight', 'fieldBattle.done'],
      "unknown state 'fieldBattle.done' in the retreat diagram",
    ],
    [['diagram', 'retreat', '--format', 'png'], '--format must be mermaid, dot, svg, not png'],
  ] as const)('[13.1] %j is a one-line usage error', ([args, message]) => {
    const r = his(...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toContain(message);
  });
});
