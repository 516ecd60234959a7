// A card battle in the walkthrough (issue 22): examples/vienna-1517-cards.json, the worked example with Field
// Artillery and Janissaries in the Ottoman's hand and Tercios in the Hapsburg's (ruling R33). Its steps in order with
// the rules they cite, each card window with who was asked and who held what, the card dice as pools of their own
// (Tercios' hitting on 4–6), Janissaries at 14 step 7 and the winner — in English and Russian.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, resolve } from '../../src/index.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import { stepPanel } from '../../src/viz/walkthrough/panels.ts';
import type { StepView, WalkthroughModel } from '../../src/viz/walkthrough/types.ts';
import { ROOT } from './fixtures.ts';

const scenario = () => parseScenario(readFileSync(join(ROOT, 'examples', 'vienna-1517-cards.json'), 'utf8'));

function cardModel(): WalkthroughModel {
  const s = scenario();
  const r = resolve(s, { seed: 1 });
  expect(r.ok).toBe(true);
  const events = r.session.save().events.map((e) => ({ event: e.event, source: e.source }));
  return replayModel(s, events, { seed: 1 });
}

const panel = (m: WalkthroughModel, step: StepView, lang: 'en' | 'ru') =>
  String(stepPanel(m, { index: m.steps.indexOf(step), lang, mode: 'replay', playable: false, view: 'story' }));

describe('the worked example with combat cards and Janissaries (14 steps 4–8, rulings R27, R30, R31)', () => {
  const model = cardModel();
  const story = model.steps.filter((s) => s.story && s.machine === 'fieldBattle');
  const at = (stateId: string) => {
    const s = story.find((x) => x.stateId === stateId);
    expect(s, stateId).toBeDefined();
    return s!;
  };

  test('[14 step 4][14 step 5][14 step 7] the battle story: the windows, the rolls, Janissaries and the winner, in order, each with its rule', () => {
    expect(story.map((s) => [s.stateId, s.rule, s.ruling ?? null]).slice(0, 7)).toEqual([
      ['fieldBattle.countingDice', '14 step 2', null],
      ['fieldBattle.awaitingAttackerCombatCard', '14 step 4', 'R27'],
      ['fieldBattle.awaitingDefenderCombatCard', '14 step 5', 'R27'],
      ['fieldBattle.rollingAttackerDice', '14 step 6', null],
      ['fieldBattle.rollingDefenderDice', '14 step 6', null],
      ['fieldBattle.awaitingRollsCard', '14 step 7', 'R31'],
      ['fieldBattle.rollingCardDice', '14 step 7', 'R31'],
    ]);
    expect(story[7]!.stateId).toBe('fieldBattle.decidingWinner');
    expect(story[7]!.rule).toBe('14 step 8');
    // Each step cites its rule in the note, in both languages.
    expect(story.slice(1, 3).map((s) => s.note.en)).toEqual([
      "Ottoman plays Field Artillery (#25): 3 more dice for the attacker's side (14 step 4, ruling R27).",
      "Hapsburg plays Tercios (#30): 3 more dice that hit on 4–6 for the defender's side (14 step 5, ruling R30).",
    ]);
    expect(story.slice(1, 3).map((s) => s.note.ru)).toEqual([
      'Османы разыгрывают карту «Полевая артиллерия» (№25): стороне атакующего — ещё 3 кубика (14, шаг 4, постановление R27).',
      'Габсбурги разыгрывают карту «Терции» (№30): стороне обороняющегося — ещё 3 кубика, попадающих на 4–6 (14, шаг 5, постановление R30).',
    ]);
    expect(at('fieldBattle.rollingCardDice').note).toMatchObject({
      en: 'Ottoman rolls 6 5 5 1 2 for Janissaries (#1): 3 hits; the attacker now has 7 hits (14 step 7, ruling R31).',
      ru: 'У Османов за карту «Янычары» (№1) выпало 6, 5, 5, 1 и 2 — 3 попадания; теперь у атакующего 7 попаданий (14, шаг 7, постановление R31).',
    });
    expect(at('fieldBattle.decidingWinner').note.en).toBe(
      'Ottoman wins the field battle in Vienna, 7 hits to 6 (14 step 8).',
    );
    expect(at('fieldBattle.decidingWinner').note.ru).toBe(
      'Османы побеждают в полевом сражении в Вене: 7 попаданий против 6 (14, шаг 8).',
    );
  });

  test('[ruling R33][ruling R27] each card window shows who was asked and who held what, and the play given', () => {
    const windows = story.filter((s) => s.waits && model.frames[s.frame]!.pending?.kind === 'card');
    expect(windows.map((s) => s.stateId)).toEqual([
      'fieldBattle.awaitingAttackerCombatCard',
      'fieldBattle.awaitingDefenderCombatCard',
      'fieldBattle.awaitingRollsCard',
    ]);
    const pending = windows.map((s) => model.frames[s.frame]!.pending!);
    expect(pending.map((d) => [d.power, d.rule, d.ruling])).toEqual([
      ['ottoman', '14 step 4', 'R27'],
      ['hapsburg', '14 step 5', 'R27'],
      ['ottoman', '14 step 7', 'R31'],
    ]);
    expect(pending.map((d) => d.hands?.en)).toEqual([
      'Cards in hand (ruling R33): Ottoman — Field Artillery (#25) and Janissaries (#1); Hapsburg — Tercios (#30)',
      'Cards in hand (ruling R33): Ottoman — Janissaries (#1); Hapsburg — Tercios (#30)',
      'Cards in hand (ruling R33): Ottoman — Janissaries (#1); Hapsburg — no cards',
    ]);
    expect(pending.map((d) => d.hands?.ru)).toEqual([
      'Карты на руках (постановление R33): Османы — «Полевая артиллерия» (№25) и «Янычары» (№1); Габсбурги — «Терции» (№30)',
      'Карты на руках (постановление R33): Османы — «Янычары» (№1); Габсбурги — «Терции» (№30)',
      'Карты на руках (постановление R33): Османы — «Янычары» (№1); Габсбурги — карт нет',
    ]);
    expect(windows.map((s) => s.answer?.event)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'field-artillery' },
      { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' },
      { type: 'card.play', power: 'ottoman', card: 'janissaries' },
    ]);
    // Tercios' other mode is refused with its ruling (no side faces 3 Hapsburg regulars), named in both languages.
    const refused = pending[1]!.blocked.find((b) => b.code === 'isFacingHapsburgRegulars');
    expect(refused?.ruling).toBe('R30');
    expect(refused?.label).toMatchObject({
      en: 'Hapsburg: Tercios (#30), 3 dice fewer',
      ru: 'Габсбурги: «Терции» (№30), на 3 кубика меньше',
    });
    for (const lang of ['en', 'ru'] as const) {
      const html = panel(model, windows[0]!, lang);
      expect(html).toContain(`<p class="hands">${pending[0]!.hands![lang]}</p>`);
      expect(html).toContain(lang === 'en' ? '14 step 4' : '14, шаг 4');
      expect(html).toContain(lang === 'en' ? 'ruling R27' : 'постановление R27');
    }
  });

  test('[ruling R30][ruling R27][ruling R31] the card dice are pools of their own: their dice, the faces they hit on, their hits', () => {
    const attacker = at('fieldBattle.rollingAttackerDice').dice!;
    const defender = at('fieldBattle.rollingDefenderDice').dice!;
    const janissaries = at('fieldBattle.rollingCardDice').dice!;
    expect(attacker.pools?.map((p) => [p.card, p.dice, p.hitOn, p.hits])).toEqual([['field-artillery', 3, 5, 1]]);
    expect(defender.pools?.map((p) => [p.card, p.dice, p.hitOn, p.hits])).toEqual([['tercios', 3, 4, 1]]);
    expect(janissaries.pools?.map((p) => [p.card, p.dice, p.hitOn, p.hits])).toEqual([['janissaries', 5, 5, 3]]);
    expect([attacker.hits, defender.hits, janissaries.hits]).toEqual([4, 6, 3]);
    expect(defender.pools![0]!.label).toMatchObject({
      en: 'Tercios (#30): 3 dice, hitting on 4, 5 or 6 — 1 hit (14 step 5, ruling R30)',
      ru: '«Терции» (№30): 3 кубика, попадания на 4, 5 или 6 — 1 попадание (14, шаг 5, постановление R30)',
    });
    expect(janissaries.pools![0]!.label.en).toBe(
      'Janissaries (#1): 5 dice, hitting on 5 or 6 — 3 hits (14 step 7, ruling R31)',
    );
    for (const lang of ['en', 'ru'] as const) {
      const html = panel(model, at('fieldBattle.rollingDefenderDice'), lang);
      // The last three of the 16 dice are Tercios': drawn with the card's pool, the 4 a hit among them.
      const dice = [
        ...html.matchAll(/<svg class="die( hit)?"[^>]*data-value="(\d)"[^>]*?(?: data-card="([a-z-]+)")?>/g),
      ];
      expect(dice.map((d) => d[3] ?? '')).toEqual([...Array<string>(13).fill(''), 'tercios', 'tercios', 'tercios']);
      expect(dice.slice(13).map((d) => [d[2], Boolean(d[1])])).toEqual([
        ['4', true],
        ['2', false],
        ['1', false],
      ]);
      // The 4s among the Hapsburg's own dice do not hit: they hit on 5–6 (14 step 6).
      expect(dice.slice(0, 13).filter((d) => d[2] === '4' && d[1])).toEqual([]);
      expect(html).toContain(`<p class="pool" data-card="tercios">${defender.pools![0]!.label[lang]}</p>`);
    }
  });
});

describe('a refused card play, in the words of the engine (ruling R33, ruling R9)', () => {
  // The card example, and the same with a card of each window its holder may not play (the mover's own Gout, ruling
  // R26; the Ottoman's Swiss Mercenaries, ruling R32) and cards left in hand for windows nobody is asked (ruling R9).
  const source = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517-cards.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const variant = {
    ...source,
    hands: {
      ottoman: ['gout', 'swiss-mercenaries', 'field-artillery', 'janissaries'],
      hapsburg: ['foul-weather', 'landsknechts', 'tercios'],
    },
    // The Hapsburg passes at 13.1 step 4 and intercepts; the rest is the default policy's.
    events: [{ type: 'card.pass', power: 'hapsburg' }, ...(source['events'] as unknown[]).slice(0, 2)],
  };

  test('[ruling R29][ruling R30][ruling R33] the page shows each blocked play and each refused candidate with the label the engine gave it', () => {
    let blocked = 0,
      refused = 0;
    for (const json of [source, variant]) {
      const s = parseScenario(json);
      const r = resolve(s, { seed: 1 });
      expect(r.ok).toBe(true);
      const events = r.session.save().events.map((e) => ({ event: e.event, source: e.source }));
      const m = replayModel(s, events, { seed: 1 });
      // The engine's own: a session answering the same events, its decisions and its trace's skipped decisions.
      const session = r.session;
      const engineSkipped = session.trace
        .flatMap((t) => t.skipped ?? [])
        .flatMap((d) => d.refused.map((x) => [x.label.en, x.label.ru]));
      const pageSkipped = m.steps
        .flatMap((st) => st.skipped ?? [])
        .flatMap((d) => d.refused.map((x) => [x.label.en, x.label.ru]));
      expect(pageSkipped).toEqual(engineSkipped);
      refused += pageSkipped.length;
      for (const st of m.steps) {
        const d = m.frames[st.frame]?.pending;
        if (!st.waits || d?.kind !== 'card') continue;
        for (const b of d.blocked) {
          const power = b.option['power'] as string;
          expect(b.label.en.startsWith(`${power === 'ottoman' ? 'Ottoman' : 'Hapsburg'}: `), b.label.en).toBe(true);
          expect(b.label.ru.startsWith(`${power === 'ottoman' ? 'Османы' : 'Габсбурги'}: `), b.label.ru).toBe(true);
          for (const lang of ['en', 'ru'] as const) expect(panel(m, st, lang)).toContain(b.label[lang]);
          blocked++;
        }
      }
      for (const st of m.steps.filter((x) => x.skipped?.length))
        for (const lang of ['en', 'ru'] as const)
          for (const d of st.skipped!)
            for (const x of d.refused)
              expect(
                String(
                  stepPanel(m, { index: m.steps.indexOf(st), lang, mode: 'replay', playable: false, view: 'full' }),
                ),
              ).toContain(x.label[lang]);
    }
    expect(blocked).toBeGreaterThan(3);
    expect(refused).toBeGreaterThan(0);
  });
});
