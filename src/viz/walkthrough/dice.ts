// Dice as dice: faces with pips (inline SVG), every modifier with its reason and rule, the target and the outcome.
// Field-battle dice mark each hit (14 step 6: a die showing its term's hitting face or more, 5 or 6); their modifiers
// are the dice each side gets (14 steps 2–3). Both read the roll's terms (src/rules/dice.ts).
import type { Lang, Text } from '../../index.ts';
import { dicePools, HIT_ON, hitFaces, hitMarks, termDice, type DiceTerm } from '../../rules/dice.ts';
import { nounFor, NOUNS } from '../../text/grammar.ts';
import { facesText } from '../../text/faces.ts';
import { ruleText } from '../../text/rules.ts';
import { html, signed, type Markup } from './html.ts';
import type { DiceView, ModifierView } from './types.ts';
import { PURPOSES, word } from './words.ts';

const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/**
 * One die face showing `value`; a hit is drawn red; a battle die hitting on other than 5–6 (ruling R30) names its face;
 * a die a card put in the roll names the card (its pool's colour, rulings R27, R30, R31).
 */
export function dieFace(value: number, hit = false, hitOn = HIT_ON, card = ''): Markup {
  const pips = (PIPS[value] ?? []).map(([x, y]) => html`<circle cx="${x * 9}" cy="${y * 9}" r="3.3"/>`);
  return html`<svg class="die${hit ? ' hit' : ''}" viewBox="0 0 36 36" width="36" height="36" role="img" aria-label="${String(value)}" data-value="${String(value)}"${hitOn === HIT_ON ? '' : html` data-hit-on="${String(hitOn)}"`}${card ? html` data-card="${card}"` : ''}><rect x="1" y="1" width="34" height="34" rx="6"/>${pips}</svg>`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** An exact chance as a reduced fraction: '5/12', '0', '1'. */
export function fraction(n: number, d: number): string {
  if (n === 0) return '0';
  if (n === d) return '1';
  const g = gcd(n, d);
  return `${n / g}/${d / g}`;
}

/** A chance as a whole percentage ('42%', «42 %»); '<1%' rather than 0 for a chance that is not nil. */
export function percent(n: number, d: number, lang: Lang): string {
  const p = Math.round((100 * n) / d);
  const shown = p === 0 && n > 0 ? '<1' : p === 100 && n < d ? '>99' : String(p);
  return lang === 'ru' ? `${shown}\u00a0%` : `${shown}%`;
}

/** How many of the 36 throws of two dice reach `target` once `modifier` is added (13.2 step 2, 13.3). */
export function successfulThrows(modifier: number, target: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + modifier >= target) n++;
  return n;
}

/**
 * The chance of each number of hits with battle dice in pools (14 step 6): a die of a pool hitting on h hits on 7 − h
 * faces of 6 (5–6: one in three; Tercios' 4–6: one in two). Ways of `of`, from the pools' per-die odds multiplied.
 */
export function hitChances(
  pools: readonly { readonly hitOn: number; readonly dice: number }[],
): { readonly hits: number; readonly ways: number; readonly of: number }[] {
  let ways = [1];
  let of = 1;
  for (const p of pools) {
    const faces = 7 - p.hitOn,
      g = gcd(faces, 6 - faces),
      hit = faces / g,
      miss = (6 - faces) / g;
    for (let i = 0; i < p.dice; i++) {
      ways = [...ways, 0].map((w, k) => w * miss + (k ? ways[k - 1]! * hit : 0));
      of *= hit + miss;
    }
  }
  return ways.map((w, hits) => ({ hits, ways: w, of }));
}

/** The exact chance of a 2d6 roll: '5/12 (15/36 ≈ 42%)'. */
function chanceLine(modifier: number, target: number, lang: Lang, label: 'chance' | 'chanceOf'): Markup {
  const n = successfulThrows(modifier, target);
  return html`<p class="chance">${word(label, lang)}: <b class="fraction">${fraction(n, 36)}</b> (${String(n)} ${word('twoDice', lang)}, ≈ ${percent(n, 36, lang)})</p>`;
}

/** The chance of each number of hits; `rolled` is marked. */
function hitChanceLine(terms: readonly DiceTerm[], lang: Lang, rolled?: number): Markup {
  const chances = hitChances(dicePools(terms));
  const items = chances.map(
    (c) =>
      html`<li${c.hits === rolled ? html` class="rolled"` : ''} data-hits="${String(c.hits)}"><b>${String(c.hits)}</b>: ${percent(c.ways, c.of, lang)}</li>`,
  );
  const mean = Math.round(chances.reduce((a, c) => a + (c.hits * c.ways) / c.of, 0) * 10) / 10;
  return html`<div class="hit-chances"><p>${word('hitChances', lang)} (≈ ${lang === 'ru' ? String(mean).replace('.', ',') : String(mean)} ${word('expectedHits', lang)}):</p><ul>${items}</ul></div>`;
}

function modifierLine(m: ModifierView, lang: Lang, dice: boolean): Markup {
  const value = dice ? String(m.value) : signed(m.value);
  return html`<li><span class="mod-value">${value}</span> ${m.reason[lang]} <span class="ref">(${ruleText(m.rule, lang)}${m.ruling ? `; ${ruleText(m.ruling, lang)}` : ''})</span></li>`;
}

function modifierSum(mods: readonly { readonly value: number }[]): number {
  return mods.reduce((a, m) => a + m.value, 0);
}

/** What a pending roll adds and needs, before the dice are thrown. */
export function rollPlan(
  roll: {
    readonly dice: number;
    readonly purpose: string;
    readonly modifiers: readonly ModifierView[];
    readonly terms: readonly DiceTerm[];
    readonly target: number | null;
  },
  lang: Lang,
): Markup {
  const battle = roll.target === null;
  const purpose: Text = PURPOSES[roll.purpose] ?? { en: roll.purpose, ru: roll.purpose };
  return html`<div class="roll-plan"><p>${purpose[lang]} — <b>${String(roll.dice)}</b> ${nounFor(NOUNS.die, roll.dice)[lang]}${battle ? '' : html`, ${word('target', lang)} ≥ <b>${String(roll.target)}</b>`}</p>${roll.modifiers.length ? html`<ul class="mods">${roll.modifiers.map((m) => modifierLine(m, lang, battle))}</ul>` : html`<p class="muted">${word('noModifiers', lang)}</p>`}${roll.target === null ? hitChanceLine(roll.terms, lang) : chanceLine(modifierSum(roll.modifiers), roll.target, lang, 'chance')}</div>`;
}

/** A roll that was made. */
export function diceView(d: DiceView, lang: Lang): Markup {
  const battle = d.target === null;
  const purpose: Text = PURPOSES[d.purpose] ?? { en: d.purpose, ru: d.purpose };
  const marks = hitMarks(d.values, d.terms);
  const hitOn = hitFaces(d.terms);
  // The card whose pool each die is in ('' for the side's own dice), in the order the dice are thrown.
  const cards = termDice(d.terms).flatMap((n, i) => {
    const s = d.terms[i]!.source;
    return Array<string>(n).fill(s.kind === 'card' ? s.card : '');
  });
  const faces = d.values.map((v, i) => dieFace(v, battle && marks[i], battle ? hitOn[i] : HIT_ON, cards[i]));
  if (battle) {
    return html`<div class="dice battle" data-purpose="${d.purpose}"><p class="purpose">${purpose[lang]} <span class="ref">(${ruleText(d.rule, lang)})</span></p><div class="faces">${faces}</div>${d.pools?.map((p) => html`<p class="pool" data-card="${p.card}">${p.label[lang]}</p>`) ?? ''}<ul class="mods">${d.modifiers.map((m) => modifierLine(m, lang, true))}</ul><p class="outcome"><b>${String(d.values.length)}</b> ${nounFor(NOUNS.die, d.values.length)[lang]} → <b class="hits">${String(d.hits ?? 0)}</b> ${nounFor(NOUNS.hit, d.hits ?? 0)[lang]} <span class="muted">(${word('hit', lang)} (${dicePools(
      d.terms,
    )
      .map((p) => facesText(p.hitOn)[lang])
      .join('; ')}))</span></p>${hitChanceLine(d.terms, lang, d.hits ?? 0)}</div>`;
  }
  const arithmetic = `${d.values.join(' + ')}${d.modifiers.map((m) => ` ${m.value < 0 ? '−' : '+'} ${Math.abs(m.value)}`).join('')} = ${d.total ?? d.sum}`;
  return html`<div class="dice" data-purpose="${d.purpose}"><p class="purpose">${purpose[lang]} <span class="ref">(${ruleText(d.rule, lang)})</span></p><div class="faces">${faces}</div>${d.modifiers.length ? html`<ul class="mods">${d.modifiers.map((m) => modifierLine(m, lang, false))}</ul>` : html`<p class="muted">${word('noModifiers', lang)}</p>`}<p class="outcome">${arithmetic} — ${word('target', lang)} ≥ ${String(d.target)}: <b class="${d.success ? 'ok' : 'no'}">${word(d.success ? 'success' : 'failure', lang)}</b></p>${chanceLine(modifierSum(d.modifiers), d.target, lang, 'chanceOf')}</div>`;
}
