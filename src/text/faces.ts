// Which faces of a battle die hit (14 step 6), in words: "5 or 6", and pool by pool when some dice hit on other
// faces (Tercios' 4–6). Apart from modifiers.ts so that the walkthrough's renderer can say it without the names.
import { count, NOUNS } from './grammar.ts';
import { joinText, message, type Text } from './text.ts';

/**
 * The patterns of these texts, for the catalogues (src/text/catalogue.ts): the functions below word the same strings
 * without the formatter, so that the walkthrough's renderer needs none; a test renders each with the catalogues.
 */
export const FACES_MESSAGES = {
  'faces.facesText': { en: '{head} or {last}', ru: '{head} или {last}' },
  'faces.facesText.one': { en: '{last}', ru: '{last}' },
  'faces.poolFacesText.dice': { en: '{dice}', ru: '{dice}' },
  'faces.poolFacesText.parts': { en: '{n} on {f}', ru: '{n} — на {f}' },
  'faces.hitRuleText': { en: 'each {f} is a hit', ru: 'каждый кубик с {f} — попадание' },
  'faces.hitRuleText.2': { en: 'hits: {f}', ru: 'попадания: {f}' },
} as const;

/** The faces from `hitOn` up: "5 or 6" / «5 или 6», "4, 5 or 6" / «4, 5 или 6». */
export function facesText(hitOn: number): Text {
  const faces = Array.from({ length: 7 - hitOn }, (_, i) => String(hitOn + i));
  const last = faces.pop() ?? '6';
  const head = faces.join(', ');
  // Written out rather than through message(): the walkthrough's renderer says it, and its script has a size budget.
  return head
    ? { en: `${head} or ${last}`, ru: `${head} или ${last}`, id: 'faces.facesText', params: { head, last } }
    : { en: last, ru: last, id: 'faces.facesText.one', params: { last } };
}

type Pools = readonly { readonly hitOn: number; readonly dice: number }[];

/** The faces that hit, pool by pool: "5 or 6"; "4 dice on 5 or 6, 3 on 4, 5 or 6" when some dice hit on others. */
export function poolFacesText(pools: Pools): Text {
  if (pools.length <= 1) return facesText(pools[0]?.hitOn ?? 5);
  const parts = pools.map((p, i) => {
    const f = facesText(p.hitOn),
      n =
        i === 0
          ? count(p.dice, NOUNS.die)
          : message('faces.poolFacesText.dice', String(p.dice), String(p.dice), { dice: p.dice });
    return message('faces.poolFacesText.parts', `${n.en} on ${f.en}`, `${n.ru} — на ${f.ru}`, { n, f });
  });
  return joinText(parts, ', ');
}

/** Which dice hit (14 step 6): "each 5 or 6 is a hit"; "hits: 4 dice on 5 or 6, 3 on 4, 5 or 6" with pools. */
export function hitRuleText(pools: Pools): Text {
  const f = poolFacesText(pools);
  return pools.length <= 1
    ? message('faces.hitRuleText', `each ${f.en} is a hit`, `каждый кубик с ${f.ru} — попадание`, { f })
    : message('faces.hitRuleText.2', `hits: ${f.en}`, `попадания: ${f.ru}`, { f });
}
