// What a reason renderer is: the facts of one restriction's refusal, worded in both languages. The world is only
// read for names (the board's spaces, the leaders); everything else is in the facts.
import type { RestrictionFacts, RestrictionsIn } from '../../rules/index.ts';
import type { World } from '../../rules/world.ts';
import type { Text } from '../text.ts';

/** What names the ids of a refusal's facts. */
export type NameSource = Pick<World, 'board' | 'leaders'>;

export type Renderer<F> = (world: NameSource, facts: F) => Text;

/** A renderer for every restriction a rules module exports, keyed by its name: leaving one out is a type error. */
export type RenderersOf<M> = { readonly [R in RestrictionsIn<M> as R['name']]: Renderer<RestrictionFacts<R>> };
