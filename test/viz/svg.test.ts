// SVG for the visual rule walkthrough: every state once, found by data-state; transitions with data-from/data-to;
// the composed chart of movement with every procedure it invokes; the same bytes every time.
import { beforeAll, describe, expect, test } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { chartOf, renderDiagram, visualizationFiles } from '../../src/viz/diagram.ts';
import { machineChart } from '../../src/viz/chart.ts';
import { toDot } from '../../src/viz/dot.ts';
import { renderSvg } from '../../src/viz/svg.ts';

const IDS = Object.keys(MACHINES) as MachineId[];
const LANGS = ['en', 'ru'] as const;

/** The value of `name` on every element that has it, in document order. */
function attributeValues(svg: string, name: string): string[] {
  return [...svg.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);
}

function stateIdsOf(id: string, machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const n of Object.values(node.states) as AnyStateMachine['root'][]) {
      out.push([id, ...n.path].join('.'));
      visit(n);
    }
  };
  visit(machine.root);
  return out;
}

/** The `<g>` tags of the transitions: their data attributes. */
function transitions(svg: string): Record<string, string>[] {
  return [...svg.matchAll(/<g id="[^"]*" class="edge transition[^"]*"([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/ (data-[a-z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

let files: Record<string, string>;
beforeAll(async () => {
  files = await visualizationFiles();
}, 60_000);

describe('machine SVGs', () => {
  test.for(IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const)))(
    '[13.1] %s (%s): every state appears exactly once, as data-state',
    ([id, lang]) => {
      const svg = files[`${id}.${lang}.svg`]!;
      expect(attributeValues(svg, 'data-state').sort()).toEqual(stateIdsOf(id, MACHINES[id]).sort());
      const c = chartOf(id, lang);
      const edges = transitions(svg);
      expect(edges).toHaveLength(c.edges.length);
      const states = new Set(c.states.map((s) => s.id));
      for (const e of edges) {
        expect(states.has(e['data-to']!), e['data-to']).toBe(true);
        if (e['data-kind'] !== 'start') expect(states.has(e['data-from']!), e['data-from']).toBe(true);
      }
      expect(svg).toContain(`data-diagram="${id}" data-lang="${lang}"`);
    },
  );

  test('[14 step 6] the Russian SVG cites rules in Russian and keeps the state ids', () => {
    const svg = files['fieldBattle.ru.svg']!;
    expect(svg).toContain('>14, шаг 6<');
    expect(svg).toContain('>Кубики атакующего<');
    expect(svg).toMatch(
      /<g id="fieldBattle_ru_fieldBattle.rollingAttackerDice" class="node state roll" data-state="fieldBattle.rollingAttackerDice"/,
    );
  });
});

describe('the composed SVG', () => {
  test.for(LANGS)('[13.1] %s: every state of every machine appears exactly once', (lang) => {
    const svg = files[`composed.${lang}.svg`]!;
    const all = IDS.flatMap((id) => stateIdsOf(id, MACHINES[id]));
    expect(attributeValues(svg, 'data-state').sort()).toEqual(all.sort());
    expect(
      attributeValues(svg, 'data-machine')
        .filter((m, i, a) => a.indexOf(m) === i)
        .sort(),
    ).toEqual([...IDS].sort());
  });

  test('[13.1 step 8] each invoking state enters the invoked machine, whose final state returns to the onDone target', () => {
    const svg = files['composed.en.svg']!;
    const edges = transitions(svg);
    const has = (kind: string, from: string, to: string) =>
      edges.some((e) => e['data-kind'] === kind && e['data-from'] === from && e['data-to'] === to);
    expect(has('invoke', 'movement.fighting', 'fieldBattle.responseCards')).toBe(true);
    expect(has('return', 'fieldBattle.done', 'movement.checkingSiegesAfterBattle')).toBe(true);
    expect(has('invoke', 'fieldBattle.retreating', 'retreat.checkingNextRetreat')).toBe(true);
    expect(has('return', 'retreat.done', 'fieldBattle.checkingSiege')).toBe(true);
    expect(has('invoke', 'siegeBreak.retreatingBesiegers', 'retreat.checkingNextRetreat')).toBe(true);
    for (const [from, to] of [
      ['breakingSiegesLeftBehind', 'intercepting'],
      ['breakingSiegesAfterAvoid', 'withdrawing'],
      ['breakingSiegesAfterBattle', 'checkingSiegeByOthers'],
    ]) {
      expect(has('invoke', `movement.${from}`, 'siegeBreak.checkingSieges'), from).toBe(true);
      expect(has('return', 'siegeBreak.done', `movement.${to}`), to).toBe(true);
    }
    // 15.3 "immediately": a siege left by interceptors is broken inside the interception, before the next attempt.
    expect(has('invoke', 'interception.breakingSieges', 'siegeBreak.checkingSieges')).toBe(true);
    expect(has('return', 'siegeBreak.done', 'interception.checkingNextInterceptor')).toBe(true);
    // The done transitions of the invoking states are drawn through the invoked machines, not beside them.
    expect(edges.filter((e) => e['data-kind'] === 'done')).toEqual([]);
    const dot = files['composed.en.dot']!;
    expect(dot).toContain('subgraph "cluster_machine_fieldBattle"');
    expect(dot).toContain('done (invoked by breakingSiegesAfterAvoid)');
  });

  test('[14.1] every machine is framed once, with the states that invoke it', () => {
    const svg = files['composed.ru.svg']!;
    const frames = [
      ...svg.matchAll(/class="cluster machine" data-machine="([^"]*)"(?: data-invoked-by="([^"]*)")?/g),
    ].map((m) => [m[1], m[2]]);
    expect(frames.map(([m]) => m).sort()).toEqual(IDS.filter((id) => id !== 'movement').sort());
    expect(
      frames
        .find(([m]) => m === 'retreat')?.[1]
        ?.split(' ')
        .sort(),
    ).toEqual([
      'fieldBattle.attackerLeaving',
      'fieldBattle.retreating',
      'movement.retreatingToOrigin',
      'siegeBreak.retreatingBesiegers',
    ]);
    expect(svg).toContain('>Полевое сражение <');
  });
});

describe('rendering', () => {
  test('[13.1] is deterministic: the same DOT gives the same bytes, in this process and in a child process', async () => {
    const graph = toDot(chartOf('composed', 'ru'));
    const first = await renderSvg(graph);
    expect(await renderSvg(graph)).toBe(first);
    expect(first).toBe(files['composed.ru.svg']);
  }, 60_000);

  test('[14 step 6] --highlight marks one state of the SVG', async () => {
    const svg = await renderDiagram('fieldBattle', 'svg', { highlight: 'fieldBattle.rollingAttackerDice' });
    expect(svg.match(/class="[^"]*highlight[^"]*"/g)).toEqual(['class="node state roll highlight"']);
    expect(svg).toMatch(
      /class="node state roll highlight" data-state="fieldBattle.rollingAttackerDice"[^>]*>\n<title>[^<]*<\/title>\n<polygon fill="#bfdbfe" stroke="#dc2626" stroke-width="4"/,
    );
    const composed = await renderDiagram('composed', 'svg', { highlight: 'siegeBreak.checkingSieges' });
    expect(composed.match(/highlight/g)).toHaveLength(1);
  }, 60_000);

  test('[13.1] a nested state is drawn once, as a frame, with its path joined by dots', async () => {
    const machine = createMachine({
      id: 'nested',
      meta: { rule: '13.1', title: { en: 'Nested', ru: 'Вложенная' } },
      initial: 'outer',
      states: {
        outer: {
          initial: 'inner',
          states: { inner: { on: { go: 'other' } }, other: { type: 'final' } },
          onDone: 'end',
        },
        end: { type: 'final' },
      },
    });
    const c = machineChart('nested', machine, 'en');
    expect(c.states.map((s) => s.id)).toEqual([
      'nested.outer',
      'nested.outer.inner',
      'nested.outer.other',
      'nested.end',
    ]);
    const svg = await renderSvg(toDot(c, { highlight: 'nested.outer.inner' }));
    expect(attributeValues(svg, 'data-state').sort()).toEqual([
      'nested.end',
      'nested.outer',
      'nested.outer.inner',
      'nested.outer.other',
    ]);
    expect(svg).toMatch(/class="cluster state compound" data-state="nested.outer"/);
    expect(
      transitions(svg)
        .map((e) => `${e['data-from'] ?? ''} > ${e['data-to']} (${e['data-kind']})`)
        .sort(),
    ).toEqual([
      ' > nested.outer (start)',
      'nested.outer > nested.end (done)',
      'nested.outer.inner > nested.outer.other (event)',
    ]);
  }, 60_000);

  test.for(['interception', 'composed'] as const)(
    '[13.1] %s: the SVG the CLI renders is the committed file',
    { timeout: 60_000 },
    async (name) => {
      expect(await renderDiagram(name, 'svg', { lang: 'en' })).toBe(files[`${name}.en.svg`]);
    },
  );
});
