// Dice as dice: faces with pips (inline SVG), every modifier with its reason and rule, the target and the outcome.
// Field-battle dice mark each hit (5 or 6, 14 step 6); their modifiers are the dice each side gets (14 steps 2–3).
import type { Lang, Text } from '../../index.ts';
import { ruleText } from '../../text/rules.ts';
import { html, signed, type Markup } from './html.ts';
import type { DiceView, ModifierView } from './types.ts';
import { PURPOSES, word } from './words.ts';

const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

/** One die face showing `value`; a hit is drawn red. */
export function dieFace(value: number, hit = false): Markup {
  const pips = (PIPS[value] ?? []).map(([x, y]) => html`<circle cx="${x * 9}" cy="${y * 9}" r="3.3"/>`);
  return html`<svg class="die${hit ? ' hit' : ''}" viewBox="0 0 36 36" width="36" height="36" role="img" aria-label="${String(value)}" data-value="${String(value)}"><rect x="1" y="1" width="34" height="34" rx="6"/>${pips}</svg>`;
}

function modifierLine(m: ModifierView, lang: Lang, dice: boolean): Markup {
  const value = dice ? String(m.value) : signed(m.value);
  return html`<li><span class="mod-value">${value}</span> ${m.reason[lang]} <span class="ref">(${ruleText(m.rule, lang)}${m.ruling ? `; ${ruleText(m.ruling, lang)}` : ''})</span></li>`;
}

/** What a pending roll adds and needs, before the dice are thrown. */
export function rollPlan(roll: { readonly dice: number; readonly purpose: string; readonly modifiers: readonly ModifierView[]; readonly target: number | null }, lang: Lang): Markup {
  const battle = roll.target === null;
  const purpose: Text = PURPOSES[roll.purpose] ?? { en: roll.purpose, ru: roll.purpose };
  return html`<div class="roll-plan"><p>${purpose[lang]} — <b>${String(roll.dice)}</b> ${word('diceCount', lang)}${battle ? '' : html`, ${word('target', lang)} ≥ <b>${String(roll.target)}</b>`}</p>${roll.modifiers.length ? html`<ul class="mods">${roll.modifiers.map((m) => modifierLine(m, lang, battle))}</ul>` : html`<p class="muted">${word('noModifiers', lang)}</p>`}</div>`;
}

/** A roll that was made. */
export function diceView(d: DiceView, lang: Lang): Markup {
  const battle = d.target === null;
  const purpose: Text = PURPOSES[d.purpose] ?? { en: d.purpose, ru: d.purpose };
  const faces = d.values.map((v) => dieFace(v, battle && v >= 5));
  if (battle) {
    return html`<div class="dice battle" data-purpose="${d.purpose}"><p class="purpose">${purpose[lang]} <span class="ref">(${ruleText(d.rule, lang)})</span></p><div class="faces">${faces}</div><ul class="mods">${d.modifiers.map((m) => modifierLine(m, lang, true))}</ul><p class="outcome"><b>${String(d.values.length)}</b> ${word('diceCount', lang)} → <b class="hits">${String(d.hits ?? 0)}</b> ${word('hits', lang)} <span class="muted">(${word('hit', lang)})</span></p></div>`;
  }
  const arithmetic = `${d.values.join(' + ')}${d.modifiers.map((m) => ` ${m.value < 0 ? '−' : '+'} ${Math.abs(m.value)}`).join('')} = ${d.total ?? d.sum}`;
  return html`<div class="dice" data-purpose="${d.purpose}"><p class="purpose">${purpose[lang]} <span class="ref">(${ruleText(d.rule, lang)})</span></p><div class="faces">${faces}</div>${d.modifiers.length ? html`<ul class="mods">${d.modifiers.map((m) => modifierLine(m, lang, false))}</ul>` : html`<p class="muted">${word('noModifiers', lang)}</p>`}<p class="outcome">${arithmetic} — ${word('target', lang)} ≥ ${String(d.target)}: <b class="${d.success ? 'ok' : 'no'}">${word(d.success ? 'success' : 'failure', lang)}</b></p></div>`;
}
