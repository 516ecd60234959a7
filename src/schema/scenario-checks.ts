// The checks of a scenario that need the board, the leaders and the rules: every problem is reported with its
// path, so a host can show them all at once (DESIGN "Scenario format"). Two layers: ids (every space and leader
// exists), then the rules, each applied to what it can judge — a part with an unknown id, or a space where a
// malformed stack stands, is left out of the rule checks that would read it, and the rest is still checked.
import { CARDS, cardTitle } from '../data/cards.ts';
import { isSupportedCard } from '../rules/cards.ts';
import { didYouMean } from './suggest.ts';
import { hasSpace, type Board } from '../data/board.ts';
import { mayServe, type LeaderTable } from '../data/leaders.ts';
import { reasonOf } from '../text/reasons/index.ts';
import { stateRuleText } from '../text/rules.ts';
import {
  ENTRY_RESTRICTIONS,
  hasCpForMove,
  isDestinationAdjacent,
  isDestinationLandSpace,
  isFormationWithinCommand,
  MOVE_RESTRICTIONS,
  type MoveArgs,
} from '../rules/movement.ts';
import { areAllied, areAtWar, controllerOf, isHostilePower, majorOf, mayBeInside } from '../rules/relations.ts';
import { besiegingBloc, besiegingLandUnits, landUnitsInside, mayBeBesieged } from '../rules/siege.ts';
import { FORTIFICATION_LIMIT } from '../rules/withdrawal.ts';
import { LIMITS } from './limits.ts';
import { checkAll, type Restriction } from '../rules/verdict.ts';
import type { World } from '../rules/world.ts';
import { isMajorPower, isMinorPower, POWER_NAMES, type Power } from './power.ts';
import type { StructuredScenario } from './scenario.ts';
import { landUnitCount, units } from './units.ts';

export interface Issue {
  readonly path: string;
  readonly message: string;
}

/** The lists of a scenario whose elements are parsed one by one when the whole does not parse. */
export type ListField = 'stacks' | 'sieges' | 'captured' | 'leaders' | 'unrest' | 'war' | 'alliances';

/** What the checks of a scenario with structure problems must know about the parts that were left out. */
export interface CheckContext {
  /** For a list whose malformed elements were left out: the input index of each element kept. */
  readonly indexes?: Readonly<Partial<Record<ListField, readonly number[]>>>;
  /** Top-level fields with a structure problem, wholly or in some element. */
  readonly broken?: ReadonlySet<string>;
  /** Spaces where a malformed stack or siege stands (`all` when its space cannot be read): no rule judges them. */
  readonly unsureSpaces?: ReadonlySet<string> | 'all';
  /** Ids of malformed leader definitions (`all` when an id cannot be read): neither unknown nor checkable. */
  readonly unsureLeaders?: ReadonlySet<string> | 'all';
}

type Path = (string | number)[];
const pathText = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
const at = pathText;
const nameOf = (power: Power) => POWER_NAMES[power].en;

/** Where a refused move is wrong: the field a scenario author would change (the move itself by default). */
const MOVE_ISSUE_PATHS: Readonly<Record<string, string>> = {
  isDestinationAdjacent: 'move.to',
  mayEnterControlledSpace: 'move.to',
  mayEnterOccupiedSpace: 'move.to',
  mayLeadersMoveAlone: 'move.to',
  mayEnterElectorate: 'move.to',
  areLeadersOfActivePower: 'move.leaders',
  hasCpForMove: 'impulse.cp',
};

export function checkInlineMap(map: StructuredScenario['map']): Issue[] {
  if (map === 'his') return [];
  const issues: Issue[] = [];
  const ids = new Set<string>();
  map.spaces.forEach((s, i) => {
    if (ids.has(s.id)) issues.push({ path: at(['map', 'spaces', i, 'id']), message: `space '${s.id}' is listed twice` });
    ids.add(s.id);
  });
  map.connections.forEach((c, i) => {
    for (const end of ['a', 'b'] as const)
      if (!ids.has(c[end])) issues.push({ path: at(['map', 'connections', i, end]), message: `unknown space '${c[end]}'` });
    if (c.a === c.b) issues.push({ path: at(['map', 'connections', i]), message: 'a space cannot connect to itself' });
  });
  return issues;
}

/** What is wrong with a space id on this board (a sea zone, or no space at all, with the nearest ids), if anything. */
export function spaceIdProblem(board: Board, id: string): string | undefined {
  if (hasSpace(board, id)) return undefined;
  if (board.seaZones.has(id)) return `'${id}' is a sea zone, not a land space`;
  return `unknown space '${id}'${didYouMean(id, board.spaces.keys())}`;
}

function spaceIssueAt(board: Board, id: string, path: string): Issue | undefined {
  const message = spaceIdProblem(board, id);
  return message === undefined ? undefined : { path, message };
}

/** The move's restrictions (13.1) in independent chains: each chain reports its first failure. */
const MOVE_BOARD: readonly Restriction<MoveArgs>[] = [isDestinationLandSpace, isDestinationAdjacent, hasCpForMove];
const MOVE_COMMAND: readonly Restriction<MoveArgs>[] = [isFormationWithinCommand];
/** Entering the destination: read the stacks, control and sieges there. */
const MOVE_ENTRY = ENTRY_RESTRICTIONS.filter((r) => !MOVE_BOARD.includes(r));
/** The formation and its space of departure: read the stacks, marks and sieges there. */
const MOVE_FORMATION = MOVE_RESTRICTIONS.filter((r) => ![...MOVE_BOARD, ...MOVE_COMMAND, ...MOVE_ENTRY].includes(r));

/**
 * Every problem of a scenario's ids and rules. `s` holds the well-formed parts (all of the scenario when it parsed);
 * `context` says what was left out, so that paths keep their input indexes and no rule judges a part it cannot see.
 */
export function checkScenario(
  s: StructuredScenario,
  board: Board,
  leaders: LeaderTable,
  context: CheckContext = {},
): Issue[] {
  const issues: Issue[] = [];
  const broken = context.broken ?? new Set<string>();
  const unsure = (set: ReadonlySet<string> | 'all' | undefined, id: string) => set === 'all' || !!set?.has(id);
  const unsureSpace = (space: string) => unsure(context.unsureSpaces, space);
  // Paths name the input's indexes: the n-th element kept of a list is its indexes[n]-th element in the input.
  const at = (path: Path) => {
    const [head, index, ...rest] = path;
    const list = typeof head === 'string' && typeof index === 'number' ? (head as ListField) : undefined;
    const kept = list ? context.indexes?.[list] : undefined;
    return pathText(kept ? [head!, kept[index as number] ?? index!, ...rest] : path);
  };
  /** Pushes an id problem (an unknown space or leader), if there is one. */
  const pushId = (i: Issue | undefined) => void (i && issues.push(i));
  // A suggestion ("did you mean …?") compares the id with every space of the board: the first few unknown ids get
  // one, the others a plain message, so that thousands of unknown ids cost no more than reading them.
  let suggestions = 20;
  const spaceIssue = (id: string, path: Path): Issue | undefined => {
    if (hasSpace(board, id)) return undefined;
    if (suggestions-- > 0) return spaceIssueAt(board, id, at(path));
    const sea = board.seaZones.has(id);
    return { path: at(path), message: sea ? `'${id}' is a sea zone, not a land space` : `unknown space '${id}'` };
  };
  /** Spaces with a problem of their own (of an id or a rule), and unsure ones: the move's rules do not read them. */
  const tainted = new Set<string>();
  const taintIfNew = (space: string, before: number) => void (issues.length > before && tainted.add(space));
  const isTainted = (space: string) => tainted.has(space) || unsureSpace(space);

  // Ruling R33: each card exists once; a home card (6.1) is its power's; ruling R14: the engine plays only the cards
  // whose windows it runs.
  const holder = new Map<string, string>();
  for (const [power, hand] of Object.entries(s.hands))
    (hand ?? []).forEach((id, i) => {
      const path = at(['hands', power, i]);
      const card = CARDS[id];
      const title = cardTitle(id).en;
      const prev = holder.get(id);
      if (prev) issues.push({ path, message: `${title} is already held (${prev}): each card exists once (ruling R33)` });
      else holder.set(id, path);
      if (card.home && card.home !== power)
        issues.push({ path, message: `${title} is the ${nameOf(card.home)} home card (6.1): only ${nameOf(card.home)} holds it` });
      if (!isSupportedCard(id))
        issues.push({ path, message: `${title} is not supported yet (ruling R14): the engine does not play it in this release` });
    });
  // 6.1, ruling R31: a home card used this turn is out of the hand until the next turn; only a home card is "used".
  for (const [power, used] of Object.entries(s.homeCardsUsed ?? {}))
    (used ?? []).forEach((id, i) => {
      const path = at(['homeCardsUsed', power, i]);
      const card = CARDS[id];
      const title = cardTitle(id).en;
      if (card.home !== power)
        issues.push({ path, message: `${title} is not a ${nameOf(power as Power)} home card (6.1): only a power's home cards are listed as used this turn` });
      else if ((s.hands[power as keyof typeof s.hands] ?? []).includes(id))
        issues.push({ path, message: `${title} is listed both in the hand and as used this turn (6.1, ruling R31): a used home card is out of the hand until the next turn` });
    });

  const relations = { war: s.war, alliances: s.alliances };
  const relationIssues = issues.length;
  s.war.forEach(([a, b], i) => {
    if (a === b) issues.push({ path: at(['war', i]), message: `a power cannot be at war with itself` });
    if (a === 'independent' || b === 'independent') issues.push({ path: at(['war', i]), message: 'independent is not a power that goes to war' });
    if (s.alliances.some(([x, y]) => (x === a && y === b) || (x === b && y === a)))
      issues.push({ path: at(['war', i]), message: `${a} and ${b} are listed both at war and allied` });
  });
  // 21.6, ruling R34: before the Schmalkaldic League no power may declare war on the Protestant.
  if (!s.schmalkaldicLeague)
    s.war.forEach(([a, b], i) => {
      if (a === 'protestant' || b === 'protestant')
        issues.push({
          path: at(['war', i]),
          message: `${nameOf(a === 'protestant' ? b : a)} is at war with the Protestant, but the Schmalkaldic League has not formed (schmalkaldicLeague: false): before it forms no power may be at war with the Protestant (21.6, ruling R34)`,
        });
    });
  s.alliances.forEach(([a, b], i) => {
    if (a === b) issues.push({ path: at(['alliances', i]), message: 'a power cannot be allied with itself' });
    if (a === 'independent' || b === 'independent') issues.push({ path: at(['alliances', i]), message: 'independent spaces and units have no allies' });
    if (isMinorPower(a) && isMinorPower(b)) issues.push({ path: at(['alliances', i]), message: 'two minor powers cannot be allied: a minor power allies with a major power (22.3)' });
  });
  for (const minor of ['hungary', 'scotland', 'venice', 'genoa'] as const) {
    const majors = s.alliances.filter(([a, b]) => (a === minor && isMajorPower(b)) || (b === minor && isMajorPower(a)));
    if (majors.length > 1) issues.push({ path: 'alliances', message: `${minor} is allied to ${majors.length} major powers: an active minor power has one major ally (22.3)` });
  }

  // 22.3: an active minor is at war exactly as its major ally is; a war of its own would make its units enemies of a
  // power its major is at peace with (the engine checks relations through the major).
  s.war.forEach(([a, b], i) => {
    for (const [minor, other] of [[a, b], [b, a]] as const) {
      if (!isMinorPower(minor)) continue;
      const major = s.alliances.find(([x, y]) => (x === minor && isMajorPower(y)) || (y === minor && isMajorPower(x)));
      const m = major ? (major[0] === minor ? major[1] : major[0]) : undefined;
      if (!m || m === other) continue;
      const otherMajor = isMinorPower(other) ? s.alliances.find(([x, y]) => (x === other && isMajorPower(y)) || (y === other && isMajorPower(x))) : undefined;
      const o = otherMajor ? (otherMajor[0] === other ? otherMajor[1] : otherMajor[0]) : other;
      const majorsAtWar = s.war.some(([x, y]) => (x === m && (y === o || y === other)) || (y === m && (x === o || x === other)));
      if (!majorsAtWar)
        issues.push({ path: at(['war', i]), message: `${nameOf(minor)} is an active minor allied to ${nameOf(m)} (22.3): it is at war exactly as ${nameOf(m)} is, and ${nameOf(m)} is not at war with ${nameOf(other)}` });
    }
  });
  // Who is at war, allied or in control is known only when those fields are well-formed: the rules that read them
  // are skipped otherwise (a pair left out would make enemies look like friends).
  const relationsKnown = !['war', 'alliances', 'control'].some((f) => broken.has(f));
  const relationsSound = relationsKnown && issues.length === relationIssues;

  for (const [space] of Object.entries(s.control)) pushId(spaceIssue(space, ['control', space]));
  s.unrest.forEach((space, i) => pushId(spaceIssue(space, ['unrest', i])));

  const seen = new Map<string, string>();
  const leaderAt = (id: string, path: string) => {
    const prev = seen.get(id);
    if (prev) issues.push({ path, message: `leader '${id}' is already placed at ${prev}: a leader is in exactly one place` });
    else seen.set(id, path);
  };
  /** Whether a leader id names a leader: known, unknown (an id problem), or defined by a malformed definition. */
  const leaderId = (id: string): 'known' | 'unknown' | 'unsure' =>
    leaders.has(id) ? 'known' : unsure(context.unsureLeaders, id) ? 'unsure' : 'unknown';
  /** The id problem of a leader id, if it names no leader (a malformed definition's id is not one). */
  const leaderIssue = (id: string, path: string): Issue | undefined =>
    leaderId(id) === 'unknown' ? { path, message: `unknown army leader '${id}'${didYouMean(id, leaders.keys())}` } : undefined;

  const keys = new Set<string>();
  /** Stacks (kept indexes) with an id problem: the move's rules see the board without them. */
  const unknownIds = new Set<number>();
  s.stacks.forEach((st, i) => {
    const before = issues.length;
    const p = (...rest: Path) => at(['stacks', i, ...rest]);
    const where = spaceIssue(st.space, ['stacks', i, 'space']);
    pushId(where);
    if (where || st.leaders.some((id) => leaderId(id) !== 'known')) unknownIds.add(i);
    if (st.leaders.some((id) => leaderId(id) === 'unsure')) tainted.add(st.space);
    if (st.mercenaries > 0 && (st.power === 'ottoman' || !isMajorPower(st.power)))
      issues.push({ path: p('mercenaries'), message: `${nameOf(st.power)} has no mercenaries (5.2: all major powers except the Ottoman)` });
    if (st.cavalry > 0 && st.power !== 'ottoman') issues.push({ path: p('cavalry'), message: `only the Ottoman has cavalry (5.2, 21.1)` });
    if (landUnitCount(st) === 0 && st.leaders.length === 0) issues.push({ path: p(), message: 'an empty stack: give it land units or leaders, or remove it' });
    st.leaders.forEach((id, j) => {
      const leader = leaders.get(id);
      if (!leader) pushId(leaderIssue(id, p('leaders', j)));
      else if (!mayServe(leader, st.power)) {
        // Never the renegade ('any'): he may serve every power.
        const serves = leader.power === 'any' ? [] : [leader.power, ...leader.alsoServes].map(nameOf);
        issues.push({ path: p('leaders', j), message: `${leader.name} leads ${serves.join(' or ')} armies, not ${nameOf(st.power)} ones (5.1)` });
      }
      leaderAt(id, p('leaders', j));
    });
    const key = `${st.space}|${st.power}|${st.inside}|${st.lostBattle}|${st.attemptedInterception}`;
    if (keys.has(key)) issues.push({ path: p(), message: `a second ${st.power} stack in ${st.space} with the same marks: merge them` });
    keys.add(key);
    const sp = board.spaces.get(st.space);
    if (st.inside && sp && !sp.fortified) issues.push({ path: p('inside'), message: `${sp.name} is not fortified: nothing can be inside (2.1)` });
    taintIfNew(st.space, before);
  });
  s.captured.forEach((c, i) => {
    const leader = leaders.get(c.leader);
    if (!leader) pushId(leaderIssue(c.leader, at(['captured', i, 'leader'])));
    else if (leader.power === c.by && leader.alsoServes.length === 0)
      // A two-sided leader (Maurice of Saxony) fights for either power, so either may capture him.
      issues.push({ path: at(['captured', i, 'by']), message: `${leader.name} cannot be captured by ${nameOf(c.by)}, the only power he serves` });
    leaderAt(c.leader, at(['captured', i]));
  });
  // Ruling R26: the leaders Gout struck this impulse are leaders of the scenario, each named once.
  if (!broken.has('impulse'))
    s.impulse.gout?.forEach((id, j) => {
      const path = at(['impulse', 'gout', j]);
      const unknown = leaderIssue(id, path);
      if (unknown) pushId({ path, message: `${unknown.message}: Gout strikes an army leader of the scenario (ruling R26)` });
      else if (s.impulse.gout?.indexOf(id) !== j)
        issues.push({ path, message: `'${id}' is already struck by Gout (impulse.gout[${s.impulse.gout?.indexOf(id)}]): list each leader once (ruling R26)` });
    });
  const customIds = new Set<string>();
  s.leaders.forEach((l, i) => {
    if (customIds.has(l.id)) pushId({ path: at(['leaders', i, 'id']), message: `leader '${l.id}' is defined twice` });
    customIds.add(l.id);
  });
  const onBoard = s.stacks.reduce((n, x) => n + landUnitCount(x), 0);
  if (onBoard > LIMITS.unitsTotal) issues.push({ path: 'stacks', message: `${onBoard} land units on the board: at most ${LIMITS.unitsTotal}` });

  // Consistency of the position itself: fortifications, sieges, enemies face to face. Each problem points at the
  // stack that makes it one (the stack that overfills a fortification, the second of two enemies outside). A space
  // where a malformed stack or siege stands is not judged: what is there is not known.
  const world: World = {
    board,
    leaders,
    position: { ...s, stacks: s.stacks },
    rulings: s.rulings,
    ...(s.schmalkaldicLeague ? {} : { schmalkaldicLeague: false }),
  };
  const bySpace = new Map<string, { x: (typeof s.stacks)[number]; i: number }[]>();
  s.stacks.forEach((x, i) => {
    const list = bySpace.get(x.space);
    if (list) list.push({ x, i });
    else bySpace.set(x.space, [{ x, i }]);
  });
  const siegeAt = new Map(s.sieges.map((g) => [g.space, g]));
  for (const [id, here] of bySpace) {
    const sp = board.spaces.get(id);
    if (!sp || unsureSpace(id)) continue;
    const before = issues.length;
    const inside = sp.fortified ? here.filter(({ x }) => x.inside) : [];
    let n = 0;
    let overfull: number | undefined;
    for (const { x, i } of inside) {
      n += landUnitCount(x);
      if (n > FORTIFICATION_LIMIT) overfull ??= i;
    }
    if (overfull !== undefined)
      issues.push({ path: at(['stacks', overfull, 'inside']), message: `${n} land units are inside ${sp.name}: at most ${FORTIFICATION_LIMIT} fit in a fortified space (2.1)` });
    if (!relationsKnown) {
      taintIfNew(id, before);
      continue;
    }
    const controller = controllerOf(world, sp.id);
    for (const { x, i } of inside)
      if (!mayBeInside(world, x.power, sp.id))
        issues.push({ path: at(['stacks', i, 'inside']), message: `${nameOf(x.power)} units are inside ${sp.name}, which ${nameOf(controller)} controls: only the controller and its allies hold its fortifications (2.1, ruling R18)` });
    const outside = here.filter(({ x }) => !x.inside && landUnitCount(x) > 0);
    outside.forEach(({ x: b, i }, k) => {
      const a = outside.slice(0, k).find(({ x }) => areAtWar(relations, x.power, b.power));
      if (a)
        issues.push({ path: at(['stacks', i]), message: `${nameOf(a.x.power)} and ${nameOf(b.power)} are at war and both stand outside in ${sp.name}: they would have fought a field battle (2.1)` });
    });
    // A siege entry left out as malformed may be this space's: whether one is missing is not known then.
    // Ruling R13's alternative reading: enemies may stand outside an empty fortress with no siege (mayBeBesieged).
    if (sp.fortified && !siegeAt.has(sp.id) && !broken.has('sieges') && mayBeBesieged(world, sp.id)) {
      // Ruling R17: a siege depends only on the units inside and the enemy outside; it must be listed when they
      // outnumber the units inside — and an empty fortress with enemies outside would have been besieged (R13).
      // Only powers that may besiege together count as one (15: allies; besiegingBloc).
      const insideUnits = inside.reduce((k, { x }) => k + landUnitCount(x), 0);
      const bloc = besiegingBloc(world, sp.id);
      const hostile = outside
        .filter(({ x }) => bloc.includes(majorOf(world.position, x.power) ?? x.power))
        .reduce((k, { x }) => k + landUnitCount(x), 0);
      const held = `${sp.name}, held by ${nameOf(controller)}`;
      if (hostile > 0 && insideUnits === 0)
        issues.push({
          path: 'sieges',
          message: `${hostile} enemy land units stand outside empty ${held}: they would have put it under siege ` +
            '(ruling R13) — list the siege in "sieges" (ruling R17)',
        });
      else if (hostile > insideUnits)
        issues.push({
          path: 'sieges',
          message: `${hostile} enemy land units outside ${sp.name} outnumber the ${insideUnits} inside: ` +
            'list the siege in "sieges" (15, ruling R17)',
        });
    }
    taintIfNew(id, before);
  }
  s.sieges.forEach((g, i) => {
    const before = issues.length;
    const sp = board.spaces.get(g.space);
    if (!sp) return pushId(spaceIssue(g.space, ['sieges', i, 'space']));
    const path = at(['sieges', i]);
    if (!sp.fortified) issues.push({ path, message: `${sp.name} is not fortified: it cannot be besieged (15)` });
    else if (s.sieges.findIndex((h) => h.space === g.space) !== i)
      issues.push({
        path,
        message: `${sp.name} has a second siege entry: list every besieging power in one entry's "by"`,
      });
    else if (!unsureSpace(g.space) && relationsKnown) {
      const besiegers = besiegingLandUnits(world, g);
      const defenders = landUnitsInside(world, g.space);
      if (besiegers <= defenders)
        issues.push({
          path,
          message: `a siege of ${sp.name} needs more land units of the besieging powers outside (${besiegers}) ` +
            `than land units inside (${defenders}) (15, ruling R17)`,
        });
      const c = controllerOf(world, g.space);
      g.by.forEach((p, j) => {
        if (!isHostilePower(world, p, c))
          issues.push({
            path: at(['sieges', i, 'by', j]),
            message: `${nameOf(p)} is not at war with ${nameOf(c)}, who controls ${sp.name}`,
          });
        // 15: two powers besiege one space together only as allies (a siege whose besiegers were beaten is over).
        const stranger = g.by.slice(0, j).find((q) => !areAllied(s, q, p));
        if (stranger)
          issues.push({
            path: at(['sieges', i, 'by', j]),
            message: `${nameOf(p)} and ${nameOf(stranger)} are not allies: they cannot besiege ${sp.name} together (15)`,
          });
      });
    }
    taintIfNew(g.space, before);
  });

  if (s.move && !broken.has('move')) {
    const m = s.move;
    const moveLeaders = m.leaders ?? [];
    const before = issues.length;
    pushId(spaceIssue(m.from, ['move', 'from']));
    pushId(spaceIssue(m.to, ['move', 'to']));
    moveLeaders.forEach((id, j) => pushId(leaderIssue(id, at(['move', 'leaders', j]))));
    // The move's rules need its ids and the impulse (the active power, its CP); each chain reads only its own part
    // of the board, and is skipped when that part has a problem of its own (its verdict would mislead).
    if (issues.length === before && moveLeaders.every((id) => leaderId(id) === 'known') && !broken.has('impulse')) {
      const stacks = s.stacks.filter((_, i) => !unknownIds.has(i));
      const known: World = { ...world, position: { ...world.position, stacks } };
      const args: MoveArgs = { power: s.impulse.power, from: m.from, to: m.to, request: units(m), cp: s.impulse.cp };
      const chain = (list: readonly Restriction<MoveArgs>[]) => {
        const verdict = checkAll(list, known, args);
        if (verdict.ok) return true;
        issues.push({
          path: MOVE_ISSUE_PATHS[verdict.code] ?? 'move',
          message: `[${stateRuleText(verdict.rule, verdict.ruling, 'en')}] ${reasonOf(known, verdict).en}`,
        });
        return false;
      };
      // A destination that is not adjacent makes what stands there beside the point: the author changes move.to.
      if (chain(MOVE_BOARD) && relationsSound && !isTainted(m.to)) chain(MOVE_ENTRY);
      if (relationsSound && !isTainted(m.from)) chain(MOVE_FORMATION);
      chain(MOVE_COMMAND);
    }
  }
  return issues;
}
