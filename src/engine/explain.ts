// Why an event is refused. Every refusal names a rule: the restriction that fails for an answer to the pending
// decision, or the rule that closed (or has not yet opened) the step the event belongs to. Never "unexpected event".
import type { EngineEvent } from '../schema/events.ts';
import type { Decision } from '../schema/decision.ts';
import { units } from '../schema/units.ts';
import { isNoOtherPowerSuccessful } from '../rules/interception.ts';
import type { MovementContext } from '../rules/procedures/movement.ts';
import type { RuleRef, RulingRef } from '../rules/registry.ts';
import { check, type Facts, type Refusal } from '../rules/verdict.ts';
import type { AnswerVerdict } from '../rules/procedures/common.ts';
import { must } from '../rules/must.ts';
import { skippedRefusal } from '../rules/skipped.ts';
import { isWithdrawalDecider, WITHDRAWAL_CONDITIONS } from '../rules/withdrawal.ts';
import { interceptedBy, kindOf, specOf, type Waiting } from './procedures/index.ts';
import type { World } from '../rules/world.ts';
import { inSpace, outOfSpace, powerName, ruAgree, spaceFrom, spaceName } from '../text/names.ts';
import { reasonOf } from '../text/reasons/index.ts';
import { count, NOUNS } from '../text/grammar.ts';
import { cite } from '../text/rules.ts';
import { text, type Lang, type Text } from '../text/text.ts';
import { decisionOfEvent, stepOfEvent, stepOfMovementState } from './structure.ts';

export type ErrorCode =
  'invalid-event' | 'illegal' | 'out-of-turn' | 'step-closed' | 'move-ended' | 'not-supported' | 'limit' | 'internal';

export interface EngineError {
  readonly code: ErrorCode;
  readonly rule?: RuleRef;
  readonly ruling?: RulingRef;
  /** The restriction that refused the answer, when one did. */
  readonly restriction?: string;
  readonly message: string;
  /** The refusal in English and Russian (`message` is its text in the session's language): always present. */
  readonly reason: Text;
  /**
   * With `restriction`: the facts of the refusal (ids, counts, which case applies), from which a host may word its
   * own message; `reason` is the engine's wording of them.
   */
  readonly facts?: Facts;
  readonly path?: string;
  /** With code `limit`: the bound that stopped the work (`maxEvents`, `maxMs`, …) and its value. */
  readonly limit?: { readonly name: string; readonly value: number };
}

export function errorOf(
  code: ErrorCode,
  rule: RuleRef | undefined,
  reason: Text,
  lang: Lang,
  extra: Partial<EngineError> = {},
): EngineError {
  return { code, ...(rule ? { rule } : {}), message: reason[lang], reason, ...extra };
}

function fromRefusal(world: World, r: Refusal, lang: Lang, code: ErrorCode = 'illegal'): EngineError {
  const reason = reasonOf(world, r);
  const ruling = r.ruling ? { ruling: r.ruling } : {};
  return { code, rule: r.rule, ...ruling, restriction: r.code, message: reason[lang], reason, facts: r.facts };
}

interface Situation {
  readonly root: MovementContext;
  readonly stage: string;
  readonly waiting: Waiting | undefined;
  /**
   * The verdict the guard of an answer gave on the event when the machine was asked to take it (the one
   * computation: never made again here), or undefined when no answer's guard judged it.
   */
  readonly verdict: AnswerVerdict | undefined;
  /** The pending decision (a session builds it only when read: only the words of a refusal need it). */
  readonly decision: Decision | null;
  readonly lang: Lang;
}

/**
 * Ruling R9: an answer of a power the rules passed over (nobody asked it: no eligible interceptor, no legal space to
 * avoid into or retreat to) is refused with the restriction that made them pass it over, as the summary recorded it.
 */
function skippedAnswerRefusal(s: Situation, event: EngineEvent): EngineError | undefined {
  // This leg's decisions only (13.4 option 1 makes a new Move, asked again).
  const to = s.root.leg?.to;
  const entries = s.root.summary.skipped.filter((e) => e.kind === 'retreat' || e.space === to);
  const r =
    event.type === 'intercept.declare' || event.type === 'intercept.decline'
      ? skippedRefusal(entries, 'intercept', event.power, { from: 'from' in event ? event.from : undefined })
      : event.type === 'avoid.declare' || event.type === 'avoid.decline'
        ? skippedRefusal(entries, 'avoid', event.power, { to: 'to' in event ? event.to : undefined })
        : event.type === 'retreat.declare'
          ? skippedRefusal(entries, 'retreat', event.power, { to: event.to })
          : undefined;
  return r && fromRefusal(s.root.world, r, s.lang, 'step-closed');
}

/** The rule that closed the step an event belongs to, or that it has not opened yet. */
function stepRefusal(s: Situation, event: EngineEvent): EngineError {
  const { root, lang } = s;
  const skipped = skippedAnswerRefusal(s, event);
  if (skipped) return skipped;
  const now = stepOfMovementState(s.stage);
  const at = stepOfEvent(event.type);
  const leg = root.leg;
  // A success is known as soon as the roll is made, before the interception machine finishes (13.2 step 3).
  const live = s.waiting ? interceptedBy(s.waiting) : undefined;
  const intercepted = root.intercepted ?? live;
  if (intercepted && (event.type.startsWith('avoid.') || event.type.startsWith('withdraw.'))) {
    const p = powerName(intercepted);
    return errorOf(
      'step-closed',
      '13.2 step 5',
      text(
        `${p.en} intercepted: after a successful interception steps 6 and 7 are skipped — no avoiding battle and no withdrawal; the battle is fought.`,
        `${p.ru} ${ruAgree(intercepted, 'перехватили', 'перехватила', 'перехватило')} движение: после успешного перехвата шаги 6 и 7 пропускаются — ни уклонения от сражения, ни отхода в укрепления; происходит полевое сражение.`,
      ),
      lang,
    );
  }
  const dest = leg ? spaceName(root.world, leg.to) : text('the destination', 'область назначения');
  // The destination in the Russian cases the sentences below need.
  const destIn = leg ? inSpace(root.world, leg.to).ru : 'в области назначения';
  const destGen = leg ? spaceFrom(root.world, leg.to).ru : 'области назначения';
  const destOut = leg ? outOfSpace(root.world, leg.to).ru : 'из области назначения';
  const pending = s.decision?.prompt ?? text('nothing', 'ничего');
  if (event.type === 'move.declare')
    return errorOf(
      'step-closed',
      '13.1',
      text(
        `The move is already declared (${leg ? `${spaceName(root.world, leg.from).en} → ${spaceName(root.world, leg.to).en}` : 'in the scenario'}): one Move action per session.`,
        `Движение уже объявлено (${leg ? `${spaceName(root.world, leg.from).ru} → ${spaceName(root.world, leg.to).ru}` : 'в сценарии'}): в одной сессии — одна акция движения.`,
      ),
      lang,
    );
  if (at > now)
    return errorOf(
      'out-of-turn',
      s.decision?.rule as RuleRef | undefined,
      text(
        `Not yet: the game is waiting for an earlier step first — ${pending.en}`,
        `Ещё рано: игра сначала ждёт более раннего шага — ${pending.ru}`,
      ),
      lang,
    );
  if (event.type.startsWith('intercept.')) {
    if (intercepted && 'power' in event && event.power !== intercepted) {
      const v = check(isNoOtherPowerSuccessful, root.world, {
        leg: leg!,
        usedSpaces: [],
        declined: [],
        successPower: intercepted,
        power: event.power,
        from: '',
        request: units({}),
      });
      if (!v.ok) return fromRefusal(root.world, v, lang, 'step-closed');
    }
    return errorOf(
      'step-closed',
      '13.1 step 5',
      text(
        `Interceptions of this move are over: they are resolved before the formation is placed in ${dest.en}.`,
        `Перехваты этого движения завершены: они разыгрываются до того, как соединение размещается ${destIn}.`,
      ),
      lang,
    );
  }
  if (event.type.startsWith('avoid.') || event.type.startsWith('withdraw.')) {
    if ((event.type === 'withdraw.declare' || event.type === 'withdraw.decline') && leg) {
      for (const cond of WITHDRAWAL_CONDITIONS) {
        const v = check(cond, root.world, { leg, power: event.power });
        if (!v.ok) return fromRefusal(root.world, v, lang, 'step-closed');
      }
      const v = check(isWithdrawalDecider, root.world, { leg, power: event.power });
      if (!v.ok) return fromRefusal(root.world, v, lang, 'step-closed');
      return errorOf(
        'step-closed',
        '13.1 step 7',
        text(`Step 7 (withdrawal into ${dest.en}) is over.`, `Шаг 7 (отход в укрепления ${destGen}) завершён.`),
        lang,
      );
    }
    return errorOf(
      'step-closed',
      '13.1 step 6',
      text(
        `Step 6 (avoid battle out of ${dest.en}) is over or was never open: only enemy land units in the destination may avoid battle, before the withdrawal and the battle.`,
        `Шаг 6 (уклонение от сражения ${destOut}) завершён или не начинался: уклоняться могут только вражеские сухопутные части в области назначения, до отхода в укрепления и сражения.`,
      ),
      lang,
    );
  }
  if (event.type === 'move.continue' || event.type === 'move.stop')
    return errorOf(
      'step-closed',
      '13.4 option 1',
      text(
        'Moving on or retreating is chosen only after the defenders withdrew into the fortifications and the formation does not outnumber them.',
        'Двигаться дальше или отступить можно выбрать, только когда обороняющиеся отошли в укрепления, а у соединения нет численного перевеса над ними.',
      ),
      lang,
    );
  if (event.type === 'casualties.assign')
    return errorOf(
      'step-closed',
      '14 step 9',
      text(
        `No casualties are owed now: they are chosen after both sides roll in a field battle — ${pending.en}`,
        `Сейчас потери не выбирают: их выбирают после бросков обеих сторон в полевом сражении. Игра ждёт: ${pending.ru}`,
      ),
      lang,
    );
  if (event.type === 'retreat.declare')
    return errorOf(
      'step-closed',
      '14.1',
      text(
        `No retreat is owed now: only the loser of a field battle retreats, after casualties — ${pending.en}`,
        `Сейчас отступать не нужно: отступает только проигравший полевое сражение, после потерь. Игра ждёт: ${pending.ru}`,
      ),
      lang,
    );
  return errorOf(
    'out-of-turn',
    s.decision?.rule as RuleRef | undefined,
    text(`The game is waiting for: ${pending.en}`, `Игра ждёт: ${pending.ru}`),
    lang,
  );
}

/** Explains why `event` cannot be accepted now. */
export function explainRefusal(s: Situation, event: EngineEvent): EngineError {
  const { lang } = s;
  if (event.type === 'card.play') {
    const r = cite('R14');
    return errorOf(
      'not-supported',
      undefined,
      text(
        `Cards are not supported in this release (${r.en}): ${event.card} cannot be played. ` +
          'The response and combat card windows are marked in the machines.',
        `Карты в этой версии не поддерживаются (${r.ru}): карту ${event.card} сыграть нельзя. ` +
          'Моменты розыгрыша карт ответа и боевых карт отмечены в машинах.',
      ),
      lang,
      { ruling: 'R14' },
    );
  }
  const w = s.waiting;
  if (!w)
    return errorOf(
      'move-ended',
      '13.1',
      text(
        'The move is over: no further events are accepted. Start a new session from the result position for the next move.',
        'Движение завершено: события больше не принимаются. Для следующего движения начните новую сессию с итоговой позиции.',
      ),
      lang,
    );
  const kind = kindOf(w);
  if (event.type === 'dice.rolled') {
    const decision = must(s.decision, 'a waiting state with no decision');
    if (kind !== 'roll')
      return errorOf(
        'out-of-turn',
        decision.rule as RuleRef,
        text(
          `No roll is pending. The game is waiting for: ${decision.prompt.en}`,
          `Сейчас бросок не нужен. Игра ждёт: ${decision.prompt.ru}`,
        ),
        lang,
      );
    const n = decision.roll?.dice ?? 0;
    const got = event.values?.length ?? 0;
    return errorOf(
      'illegal',
      decision.rule as RuleRef,
      text(
        `This roll takes exactly ${count(n, NOUNS.die).en}, not ${got}.`,
        `Для этого броска нужно ровно ${count(n, NOUNS.die).ru}, а не ${got}.`,
      ),
      lang,
    );
  }
  if (decisionOfEvent(event.type) === kind) {
    const spec = specOf(w.machine, kind);
    const r = s.verdict;
    const otherPower = 'power' in event && event.power !== spec.power?.(w.context);
    if (r && !r.ok) return fromRefusal(s.root.world, r, lang, otherPower ? 'out-of-turn' : 'illegal');
    const decision = must(s.decision, 'a waiting state with no decision');
    if (otherPower && r === false) {
      const asked = powerName(decision.power as never),
        p = powerName(event.power);
      return errorOf(
        'out-of-turn',
        decision.rule as RuleRef,
        text(
          `${asked.en} answers this decision, not ${p.en}: ${decision.prompt.en}`,
          `Сейчас ${ruAgree(decision.power as never, 'отвечают', 'отвечает')} ${asked.ru}, а не ${p.ru}: ${decision.prompt.ru}`,
        ),
        lang,
      );
    }
    // Engine fault: the guard of every answer of a decision gives its verdict (src/rules/procedures), so a refused
    // answer of the pending kind always has a refusal, or is another power's (`false`).
    return errorOf(
      'internal',
      decision.rule as RuleRef,
      text(
        'The machine refused an answer without a verdict of its rules: please report this scenario and event.',
        'Машина отвергла ответ без вердикта своих правил: пожалуйста, сообщите об этом сценарии и событии.',
      ),
      lang,
    );
  }
  return stepRefusal(s, event);
}

export type { Situation };
