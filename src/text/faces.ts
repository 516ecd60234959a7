// Which faces of a battle die hit (14 step 6), in words: "5 or 6", and pool by pool when some dice hit on other
// faces (Tercios' 4–6). Apart from modifiers.ts so that the walkthrough's renderer can say it without the names.
import { count, NOUNS } from './grammar.ts';
import { text, type Text } from './text.ts';

/** The faces from `hitOn` up: "5 or 6" / «5 или 6», "4, 5 or 6" / «4, 5 или 6». */
export function facesText(hitOn: number): Text {
  const faces = Array.from({ length: 7 - hitOn }, (_, i) => String(hitOn + i));
  const last = faces.pop() ?? '6';
  const head = faces.join(', ');
  return head ? text(`${head} or ${last}`, `${head} или ${last}`) : text(last, last);
}

type Pools = readonly { readonly hitOn: number; readonly dice: number }[];

/** The faces that hit, pool by pool: "5 or 6"; "4 dice on 5 or 6, 3 on 4, 5 or 6" when some dice hit on others. */
export function poolFacesText(pools: Pools): Text {
  if (pools.length <= 1) return facesText(pools[0]?.hitOn ?? 5);
  const parts = pools.map((p, i) => {
    const f = facesText(p.hitOn),
      n = i === 0 ? count(p.dice, NOUNS.die) : text(String(p.dice), String(p.dice));
    return text(`${n.en} on ${f.en}`, `${n.ru} — на ${f.ru}`);
  });
  return text(parts.map((t) => t.en).join(', '), parts.map((t) => t.ru).join(', '));
}

/** Which dice hit (14 step 6): "each 5 or 6 is a hit"; "hits: 4 dice on 5 or 6, 3 on 4, 5 or 6" with pools. */
export function hitRuleText(pools: Pools): Text {
  const f = poolFacesText(pools);
  return pools.length <= 1
    ? text(`each ${f.en} is a hit`, `каждый кубик с ${f.ru} — попадание`)
    : text(`hits: ${f.en}`, `попадания: ${f.ru}`);
}
