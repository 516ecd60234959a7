// The field battle's decisions (14): each side's dice (steps 2–3, 6) and each group's casualties (step 9, rulings
// R5, R7 and R16: odd hits, the kept unit, which power's units).
import { lossCombinations, lossesByPower, oddHitChoices, requiredLosses, type Losses } from '../../rules/casualties.ts';
import { dicePools, diceTotal } from '../../rules/dice.ts';
import { landUnitsIn } from '../../rules/stacks.ts';
import { sideLeader, sideStacks } from '../../rules/field-battle.ts';
import { must } from '../../rules/must.ts';
import { casualtiesClosed } from '../../text/refusals.ts';
import { powerDat, powerName, unitTypeOne, unitsText, ruFormOf } from '../../text/names.ts';
import { count, listText, NOUNS } from '../../text/grammar.ts';
import { cite } from '../../text/rules.ts';
import { groupStacks, type FieldBattleContext } from '../../rules/procedures/field-battle.ts';
import { joinText, type Text, msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { DecisionOf, DecisionOption } from '../../schema/decision.ts';
import type { EngineEvent } from '../../schema/events.ts';
import type { Power } from '../../schema/power.ts';
import type { Stack } from '../../schema/scenario.ts';
import { LAND_UNIT_TYPES, type LandUnitType } from '../../schema/units.ts';
import { hitRuleText } from '../../text/faces.ts';
import { modifiersOf, modifiersText } from '../../text/modifiers.ts';
import { base, decision, eventsOf, option, type Choice, type Waiting } from './common.ts';
import { casualtiesAnswers } from './answer-spaces.ts';
import { named } from './names.ts';
import { cardTitle } from '../../data/cards.ts';
import { nextRollsResponder } from '../../rules/rolls-cards.ts';

/** The most answers a decision lists; `limits` always describes the whole answer space. */
export const MAX_OPTIONS = 500;

type Split = Partial<Record<Power, Partial<Record<LandUnitType, number>>>>;
type CasualtyEvent = Extract<EngineEvent, { type: 'casualties.assign' }>;

/**
 * Ruling R16: every way to take `losses` from the powers of a group, type by type within what each power has — the
 * default split (the major's own units first) first. One power alone has one way, and no split is named.
 */
function powerSplits(stacks: readonly Stack[], power: Power, losses: Losses, cap: number): Split[] | undefined {
  const powers = [...new Set(stacks.map((s) => s.power))];
  if (powers.length < 2) return undefined;
  const have = (p: Power, t: LandUnitType) => stacks.filter((s) => s.power === p).reduce((n, s) => n + s[t], 0);
  let splits: Split[] = [{}];
  for (const t of LAND_UNIT_TYPES) {
    if (losses[t] === 0) continue;
    const ways: Partial<Record<Power, number>>[] = [];
    const place = (i: number, left: number, acc: Partial<Record<Power, number>>) => {
      if (ways.length > cap) return;
      if (i === powers.length - 1) {
        if (left <= have(powers[i]!, t)) ways.push({ ...acc, ...(left > 0 ? { [powers[i]!]: left } : {}) });
        return;
      }
      for (let k = Math.min(left, have(powers[i]!, t)); k >= 0; k--)
        place(i + 1, left - k, { ...acc, ...(k > 0 ? { [powers[i]!]: k } : {}) });
    };
    place(0, losses[t], {});
    splits = splits.flatMap((sp) =>
      ways.map((w) => {
        const next: Split = { ...sp };
        for (const [p, k] of Object.entries(w) as [Power, number][]) next[p] = { ...next[p], [t]: k };
        return next;
      }),
    );
    if (splits.length > cap) return undefined;
  }
  const def = lossesByPower({ stacks, power, losses }) ?? {};
  const key = (x: Split) => JSON.stringify(powers.map((p) => LAND_UNIT_TYPES.map((t) => x[p]?.[t] ?? 0)));
  const first = splits.find((x) => key(x) === key(def as Split));
  return first ? [first, ...splits.filter((x) => x !== first)] : splits;
}

function splitText(world: World, split: Split | undefined): Text {
  if (!split) return msg('procedure.field-battle.splitText', '', '');
  const parts = (Object.entries(split) as [Power, Partial<Record<LandUnitType, number>>][]).map(([p, c]) => {
    const u = unitsText(
      world,
      { regulars: c.regulars ?? 0, mercenaries: c.mercenaries ?? 0, cavalry: c.cavalry ?? 0 },
      'acc',
    );
    return msg('procedure.field-battle.splitText.parts', '{powerName} {u}', '{powerName} — {u}', {
      powerName: powerName(p),
      u,
    });
  });
  return joinText(
    [
      msg('procedure.field-battle.splitText.2', ' (', ' ('),
      joinText(parts, ', '),
      msg('procedure.field-battle.splitText.3', ')', ')'),
    ],
    '',
  );
}

/**
 * Every legal answer of the group asked, in the order the decision lists them (14 step 9, rulings R5, R7, R16): the
 * odd hits, then the losses, then each power's share, then the kept unit and its power. Lazy: no reader takes more
 * than MAX_OPTIONS.
 */
function* casualtyChoices(w: Waiting<FieldBattleContext>): Generator<Choice<CasualtyEvent>> {
  const c = w.context;
  const world = c.world;
  const asking = must(c.asking, 'a casualties decision with no group asked');
  const plan = must(c.plans?.[asking.role], 'a casualties decision before the winner is decided');
  const stacks = groupStacks(c, asking.role, asking.power);
  const placesOdd = plan.decider === asking.power && plan.oddHits > 0 && c.oddTo[asking.role] === undefined;
  const oddChoices = placesOdd ? oddHitChoices(plan) : [c.oddTo[asking.role] ?? []];
  const keeper = plan.keepsOne && plan.keeper === asking.power;
  for (const odd of oddChoices) {
    const n = requiredLosses(plan, asking.power, odd);
    for (const losses of lossCombinations(stacks, n)) {
      const splits: (Split | undefined)[] = powerSplits(stacks, asking.power, losses, MAX_OPTIONS) ?? [undefined];
      for (const split of splits) {
        const keeps = keeper ? LAND_UNIT_TYPES.filter((k) => losses[k] > 0) : [undefined];
        for (const keep of keeps) {
          const keepers =
            keep && split ? (Object.keys(split) as Power[]).filter((p) => (split[p]?.[keep] ?? 0) > 0) : [undefined];
          for (const keepPower of keepers) {
            const fields: Record<string, number> = {};
            for (const k of LAND_UNIT_TYPES) if (losses[k] > 0) fields[k] = losses[k];
            const event: CasualtyEvent = {
              type: 'casualties.assign',
              power: asking.power,
              ...fields,
              ...(split ? { byPower: split } : {}),
              ...(keep ? { keep } : {}),
              ...(keepPower ? { keepPower } : {}),
              ...(placesOdd ? { oddHits: [...odd] } : {}),
            };
            const label = () => {
              const lost = unitsText(world, losses, 'acc'),
                by = splitText(world, split),
                r7 = cite('R7');
              return joinText(
                [
                  msg('procedure.field-battle.casualtyChoices.label', 'Lose {lost}{by}', 'Потерять {lost}{by}', {
                    lost,
                    by,
                  }),
                  ...(keep
                    ? [
                        msg(
                          'procedure.field-battle.casualtyChoices.label.2',
                          'keep {unitTypeOne}{keepPower} ({r7})',
                          'сохранить {unitTypeOne}{keepPowerPowerNameKeepPower} ({r7})',
                          {
                            unitTypeOne: unitTypeOne(keep),
                            keepPower: keepPower ? ` of ${powerName(keepPower).en}` : '',
                            r7,
                            keepPowerPowerNameKeepPower: keepPower ? ` (${powerName(keepPower).ru})` : '',
                          },
                        ),
                      ]
                    : []),
                  ...(placesOdd
                    ? [
                        msg(
                          'procedure.field-battle.casualtyChoices.label.3',
                          '{length, select, true {the odd hit} other {the odd hits}} on {oddPowers}',
                          '{length, select, true {лишнее попадание} other {лишние попадания}} — {oddPowersDat}',
                          {
                            length: odd.length === 1 ? 'true' : 'false',
                            oddPowers: listText(
                              'units.list',
                              odd.map((x) => powerName(x)),
                              ', ',
                            ),
                            oddPowersDat: listText('list.and', odd.map(powerDat)),
                          },
                        ),
                      ]
                    : []),
                ],
                '; ',
              );
            };
            yield { event, label };
          }
        }
      }
    }
  }
}

function buildCasualties(w: Waiting<FieldBattleContext>): DecisionOf<'casualties'> {
  const c = w.context;
  const world = c.world;
  const asking = must(c.asking, 'a casualties decision with no group asked');
  const power: Power = asking.power;
  const plan = must(c.plans?.[asking.role], 'a casualties decision before the winner is decided');
  const options: DecisionOption<'casualties'>[] = [];
  let complete = true;
  for (const choice of casualtyChoices(w)) {
    if (options.length >= MAX_OPTIONS) {
      complete = false;
      break;
    }
    options.push(option(choice.event, choice.label()));
  }
  const p = powerName(power);
  const hits = plan.losses;
  return named(world, {
    ...base(w),
    kind: 'casualties',
    power,
    options,
    blocked: [],
    forced: options.length === 1 && complete,
    limits: {
      losses: hits,
      oddHits: plan.oddHits,
      keepsOne: plan.keepsOne,
      groups: [...plan.groups],
      optionsComplete: complete,
    },
    prompt: msg(
      'procedure.field-battle.buildCasualties.prompt',
      '{p}: choose which land units are lost ({hits} on your side, 14 step 9).',
      '{p}: выберите, какие сухопутные части потеряны (потерь на вашей стороне: {hits}; 14, шаг 9).',
      { p, hits },
    ),
  });
}

/** 14 step 7 (ruling R31): the dice of a card played after both rolls (Janissaries), rolled by its player. */
function buildCardRoll(w: Waiting<FieldBattleContext>): DecisionOf<'roll'> {
  const c = w.context;
  const roll = must(c.cardRoll, 'a card roll with no card played');
  const modifiers = modifiersOf(c.world, roll.terms);
  const total = diceTotal(roll.terms);
  const p = powerName(roll.power),
    dice = count(total, NOUNS.die),
    hit = hitRuleText(dicePools(roll.terms)),
    card =
      roll.terms[0]?.source.kind === 'card'
        ? cardTitle(roll.terms[0].source.card)
        : msg('procedure.field-battle.buildCardRoll.card', '', '');
  return named(c.world, {
    ...base(w),
    kind: 'roll',
    power: roll.power,
    options: [],
    blocked: [],
    forced: false,
    roll: {
      dice: total,
      purpose: 'card',
      side: roll.side,
      modifiers,
      terms: roll.terms.map((t) => ({ ...t })),
      target: null,
    },
    prompt: msg(
      'procedure.field-battle.buildCardRoll.prompt',
      "{p} rolls {dice} for {card} on the {rollSide}'s side (14 step 7, ruling R31); {hit}.",
      '{p} {rollPowerForm, select, pl {бросают} other {бросает}} {dice} за {card} на стороне {rollSideAttacker, select, true {атакующего} other {обороняющегося}} (14, шаг 7; постановление R31); {hit}.',
      {
        p,
        dice,
        card,
        rollSide: roll.side,
        hit,
        rollPowerForm: ruFormOf(roll.power),
        rollSideAttacker: roll.side === 'attacker' ? 'true' : 'false',
      },
    ),
  });
}

/** 14 steps 2–3 and 6: one side's dice, with what they are made of (its terms). */
function buildRoll(w: Waiting<FieldBattleContext>): DecisionOf<'roll'> {
  const c = w.context;
  const purpose = w.meta.roll;
  if (purpose === 'card') return buildCardRoll(w);
  if (purpose !== 'attacker' && purpose !== 'defender')
    throw new Error(`engine fault: a field-battle roll for ${String(purpose)}`);
  const terms = c.dice?.[purpose] ?? [];
  // The defenders' dice are rolled by their leading power (the controller if it fights, ruling R5).
  const power: Power =
    purpose === 'attacker' ? c.battle.attacker : sideLeader(c.world, c.battle, 'defender', c.forces?.defender ?? []);
  const modifiers = modifiersOf(c.world, terms);
  const side = (role: 'attacker' | 'defender') => {
    const t = c.dice?.[role] ?? [];
    // After a Surprise Attack's first losses (ruling R28) the land units are those left, not those counted first.
    const units = c.surprise ? sideStacks(c.world, c.battle, role) : (c.forces?.[role] ?? []);
    return { dice: diceTotal(t), landUnits: landUnitsIn(units), terms: t.map((x) => ({ ...x })) };
  };
  const total = diceTotal(terms);
  const p = powerName(power),
    dice = count(total, NOUNS.die),
    hit = hitRuleText(dicePools(terms));
  return named(c.world, {
    ...base(w),
    kind: 'roll',
    power,
    options: [],
    blocked: [],
    forced: false,
    roll: {
      dice: total,
      purpose,
      modifiers,
      terms: terms.map((t) => ({ ...t })),
      target: null,
      battle: {
        attacker: side('attacker'),
        defender: side('defender'),
        ...(nextRollsResponder(c.world, c.battle, c.rollsResponders ?? []) ? { rollsWindow: true as const } : {}),
        ...(c.surprise ? { surprise: c.surprise.side } : {}),
      },
    },
    prompt: msg(
      'procedure.field-battle.buildRoll.prompt',
      '{p} rolls {dice} ({modifiersText}); {hit}.',
      '{p} {powerForm, select, pl {бросают} other {бросает}} {dice} ({modifiersText}); {hit}.',
      { p, dice, modifiersText: modifiersText(modifiers), hit, powerForm: ruFormOf(power) },
    ),
  });
}

/** Casualties: lose mercenaries, then regulars, then cavalry; keep the most valuable unit (R7); the deciding group takes odd hits itself (R5). */
const LOSS_ORDER: readonly LandUnitType[] = ['mercenaries', 'regulars', 'cavalry'];

function lossRank(e: EngineEvent): number[] {
  if (e.type !== 'casualties.assign') return [];
  return [...LOSS_ORDER.map((k) => -(e[k] ?? 0)), -LOSS_ORDER.indexOf(e.keep ?? 'mercenaries')];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

export const casualties = decision<FieldBattleContext, 'casualties'>({
  build: buildCasualties,
  power: (c) => c.asking?.power,
  mayBeForced: true,
  declines: [],
  eager: false,
  closedBy: 'decision',
  stepClosed: casualtiesClosed,
  answerSpace: casualtiesAnswers,
  answers: (w) => eventsOf(casualtyChoices(w)),
  // The options come with the default split first (ruling R16); the sort is stable, so it stays first among equals.
  decline: (d) => {
    const own = d.options.filter(
      (o) => o.event.type !== 'casualties.assign' || !o.event.oddHits || o.event.oddHits.includes(d.power),
    );
    const pool = own.length > 0 ? own : d.options;
    return [...pool].sort((a, b) => compareRanks(lossRank(a.event), lossRank(b.event)))[0]?.event;
  },
});

export const battleRoll = decision<FieldBattleContext, 'roll'>({
  build: buildRoll,
  decline: () => undefined,
  // A side with no dice rolls none (ruling R9).
  mayBeForced: true,
  // The dice buildRoll lists: a side with dice to roll rolls them itself.
  unforced: (w) =>
    w.meta.roll === 'card' ||
    ((w.meta.roll === 'attacker' || w.meta.roll === 'defender') && diceTotal(w.context.dice?.[w.meta.roll] ?? []) > 0),
});
