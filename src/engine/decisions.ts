// The pending decision of a waiting machine: who answers, the legal answers (complete events), the answers that are
// not allowed with their rule, and for rolls the dice and modifiers. Built from the rules layer only, so the legal
// options and the refusals of `send` come from the same restrictions.
import type { MachineId, StateMeta } from '../../machines/index.ts';
import type { Decision, DecisionOption, Blocked } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import { MAJOR_POWERS, type Power } from '../schema/power.ts';
import { LAND_UNIT_TYPES, landUnitCount, type LandUnitType, type Units } from '../schema/units.ts';
import type { Stack } from '../schema/scenario.ts';
import { lossCombinations, lossesByPower, oddHitChoices, requiredLosses, type Losses } from '../rules/casualties.ts';
import { avoidDestinations, avoidingStacks } from '../rules/avoid-battle.ts';
import { ROLL_DICE, ROLL_TARGET, type Modifier } from '../rules/dice.ts';
import { commandLimit } from '../rules/formation.ts';
import { interceptionCandidates, largestInterception, POWER_RESTRICTIONS } from '../rules/interception.ts';
import { ENTRY_RESTRICTIONS, groupStacksIn, moveCost, movableStacks } from '../rules/movement.ts';
import { enLandUnits, inSpace, intoSpace, leaderGen, leaderName, outOfSpace, powerDat, powerGen, powerName, ruAgree, ruCount, ruLandUnits, ruList, spaceFrom, spaceName, unitTypeOne, unitsText } from '../rules/names.ts';
import type { AvoidContext } from '../rules/procedures/avoid-battle.ts';
import { groupStacks, type FieldBattleContext } from '../rules/procedures/field-battle.ts';
import { sideLeader } from '../rules/field-battle.ts';
import type { InterceptionContext } from '../rules/procedures/interception.ts';
import type { MovementContext } from '../rules/procedures/movement.ts';
import type { RetreatContext } from '../rules/procedures/retreat.ts';
import type { WithdrawalContext } from '../rules/procedures/withdrawal.ts';
import { insideRoom, mayAnyGoInside, retreatDestinations, retreatingStacks } from '../rules/retreat.ts';
import { landUnitsInside } from '../rules/siege.ts';
import { stacksIn, totals } from '../rules/stacks.ts';
import { joinText, text, type Text } from '../rules/text.ts';
import { checkAll, type Refusal } from '../rules/verdict.ts';
import { activeLandUnits, continueDestinations, withdrawalDecider } from '../rules/withdrawal.ts';
import type { World } from '../rules/world.ts';

export interface Waiting {
  readonly machine: MachineId;
  readonly state: string;
  readonly meta: StateMeta;
  readonly context: unknown;
}

function blockedOf(option: Record<string, unknown>, r: Refusal): Blocked {
  return { option, code: r.code, rule: r.rule, ...(r.ruling ? { ruling: r.ruling } : {}), reason: r.reason };
}

function unitsFields(u: Units): Partial<Units> {
  const out: { regulars?: number; mercenaries?: number; cavalry?: number; leaders?: string[] } = {};
  for (const k of LAND_UNIT_TYPES) if (u[k] > 0) out[k] = u[k];
  if (u.leaders.length > 0) out.leaders = [...u.leaders];
  return out;
}

function option(event: EngineEvent, label: Text): DecisionOption {
  return { event, label };
}

function modifiersText(mods: readonly Modifier[]): string {
  return mods.map((m) => (m.value >= 0 ? `+${m.value}` : `−${-m.value}`)).join(' ');
}

type Base = Pick<Decision, 'machine' | 'state' | 'rule' | 'ruling'>;

function base(w: Waiting): Base {
  return { machine: w.machine, state: w.state, rule: w.meta.rule, ...(w.meta.ruling ? { ruling: w.meta.ruling } : {}) };
}

function moveDecision(w: Waiting, c: MovementContext): Decision {
  const world = c.world;
  const power = world.position.impulse.power;
  const options: DecisionOption[] = [];
  const blocked: Blocked[] = [];
  const spaces = [...new Set(world.position.stacks.filter((s) => groupStacksIn(world, power, s.space).length > 0).map((s) => s.space))].sort();
  for (const from of spaces) {
    const stacks = movableStacks(world, power, from);
    const request = largestInterception(world, stacks);
    if (landUnitCount(request) === 0 && request.leaders.length === 0) continue;
    for (const to of world.board.spaces.get(from)?.neighbours ?? []) {
      const v = checkAll(ENTRY_RESTRICTIONS, world, { power, from, to, request, cp: world.position.impulse.cp });
      if (!v.ok) blocked.push(blockedOf({ from, to }, v));
      else {
        const f = spaceName(world, from), t = spaceName(world, to), u = unitsText(world, request);
        options.push(option({ type: 'move.declare', from, to, ...unitsFields(request) }, text(`${f.en} → ${t.en}: ${u.en} (${moveCost(world, from, to)} CP)`, `${f.ru} → ${t.ru}: ${u.ru} (${moveCost(world, from, to)} КО)`)));
      }
    }
  }
  const p = powerName(power);
  return {
    ...base(w), kind: 'move', power, forced: false, options, blocked,
    prompt: text(`${p.en}: declare a formation and an adjacent destination (${world.position.impulse.cp} CP left).`, `Ход ${powerGen(power).ru}: объявите соединение и прилегающую область назначения (осталось ${world.position.impulse.cp} КО).`),
  };
}

function interceptDecision(w: Waiting, c: InterceptionContext): Decision {
  const world = c.world;
  const power = c.asking ?? 'independent';
  const options: DecisionOption[] = [];
  const blocked: Blocked[] = [];
  const spaces: { from: string; available: Units; maxLandUnits: number }[] = [];
  if (c.asking) {
    const { candidates, blocked: b } = interceptionCandidates(world, c, c.asking);
    for (const cand of candidates) {
      const request = largestInterception(world, cand.stacks);
      const available = totals(cand.stacks);
      spaces.push({ from: cand.from, available, maxLandUnits: commandLimit(world, available.leaders) });
      const f = spaceName(world, cand.from), u = unitsText(world, request);
      options.push(option({ type: 'intercept.declare', power: c.asking, from: cand.from, ...unitsFields(request) }, text(`Intercept from ${f.en} with ${u.en}`, `Перехватить ${outOfSpace(world, cand.from).ru}: ${u.ru}`)));
    }
    for (const x of b) blocked.push(blockedOf({ power: x.power, from: x.from }, x.refusal));
    options.push(option({ type: 'intercept.decline', power: c.asking }, text('Make no (more) interception attempts', 'Не делать (больше) попыток перехвата')));
  }
  // Other powers with adjacent units that may not intercept at all, with the reason (not those merely waiting their turn).
  for (const other of MAJOR_POWERS) {
    if (other === c.asking || other === c.leg.power) continue;
    const near = (world.board.spaces.get(c.leg.to)?.neighbours ?? []).filter((n) => stacksIn(world.position.stacks, n).some((s) => s.power === other));
    if (near.length === 0) continue;
    const v = checkAll(POWER_RESTRICTIONS, world, { ...c, asking: other, power: other, from: near[0] ?? '', request: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] } });
    if (!v.ok) for (const from of near) blocked.push(blockedOf({ power: other, from }, v));
  }
  const p = powerName(power), a = powerName(c.leg.power), t = spaceName(world, c.leg.to);
  return {
    ...base(w), kind: 'intercept', power, forced: false, options, blocked, limits: { spaces },
    prompt: text(`${p.en}: intercept the ${a.en} move into ${t.en}? (2d6 + modifiers ≥ 9)`, `${p.ru}: перехватить движение ${powerGen(c.leg.power).ru} ${intoSpace(world, c.leg.to).ru}? (2d6 + модификаторы ≥ 9)`),
  };
}

function avoidDecision(w: Waiting, c: AvoidContext): Decision {
  const world = c.world;
  const power = c.asking ?? 'independent';
  const options: DecisionOption[] = [];
  const blocked: Blocked[] = [];
  let available: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
  if (c.asking) {
    available = totals(avoidingStacks(world, c.asking, c.leg));
    const { to, blocked: b } = avoidDestinations(world, c, c.asking);
    for (const dest of to) {
      const d = spaceName(world, dest), u = unitsText(world, available);
      options.push(option({ type: 'avoid.declare', power: c.asking, to: dest, ...unitsFields(available) }, text(`Avoid battle into ${d.en} with ${u.en}`, `Уклониться ${intoSpace(world, dest).ru}: ${u.ru}`)));
    }
    for (const x of b) blocked.push(blockedOf({ to: x.to }, x.refusal));
    options.push(option({ type: 'avoid.decline', power: c.asking }, text('Stay and face the enemy', 'Остаться и встретить врага')));
  }
  const p = powerName(power), t = spaceName(world, c.leg.to);
  return {
    ...base(w), kind: 'avoid', power, forced: false, options, blocked, limits: { available, destinations: options.filter((o) => o.event.type === 'avoid.declare').map((o) => (o.event as { to: string }).to) },
    prompt: text(`${p.en}: avoid battle out of ${t.en}? Any units and leaders may try (a leader may go alone if units stay).`, `${p.ru}: уклониться от сражения ${outOfSpace(world, c.leg.to).ru}? Пытаться могут любые части и командующие (командующий может уйти один, если его части остаются).`),
  };
}

function withdrawDecision(w: Waiting, c: WithdrawalContext): Decision {
  const world = c.world;
  const power = withdrawalDecider(world, c.leg) ?? 'independent';
  const t = spaceName(world, c.leg.to), p = powerName(power);
  const mover = activeLandUnits(c.leg, world);
  const inside = landUnitsInside(world, c.leg.to);
  const outside = totals(stacksIn(world.position.stacks, c.leg.to).filter((s) => !s.inside && s.power !== c.leg.power));
  const after = landUnitCount(outside) + inside;
  const consequence = mover > after
    ? text(`they would be besieged (${mover} against ${after})`, `они окажутся в осаде (${mover} против ${after})`)
    : text(`the mover (${mover}) would not outnumber them (${after})`, `у наступающего соединения (${mover}) не будет численного перевеса над ними (${after})`);
  return {
    ...base(w), kind: 'withdraw', power, forced: false, blocked: [],
    options: [
      option({ type: 'withdraw.declare', power }, text(`Withdraw into ${t.en}: ${consequence.en}`, `Отойти в укрепления ${spaceFrom(world, c.leg.to).ru}: ${consequence.ru}`)),
      option({ type: 'withdraw.decline', power }, text('Stay outside and fight a field battle', 'Остаться снаружи и принять полевое сражение')),
    ],
    prompt: text(`${p.en}: withdraw every unit in ${t.en} into the fortifications? (13.4: all together)`, `${p.ru}: отвести в укрепления все части ${inSpace(world, c.leg.to).ru}? (13.4: только все вместе)`),
  };
}

function continueDecision(w: Waiting, c: WithdrawalContext): Decision {
  const world = c.world;
  const power = c.leg.power;
  const { to, blocked: b } = continueDestinations(world, c.leg, c.cp);
  const options = to.map((dest) => {
    const d = spaceName(world, dest), cost = moveCost(world, c.leg.to, dest);
    return option({ type: 'move.continue', to: dest }, text(`Move on to ${d.en} (${cost} CP)`, `Двигаться дальше ${intoSpace(world, dest).ru} (${cost} КО)`));
  });
  const o = spaceName(world, c.leg.from);
  options.push(option({ type: 'move.stop' }, text(`Retreat to ${o.en} (free, 14.1)`, `Отступить ${intoSpace(world, c.leg.from).ru} (бесплатно, 14.1)`)));
  const p = powerName(power), t = spaceName(world, c.leg.to);
  return {
    ...base(w), kind: 'continue', power, options, forced: to.length === 0,
    blocked: b.map((x) => blockedOf({ to: x.to }, x.refusal)),
    prompt: text(`${p.en}: the formation does not outnumber the units inside ${t.en}. Move on (${c.cp} CP left) or retreat?`, `${p.ru}: у соединения нет численного перевеса над частями в укреплениях ${spaceFrom(world, c.leg.to).ru}. Двигаться дальше (осталось ${c.cp} КО) или отступить?`),
  };
}

/** The most answers a decision lists; `limits` always describes the whole answer space. */
export const MAX_OPTIONS = 500;

type Split = Partial<Record<Power, Partial<Record<LandUnitType, number>>>>;

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
      for (let k = Math.min(left, have(powers[i]!, t)); k >= 0; k--) place(i + 1, left - k, { ...acc, ...(k > 0 ? { [powers[i]!]: k } : {}) });
    };
    place(0, losses[t], {});
    splits = splits.flatMap((sp) => ways.map((w) => {
      const next: Split = { ...sp };
      for (const [p, k] of Object.entries(w) as [Power, number][]) next[p] = { ...next[p], [t]: k };
      return next;
    }));
    if (splits.length > cap) return undefined;
  }
  const def = lossesByPower({ stacks, power, losses }) ?? {};
  const key = (x: Split) => JSON.stringify(powers.map((p) => LAND_UNIT_TYPES.map((t) => x[p]?.[t] ?? 0)));
  const first = splits.find((x) => key(x) === key(def as Split));
  return first ? [first, ...splits.filter((x) => x !== first)] : splits;
}

function splitText(world: World, split: Split | undefined): Text {
  if (!split) return text('', '');
  const parts = (Object.entries(split) as [Power, Partial<Record<LandUnitType, number>>][]).map(([p, c]) => {
    const u = unitsText(world, { regulars: c.regulars ?? 0, mercenaries: c.mercenaries ?? 0, cavalry: c.cavalry ?? 0 });
    return text(`${powerName(p).en} ${u.en}`, `${powerName(p).ru} — ${u.ru}`);
  });
  return joinText([text(' (', ' ('), joinText(parts, ', '), text(')', ')')], '');
}

function casualtiesDecision(w: Waiting, c: FieldBattleContext): Decision {
  const world = c.world;
  const asking = c.asking;
  const power: Power = asking?.power ?? 'independent';
  const plan = asking && c.plans?.[asking.role];
  const options: DecisionOption[] = [];
  let complete = true;
  if (asking && plan) {
    const stacks = groupStacks(c, asking.role, asking.power);
    const placesOdd = plan.decider === asking.power && plan.oddHits > 0 && c.oddTo[asking.role] === undefined;
    const oddChoices = placesOdd ? oddHitChoices(plan) : [c.oddTo[asking.role] ?? []];
    const keeper = plan.keepsOne && plan.keeper === asking.power;
    outer: for (const odd of oddChoices) {
      const n = requiredLosses(plan, asking.power, odd);
      for (const losses of lossCombinations(stacks, n)) {
        const splits: (Split | undefined)[] = powerSplits(stacks, asking.power, losses, MAX_OPTIONS) ?? [undefined];
        for (const split of splits) {
          const keeps = keeper ? LAND_UNIT_TYPES.filter((k) => losses[k] > 0) : [undefined];
          for (const keep of keeps) {
            const keepers = keep && split ? (Object.keys(split) as Power[]).filter((p) => (split[p]?.[keep] ?? 0) > 0) : [undefined];
            for (const keepPower of keepers) {
              if (options.length >= MAX_OPTIONS) {
                complete = false;
                break outer;
              }
              const lost = unitsText(world, losses), by = splitText(world, split);
              const label = joinText([
                text(`Lose ${lost.en}${by.en}`, `Потерять: ${lost.ru}${by.ru}`),
                ...(keep ? [text(`keep ${unitTypeOne(keep).en}${keepPower ? ` of ${powerName(keepPower).en}` : ''} (ruling R7)`, `сохранить ${unitTypeOne(keep).ru}${keepPower ? ` (${powerName(keepPower).ru})` : ''} (решение R7)`)] : []),
                ...(placesOdd ? [text(`${odd.length === 1 ? 'the odd hit' : 'the odd hits'} on ${odd.map((x) => powerName(x).en).join(', ')}`, `${odd.length === 1 ? 'лишнее попадание' : 'лишние попадания'} — ${ruList(odd.map((x) => powerDat(x).ru))}`)] : []),
              ], '; ');
              const fields: Record<string, number> = {};
              for (const k of LAND_UNIT_TYPES) if (losses[k] > 0) fields[k] = losses[k];
              options.push(option({ type: 'casualties.assign', power: asking.power, ...fields, ...(split ? { byPower: split } : {}), ...(keep ? { keep } : {}), ...(keepPower ? { keepPower } : {}), ...(placesOdd ? { oddHits: [...odd] } : {}) }, label));
            }
          }
        }
      }
    }
  }
  const p = powerName(power);
  const hits = plan?.losses ?? 0;
  return {
    ...base(w), kind: 'casualties', power, options, blocked: [], forced: options.length === 1 && complete,
    limits: plan ? { losses: hits, oddHits: plan.oddHits, keepsOne: plan.keepsOne, groups: plan.groups, optionsComplete: complete } : {},
    prompt: text(`${p.en}: choose which land units are lost (${hits} on your side, 14 step 9).`, `${p.ru}: выберите, какие сухопутные части потеряны (потерь на вашей стороне: ${hits}; 14, шаг 9).`),
  };
}

/**
 * What may go inside (14.1): every mix of at most `room` land units, with all the leaders or none of them (any
 * subset of leaders is legal too; `limits` says so). Iterates only up to the room, whatever the stack's size.
 */
function insideCombos(all: Units, room: number): Units[] {
  const out: Units[] = [];
  const total = landUnitCount(all);
  for (let cavalry = 0; cavalry <= Math.min(all.cavalry, room); cavalry++)
    for (let regulars = 0; regulars <= Math.min(all.regulars, room - cavalry); regulars++)
      for (let mercenaries = 0; mercenaries <= Math.min(all.mercenaries, room - cavalry - regulars); mercenaries++) {
        const n = cavalry + regulars + mercenaries;
        const mix = { regulars, mercenaries, cavalry };
        // Leaders go with the units, or stay out with the rest; when every unit goes in, they may also stay out.
        if (all.leaders.length > 0) out.push({ ...mix, leaders: [...all.leaders] });
        if (n > 0 && (n < total || all.leaders.length === 0)) out.push({ ...mix, leaders: [] });
        if (n > 0 && n === total && all.leaders.length > 0) out.push({ ...mix, leaders: [] });
      }
  return out;
}

function retreatDecision(w: Waiting, c: RetreatContext): Decision {
  const world = c.world;
  const power = c.asking ?? 'independent';
  const options: DecisionOption[] = [];
  const blocked: Blocked[] = [];
  const all = totals(retreatingStacks(world, c, power));
  const { to, blocked: b } = retreatDestinations(world, c, power);
  const mayGoIn = mayAnyGoInside(world, c, power);
  const room = mayGoIn ? insideRoom(world, c) : 0;
  for (const dest of to) {
    const d = spaceName(world, dest);
    options.push(option({ type: 'retreat.declare', power, to: dest }, text(`Retreat to ${d.en}`, `Отступить ${intoSpace(world, dest).ru}`)));
  }
  // 14.1: no legal space — whatever does not go inside is eliminated; going nowhere at all is an answer too.
  if (to.length === 0) options.push(option({ type: 'retreat.declare', power }, text('Nothing goes inside: everything is eliminated (14.1)', 'Никто не уходит в укрепления: все уничтожены (14.1)')));
  const combos = mayGoIn ? insideCombos(all, room) : [];
  const leavesOut = (inside: Units) => landUnitCount(inside) < landUnitCount(all) || inside.leaders.length < all.leaders.length;
  // Everything inside first: with a thousand legal spaces the bounded list still shows the way into the fortress.
  for (const inside of [...combos.filter((x) => !leavesOut(x)), ...combos.filter(leavesOut)]) {
    const leftOutside = leavesOut(inside);
    const i = unitsText(world, inside);
    const insideLabel = text(`${i.en} inside`, `В укрепления: ${i.ru}`);
    if (!leftOutside) options.splice(0, 0, option({ type: 'retreat.declare', power, inside: unitsFields(inside) }, insideLabel));
    else if (to.length === 0) options.push(option({ type: 'retreat.declare', power, inside: unitsFields(inside) }, joinText([insideLabel, text('the rest is eliminated', 'остальные уничтожены')], '; ')));
    else for (const dest of to) {
      const d = spaceName(world, dest);
      options.push(option({ type: 'retreat.declare', power, to: dest, inside: unitsFields(inside) }, joinText([insideLabel, text(`the rest to ${d.en}`, `остальные — ${intoSpace(world, dest).ru}`)], '; ')));
    }
  }
  for (const x of b) blocked.push(blockedOf({ to: x.to }, x.refusal));
  const p = powerName(power), s = spaceName(world, c.space);
  const insideNote = mayGoIn ? text(` (up to ${room} land units and any leaders may go inside)`, ` (в укрепления могут уйти до ${ruLandUnits(room, 'gen')} и любые командующие)`) : text('', '');
  return {
    ...base(w), kind: 'retreat', power, options, blocked, forced: options.length === 1,
    limits: { available: all, destinations: to, insideRoom: room, leadersMayGoInside: mayGoIn },
    prompt: text(`${p.en}: retreat from ${s.en}${insideNote.en}.`, `${p.ru}: выберите, куда отступить ${outOfSpace(world, c.space).ru}${insideNote.ru}.`),
  };
}

function rollDecision(w: Waiting): Decision {
  const purpose = w.meta.roll ?? 'interception';
  if (purpose === 'attacker' || purpose === 'defender') {
    const c = w.context as FieldBattleContext;
    const d = c.dice?.[purpose];
    // The defenders' dice are rolled by their leading power (the controller if it fights, ruling R5).
    const power: Power = purpose === 'attacker' ? c.battle.attacker : sideLeader(c.world, c.battle, 'defender', c.forces?.defender ?? []);
    const rule = purpose === 'attacker' ? '14 step 2' : '14 step 3';
    const modifiers: Modifier[] = [
      { rule, value: d?.units ?? 0, reason: text(enLandUnits(d?.units ?? 0), ruLandUnits(d?.units ?? 0)) },
      ...(d?.leader && d.leaderBonus > 0 ? [{ rule, value: d.leaderBonus, reason: text(`${leaderName(c.world, d.leader).en}'s battle rating`, `боевой рейтинг ${leaderGen(c.world, d.leader).ru}`) } as Modifier] : []),
      ...(d && d.defenderBonus > 0 ? [{ rule, value: d.defenderBonus, reason: text('defender', 'обороняющийся') } as Modifier] : []),
    ];
    const p = powerName(power);
    return {
      ...base(w), kind: 'roll', power, options: [], blocked: [], forced: false,
      roll: {
        dice: d?.dice ?? 0,
        purpose,
        modifiers,
        target: null,
        battle: {
          attacker: { dice: c.dice?.attacker.dice ?? 0, landUnits: c.dice?.attacker.units ?? 0 },
          defender: { dice: c.dice?.defender.dice ?? 0, landUnits: c.dice?.defender.units ?? 0 },
        },
      },
      prompt: text(`${p.en} rolls ${d?.dice ?? 0} dice (${modifiersText(modifiers)}); each 5 or 6 is a hit.`, `${p.ru} ${ruAgree(power, 'бросают', 'бросает')} ${ruCount(d?.dice ?? 0, 'кубик', 'кубика', 'кубиков')} (${modifiersText(modifiers)}); каждый кубик с 5 или 6 — попадание.`),
    };
  }
  const c = w.context as InterceptionContext | AvoidContext;
  const attempt = c.attempt;
  const power: Power = attempt?.power ?? 'independent';
  const mods = attempt?.modifiers ?? [];
  const p = powerName(power);
  const what = purpose === 'interception' ? text('interception', 'на перехват') : text('avoid battle', 'на уклонение от сражения');
  return {
    ...base(w), kind: 'roll', power, options: [], blocked: [], forced: false,
    roll: { dice: ROLL_DICE, purpose, modifiers: mods.map((m) => ({ ...m })), target: ROLL_TARGET },
    prompt: text(`${p.en} rolls 2 dice for ${what.en}: 2d6${mods.length > 0 ? ` ${modifiersText(mods)}` : ''} ≥ ${ROLL_TARGET} succeeds.`, `${p.ru} ${ruAgree(power, 'бросают', 'бросает')} 2 кубика ${what.ru}: 2d6${mods.length > 0 ? ` ${modifiersText(mods)}` : ''} ≥ ${ROLL_TARGET} — успех.`),
  };
}

const DECLINES: ReadonlySet<string> = new Set(['intercept.decline', 'avoid.decline', 'withdraw.decline', 'move.stop']);

/**
 * No decision lists more than MAX_OPTIONS answers (nor blocked answers): a board with a thousand spaces around a
 * battle still gives a list a person can read. The way to decline is always kept; `limits` still describes every
 * legal answer, and `limits.optionsComplete` says when the list was cut.
 */
function bounded(d: Decision): Decision {
  if (d.options.length <= MAX_OPTIONS && d.blocked.length <= MAX_OPTIONS) return d;
  const declines = d.options.filter((o) => DECLINES.has(o.event.type));
  const others = d.options.filter((o) => !DECLINES.has(o.event.type)).slice(0, MAX_OPTIONS - declines.length);
  return {
    ...d,
    options: [...others, ...declines],
    blocked: d.blocked.slice(0, MAX_OPTIONS),
    forced: false,
    limits: { ...(d.limits ?? {}), optionsComplete: d.options.length <= MAX_OPTIONS, blockedComplete: d.blocked.length <= MAX_OPTIONS },
  };
}

/** The decision a waiting state stands for. */
export function buildDecision(w: Waiting): Decision {
  return bounded(unbounded(w));
}

function unbounded(w: Waiting): Decision {
  if (w.meta.roll) return rollDecision(w);
  switch (w.meta.decision) {
    case 'move':
      return moveDecision(w, w.context as MovementContext);
    case 'intercept':
      return interceptDecision(w, w.context as InterceptionContext);
    case 'avoid':
      return avoidDecision(w, w.context as AvoidContext);
    case 'withdraw':
      return withdrawDecision(w, w.context as WithdrawalContext);
    case 'continue':
      return continueDecision(w, w.context as WithdrawalContext);
    case 'casualties':
      return casualtiesDecision(w, w.context as FieldBattleContext);
    case 'retreat':
      return retreatDecision(w, w.context as RetreatContext);
    default:
      throw new Error(`state ${w.machine}.${w.state} is not a decision`);
  }
}

export type { World };
