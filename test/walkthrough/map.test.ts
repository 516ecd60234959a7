// The map tells the truth: every stack drawn by its own space, the pieces a step eliminates or captures marked where
// it happens, and labels placed so that none covers another (the placement here; the drawn boxes in chromium, in
// test/browser/teacher.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseScenario, resolve, type Scenario } from '../../src/index.ts';
import { overlaps, Placer, around, textWidth, type Box } from '../../src/viz/walkthrough/labels.ts';
import { mapSvg } from '../../src/viz/walkthrough/map.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import type { WalkthroughModel } from '../../src/viz/walkthrough/types.ts';
import { busy, ROOT, vienna } from './fixtures.ts';

function modelOf(scenario: Scenario, policy: 'decline' | 'eager' = 'decline', seed = 1): WalkthroughModel {
  const r = resolve(scenario, { seed, policy });
  return replayModel(scenario, r.session.save().events, { seed });
}

const none = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

describe('what a step eliminates or captures is marked where it happens', () => {
  test('[14 step 9] the worked example: each side’s losses in Vienna at "Losses and captures", and at no other step', () => {
    const m = modelOf(vienna());
    const marked = m.steps.filter((s) => m.boards[s.board!]!.fallen.length > 0);
    expect(marked.map((s) => s.stateId)).toEqual(['fieldBattle.applyingCasualties']);
    expect(m.boards[marked[0]!.board!]!.fallen).toEqual([
      { ...none, space: 'vienna', power: 'ottoman', kind: 'eliminated', regulars: 4, cavalry: 1 },
      { ...none, space: 'vienna', power: 'hapsburg', kind: 'eliminated', regulars: 3 },
    ]);
    // The mark is drawn on the map of that step, struck through, by Vienna.
    const svg = mapSvg(m, m.maps[m.boards[marked[0]!.board!]!.map], m.boards[marked[0]!.board!]!, 'en').text;
    expect(svg).toContain('class="label fallen eliminated" data-space="vienna" data-power="ottoman"');
    expect(svg).toContain('✗ 4 reg., 1 cav.');
  });

  test('[13.1] a lone leader captured as the formation is placed; [14 step 10] a beaten leader captured after the battle', () => {
    const lone = modelOf(parseScenario(readFileSync(join(ROOT, 'examples', 'lone-leader-captured.json'), 'utf8')));
    const at = lone.steps.find((s) => s.stateId === 'movement.placingFormation')!;
    expect(lone.boards[at.board!]!.fallen).toEqual([
      { ...none, space: 'graz', power: 'hapsburg', kind: 'captured', leaders: ['ferdinand'], by: 'ottoman' },
    ]);
    const crowded = modelOf(busy(), 'eager', 3);
    const fallen = crowded.steps.flatMap((s) => crowded.boards[s.board!]!.fallen.map((f) => [s.stateId, f]));
    expect(fallen).toEqual([
      [
        'fieldBattle.applyingCasualties',
        { ...none, space: 'vienna', power: 'ottoman', kind: 'eliminated', regulars: 2 },
      ],
      [
        'fieldBattle.applyingCasualties',
        { ...none, space: 'vienna', power: 'hapsburg', kind: 'eliminated', regulars: 2, mercenaries: 1 },
      ],
      [
        'fieldBattle.applyingCasualties',
        { ...none, space: 'vienna', power: 'hapsburg', kind: 'captured', leaders: ['ferdinand'], by: 'ottoman' },
      ],
    ]);
  });
});

describe('every stack on its own space', () => {
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
  const cases: [string, () => WalkthroughModel][] = [
    ...files.map((f): [string, () => WalkthroughModel] => [
      f,
      () => modelOf(parseScenario(readFileSync(join(ROOT, 'examples', f), 'utf8')), 'eager', 2),
    ]),
    ['busy', () => modelOf(busy(), 'eager', 3)],
  ];
  test.for(cases)('[13.1] %s: one counter per stack of a drawn space, named by that space and power', ([, make]) => {
    const m = make();
    for (const board of m.boards) {
      const map = m.maps[board.map];
      if (!map) continue;
      const svg = mapSvg(m, map, board, 'ru').text;
      const drawn = [
        ...svg.matchAll(/class="label counter (outside|inside)" data-space="([^"]+)" data-power="([^"]+)"/g),
      ]
        .map((x) => `${x[2]}|${x[3]}|${x[1]}`)
        .sort();
      const ids = new Set(map.spaces.map((s) => s.id));
      const expected = board.position.stacks
        .filter((s) => ids.has(s.space) && s.regulars + s.mercenaries + s.cavalry + s.leaders.length > 0)
        .map((s) => `${s.space}|${s.power}|${s.inside ? 'inside' : 'outside'}`)
        .sort();
      expect(drawn).toEqual(expected);
    }
  });
});

describe('labels never cover one another', () => {
  test('[DESIGN] whatever the boxes, each placed box is free of the others and of the blocked ones', () => {
    const box = fc.record({ w: fc.integer({ min: 10, max: 220 }), h: fc.integer({ min: 10, max: 40 }) });
    const anchor = fc.record({ x: fc.integer({ min: 0, max: 640 }), y: fc.integer({ min: 0, max: 520 }) });
    fc.assert(
      fc.property(
        fc.array(anchor, { maxLength: 12 }),
        fc.array(fc.tuple(anchor, box), { maxLength: 40 }),
        (blocks, labels) => {
          const placer = new Placer(640, 520);
          const blocked: Box[] = blocks.map((p) => ({ x: p.x - 23, y: p.y - 23, w: 46, h: 46 }));
          for (const b of blocked) placer.block(b);
          const placed: Box[] = [];
          for (const [p, size] of labels) {
            const b = placer.place(size.w, size.h, around(p, 24));
            for (const other of [...placed, ...(b.spilled ? [] : blocked)]) expect(overlaps(b, other)).toBe(false);
            if (!b.spilled) expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= 640 && b.y + b.h <= 520).toBe(true);
            else expect(b.y).toBeGreaterThanOrEqual(520);
            placed.push(b);
          }
          expect(placer.bottom).toBeGreaterThanOrEqual(Math.max(520, ...placed.map((b) => b.y + b.h)));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('[DESIGN] text is measured on the generous side: wide letters and Cyrillic count for more', () => {
    expect(textWidth('Wien', 13)).toBeGreaterThan(textWidth('ilil', 13));
    expect(textWidth('Вена', 13)).toBeGreaterThanOrEqual(textWidth('Vena', 13));
    expect(textWidth('Vienna', 13, true)).toBeGreaterThan(textWidth('Vienna', 13));
  });
});
