// 15.3 Breaking a Siege, wherever a move can break one: the state that checks whether a siege lost the besiegers that
// outnumbered the units inside, and the state that invokes the siegeBreak procedure for it. Written once, used by the
// movement machine (after the formation leaves, after avoid battle, after the withdrawal, after the battle) and by the
// interception machine (after interceptors leave their siege). The machine's setup() supplies the guard
// `hasBrokenSiege`, the actor `siegeBreak` and the action that takes its output back.
import { procedureInput, type ProcedureContext, type ProcedureInput } from '../src/rules/procedures/common.ts';
import type { SiegeBreakOutput } from '../src/rules/procedures/siege-break.ts';
import type { Text } from '../src/text/text.ts';
import type { StateMeta, Tag } from './meta.ts';

type Step = NonNullable<StateMeta['step']>;

/**
 * How the invoking machine takes the output back: as it is (`takeOutput`), or with a leader the besiegers leave alone
 * beside the moving formation captured (13.1: the movement machine's `takeSiegeBreakOutput`).
 */
export type TakeSiegeBreak = 'takeOutput' | 'takeSiegeBreakOutput';

export interface SiegeCheck<Next extends string, Take extends TakeSiegeBreak> {
  /** Where the move goes on, with or without a broken siege. */
  readonly next: Next;
  /** What the check looks at, as the diagrams say it. */
  readonly description: string;
  readonly title: Text;
  /** The step of 13.1 the pair belongs to (movement only). */
  readonly step?: Step;
  readonly tags?: Tag[];
  readonly take: Take;
}

const BREAK: Text = { en: 'Break the sieges', ru: 'Снятие осад' };

/** The two states, named `check` and `breaking`, to spread into a machine's `states`. */
export function siegeCheckStates<
  const Check extends string,
  const Breaking extends string,
  const Next extends string,
  const Take extends TakeSiegeBreak,
>(check: Check, breaking: Breaking, s: SiegeCheck<Next, Take>) {
  const meta = (title: Text): StateMeta => ({ rule: '15.3', ...(s.step !== undefined ? { step: s.step } : {}), title });
  const tags = s.tags ? { tags: s.tags } : {};
  const checking = {
    description: s.description,
    ...tags,
    meta: meta(s.title),
    always: [{ guard: 'hasBrokenSiege' as const, target: breaking }, { target: s.next }],
  };
  const broken = {
    description:
      s.take === 'takeSiegeBreakOutput'
        ? 'The broken sieges end at once and their besiegers retreat, free (15.3); a leader they leave alone beside the formation is captured (13.1).'
        : 'The broken sieges end at once and their besiegers retreat, free (15.3).',
    ...tags,
    meta: meta(BREAK),
    invoke: {
      id: 'siegeBreak' as const,
      src: 'siegeBreak' as const,
      input: ({ context }: { readonly context: ProcedureContext }): ProcedureInput => procedureInput(context),
      onDone: {
        target: s.next,
        actions: {
          type: s.take,
          params: ({ event }: { readonly event: { readonly output: SiegeBreakOutput } }) => event.output,
        },
      },
    },
  };
  return { [check]: checking, [breaking]: broken } as { readonly [K in Check]: typeof checking } & {
    readonly [K in Breaking]: typeof broken;
  };
}
