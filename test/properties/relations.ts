// The relations the generator and the oracles reason with, written here from the rules (2.2 friendly / enemy,
// 22.3 an active minor shares its major's relations, ruling R15 default control) rather than imported from the
// engine, so that the oracles stay independent of the code they check and of its internal modules.
export const MAJOR_POWERS = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'] as const;
export const MINOR_POWERS = ['hungary', 'scotland', 'venice', 'genoa'] as const;
export const POWERS = [...MAJOR_POWERS, ...MINOR_POWERS, 'independent'] as const;
export type MajorPower = (typeof MAJOR_POWERS)[number];
export type MinorPower = (typeof MINOR_POWERS)[number];
export type Power = (typeof POWERS)[number];

export const POWER_NAMES_EN: Readonly<Record<Power, string>> = {
  ottoman: 'Ottoman',
  hapsburg: 'Hapsburg',
  england: 'England',
  france: 'France',
  papacy: 'Papacy',
  protestant: 'Protestant',
  hungary: 'Hungary-Bohemia',
  scotland: 'Scotland',
  venice: 'Venice',
  genoa: 'Genoa',
  independent: 'independent',
};

export interface Relations {
  readonly war: readonly (readonly [string, string])[];
  readonly alliances: readonly (readonly [string, string])[];
}

export const isMajor = (p: string): p is MajorPower => (MAJOR_POWERS as readonly string[]).includes(p);
export const isMinor = (p: string): p is MinorPower => (MINOR_POWERS as readonly string[]).includes(p);

const listed = (pairs: Relations['war'], a: string, b: string) =>
  pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** 22.3: the major an active minor is allied to; a major is its own; inactive minors and independents have none. */
export function majorOf(rel: Relations, p: string): MajorPower | undefined {
  if (isMajor(p)) return p;
  if (!isMinor(p)) return undefined;
  for (const [a, b] of rel.alliances) {
    if (a === p && isMajor(b)) return b;
    if (b === p && isMajor(a)) return a;
  }
  return undefined;
}

/** A power and, for an active minor, its major: the relations of either count (22.3). */
function selves(rel: Relations, p: string): string[] {
  const m = majorOf(rel, p);
  return m && m !== p ? [p, m] : [p];
}

export function areAtWar(rel: Relations, a: string, b: string): boolean {
  if (a === b) return false;
  return selves(rel, a).some((x) => selves(rel, b).some((y) => x !== y && listed(rel.war, x, y)));
}

export function areAllied(rel: Relations, a: string, b: string): boolean {
  if (a === b) return false;
  const as = selves(rel, a),
    bs = selves(rel, b);
  return as.some((x) => bs.includes(x)) || as.some((x) => bs.some((y) => listed(rel.alliances, x, y)));
}

/** 2.2: the same power or an ally. */
export function isFriendly(rel: Relations, a: string, b: string): boolean {
  return a === b || areAllied(rel, a, b);
}

/** Ruling R15: the control override, else the space's home power, else independent. */
export function controllerOf(
  control: Readonly<Record<string, string>>,
  home: (space: string) => string | undefined,
  space: string,
): string {
  return Object.prototype.hasOwnProperty.call(control, space) ? control[space]! : (home(space) ?? 'independent');
}
