// Rule oracles: checks of a finished move written from RULES.md / RULINGS.md, independently of the engine's
// procedures (only the plain relations of 2.2 are shared). Each returns the rule it guards in its category.
import type { Scenario, Session } from '../../src/index.ts';
import type { Violation } from './drive.ts';
import { areAtWar, controllerOf as controlled, isFriendly, isMajor, majorOf, type Power } from './relations.ts';

type V = Omit<Violation, 'step'>;

const land = (s: { regulars: number; mercenaries: number; cavalry: number }) => s.regulars + s.mercenaries + s.cavalry;

export function endOracles(sc: Scenario, session: Session): V[] {
  const out: V[] = [];
  const add = (rule: string, category: string, detail: unknown) =>
    out.push({ check: 'oracle', category: `[${rule}] ${category}`, detail: JSON.stringify(detail) });
  const result = session.result;
  if (!result) return out;
  const summary = result.summary;
  const pos = session.position;
  const controllerOf = (_w: unknown, space: string) =>
    controlled(pos.control, (id) => sc.board.spaces.get(id)?.home, space);
  const world = undefined;
  const connection = (_b: unknown, a: string, b: string): 'clear' | 'pass' | undefined => {
    const s = sc.board.spaces.get(a);
    if (!s || !s.neighbours.includes(b)) return undefined;
    return s.passes.includes(b) ? 'pass' : 'clear';
  };
  const start = sc.world.position;
  const rel = pos;
  const board = sc.board;
  const onBoard = (leader: string) => pos.stacks.find((s) => s.leaders.includes(leader));
  const wasCaptured = (leader: string) => pos.captured.some((c) => c.leader === leader);
  // A move cancelled at 13.1 step 4 (ruling R26) never entered its destination: the formation ends where the last move that
  // happened took it.
  const moveTo = summary.moves.filter((m) => !m.cancelled).at(-1)?.to;
  const originOf = (space: string) => summary.moves.find((m) => m.to === space)?.from;

  // 13.1 restriction 6, rulings R2, R24: a leader alone with enemy land units in his space — no land units beside him
  // that would fight on his side — has been captured (or, in a fortified space his side holds, gone inside).
  for (const s of pos.stacks) {
    if (s.inside || s.leaders.length === 0) continue;
    const outside = pos.stacks.filter((x) => x.space === s.space && !x.inside && land(x) > 0);
    const friends = outside.some((x) => isFriendly(rel, x.power, s.power));
    const enemies = outside.filter((x) => areAtWar(rel, x.power, s.power));
    if (!friends && enemies.length > 0)
      add('13.1', `a leader stays alone beside enemy land units`, {
        space: s.space,
        leaders: s.leaders,
        power: s.power,
        enemies: enemies.map((e) => e.power),
      });
  }

  // 13.1 step 5, 13.2 step 5: after a successful interception there is no avoid battle and no withdrawal (one leg).
  const successes = summary.interceptions.filter((i) => i.success);
  if (
    summary.moves.length === 1 &&
    successes.length > 0 &&
    (summary.avoids.length > 0 || summary.withdrawals.some((w) => w.withdrew))
  )
    add('13.2 step 5', 'avoid battle or withdrawal after a successful interception', {
      avoids: summary.avoids.length,
      withdrawals: summary.withdrawals,
    });
  // 13.2 step 3: once one power succeeds no other power tries.
  const firstSuccess = summary.interceptions.findIndex((i) => i.success);
  if (firstSuccess >= 0 && summary.moves.length === 1) {
    const p = summary.interceptions[firstSuccess]!.power;
    if (summary.interceptions.slice(firstSuccess + 1).some((i) => i.power !== p))
      add(
        '13.2 step 3',
        'another power tries after a successful interception',
        summary.interceptions.map((i) => [i.power, i.success]),
      );
  }
  for (const i of summary.interceptions) {
    const total = i.dice.reduce((a, b) => a + b, 0) + i.modifiers.reduce((a, m) => a + m.value, 0);
    if (i.dice.length !== 2 || total !== i.total || i.success !== total >= 9)
      add('13.2 step 2', 'interception roll arithmetic', i);
    if (!summary.moves.some((m) => connection(board, i.from, m.to) === 'clear'))
      add('13.2, 2.5', 'interception from a space not adjacent by a clear connection', {
        from: i.from,
        moves: summary.moves.map((m) => m.to),
      });
    // Ruling R12: every leader that attempted is marked.
    for (const l of i.units.leaders) {
      const st = onBoard(l);
      if (st && !st.attemptedInterception)
        add('R12', 'a leader who attempted an interception is not marked', { leader: l, stack: st });
    }
  }
  for (const a of summary.avoids) {
    if (a.automatic) {
      if (!a.success || a.dice.length > 0) add('13.3 step 4', 'an automatic avoid that rolled or failed', a);
    } else {
      const total = a.dice.reduce((x, y) => x + y, 0) + a.modifiers.reduce((x, m) => x + m.value, 0);
      if (a.dice.length !== 2 || total !== a.total || a.success !== total >= 9)
        add('13.3 step 4', 'avoid roll arithmetic', a);
    }
    if (a.success) {
      const c = controllerOf(world, a.to);
      if (!connection(board, a.from, a.to)) add('13.3', 'avoid battle into a space that is not adjacent', a);
      if (a.to === originOf(a.from)) add('13.3', 'avoid battle into the space the enemy came from', a);
      if (start.unrest.includes(a.to)) add('13.3', 'avoid battle into unrest', a);
      if (c === 'independent' || !isFriendly(rel, a.power, c))
        add('13.3', 'avoid battle into a space not controlled by the avoider or an ally', { ...a, controller: c });
    }
  }

  // 21.6, ruling R34: before the League the Protestant's group neither moves, intercepts nor avoids battle, and no
  // other group moves, intercepts, avoids, retreats or moves on into an electorate; the result stays before it.
  if (sc.data.schmalkaldicLeague === false) {
    const protestant = (p: string) => (majorOf(rel, p as never) ?? p) === 'protestant';
    const electorate = (id: string | null | undefined) => !!id && board.spaces.get(id)?.type === 'electorate';
    for (const m of summary.moves) {
      if (protestant(m.power)) add('21.6, R34', 'the Protestant moved before the League', m);
      if (electorate(m.to)) add('21.6, R34', 'a move into an electorate before the League', m);
    }
    const dest = summary.moves[0]?.to;
    for (const i of summary.interceptions) {
      if (protestant(i.power)) add('21.6, R34', 'the Protestant intercepted before the League', i);
      if (i.success && electorate(dest)) add('21.6, R34', 'an interception into an electorate before the League', i);
    }
    for (const a of summary.avoids) {
      if (protestant(a.power)) add('21.6, R34', 'the Protestant avoided battle before the League', a);
      if (a.success && electorate(a.to)) add('21.6, R34', 'avoid battle into an electorate before the League', a);
    }
    for (const r of summary.retreats)
      if (r.to !== null && electorate(r.to) && !protestant(r.power))
        add('21.6, R34', 'a retreat into an electorate before the League', r);
    if (result.position.schmalkaldicLeague !== false)
      add('21.6, R34', 'the result forgot that the League has not formed', result.position.schmalkaldicLeague);
    if (pos.war.some(([a, b]) => a === 'protestant' || b === 'protestant'))
      add('21.6, R34', 'a war with the Protestant before the League', pos.war);
  }

  // 14: the battle's arithmetic.
  const b = summary.battle;
  if (b?.unfought) {
    // Ruling R32: a side 14 step 1 left with no land units — no dice on either side, the side with land units wins
    // (the defender when neither has any), nobody loses a unit.
    const empty = (role: 'attacker' | 'defender') => land(b[role].units) === 0;
    const expected = b.unfought === 'both' ? empty('attacker') && empty('defender') : empty(b.unfought);
    if (!expected || (b.unfought !== 'both' && empty(b.unfought === 'attacker' ? 'defender' : 'attacker')))
      add('14 step 1, R32', 'an unfought battle whose empty side is not the one named', b);
    for (const role of ['attacker', 'defender'] as const)
      if (b[role].dice.total !== 0 || b[role].rolled.length > 0 || land(b[role].losses) > 0)
        add('14 step 1, R32', `${role} rolled or lost in a battle not fought`, b[role]);
    if (b.winner !== (b.unfought === 'defender' ? 'attacker' : 'defender'))
      add('14 step 1, R32', 'the wrong side wins a battle not fought', b);
  } else if (b) {
    const leaderBattle = (ls: readonly string[]) => Math.max(0, ...ls.map((l) => sc.leaders.get(l)?.battle ?? 0));
    for (const role of ['attacker', 'defender'] as const) {
      const side = b[role];
      const other = b[role === 'attacker' ? 'defender' : 'attacker'];
      const units = land(side.units);
      if (units === 0)
        add('14 steps 2–3', `the ${role} fights a field battle with no land units`, {
          side: side.units,
          interceptions: summary.interceptions.map((i) => ({ from: i.from, units: i.units, success: i.success })),
        });
      // Ruling R28: a side a Surprise Attack struck rolls after its first losses, on the land units it has left,
      // and rolls nothing (no leader's rating, no defender's die, no card dice) when none is left.
      const struck = summary.surprise && summary.surprise.side !== role ? summary.surprise : undefined;
      const rolling = struck ? units - land(struck.losses) : units;
      const rolls = !struck || rolling > 0;
      if (side.dice.units !== rolling) add('14 steps 2–3', `${role} dice for units ≠ its land units`, side.dice);
      if (side.dice.leader !== (rolls ? leaderBattle(side.units.leaders) : 0))
        add('14 steps 2–3', `${role} leader dice ≠ the best battle rating`, {
          dice: side.dice,
          leaders: side.units.leaders,
        });
      if (side.dice.defender !== (role === 'defender' && rolls ? 1 : 0))
        add('14 step 3', `${role} defender die`, side.dice);
      // Rulings R27, R30: the combat cards' dice for this side, as the summary lists the cards played; Tercios'
      // 3 dice fewer come off the whole side (the latest dice first), never below none.
      const played = rolls ? summary.cards.filter((c) => c.side === role && c.dice !== undefined) : [];
      const plus = played.filter((c) => c.dice! > 0);
      const minus = played.reduce((n, c) => n + Math.min(0, c.dice!), 0);
      const base = side.dice.units + side.dice.leader + side.dice.defender;
      const counts = [base, ...plus.map((c) => c.dice!)];
      for (let take = -minus, i = counts.length - 1; take > 0 && i >= 0; i--) {
        const k = Math.min(counts[i]!, take);
        counts[i]! -= k;
        take -= k;
      }
      const total = counts.reduce((a, n) => a + n, 0);
      if (side.dice.total !== total || side.rolled.length !== side.dice.total)
        add('14 step 6', `${role} rolled the wrong number of dice`, { dice: side.dice, rolled: side.rolled.length });
      const faces = counts.flatMap((n, i) => Array<number>(n).fill(i > 0 && plus[i - 1]!.card === 'tercios' ? 4 : 5));
      if (side.hits !== side.rolled.filter((x, i) => x >= (faces[i] ?? 7)).length)
        add('14 step 6', `${role} hits ≠ the dice on their hitting faces (5–6; Tercios' 4–6)`, side);
      const lost = land(side.losses);
      const due = Math.min(other.hits, units);
      if (lost !== due && !(side.kept && lost === due - 1))
        add('14 step 9', `${role} lost ${lost === due + 1 ? 'one more than' : 'not'} one unit per hit`, {
          lost,
          hits: other.hits,
          units,
          kept: side.kept,
        });
    }
    const winner = b.attacker.hits > b.defender.hits ? 'attacker' : 'defender';
    if (b.winner !== winner)
      add('14 step 8', 'the wrong side wins', {
        attacker: b.attacker.hits,
        defender: b.defender.hits,
        winner: b.winner,
      });
    // Ruling R12: the losers are marked, the winners are not.
    const loser = b[b.winner === 'attacker' ? 'defender' : 'attacker'];
    for (const l of loser.units.leaders) {
      const st = onBoard(l);
      if (st && !st.lostBattle)
        add('R12', 'a leader of the losing side is not marked as having lost', { leader: l, stack: st });
    }
    // 13.2 step 5: a successful interception is followed by a battle (unless nobody with land units meets).
  } else if (
    successes.some((i) => land(i.units) > 0) &&
    land(summary.moves[0]?.units ?? { regulars: 0, mercenaries: 0, cavalry: 0 }) > 0
  ) {
    add('13.2 step 5', 'a successful interception with land units and no field battle', successes);
  }

  // 13.1 step 8, 13.1 restriction 3: a move never ends with the active group's land units and enemy land units side
  // by side outside the fortifications of its destination — they fought (the loser retreats), or the enemy avoided
  // or withdrew. Enemies are powers at war with the active power, independents defending their key, and, when the
  // destination is controlled by an enemy and every land unit there (before the move, apart from the mover's own
  // group) belongs to that enemy or its allies, those allies too ("treated as enemy units for all purposes") —
  // except a power allied to both sides: every unit there is then also an ally (the first case of restriction 3),
  // and an ally is friendly (2.2). The rules do not say which case wins; the engine keeps allies friendly, and this
  // oracle does not judge it.
  if (moveTo) {
    const A = start.impulse.power;
    const ctl = controllerOf(world, moveTo);
    const there = start.stacks.filter((s) => s.space === moveTo && land(s) > 0 && majorOf(rel, s.power) !== A);
    const bloc =
      ctl !== 'independent' &&
      areAtWar(rel, A, ctl) &&
      there.every((s) => s.power === 'independent' || isFriendly(rel, s.power, ctl));
    const enemy = (p: string) =>
      !isFriendly(rel, A, p) && (p === 'independent' || areAtWar(rel, A, p) || (bloc && isFriendly(rel, p, ctl)));
    const outside = pos.stacks.filter((s) => s.space === moveTo && !s.inside && land(s) > 0);
    const mine = outside.filter((s) => majorOf(rel, s.power) === A);
    const foes = outside.filter((s) => enemy(s.power));
    if (mine.length > 0 && foes.length > 0)
      add('13.1 step 8', 'the move ends with enemy land units beside the active formation', {
        space: moveTo,
        mine,
        foes,
        bloc,
        battle: b?.winner ?? null,
      });
  }

  // 14.1: retreat destinations.
  for (const r of summary.retreats) {
    if (r.to === null) continue;
    const origin = originOf(r.from);
    if (!connection(board, r.from, r.to)) add('14.1', 'retreat into a space that is not adjacent', r);
    if (start.unrest.includes(r.to)) add('14.1', 'retreat into unrest', r);
    const c = controllerOf(world, r.to);
    if (c === 'independent' || !isFriendly(rel, r.power, c))
      add('14.1', 'retreat into a space not controlled by the retreating power or an ally', { ...r, controller: c });
    if ((r.reason === 'attacker' || r.reason === 'origin') && origin !== undefined && r.to !== origin)
      add('14.1, R11', 'a losing attacker retreats elsewhere than its origin', { r, origin });
    if (r.reason === 'defender' && r.to === origin)
      add('14.1', 'a losing defender retreats into the space the enemy entered from', r);
  }

  // 14.1, 13.3: never into a space containing enemy land units (ruling R2: a lone leader does not block). Judged on
  // the end position: an enemy found there was there already, or came by a move that broke the same rule. (Avoids
  // only for a single leg: a formation that moves on, 13.4 option 1, may follow the avoiders and fight them there.)
  // Not judged: besiegers left behind by interceptors (15.3) who retreat into the move's destination — the moving
  // formation is still on its road then (13.1 step 5 places it only after every interception), so the space holds
  // no enemy yet (ruling R25: the formation in transit stands in neither space).
  for (const r of summary.retreats) {
    if (r.to === null) continue;
    // (nor the formation itself when it later moved into that space, 13.4 option 1: it came after the retreat)
    const A = start.impulse.power;
    const followed = summary.moves.some((m) => m.to === r.to && summary.moves.indexOf(m) > 0);
    const foes = pos.stacks.filter(
      (s) =>
        s.space === r.to &&
        land(s) > 0 &&
        areAtWar(rel, s.power, r.power) &&
        !(followed && majorOf(rel, s.power) === A),
    );
    const beforePlacement =
      r.reason === 'siege' &&
      summary.moves.some((m) => m.to === r.to) &&
      summary.interceptions.some((i) => i.from === r.from && i.success);
    if (foes.length > 0 && !beforePlacement)
      add('14.1', 'retreat into a space containing enemy land units', { retreat: r, foes });
    // 22.1, ruling R10: an inactive minor's or independent stack never retreats.
    if (majorOf(rel, r.power) === undefined) add('22.1, R10', 'an inactive minor or independent stack retreated', r);
  }
  if (summary.moves.length === 1)
    for (const a of summary.avoids) {
      if (!a.success) continue;
      const foes = pos.stacks.filter((s) => s.space === a.to && land(s) > 0 && areAtWar(rel, s.power, a.power));
      if (foes.length > 0) add('13.3', 'avoid battle into a space containing enemy land units', { avoid: a, foes });
    }
  // 13.3 step 1: one attempt per major power, in impulse order (3.2), never the mover's.
  {
    const IMPULSE = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'];
    const seq = summary.avoids.map((a) => a.power);
    if (seq.some((p, k) => k > 0 && IMPULSE.indexOf(p) <= IMPULSE.indexOf(seq[k - 1]!)) && summary.moves.length === 1)
      add('13.3 step 1', 'avoid attempts out of impulse order or repeated', seq);
    if (seq.some((p) => summary.moves.some((m) => m.power === p))) add('13.3', 'the mover avoided battle', seq);
  }

  // 13.2: who may intercept (one leg, judged on the position at the start of the move).
  if (summary.moves.length === 1 && summary.interceptions.length > 0) {
    const m = summary.moves[0]!;
    const A = m.power;
    const dest = m.to;
    const ctl = controllerOf(world, dest);
    const there = start.stacks.filter((s) => s.space === dest && land(s) > 0);
    const others = there.filter((s) => majorOf(rel, s.power) !== A);
    const bloc =
      ctl !== 'independent' &&
      areAtWar(rel, A, ctl) &&
      others.every((s) => s.power === 'independent' || isFriendly(rel, s.power, ctl));
    const besiegedAtStart = start.sieges.some((g) => g.space === dest);
    const IMPULSE = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'];
    if (board.spaces.get(dest)?.fortified && isFriendly(rel, A, ctl) && !besiegedAtStart)
      add('13.2', 'an interception into a friendly fortified space not under siege', { dest, controller: ctl });
    if (there.length > 0 && besiegedAtStart)
      add('13.2, R8', 'an interception into an occupied space with a siege at the start of the move', { dest });
    let last = -1;
    for (const i of summary.interceptions) {
      const P = i.power;
      // 13.1 restriction 3: in the enemy bloc, a power with units in the space (its group, 22.3) may intercept too.
      const inBloc = bloc && others.some((s) => (majorOf(rel, s.power) ?? s.power) === P) && !isFriendly(rel, P, A);
      if (!areAtWar(rel, P, A) && !inBloc)
        add('13.2', 'an interception by a power not at war with the mover', { power: P, mover: A, dest });
      if (there.length > 0 && !there.every((s) => isFriendly(rel, P, s.power)))
        add('13.2', 'an interception into an occupied space by a power not friendly to every unit there', {
          power: P,
          there: there.map((s) => s.power),
        });
      if (!(ctl === 'independent' || isFriendly(rel, P, ctl) || areAtWar(rel, P, ctl)))
        add('13.2', 'an interceptor entered a space whose controller is neither its enemy nor its ally', {
          power: P,
          controller: ctl,
        });
      const k = IMPULSE.indexOf(P);
      if (k < last)
        add(
          '13.2, 3.2',
          'interception attempts out of impulse order',
          summary.interceptions.map((x) => x.power),
        );
      last = Math.max(last, k);
    }
  }

  // 13.2 step 2, 13.3 step 4, ruling R1: the modifiers themselves — the best single battle rating in the group, +1
  // for an Ottoman group with cavalry, −1 for a non-Ottoman group facing a moving formation with Ottoman cavalry,
  // +1 for Telescope.
  {
    const best = (ls: readonly string[]) => Math.max(0, ...ls.map((l) => sc.leaders.get(l)?.battle ?? 0));
    const tele = (p: string) =>
      (start.bonuses as Record<string, readonly string[] | undefined>)[p]?.includes('telescope') ? 1 : 0;
    const moverCav = (k: number) => {
      const m = summary.moves[k];
      return !!m && m.power === 'ottoman' && m.units.cavalry > 0;
    };
    const expectMod = (p: string, u: { cavalry: number; leaders: readonly string[] }, facingCav: boolean) =>
      best(u.leaders) + (p === 'ottoman' && u.cavalry > 0 ? 1 : 0) - (p !== 'ottoman' && facingCav ? 1 : 0) + tele(p);
    if (summary.moves.length === 1) {
      for (const i of summary.interceptions) {
        const got = i.modifiers.reduce((a, m) => a + m.value, 0);
        if (got !== expectMod(i.power, i.units, moverCav(0)))
          add('13.2 step 2', 'interception modifiers', { i, expected: expectMod(i.power, i.units, moverCav(0)) });
      }
      for (const a of summary.avoids) {
        if (a.automatic) continue;
        const got = a.modifiers.reduce((x, m) => x + m.value, 0);
        if (got !== expectMod(a.power, a.units, moverCav(0)))
          add('13.3 step 4', 'avoid modifiers', { a, expected: expectMod(a.power, a.units, moverCav(0)) });
      }
    }
  }
  // 14 step 10, ruling R7: a side left with no land units has its leaders captured.
  if (b) {
    for (const role of ['attacker', 'defender'] as const) {
      const side = b[role];
      if (land(side.units) === 0 || land(side.losses) < land(side.units) || side.kept) continue;
      const free = side.units.leaders.filter((l) => !pos.captured.some((c) => c.leader === l));
      if (free.length > 0)
        add('14 step 10', `the ${role}'s leaders are not captured although its land units were all eliminated`, {
          side: side.units,
          losses: side.losses,
          free,
        });
    }
  }
  // 13.4, 14 step 12, 15.3: the active formation does not stay outside a fortress held against it (an enemy's or an
  // independent key) without a siege: it besieges, moves on or retreats.
  if (moveTo && board.spaces.get(moveTo)?.fortified && !pos.sieges.some((g) => g.space === moveTo)) {
    const A = start.impulse.power;
    const c = controllerOf(world, moveTo);
    const held = c === 'independent' || areAtWar(rel, A, c);
    const mine = pos.stacks.filter(
      (s) => s.space === moveTo && !s.inside && land(s) > 0 && majorOf(rel, s.power) === A,
    );
    if (held && mine.length > 0)
      add('13.4, 14 step 12', 'the active formation stays outside a fortress held against it with no siege', {
        space: moveTo,
        controller: c,
        mine,
        inside: pos.stacks.filter((s) => s.space === moveTo && s.inside),
      });
  }

  // 22.1, 22.6, ruling R10: an inactive minor's or independent stack of 4 or fewer land units in a fortified space it
  // holds withdraws inside when entered; it never fights a field battle there (a successful interception, the only
  // way past step 7, needs a major power, and then the defenders are not all inactive).
  // (counting the units already inside: never more than 4 inside, 2.1)
  const insideAtStart = (space: string) =>
    start.stacks.filter((s) => s.space === space && s.inside).reduce((n, s) => n + land(s), 0);
  // (not a battle left unfought, ruling R32: its empty side lists no powers)
  if (
    b &&
    !b.unfought &&
    b.defender.powers.length > 0 &&
    board.spaces.get(b.space)?.fortified &&
    b.defender.powers.every((p) => majorOf(rel, p) === undefined) &&
    land(b.defender.units) + insideAtStart(b.space) <= 4 &&
    !summary.interceptions.some((i) => i.success)
  ) {
    const c = controllerOf(world, b.space);
    // (only when every defender is the controller: another inactive power may not be inside, and R18 then keeps all out)
    if (b.defender.powers.every((p) => p === c))
      add('22.1, R10', 'an inactive stack of 4 or fewer fought instead of withdrawing', {
        space: b.space,
        defender: b.defender.units,
        powers: b.defender.powers,
      });
  }

  // 11.1, 2.5: CP.
  for (const m of summary.moves) {
    const cost = connection(board, m.from, m.to) === 'pass' ? 2 : 1;
    if (m.cp !== cost) add('13.1 step 3', 'a move paid the wrong CP', m);
  }
  if (summary.cpSpent !== summary.moves.reduce((a, m) => a + m.cp, 0))
    add('13.1 step 3', 'cpSpent ≠ the moves’ CP', { cpSpent: summary.cpSpent, moves: summary.moves });

  // 13.4: withdrawals.
  for (const w of summary.withdrawals)
    if (w.withdrew && land(w.units) > 4) add('13.4', 'more than 4 units withdrew', w);
  // 2.1, R18: only the controller and its allies hold a fortification. Pieces found inside a fortress whose
  // controller is not their friend are told apart by how they got in.
  for (const s of pos.stacks) {
    if (!s.inside) continue;
    const c = controllerOf(world, s.space);
    if (s.power === 'independent' ? c === 'independent' : isFriendly(rel, s.power, c)) continue;
    const how = summary.withdrawals.some((w) => w.space === s.space && w.withdrew)
      ? 'a withdrawal (13.4) took in a defender who is no friend of the controller'
      : summary.retreats.some((r) => r.from === s.space && r.power === s.power && r.eliminatedBy === 'R10')
        ? "an inactive minor's survivors went inside (R10)"
        : summary.retreats.some((r) => r.from === s.space && (r.power === s.power || majorOf(rel, s.power) === r.power))
          ? 'a retreat (14.1) put them inside'
          : land(s) === 0
            ? 'a lone leader withdrew inside (13.3)'
            : 'no visible cause';
    add('2.1, R18', `pieces inside a fortress whose controller is not their friend: ${how}`, {
      stack: s,
      controller: c,
    });
  }
  // 13.4 option 1: the formation that moves on is the one that entered.
  if (summary.moves.length > 1) {
    const [a, b2] = summary.moves;
    if (
      a &&
      b2 &&
      (land(a.units) !== land(b2.units) || [...a.units.leaders].sort().join() !== [...b2.units.leaders].sort().join())
    )
      add('13.4 option 1', 'the formation that moves on is not the formation that entered', summary.moves);
  }

  // 15, R13, R17: the active formation standing outside an enemy fortress ends with a siege.
  if (moveTo && board.spaces.get(moveTo)?.fortified) {
    const A = start.impulse.power;
    const c = controllerOf(world, moveTo);
    const mine = pos.stacks.filter(
      (s) => s.space === moveTo && !s.inside && land(s) > 0 && majorOf(rel, s.power) === A,
    );
    const hostile = c === 'independent' || areAtWar(rel, A, c);
    if (mine.length > 0 && hostile && !pos.sieges.some((g) => g.space === moveTo)) {
      const inside = pos.stacks.filter((s) => s.space === moveTo && s.inside).reduce((n, s) => n + land(s), 0);
      const outside = mine.reduce((n, s) => n + land(s), 0);
      if (outside > inside)
        add('15, R13', 'the active formation outnumbers an enemy fortress and there is no siege', {
          space: moveTo,
          controller: c,
          outside,
          inside,
          siege: summary.siege,
          battle: b?.winner ?? null,
        });
    }
  }
  // 13.2 step 3: the pieces that intercept are the ones declared, taken from the eligible stacks of the space
  // (outside the fortifications, not marked, R12): after the move the space holds exactly what it held minus them
  // (a failed attempt marks them in place). Checked where nothing else enters or leaves the space.
  const touched = new Set<string>([
    ...summary.moves.flatMap((m) => [m.from, m.to]),
    ...summary.avoids.map((a) => a.to),
    ...summary.retreats.flatMap((r) => (r.to ? [r.to] : [])),
    ...summary.captures.map((c) => c.space),
    // Cards that add or take units in named spaces (ruling R32's new mercenaries, and any later card's spaces).
    ...(summary.cards ?? []).flatMap((c) => spacesNamedIn(c)),
  ]);
  const TYPES = ['regulars', 'mercenaries', 'cavalry'] as const;
  for (const i of summary.interceptions) {
    // (not where the interceptors besieged the space: leaving may break the siege and send the rest away, 15.3)
    if (
      touched.has(i.from) ||
      summary.interceptions.filter((x) => x.from === i.from).length > 1 ||
      start.sieges.some((g) => g.space === i.from)
    )
      continue;
    const group = (p: Power) => majorOf(rel, p) === i.power;
    const at = (stacks: readonly (typeof pos.stacks)[number][]) => stacks.filter((s) => s.space === i.from);
    const sum = (stacks: readonly (typeof pos.stacks)[number][], f: (s: (typeof pos.stacks)[number]) => boolean) =>
      Object.fromEntries(TYPES.map((t) => [t, stacks.filter(f).reduce((n, s) => n + s[t], 0)])) as Record<
        (typeof TYPES)[number],
        number
      >;
    const before = at(start.stacks),
      after = at(pos.stacks);
    const key = (stacks: readonly (typeof pos.stacks)[number][]) =>
      JSON.stringify(
        stacks.map((s) => [s.power, s.inside, s.regulars, s.mercenaries, s.cavalry, [...s.leaders].sort()]).sort(),
      );
    // units inside an unbesieged fortification may join (only besieged units may not intercept, 13.2)
    const besieged = start.sieges.some((g) => g.space === i.from);
    const others = (s: (typeof pos.stacks)[number]) => (s.inside && besieged) || !group(s.power);
    if (key(before.filter(others)) !== key(after.filter(others))) {
      add('13.2 step 3', 'an interception moved besieged pieces or pieces of another power', {
        interception: { from: i.from, units: i.units, success: i.success },
        before: before.filter(others),
        after: after.filter(others),
      });
      continue;
    }
    const markedBefore = sum(before, (s) => !others(s) && s.attemptedInterception),
      markedAfter = sum(after, (s) => !others(s) && s.attemptedInterception);
    const freeBefore = sum(before, (s) => !others(s) && !s.attemptedInterception),
      freeAfter = sum(after, (s) => !others(s) && !s.attemptedInterception);
    const bad = TYPES.filter(
      (t) =>
        freeAfter[t] !== freeBefore[t] - i.units[t] ||
        markedAfter[t] !== markedBefore[t] + (i.success ? 0 : i.units[t]),
    );
    if (bad.length > 0)
      add(
        '13.2 step 3, R12',
        `${i.success ? 'a successful' : 'a failed'} interception took other pieces than the declared unmarked ones`,
        {
          interception: { from: i.from, units: i.units, success: i.success },
          freeBefore,
          freeAfter,
          markedBefore,
          markedAfter,
        },
      );
    const leadersAfter = after.flatMap((s) => s.leaders);
    const gone = i.units.leaders.filter((l) => leadersAfter.includes(l));
    if (i.success && gone.length > 0)
      add('13.2 step 3', 'a leader who intercepted successfully is still in the space he came from', {
        from: i.from,
        leaders: gone,
      });
  }

  // 13.1 restriction 6: leaders moving without land units into a space they may enter simply end their move there.
  const first = summary.moves[0];
  if (first && land(first.units) === 0) {
    if (summary.moves.length > 1) add('13.1', 'leaders moving alone were sent on (13.4 option 1)', summary.moves);
    // (the mover's own retreats from its destination — not those of besiegers elsewhere whose siege broke, 15.3)
    const r = summary.retreats.find(
      (x) =>
        (x.reason === 'origin' || x.reason === 'siege') && x.from === first.to && majorOf(rel, x.power) === first.power,
    );
    if (r) add('13.1', `leaders moving alone were sent back (${r.reason})`, r);
    // Others left outside an empty enemy fortress (interceptors who captured the leaders) do besiege it (R13, R17).
    const byMover = summary.siege && isFriendly(rel, summary.siege.besieger, first.power);
    if (summary.siege && byMover && !start.sieges.some((g) => g.space === summary.siege!.space))
      add('15', 'leaders moving alone began a siege', summary.siege);
  }

  // 15.3: a siege whose besiegers no longer outnumber the units inside is over; 15, R17: units inside with enemies
  // outside are besieged. Each broken case is told apart by what happened in the space.
  const insideOf = (space: string) =>
    pos.stacks.filter((s) => s.space === space && s.inside).reduce((n, s) => n + land(s), 0);
  const causes = (space: string, by: readonly Power[]) => {
    const why: string[] = [];
    if (summary.interceptions.some((i) => i.from === space && i.success)) why.push('besiegers intercepted out of it');
    if (summary.avoids.some((a) => a.from === space && a.success && by.some((p) => isFriendly(rel, p, a.power))))
      why.push('besiegers avoided battle out of it');
    if (summary.retreats.some((r) => r.from === space && by.some((p) => isFriendly(rel, p, r.power))))
      why.push('besiegers lost a battle and left');
    if (
      b?.space === space &&
      by.some((p) => b[b.winner].powers.some((q) => isFriendly(rel, p, q))) &&
      land(b[b.winner].losses) > 0
    )
      why.push('besiegers won with losses');
    const loser = b ? b[b.winner === 'attacker' ? 'defender' : 'attacker'] : undefined;
    if (
      b?.space === space &&
      loser &&
      by.some((p) => loser.powers.some((q) => isFriendly(rel, p, q))) &&
      land(loser.losses) >= land(loser.units)
    )
      why.push('besiegers lost a battle and were wiped out');
    if (summary.retreats.some((r) => r.from === space && land(r.inside) > 0))
      why.push(
        `the losing ${summary.retreats.find((r) => r.from === space && land(r.inside) > 0)!.reason} went inside`,
      );
    if (summary.withdrawals.some((w) => w.space === space && w.withdrew)) why.push('defenders withdrew inside');
    if (summary.moves.some((m) => m.from === space)) why.push('the mover left it');
    if (summary.captures.some((c) => c.space === space)) why.push('leaders captured there');
    return why.length > 0 ? why.join(' + ') : 'no visible cause';
  };
  for (const g of pos.sieges) {
    const besiegers = pos.stacks
      .filter((s) => s.space === g.space && !s.inside && g.by.some((p) => isFriendly(rel, p, s.power)))
      .reduce((n, s) => n + land(s), 0);
    if (besiegers > insideOf(g.space)) continue;
    const old = start.sieges.some((x) => x.space === g.space);
    add('15.3', `${old ? 'a siege' : 'a new siege'} that does not outnumber stays listed: ${causes(g.space, g.by)}`, {
      siege: g,
      besiegers,
      inside: insideOf(g.space),
    });
  }
  // A siege is laid by enemies of the space's controller (15; an ally's fortress is not besieged) who outnumber the
  // land units inside; when they do not, both stay and there is no siege (R17).
  for (const sp of new Set(pos.stacks.filter((s) => s.inside).map((s) => s.space))) {
    if (pos.sieges.some((g) => g.space === sp)) continue;
    const inside = pos.stacks.filter((s) => s.space === sp && s.inside);
    const holder = controllerOf(world, sp);
    const hostile = (p: string) => (holder === 'independent' ? p !== 'independent' : areAtWar(rel, p, holder));
    const enemies = pos.stacks.filter(
      (s) =>
        s.space === sp &&
        !s.inside &&
        land(s) > 0 &&
        hostile(s.power) &&
        inside.some((i) => areAtWar(rel, s.power, i.power)),
    );
    if (enemies.length === 0) continue;
    const n = enemies.reduce((k, s) => k + land(s), 0);
    if (n <= insideOf(sp)) continue;
    add(
      '15, R17',
      `enemies outside outnumber the units inside and there is no siege: ${causes(
        sp,
        enemies.map((e) => e.power),
      )}`,
      { space: sp, inside, enemies },
    );
  }
  if (summary.siege && !pos.sieges.some((g) => g.space === summary.siege!.space))
    add('15', 'the summary names a siege the position does not list', summary.siege);

  // 14 step 10, 13.1: a captured leader goes to a power at war with his own. Whether independents and inactive
  // minors (no power card) take captives is open — no ruling decides it; the engine records them as their captives
  // (docs/engine-choices.md, "Captives of powers without a power card"), and this oracle does not judge it.
  for (const c of pos.captured) {
    if (start.captured.some((x) => x.leader === c.leader)) continue;
    const owner = start.stacks.find((s) => s.leaders.includes(c.leader))?.power as Power | undefined;
    if (owner && isFriendly(rel, owner, c.by))
      add('14 step 10', 'a leader captured by his own side', { leader: c.leader, owner, by: c.by });
  }

  // Ruling R20: captors are major powers. A captive never goes on an active minor's card; a battle's captives go to
  // the first major in impulse order whose group has land units on the capturing side (judged when that side won and
  // stayed in the space); leaders eliminated in a fortress they may not stay in go to the power holding it (15.3,
  // 13.4: the space the formation moved on from).
  const IMPULSE_ORDER = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'];
  const holder = (space: string) => {
    const c = controllerOf(world, space);
    return majorOf(rel, c) ?? c;
  };
  for (const c of summary.captures) {
    if (majorOf(rel, c.by) !== undefined && majorOf(rel, c.by) !== c.by)
      add('R20', 'a leader captured by an active minor (no power card)', c);
    if (c.rule === '15.3' && c.by !== holder(c.space))
      add('R20, 15.3', 'leaders eliminated under 15.3 not captured by the power holding the space', {
        capture: c,
        holder: holder(c.space),
      });
    if (c.rule === '13.4') {
      const movedOnFrom = summary.moves.filter((m) => m.continued).map((m) => holder(m.from));
      if (!movedOnFrom.includes(c.by))
        add('R20, 13.4', 'a formation forced back not captured by the holder of the space it moved on from', {
          capture: c,
          holders: movedOnFrom,
        });
    }
    if (c.rule === '14 step 10' && b && c.space === b.space) {
      const capturedSide = b.attacker.units.leaders.includes(c.leader) ? 'attacker' : 'defender';
      const capturing = capturedSide === 'attacker' ? 'defender' : 'attacker';
      if (b.winner !== capturing) continue;
      // A group of the winning side had land units after the losses if it still has them there, or if some left
      // the space (or were eliminated there) afterwards, as 15.3 sends away besiegers whose siege passed to another
      // power (they are counted at the capture, which comes first).
      const leftAfter = (g: string) =>
        summary.retreats.some(
          (r) =>
            r.from === b.space &&
            (majorOf(rel, r.power) ?? r.power) === g &&
            land(r.units) + land(r.inside) + land(r.eliminated) > 0,
        );
      const survivors = (g: string) =>
        leftAfter(g) ||
        pos.stacks.some(
          (x) => x.space === b.space && !x.inside && land(x) > 0 && (majorOf(rel, x.power) ?? x.power) === g,
        );
      const expected = b[capturing].powers
        .filter((g) => isMajor(g) && survivors(g))
        .sort((x, y) => IMPULSE_ORDER.indexOf(x) - IMPULSE_ORDER.indexOf(y))[0];
      if (expected && c.by !== expected)
        add('14 step 10, R20', 'a battle captive not given to the first major with land units on the winning side', {
          capture: c,
          expected,
          side: b[capturing].powers,
        });
    }
  }
  // 13.4, ruling R11: R11 is cited only for a losing attacker after a field battle, never for a formation forced back
  // into the space it moved on from (13.4, under either reading of R11).
  for (const r of summary.retreats) {
    if (r.eliminatedBy === 'R11' && r.reason !== 'attacker')
      add('13.4, R11', `an elimination cited as ruling R11 outside a losing attacker's retreat (${r.reason})`, r);
    const movedOnFrom = summary.moves.filter((m) => m.continued).map((m) => m.from);
    if (r.eliminatedBy === 'R11' && movedOnFrom.includes(originOf(r.from) ?? ''))
      add('13.4, R11', 'a formation forced back into the space it moved on from cited as ruling R11', r);
  }

  // Ruling R21: the withdrawal is decided by the only power defending the space (its major for an active minor), or
  // by the controller when several powers defend — never by a power with nothing there while a single other one
  // defends alone.
  if (summary.moves.length === 1)
    for (const w of summary.withdrawals) {
      if (!w.decidedBy) continue;
      const A = start.impulse.power;
      // The groups whose land units were outside in the space at the start and did not all avoid battle: the
      // mover's enemies (at war with it, or the controller's bloc of 13.1 restriction 3), not bystanders (R17).
      const ctlW = controllerOf(world, w.space);
      const others = start.stacks.filter((x) => x.space === w.space && land(x) > 0 && majorOf(rel, x.power) !== A);
      const blocW =
        ctlW !== 'independent' &&
        areAtWar(rel, A, ctlW) &&
        others.every((x) => x.power === 'independent' || isFriendly(rel, x.power, ctlW));
      const unitsAt = new Map<string, number>();
      for (const x of start.stacks)
        if (
          x.space === w.space &&
          !x.inside &&
          land(x) > 0 &&
          !isFriendly(rel, x.power, A) &&
          (x.power === 'independent' || areAtWar(rel, x.power, A) || (blocW && isFriendly(rel, x.power, ctlW)))
        ) {
          const g = majorOf(rel, x.power) ?? x.power;
          unitsAt.set(g, (unitsAt.get(g) ?? 0) + land(x));
        }
      for (const a of summary.avoids)
        if (a.success && a.from === w.space) unitsAt.set(a.power, (unitsAt.get(a.power) ?? 0) - land(a.units));
      const defenders = new Set([...unitsAt].filter(([, n]) => n > 0).map(([g]) => g));
      const ctl = holder(w.space);
      if (defenders.size === 1 && !defenders.has(w.decidedBy))
        add('13.4, R21', 'the withdrawal decided by a power other than the only one defending', {
          withdrawal: w,
          defenders: [...defenders],
        });
      if (defenders.size > 1 && w.decidedBy !== ctl)
        add('13.4, R21', 'several powers defend, and the withdrawal is not decided by the controller', {
          withdrawal: w,
          defenders: [...defenders],
          controller: ctl,
        });
    }

  // 13.2 step 5, ruling R23: a leader who intercepted successfully never goes inside the destination's
  // fortifications before a battle (after losing one, ruling R22 may let him in).
  if (!b)
    for (const i of successes)
      for (const l of i.units.leaders) {
        const st = onBoard(l);
        if (st && st.inside && summary.moves.some((m) => m.to === st.space))
          add('13.2 step 5, R23', 'a leader who intercepted went inside the fortifications', { leader: l, stack: st });
      }

  // 15: the powers listed as besieging one space are allies of each other, each at war with its controller (or the
  // space independent): a siege whose besiegers were beaten is over (15.3), never merged with the winner's.
  for (const g of pos.sieges) {
    const c = controllerOf(world, g.space);
    for (const [k, p] of g.by.entries()) {
      if (g.by.slice(0, k).some((q) => !isFriendly(rel, p, q)))
        add('15, 15.3', 'a siege listed by two powers that are not allies', g);
      if (c !== 'independent' && !areAtWar(rel, p, c)) add('15', 'a besieger not at war with the controller', g);
    }
  }
  // Rulings R13, R17: no fortress the move left ends empty with enemy land units outside and no siege — wherever it
  // is (the destination, the formation's origin, the space interceptors came from).
  for (const sp of new Set(pos.stacks.filter((x) => !x.inside && land(x) > 0).map((x) => x.space))) {
    if (!board.spaces.get(sp)?.fortified || pos.sieges.some((g) => g.space === sp)) continue;
    if (pos.stacks.some((x) => x.space === sp && x.inside)) continue;
    const c = controllerOf(world, sp);
    const hostile = pos.stacks.filter(
      (x) =>
        x.space === sp &&
        !x.inside &&
        land(x) > 0 &&
        (c === 'independent' ? x.power !== 'independent' : areAtWar(rel, x.power, c)),
    );
    if (hostile.length === 0) continue;
    const wasEmptyWithThem =
      start.sieges.some((g) => g.space === sp) || !start.stacks.some((x) => x.space === sp && x.inside);
    add(
      'R13, R17',
      `enemy land units outside an empty enemy fortress with no siege${wasEmptyWithThem ? '' : ': its garrison left'}`,
      {
        space: sp,
        controller: c,
        hostile,
      },
    );
  }
  void wasCaptured;
  return out;
}

/** Every `space` a summary entry names, at any depth (a card's placements, say). */
function spacesNamedIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(spacesNamedIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'space' && typeof v === 'string' ? [v] : spacesNamedIn(v)));
}
