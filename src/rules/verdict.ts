// Restrictions answer "allowed", or "not allowed" with the rule that forbids it and a reason in both languages.
import type { RuleRef, RulingRef } from './registry.ts';
import type { Text } from './text.ts';
import type { World } from './world.ts';

export type Verdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** The restriction's name, e.g. `isAvoidDestinationFreeOfEnemy`: stable, for programs. */
      readonly code: string;
      readonly rule: RuleRef;
      readonly ruling?: RulingRef;
      readonly reason: Text;
    };

export type Refusal = Extract<Verdict, { ok: false }>;

export const ALLOWED: Verdict = { ok: true };

/**
 * A named restriction of the rules: what must hold for the action to go on. `holds` is the predicate; `reason`
 * explains a failure with the facts of the case. `statements` are the RULES.md §7 ids it implements.
 */
export interface Restriction<A> {
  readonly name: string;
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
  readonly statements: readonly string[];
  readonly holds: (world: World, args: A) => boolean;
  readonly reason: (world: World, args: A) => Text;
}

export function restriction<A>(def: Restriction<A>): Restriction<A> {
  return def;
}

export function check<A>(r: Restriction<A>, world: World, args: A): Verdict {
  if (r.holds(world, args)) return ALLOWED;
  return { ok: false, code: r.name, rule: r.rule, ...(r.ruling ? { ruling: r.ruling } : {}), reason: r.reason(world, args) };
}

/** The first restriction in the list that fails, or ALLOWED. Order lists go from the most basic to the most specific. */
export function checkAll<A>(list: readonly Restriction<A>[], world: World, args: A): Verdict {
  for (const r of list) {
    const v = check(r, world, args);
    if (!v.ok) return v;
  }
  return ALLOWED;
}

export function refuse(code: string, rule: RuleRef, reason: Text, ruling?: RulingRef): Refusal {
  return { ok: false, code, rule, ...(ruling ? { ruling } : {}), reason };
}
