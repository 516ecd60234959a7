// Restrictions answer "allowed", or "not allowed" with the rule that forbids it and the facts of the case: the ids,
// counts and branch that explain it. The words are src/text's (reasonOf): a host may word them itself from the code
// and the facts.
import type { RuleRef, RulingRef } from './registry.ts';
import type { World } from './world.ts';

/** One fact of a refusal: an id, a count, a flag, or a list of ids. */
export type Fact = string | number | boolean | readonly string[];

/** The facts of a refusal, JSON as they are: e.g. `{ kind: 'inside', power: 'hapsburg', space: 'vienna' }`. */
export type Facts = { readonly [key: string]: Fact };

export type Refusal<F extends Facts = Facts> = {
  readonly ok: false;
  /** The restriction's name, e.g. `isAvoidDestinationFreeOfEnemy`: stable, for programs. */
  readonly code: string;
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
  readonly facts: F;
};

export type Verdict = { readonly ok: true } | Refusal;

export const ALLOWED: Verdict = { ok: true };

/**
 * A named restriction of the rules: what must hold for the action to go on. `holds` is the predicate; `facts` says,
 * when it fails, which case of the restriction applies and to what. `statements` are the RULES.md §7 ids it implements.
 */
export interface Restriction<A, F extends Facts = Facts, N extends string = string> {
  readonly name: N;
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
  readonly statements: readonly string[];
  readonly holds: (world: World, args: A) => boolean;
  readonly facts: (world: World, args: A) => F;
}

/**
 * The builder of restrictions on one kind of arguments: `const restriction = restrictionsOn<AvoidArgs>()`. Each
 * restriction keeps its name and the type of its facts, so src/text can require a renderer for every one of them.
 */
export function restrictionsOn<A>() {
  return <const N extends string, F extends Facts>(def: Restriction<A, F, N>): Restriction<A, F, N> => def;
}

export function check<A>(r: Restriction<A>, world: World, args: A): Verdict {
  if (r.holds(world, args)) return ALLOWED;
  return {
    ok: false,
    code: r.name,
    rule: r.rule,
    ...(r.ruling ? { ruling: r.ruling } : {}),
    facts: r.facts(world, args),
  };
}

/** The first restriction in the list that fails, or ALLOWED. Lists go from the most basic to the most specific. */
export function checkAll<A>(list: readonly Restriction<A>[], world: World, args: A): Verdict {
  for (const r of list) {
    const v = check(r, world, args);
    if (!v.ok) return v;
  }
  return ALLOWED;
}
