// What an end position's path did, in one line, and what tells end positions apart when two paths' accounts read
// the same: who intercepted or failed to, who avoided battle, who withdrew inside, the battle with each side's losses
// (not its hits: the dice of one outcome are a representative of every roll with the same losses), where each retreat went and who went inside instead, who was eliminated and why, the captures and
// sieges. The explorer labels every outcome and every match with it (`his odds`, `his explore`).
import type { ResultPosition, Summary } from '../schema/result.ts';

interface Units {
  readonly regulars?: number | undefined;
  readonly mercenaries?: number | undefined;
  readonly cavalry?: number | undefined;
  readonly leaders?: readonly string[] | undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `4 regulars, 1 cavalry, charles-v`; '' for nothing. */
export function unitsText(u: Units): string {
  return [
    u.regulars ? plural(u.regulars, 'regular', 'regulars') : '',
    u.mercenaries ? plural(u.mercenaries, 'mercenary', 'mercenaries') : '',
    u.cavalry ? `${u.cavalry} cavalry` : '',
    ...(u.leaders ?? []),
  ]
    .filter(Boolean)
    .join(', ');
}

const hasAny = (u: Units) => Boolean(u.regulars || u.mercenaries || u.cavalry || u.leaders?.length);

/** Why a retreat's units were eliminated, in a few words. */
const ELIMINATED_BY: Readonly<Record<string, string>> = {
  '14.1': 'no legal retreat, 14.1',
  '13.4': 'forced back into the space it moved on from, 13.4',
  R10: 'an inactive stack never retreats, ruling R10',
  R11: 'its origin is not a legal retreat, ruling R11',
  '15.3': 'it may not stay and no space is legal, 15.3',
};

/** A short account of a finished move, used to label its outcome. */
export function describeSummary(s: Summary): string {
  const parts: string[] = [];
  for (const i of s.interceptions)
    parts.push(
      i.success
        ? `intercepted by ${i.power} from ${i.from} (${unitsText(i.units)})`
        : `${i.power} failed to intercept from ${i.from}`,
    );
  for (const a of s.avoids)
    parts.push(
      `${a.power} ${a.success ? 'avoided battle' : 'failed to avoid battle'} into ${a.to}${a.success ? ` (${unitsText(a.units)})` : ''}`,
    );
  for (const w of s.withdrawals)
    if (w.withdrew) parts.push(`${w.decidedBy ?? 'the defenders'} withdrew inside ${w.space} (${unitsText(w.units)})`);
  const b = s.battle;
  if (b) {
    const loss = (side: typeof b.attacker) =>
      `${side.powers.join('+')} ${hasAny(side.losses) ? `loses ${unitsText(side.losses)}` : 'loses nothing'}`;
    parts.push(`battle in ${b.space} won by the ${b.winner} (${loss(b.attacker)} / ${loss(b.defender)})`);
  }
  for (const r of s.retreats) {
    const went: string[] = [];
    if (hasAny(r.inside)) went.push(`goes inside ${r.from} with ${unitsText(r.inside)}`);
    if (r.to) went.push(`retreats to ${r.to}${hasAny(r.units) ? ` with ${unitsText(r.units)}` : ''}`);
    if (hasAny(r.eliminated))
      went.push(
        `loses ${unitsText(r.eliminated)}${r.eliminatedBy ? ` (${ELIMINATED_BY[r.eliminatedBy] ?? r.eliminatedBy})` : ''}`,
      );
    if (went.length === 0) went.push(r.captured.length ? 'cannot retreat' : 'stays');
    parts.push(`${r.power} ${went.join(' and ')}`);
  }
  for (const c of s.captures) parts.push(`${c.leader} captured by ${c.by}`);
  if (s.siege) parts.push(`${s.siege.space} besieged by ${s.siege.besieger}`);
  for (const g of s.siegesBegun.slice(1)) parts.push(`${g.space} besieged by ${g.by}`);
  for (const g of s.siegesEnded) parts.push(`siege of ${g.space} broken`);
  return parts.join('; ') || 'the move ends quietly';
}

/** An end position's stacks, one phrase each: `vienna hapsburg inside 2 regulars, ferdinand (lost)`. */
function stackPhrases(p: ResultPosition): string[] {
  return (p.stacks ?? []).map(
    (s) =>
      `${s.power} in ${s.space}${s.inside ? ' (inside)' : ''}: ${unitsText(s) || 'nothing'}${s.lostBattle ? ', lost a battle' : ''}${s.attemptedInterception ? ', tried to intercept' : ''}`,
  );
}

/**
 * Descriptions that tell end positions apart: where two or more end positions share an account, each gets what its
 * position has that the others of that group do not (a stack, a siege, a capture, the CP left).
 */
export function distinguish<T extends { readonly description: string; readonly position: ResultPosition }>(
  items: readonly T[],
): T[] {
  const groups = new Map<string, T[]>();
  for (const it of items) groups.set(it.description, [...(groups.get(it.description) ?? []), it]);
  return items.map((it) => {
    const group = groups.get(it.description)!;
    if (group.length < 2) return it;
    const phrases = (p: ResultPosition) => [
      ...stackPhrases(p),
      ...(p.sieges ?? []).map((g) => `${g.space} besieged by ${g.by.join('+')}`),
      ...(p.captured ?? []).map((c) => `${c.leader} held by ${c.by}`),
      `${p.impulse.cp} CP left`,
    ];
    const mine = phrases(it.position);
    const others = group.filter((o) => o !== it).map((o) => new Set(phrases(o.position)));
    // What no other end of the group has; failing that, what some other end lacks.
    const unique = mine.filter((x) => others.every((o) => !o.has(x)));
    const differs = unique.length ? unique : mine.filter((x) => others.some((o) => !o.has(x)));
    return { ...it, description: `${it.description} — ends with ${differs.join('; ')}` };
  });
}
