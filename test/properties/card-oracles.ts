// Rule oracles for the cards of the field battle, written from RULES.md §5 and rulings R7, R27–R32 (not from the
// engine's procedures): what a 14 step 1 card did to the board, judged on the board before the play and right after
// it; the battle a side left with no land units does not fight; the combat cards' dice as their texts give them;
// Surprise Attack's order of the battle (ruling R28); ruling R7's unit kept. A `CardWatch` follows one session: the
// driver calls `before` when a decision is pending, `after` when its answer was accepted, `end` with the result.
import type { Scenario, Session } from '../../src/index.ts';
import type { Violation } from './drive.ts';
import { areAtWar, isFriendly, majorOf, type Relations } from './relations.ts';

type V = Omit<Violation, 'step'>;
type Position = Session['position'];
type Stack = Position['stacks'][number];
type Summary = Session['summary'];
type CardEntry = Summary['cards'][number];
type Role = 'attacker' | 'defender';

const land = (s: { regulars: number; mercenaries: number; cavalry: number }) => s.regulars + s.mercenaries + s.cavalry;
const other = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');

/** Ruling R28's summary of a Surprise Attack (read loosely: the oracle judges it wherever the summary carries it). */
interface SurpriseRecord {
  readonly power: string;
  readonly side: Role;
  readonly hits: number;
  readonly losses: { regulars: number; mercenaries: number; cavalry: number };
  readonly counted: number;
  readonly recounted: number;
}

/** A battle decision as it stood: a field-battle roll or a card window, with the board at that moment. */
interface Moment {
  readonly kind: 'roll' | 'card';
  /** The roll's side (`attacker`, `defender`) or, for a card window, the window's rule. */
  readonly what: string;
  readonly dice: number;
  readonly position: Position;
}

/** Per place (space, power, inside): land units by type and leaders. */
function tally(
  p: Position,
): Map<string, { regulars: number; mercenaries: number; cavalry: number; leaders: string[] }> {
  const out = new Map<string, { regulars: number; mercenaries: number; cavalry: number; leaders: string[] }>();
  for (const s of p.stacks) {
    const k = `${s.space}|${s.power}|${s.inside ? 'inside' : 'outside'}`;
    const t = out.get(k) ?? { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
    t.regulars += s.regulars;
    t.mercenaries += s.mercenaries;
    t.cavalry += s.cavalry;
    t.leaders = [...t.leaders, ...s.leaders].sort();
    out.set(k, t);
  }
  for (const [k, t] of out) if (land(t) === 0 && t.leaders.length === 0) out.delete(k);
  return out;
}

/** The places whose pieces differ between two tallies, the mercenaries `delta` says changed taken into account. */
function differences(
  before: Position,
  after: Position,
  delta: ReadonlyMap<string, number>,
): { place: string; before: unknown; after: unknown }[] {
  const a = tally(before),
    b = tally(after);
  const out: { place: string; before: unknown; after: unknown }[] = [];
  for (const k of new Set([...a.keys(), ...b.keys(), ...delta.keys()])) {
    const x = a.get(k) ?? { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
    const y = b.get(k) ?? { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
    const same =
      x.regulars === y.regulars &&
      x.cavalry === y.cavalry &&
      x.mercenaries + (delta.get(k) ?? 0) === y.mercenaries &&
      x.leaders.join() === y.leaders.join();
    if (!same) out.push({ place: k, before: a.get(k) ?? null, after: b.get(k) ?? null });
  }
  return out;
}

/** 14 steps 4–5: the combat cards' windows (the attacker's, step 4, and the defenders', step 5). */
const isCombatWindow = (w: string) => /^14 steps? [45]/.test(w);

const mercenariesOf = (p: Position) => p.stacks.reduce((n, s) => n + s.mercenaries, 0);

/** 15: land units of the besieging powers (and their friends) outside, and every land unit inside. */
function siegeCount(rel: Relations, p: Position, g: Position['sieges'][number]) {
  const at = p.stacks.filter((s) => s.space === g.space);
  const besiegers = at
    .filter((s) => !s.inside && g.by.some((q) => isFriendly(rel, q, s.power)))
    .reduce((n, s) => n + land(s), 0);
  const inside = at.filter((s) => s.inside).reduce((n, s) => n + land(s), 0);
  return { besiegers, inside };
}

/**
 * RULES.md §5 and rulings R27, R30, R31: a combat card's dice for the side it joins — Arquebusiers 2, Field
 * Artillery 3 for France or the Ottoman and 2 for anyone else, Tercios 3 more (hitting on 4–6) or 3 fewer,
 * Janissaries 5; Mercenaries Bribed and Surprise Attack add none.
 */
function textDice(c: CardEntry): number | undefined {
  switch (c.card) {
    case 'arquebusiers':
      return 2;
    case 'field-artillery':
      return c.power === 'france' || c.power === 'ottoman' ? 3 : 2;
    case 'tercios':
      return c.option === 'fewer-dice' ? -3 : 3;
    case 'janissaries':
      return 5;
    default:
      return undefined;
  }
}

export class CardWatch {
  readonly out: V[] = [];
  private readonly moments: Moment[] = [];
  private pendingBefore: { position: Position; cards: number; window?: string } | undefined;
  /** Every 14 step 1 play: the board before it and right after it (before any siege it broke is lifted). */
  private readonly plays: { card: CardEntry; before: Position; after: Position }[] = [];
  /** Every Mercenaries Bribed play of 14 steps 4–5: the board before it and right after it (ruling R29). */
  private readonly bribes: { card: CardEntry; before: Position; after: Position }[] = [];

  private readonly sc: Scenario;

  constructor(sc: Scenario) {
    this.sc = sc;
  }

  private add(rule: string, category: string, detail: unknown) {
    this.out.push({ check: 'oracle', category: `[${rule}] ${category}`, detail: JSON.stringify(detail) });
  }

  private rel(p: Position): Relations {
    return p;
  }

  /** A decision is pending (before any answer is sent). */
  before(session: Session): void {
    const d = session.pending;
    this.pendingBefore = undefined;
    if (!d) return;
    if (d.kind === 'roll' && (d.roll?.purpose === 'attacker' || d.roll?.purpose === 'defender')) {
      this.moments.push({ kind: 'roll', what: d.roll.purpose, dice: d.roll.dice, position: session.position });
      return;
    }
    if (d.kind !== 'card') return;
    const position = session.position;
    const window = d.limits.window;
    this.moments.push({ kind: 'card', what: window, dice: 0, position });
    this.pendingBefore = { position, cards: session.summary.cards.length, window };
    // Rulings R32, R33: the Ottoman holding Landsknechts at 14 step 1 is offered it exactly when the board holds a
    // mercenary for it to eliminate ("2 mercenaries anywhere"); every play eliminates 2, or every one there is.
    if (window === '14 step 1' && d.power === 'ottoman' && position.hands?.ottoman?.includes('landsknechts')) {
      const m = mercenariesOf(position);
      const plays = d.options.filter((o) => o.event.type === 'card.play' && o.event.card === 'landsknechts');
      if (m > 0 && plays.length === 0)
        this.add(
          '14 step 1, R32, R33',
          'the Ottoman holding Landsknechts is not offered it with mercenaries on the board',
          {
            mercenaries: m,
            options: d.options.map((o) => o.event),
          },
        );
      if (m === 0 && plays.length > 0)
        this.add('14 step 1, R32', "the Ottoman's Landsknechts offered with no mercenary on the board", plays);
      for (const o of plays) {
        const ev = o.event as { eliminations?: readonly { mercenaries: number }[]; placements?: unknown };
        const n = (ev.eliminations ?? []).reduce((k, e) => k + e.mercenaries, 0);
        if (n !== Math.min(2, m) || ev.placements !== undefined)
          this.add('14 step 1, R32', "a listed play of the Ottoman's Landsknechts does not eliminate 2 (or all)", {
            event: ev,
            mercenaries: m,
          });
      }
    }
  }

  /** The pending decision's answer was accepted. */
  after(session: Session): void {
    const prev = this.pendingBefore;
    this.pendingBefore = undefined;
    if (prev && isCombatWindow(prev.window ?? '')) {
      const bribe = session.summary.cards.slice(prev.cards).find((c) => c.card === 'mercenaries-bribed');
      const afterBribe = session.getSnapshot().steps[0]?.position ?? session.position;
      if (bribe) this.bribes.push({ card: bribe, before: prev.position, after: afterBribe });
      return;
    }
    if (!prev || prev.window !== '14 step 1') return;
    const cards = session.summary.cards.slice(prev.cards).filter((c) => c.window === '14 step 1');
    if (cards.length === 0) return;
    const steps = session.getSnapshot().steps;
    const afterPlay = steps[0]?.position ?? session.position;
    for (const card of cards) {
      this.plays.push({ card, before: prev.position, after: afterPlay });
      if (card.card === 'landsknechts' && card.power === 'ottoman') this.ottomanPlay(card, prev.position, afterPlay);
      else this.placement(card, prev.position, afterPlay);
    }
  }

  /** Ruling R32: the Ottoman eliminates 2 mercenaries anywhere — and nothing else changes on the board. */
  private ottomanPlay(card: CardEntry, before: Position, after: Position) {
    const m = mercenariesOf(before);
    const gone = card.eliminated ?? [];
    const n = gone.reduce((k, e) => k + e.mercenaries, 0);
    if (m === 0) this.add('14 step 1, R32', "the Ottoman's Landsknechts played with no mercenary on the board", card);
    if (n !== Math.min(2, m))
      this.add('14 step 1, R32', "the Ottoman's Landsknechts eliminated a number other than 2 (or every one)", {
        eliminated: gone,
        onBoard: m,
      });
    if ((card.placed ?? []).length > 0) this.add('14 step 1, R32', 'the Ottoman gained mercenaries', card.placed);
    const delta = new Map<string, number>();
    for (const e of gone) {
      const k = `${e.space}|${e.power}|${e.inside ? 'inside' : 'outside'}`;
      delta.set(k, (delta.get(k) ?? 0) - e.mercenaries);
    }
    const diff = differences(before, after, delta);
    if (diff.length > 0)
      this.add(
        '14 step 1, R32',
        "the board after the Ottoman's Landsknechts is not the board before less what it eliminated",
        {
          eliminated: gone,
          diff,
        },
      );
  }

  /**
   * Ruling R32: Landsknechts — the Hapsburg places 4 Hapsburg mercenaries, any other power but the Ottoman 2 of its
   * own; Swiss Mercenaries — played by France or the Ottoman, France places 4 French mercenaries, by any other power 2
   * of its own; where the placing power has land units not under siege; nothing else changes.
   */
  private placement(card: CardEntry, before: Position, after: Position) {
    const swissToFrance = card.card === 'swiss-mercenaries' && (card.power === 'france' || card.power === 'ottoman');
    const placer = swissToFrance ? 'france' : card.power;
    const count = card.card === 'landsknechts' ? (card.power === 'hapsburg' ? 4 : 2) : swissToFrance ? 4 : 2;
    const placed = card.placed ?? [];
    const n = placed.reduce((k, e) => k + e.mercenaries, 0);
    if (card.card === 'landsknechts' && card.power === 'ottoman') return;
    if (n !== count || placed.some((e) => e.power !== placer))
      this.add('14 step 1, R32', `${card.card} placed the wrong mercenaries`, { card, expected: { placer, count } });
    const delta = new Map<string, number>();
    for (const e of placed) {
      const k = `${e.space}|${e.power}|${e.inside ? 'inside' : 'outside'}`;
      delta.set(k, (delta.get(k) ?? 0) + e.mercenaries);
      const besieged = (s: Stack) => s.inside && before.sieges.some((g) => g.space === s.space);
      const host = before.stacks.some(
        (s) => s.space === e.space && s.power === e.power && !!s.inside === e.inside && land(s) > 0 && !besieged(s),
      );
      if (!host)
        this.add('14 step 1, R32', 'new mercenaries placed where the power has no land units not under siege', {
          placement: e,
        });
    }
    const diff = differences(before, after, delta);
    if (diff.length > 0)
      this.add('14 step 1, R32', `the board after ${card.card} is not the board before plus what it placed`, {
        placed,
        diff,
      });
  }

  /** The move is over. */
  end(session: Session): void {
    const result = session.result;
    if (!result) return;
    const summary = result.summary;
    const pos = session.position;
    const rel = this.rel(pos);
    const b = summary.battle;
    const groupOf = (p: string) => majorOf(rel, p) ?? p;
    const sideOf = (p: string): Role | undefined =>
      b?.attacker.powers.some((q) => groupOf(q) === groupOf(p))
        ? 'attacker'
        : b?.defender.powers.some((q) => groupOf(q) === groupOf(p))
          ? 'defender'
          : undefined;

    // 15.3 ("or an event"), ruling R32: a siege the Ottoman's Landsknechts left outnumbered no more is over and its
    // besiegers gone from the space; one still outnumbered goes on. (Judged away from the battle space, where the
    // battle itself may end it, and where no retreat of the battle came in.)
    for (const play of this.plays) {
      if (play.card.card !== 'landsknechts' || play.card.power !== 'ottoman') continue;
      for (const g of play.before.sieges) {
        if (g.space === b?.space || summary.retreats.some((r) => r.to === g.space && r.reason !== 'siege')) continue;
        const { besiegers, inside } = siegeCount(rel, play.after, g);
        const listed = pos.sieges.some((x) => x.space === g.space);
        const left = pos.stacks.filter(
          (s) => s.space === g.space && !s.inside && land(s) > 0 && g.by.some((q) => isFriendly(rel, q, s.power)),
        );
        if (besiegers <= inside && (listed || left.length > 0))
          this.add('15.3, R32', "a siege the Ottoman's Landsknechts left outnumbered no more goes on", {
            siege: g,
            besiegers,
            inside,
            listed,
            left,
          });
        if (besiegers > inside && !listed)
          this.add('15.3, R32', "a siege still outnumbering after the Ottoman's Landsknechts was lifted", {
            siege: g,
            besiegers,
            inside,
          });
      }
    }

    // Combat cards: the dice their texts give, on the side of the power that played them (Tercios' fewer dice on the
    // Hapsburg's side).
    if (b && !b.unfought)
      for (const c of summary.cards) {
        if (!isCombatWindow(c.window) && c.window !== '14 step 7') continue;
        const want = textDice(c);
        const side = c.card === 'tercios' && c.option === 'fewer-dice' ? sideOf('hapsburg') : sideOf(c.power);
        if ((c.dice ?? 0) !== (want ?? 0) || (want !== undefined && c.side !== side))
          this.add('R27, R30, R31', `${c.card}'s dice are not the card's`, { card: c, expected: { dice: want, side } });
      }

    // Ruling R32 with 13.1 step 8 and ruling R3: a battle a 14 step 1 card (or Mercenaries Bribed at 14 steps 4–5,
    // ruling R29 read as R32) left a side of without land units is not fought — no dice, the side with land units
    // wins and loses nothing; the empty side's leaders are captured. Judged on the board after the last such play.
    const lastPlay = this.plays.at(-1);
    const bribe = this.bribes.at(-1);
    const basis = bribe ?? lastPlay;
    // (the sides by the rules, not by the summary's lists: the active group attacks, 14 step 2; its enemies in the
    // space defend, 14 step 3)
    const A = groupOf(pos.impulse.power);
    const onSide = (board: Position, role: Role) =>
      b
        ? board.stacks.filter(
            (s) =>
              s.space === b.space &&
              !s.inside &&
              (role === 'attacker'
                ? groupOf(s.power) === A
                : groupOf(s.power) !== A && (areAtWar(rel, A, s.power) || b.defender.powers.includes(s.power))),
          )
        : [];
    if (b && bribe && !bribe.before.sieges.some((g) => g.space === b.space)) {
      // Ruling R29: half the opposing side's mercenaries, rounded up, change sides — as many new mercenaries of the
      // playing power in the battle space.
      const mine = onSide(bribe.before, 'attacker').some((s) => groupOf(s.power) === groupOf(bribe.card.power))
        ? 'attacker'
        : 'defender';
      const mercs = (board: Position, role: Role) => onSide(board, role).reduce((n, s) => n + s.mercenaries, 0);
      const own = (board: Position) =>
        board.stacks
          .filter((s) => s.space === b.space && !s.inside && s.power === bribe.card.power)
          .reduce((n, s) => n + s.mercenaries, 0);
      const m = mercs(bribe.before, other(mine));
      const taken = Math.ceil(m / 2);
      if (mercs(bribe.after, other(mine)) !== m - taken || own(bribe.after) !== own(bribe.before) + taken)
        this.add('R29', 'Mercenaries Bribed did not turn half the opposing mercenaries, rounded up', {
          opposing: { before: m, after: mercs(bribe.after, other(mine)) },
          own: { before: own(bribe.before), after: own(bribe.after) },
        });
    }
    if (b && basis && !basis.before.sieges.some((g) => g.space === b.space)) {
      const count = (role: Role) => onSide(basis.after, role).reduce((n, s) => n + land(s), 0);
      const a = count('attacker'),
        d = count('defender');
      const rule = basis === bribe ? '14 step 4, R29' : '14 step 1, R32';
      const expected = a === 0 && d === 0 ? 'both' : a === 0 ? 'attacker' : d === 0 ? 'defender' : undefined;
      if ((b.unfought ?? undefined) !== expected)
        this.add(
          rule,
          expected ? 'a side without land units fights a battle' : 'a battle not fought with land units on both sides',
          {
            unfought: b.unfought ?? null,
            landUnits: { attacker: a, defender: d },
          },
        );
      if (expected && expected !== 'both') {
        const winner = other(expected);
        if (b.winner !== winner) this.add(rule, 'the side without land units wins', b);
        if (land(b[winner].losses) > 0) this.add(rule, 'the side with land units lost units in no battle', b);
        const rolls = this.moments.slice(this.moments.findIndex((m) => m.position === basis.before) + 1);
        if (rolls.some((m) => m.kind === 'roll')) this.add(rule, 'dice rolled in a battle not fought', b);
        const free = b[expected].units.leaders.filter((l) => !pos.captured.some((c) => c.leader === l));
        if (free.length > 0)
          this.add('14 step 10, R3', 'leaders of a side without land units are not captured', { free, side: expected });
      }
    } else if (
      b?.unfought &&
      !bribe &&
      !this.plays.some((p) => p.card.card === 'landsknechts' && p.card.power === 'ottoman')
    )
      this.add('14 step 1, R32', "a battle not fought with no Ottoman's Landsknechts or Mercenaries Bribed played", b);

    if (!b || b.unfought) return;
    const leaderDice = (role: Role) =>
      Math.max(0, ...b[role].units.leaders.map((l) => this.sc.leaders.get(l)?.battle ?? 0));
    // 14 steps 2–5 by the rule's formula on `units` land units: a die per land unit, the best battle rating, the
    // defender's die, the declared cards' dice (not Janissaries, 14 step 7); none at all without land units
    // (ruling R28). The dice as a list of faces each hits on (Tercios' extra dice on 4).
    const faces = (role: Role, units: number): number[] => {
      if (units === 0) return [];
      const cards = summary.cards.filter(
        (c) =>
          isCombatWindow(c.window) &&
          textDice(c) !== undefined &&
          (c.card === 'tercios' && c.option === 'fewer-dice' ? sideOf('hapsburg') : sideOf(c.power)) === role,
      );
      const groups: { n: number; face: number }[] = [
        { n: units + leaderDice(role) + (role === 'defender' ? 1 : 0), face: 5 },
        ...cards.filter((c) => textDice(c)! > 0).map((c) => ({ n: textDice(c)!, face: c.card === 'tercios' ? 4 : 5 })),
      ];
      let take = -cards.filter((c) => textDice(c)! < 0).reduce((n, c) => n + textDice(c)!, 0);
      for (let i = groups.length - 1; take > 0 && i >= 0; i--) {
        const k = Math.min(groups[i]!.n, take);
        groups[i]!.n -= k;
        take -= k;
      }
      return groups.flatMap((g) => Array<number>(g.n).fill(g.face));
    };
    const hitsOf = (rolled: readonly number[], f: readonly number[]) =>
      rolled.filter((x, i) => x >= (f[i] ?? 5)).length;
    const janissaries = summary.cards.find((c) => c.card === 'janissaries');
    const jSide = janissaries ? sideOf('ottoman') : undefined;

    const surprise = (summary as unknown as { surprise?: SurpriseRecord }).surprise;
    const surpriseCard = summary.cards.find((c) => c.card === 'surprise-attack');
    if (surpriseCard && !surprise)
      this.add('R28', 'Surprise Attack played and the battle not rolled in its order', surpriseCard);
    if (surprise) {
      // Ruling R28: the side of the power that played it rolls first; the other side takes those hits at once,
      // its dice are counted again by the step 2–3 formula on its surviving land units (none: it rolls nothing), it
      // rolls; Janissaries come after the second roll; the winner has the most hits over both rolls.
      const S = surprise.side,
        T = other(S);
      if (!surpriseCard || sideOf(surpriseCard.power) !== S || surprise.power !== surpriseCard.power)
        this.add('R28', 'the side that rolled first is not the side of the power that played Surprise Attack', {
          surprise,
          card: surpriseCard,
        });
      const unitsS = land(b[S].units),
        unitsT = land(b[T].units);
      const first = faces(S, unitsS);
      const firstHits = hitsOf(b[S].rolled.slice(0, first.length), first);
      if (surprise.hits !== firstHits)
        this.add('R28', "the first roll's hits are not its dice on their faces", {
          surprise,
          rolled: b[S].rolled,
          first,
        });
      const owed = Math.min(firstHits, unitsT);
      if (land(surprise.losses) !== owed)
        this.add('R28, 14 step 9', "the other side's first losses are not one land unit per hit of the first roll", {
          surprise,
          unitsT,
          firstHits,
        });
      const counted = faces(T, unitsT).length;
      const survivors = unitsT - owed;
      const second = faces(T, survivors);
      if (surprise.counted !== counted || surprise.recounted !== second.length)
        this.add('R28, 14 steps 2–3', "the other side's dice are not the formula on its surviving land units", {
          surprise,
          expected: { counted, recounted: second.length, survivors },
        });
      const rolledT = b[T].rolled.length - (jSide === T ? 5 : 0);
      const rolledS = b[S].rolled.length - (jSide === S ? 5 : 0);
      if (rolledT !== second.length || rolledS !== first.length)
        this.add('R28, 14 step 6', 'a side rolled other dice than ruling R28 gives it', {
          rolled: { [S]: rolledS, [T]: rolledT },
          expected: { [S]: first.length, [T]: second.length },
        });
      // The order, as the decisions came: the surprising side's roll before the other's, the other side's land
      // units already down by the first losses when it rolls, and Janissaries after both.
      const rolls = this.moments.filter((m) => m.kind === 'roll');
      const iS = rolls.findIndex((m) => m.what === S),
        iT = rolls.findIndex((m) => m.what === T);
      if (iT >= 0 && iS >= 0 && iT < iS)
        this.add(
          'R28',
          'the other side rolled before the side of Surprise Attack',
          rolls.map((m) => m.what),
        );
      if (iT >= 0) {
        const at = rolls[iT]!;
        const there = at.position.stacks
          .filter((s) => s.space === b.space && !s.inside && b[T].powers.some((q) => groupOf(q) === groupOf(s.power)))
          .reduce((n, s) => n + land(s), 0);
        if (there !== survivors || at.dice !== second.length)
          this.add('R28', 'the other side rolls before its first losses are off the board, or on other dice', {
            landUnitsWhenRolling: there,
            survivors,
            dice: at.dice,
            expected: second.length,
          });
      }
      const jWindow = this.moments.findIndex((m) => m.kind === 'card' && m.what === '14 step 7');
      const lastRoll = this.moments.findLastIndex((m) => m.kind === 'roll');
      if (jWindow >= 0 && lastRoll > jWindow)
        this.add(
          'R28, R31',
          'Janissaries asked before the second roll',
          this.moments.map((m) => `${m.kind}:${m.what}`),
        );
      // The hits over both rolls (and Janissaries, on its side's dice).
      for (const role of [S, T]) {
        const f = [...(role === S ? first : second), ...(jSide === role ? Array<number>(5).fill(5) : [])];
        if (b[role].hits !== hitsOf(b[role].rolled, f))
          this.add('R28, 14 step 6', `the ${role}'s hits are not its dice on their faces`, { side: b[role], faces: f });
      }
    } else {
      // Without Surprise Attack both sides roll once, on the formula (and Janissaries' 5 after).
      for (const role of ['attacker', 'defender'] as const) {
        const f = [...faces(role, land(b[role].units)), ...(jSide === role ? Array<number>(5).fill(5) : [])];
        if (b[role].rolled.length !== f.length || b[role].hits !== hitsOf(b[role].rolled, f))
          this.add('14 steps 2–6', `the ${role} rolled other dice or hits than the formula and the cards' texts give`, {
            side: b[role],
            faces: f,
          });
      }
    }
    // 14 step 8: the most hits wins, the defender on a tie.
    const winner = b.attacker.hits > b.defender.hits ? 'attacker' : 'defender';
    if (b.winner !== winner)
      this.add('14 step 8, R28', 'the wrong side wins', { attacker: b.attacker.hits, defender: b.defender.hits });
    // 14 step 9, ruling R7: both sides wiped out — the side that rolled more dice (dice actually rolled, ruling R28;
    // the defender on equal dice) keeps one land unit; otherwise nobody keeps one.
    const wiped = (role: Role) => land(b[role].units) > 0 && b[other(role)].hits >= land(b[role].units);
    const keeper: Role | undefined =
      wiped('attacker') && wiped('defender')
        ? b.attacker.rolled.length > b.defender.rolled.length
          ? 'attacker'
          : 'defender'
        : undefined;
    for (const role of ['attacker', 'defender'] as const)
      if (!!b[role].kept !== (role === keeper))
        this.add('14 step 9, R7', `the ${role} ${b[role].kept ? 'keeps' : 'does not keep'} a unit`, {
          keeper: keeper ?? null,
          rolled: { attacker: b.attacker.rolled.length, defender: b.defender.rolled.length },
          hits: { attacker: b.attacker.hits, defender: b.defender.hits },
          units: { attacker: land(b.attacker.units), defender: land(b.defender.units) },
        });
  }
}
