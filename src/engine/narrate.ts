// The story of a move, in English and Russian: one note per step of the trace, written from what changed (the
// summary's new entries) and from where the machines stand. The CLI prints the headline notes as the narrative.
import type { StateValueFrom } from 'xstate';
import type { MachineId, Machines } from '../../machines/index.ts';
import type { ContextOf, MachineContext } from './actors.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { Power } from '../schema/power.ts';
import type { CardSummary, MoveSummary, RecordedSummary, ReliefSummary } from '../schema/result.ts';
import { reliefOutcome } from '../rules/relief.ts';
import { cardTitle } from '../data/cards.ts';
import { diceTotal, type DiceTerm } from '../rules/dice.ts';
import { isHeldBeforeLeague } from '../rules/league.ts';
import { sideHits, winningPower } from '../rules/procedures/field-battle.ts';
import type { World } from '../rules/world.ts';
import { listedTerms, modifiersOf, modifiersText, sourceFor } from '../text/modifiers.ts';
import {
  inSpace,
  intoSpace,
  leaderAcc,
  capitalize,
  leaderName,
  outOfSpace,
  powerDat,
  powerGen,
  power,
  powerName,
  powers,
  ruAgree,
  ruList,
  spaceFrom,
  spaceName,
  spaceTo,
  unitTypeOne,
  unitsText,
  ruFormOf,
  powerAdjective,
} from '../text/names.ts';
import { count, listText, NOUNS, says } from '../text/grammar.ts';
import { cite } from '../text/rules.ts';
import { eliminatedText } from '../text/mercenaries.ts';
import { joinText, msg, type Text } from '../text/text.ts';
import { LAND_UNIT_TYPES, type LandUnitType, type Units } from '../schema/units.ts';

export interface Note {
  readonly note: Text;
  /** Whether the note belongs in the short narrative (something happened), or only in the full trace. */
  readonly headline: boolean;
}

function hits(n: number): Text {
  return count(n, NOUNS.hit);
}

function diceText(values: readonly number[]): string {
  return values.join(' ');
}

/** The dice as Russian prose: «3 и 5», «6, 5, 5 и 4». */
function diceRu(values: readonly number[]): string {
  return ruList(values.map(String));
}

/** «1 регулярная часть уничтожена, Ибрагим-паша взят в плен»: units are eliminated, leaders captured (14.1). */
function ruEliminated(world: World, eliminated: Pick<Units, LandUnitType>, captured: readonly string[]): string {
  const out: string[] = [];
  if (LAND_UNIT_TYPES.some((k) => eliminated[k] > 0))
    out.push(says(unitsText(world, eliminated), '', 'уничтожены|уничтожен|уничтожена|уничтожено').ru);
  if (captured.length > 0)
    out.push(`${says(unitsText(world, { leaders: [...captured] }), '', 'взяты|взят|взята|взято').ru} в плен`);
  return out.join(', ');
}

/** 14 step 8: who wins the field battle, and by how many hits. */
function winnerText(world: World, space: string, power: Power, won: number, lost: number, tie: boolean): Text {
  const p = powerName(power);
  const r8 = cite('14 step 8');
  return msg(
    'narrate.winnerText',
    '{p} wins the field battle in {spaceName}, {hits} to {lost}{tie, select, true { (a tie goes to the defender)} other {}} ({r8}).',
    '{p} {powerForm, select, pl {побеждают} other {побеждает}} в полевом сражении {inSpace}: {hits} против {lost}{tie, select, true { (при равенстве побеждает обороняющийся)} other {}} ({r8}).',
    {
      p,
      spaceName: spaceName(world, space),
      hits: hits(won),
      lost,
      tie: tie ? 'true' : 'false',
      r8,
      powerForm: ruFormOf(power),
      inSpace: inSpace(world, space),
    },
  );
}

/**
 * The note of the step that leaves "Winner" (14 step 8): the winner, on the state that decides it. The short
 * narrative says it once, with the losses (the battle's summary note), so this note is not a headline.
 */
function winnerNote({ world, context: f }: StepOf<'fieldBattle'>): Text[] {
  if (!f.winner) return [];
  const hits = sideHits(f);
  const loser = f.winner === 'attacker' ? 'defender' : 'attacker';
  return [
    winnerText(
      world,
      f.battle.space,
      winningPower(f, f.winner),
      hits[f.winner],
      hits[loser],
      hits.attacker === hits.defender,
    ),
  ];
}

/**
 * Ruling R32: a side 14 step 1 left with no land units — no battle is fought, the other side wins; ruling R29 read
 * the same way when Mercenaries Bribed turned the side's last land units at 14 steps 4–5.
 */
function unfoughtNote(
  world: World,
  space: string,
  side: 'attacker' | 'defender' | 'both',
  winner: Power,
  bribed: boolean,
): Text {
  const params = {
    spaceName: spaceName(world, space),
    side,
    p: powerName(winner),
    inSpace: inSpace(world, space),
    powerForm: ruFormOf(winner),
  };
  if (bribed)
    return msg(
      'narrate.unfoughtBribedNote',
      'No field battle is fought in {spaceName}: Mercenaries Bribed took the last land units of {side, select, attacker {the attacking side} other {the defending side}}, and {p} wins without a roll ({r}).',
      'Полевого сражения {inSpace} не будет: «Подкуп наёмников» забрал последние сухопутные части {side, select, attacker {атакующей стороны} other {обороняющейся стороны}}, и {p} {powerForm, select, pl {побеждают} other {побеждает}} без броска ({r}).',
      { ...params, r: cite('14 step 4', 'R29') },
    );
  return msg(
    'narrate.unfoughtNote',
    'No field battle is fought in {spaceName}: {side, select, attacker {the attacking side has} defender {the defending side has} other {neither side has}} no land units left after 14 step 1, and {p} wins without a roll ({r}).',
    'Полевого сражения {inSpace} не будет: {side, select, attacker {у атакующей стороны} defender {у обороняющейся стороны} other {ни у одной из сторон}} не осталось сухопутных частей после шага 1, и {p} {powerForm, select, pl {побеждают} other {побеждает}} без броска ({r}).',
    { ...params, r: cite('14 step 1', 'R32') },
  );
}

/** Ruling R26: Foul Weather or Gout cancels the move it was played against. */
function cardNote(world: World, card: CardSummary, move: MoveSummary | undefined): Text {
  const p = powerName(card.power),
    c = cardTitle(card.card);
  const r = cite(card.window, card.ruling);
  const plays = ruAgree(card.power, 'разыгрывают', 'разыгрывает');
  if (card.placed) {
    // Ruling R32: where the new mercenaries went.
    const where = card.placed.map((x) => {
      const u = unitsText(world, { mercenaries: x.mercenaries });
      const walls = x.inside
        ? msg('narrate.where.walls', ' (inside)', ' (в укреплениях)')
        : msg('narrate.where.walls.2', '', '');
      return msg(
        'narrate.cardNote.where',
        '{mercenaries, plural, one {# new {pAdj} mercenary} other {# new {pAdj} mercenaries}} in {spaceName}{walls}',
        '{u} {powerGen} {inSpace}{walls}',
        {
          mercenaries: x.mercenaries,
          pAdj: powerAdjective(x.power),
          spaceName: spaceName(world, x.space),
          walls,
          u,
          powerGen: powerGen(x.power),
          inSpace: inSpace(world, x.space),
        },
      );
    });
    return msg(
      'narrate.cardNote',
      '{p} plays {c}: {where} ({r}).',
      '{p} {plays} карту {c}: новые наёмники — {where} ({r}).',
      { p, c, where: joinText(where, ', '), r, plays },
    );
  }
  if (card.eliminated) {
    // Ruling R32: the Ottoman's Landsknechts — which mercenaries it eliminated, whose and where.
    const list = card.eliminated.map((e) => eliminatedText(world, e));
    return msg(
      'narrate.cardNote.eliminated',
      '{p} plays {c}: {list} eliminated ({r}).',
      '{p} {plays} карту {c}: уничтожены наёмники — {list} ({r}).',
      { p, c, list: listText('list.and', list), r, plays },
    );
  }
  if (card.bribed) {
    // Ruling R29: how many mercenaries changed sides, and whose they were.
    const n = card.mercenaries ?? 0;
    const u = unitsText(world, { mercenaries: n });
    const from = card.bribed.map((b) =>
      msg('narrate.cardNote.bribedFrom', '{n} from {p}', '{n} от {pGen}', {
        n: b.mercenaries,
        p: powerName(b.power),
        pGen: powerGen(b.power),
      }),
    );
    const one = n % 10 === 1 && n % 100 !== 11;
    return msg(
      'narrate.cardNote.2',
      '{p} plays {c}: {u} change{n, select, true {s} other {}} sides ({from}) and fight{n, select, true {s} other {}} for {p} ({r}).',
      '{p} {plays} карту {c}: {u} ({from}) {one, select, true {переходит} other {переходят}} на сторону {pGen} ({r}).',
      {
        p,
        c,
        u,
        n: n === 1 ? 'true' : 'false',
        from: joinText(from, ', '),
        r,
        plays,
        one: one ? 'true' : 'false',
        pGen: powerGen(card.power),
      },
    );
  }
  if (card.card === 'surprise-attack' && card.side) {
    // Ruling R28: the order of the battle changes; no dice.
    const side =
      card.side === 'attacker'
        ? msg('narrate.cardNote.surprise.side', "the attacker's", 'атакующего')
        : msg('narrate.cardNote.surprise.side.2', "the defender's", 'обороняющегося');
    return msg(
      'narrate.cardNote.surprise',
      '{p} plays {c}: {side} side rolls first, and the other side takes those hits before its dice are counted again ({r}).',
      '{p} {plays} карту {c}: сторона {side} бросает первой, а другая сторона несёт эти потери до того, как её кубики пересчитают ({r}).',
      { p, c, side, r, plays },
    );
  }
  if (card.dice !== undefined && card.side) {
    // Rulings R27, R30: the card's dice and the side they went to.
    const n = Math.abs(card.dice);
    const side =
      card.side === 'attacker'
        ? msg('narrate.cardNote.side', "the attacker's", 'атакующего')
        : msg('narrate.cardNote.side.2', "the defender's", 'обороняющегося');
    const hits =
      card.option === 'extra-dice'
        ? msg('narrate.cardNote.hits', ' that hit on 4–6', ', попадающих на 4–6')
        : msg('narrate.cardNote.hits.2', '', '');
    return card.dice < 0
      ? msg(
          'narrate.cardNote.6',
          "{p} plays {c}: {side} side, the Hapsburg's, rolls {n, plural, one {# die} other {# dice}} fewer ({r}).",
          '{p} {plays} карту {c}: сторона {side}, габсбургская, бросает на {n, plural, one {# кубик} few {# кубика} many {# кубиков} other {# кубика}} меньше ({r}).',
          { p, c, side, n, r, plays },
        )
      : msg(
          'narrate.cardNote.7',
          '{p} plays {c}: {n, plural, one {# more die} other {# more dice}}{hits} for {side} side ({r}).',
          '{p} {plays} карту {c}: стороне {side} — ещё {dice}{hits} ({r}).',
          { p, c, n, hits, side, r, plays, dice: count(n, NOUNS.die) },
        );
  }
  if (!move)
    return msg('narrate.cardNote.8', '{p} plays {c} ({r}).', '{p} {plays} карту {c} ({r}).', { p, c, r, plays });
  const mAdj = powerAdjective(move.power),
    mg = powerGen(move.power);
  const route = msg('narrate.cardNote.route', 'from {spaceName} to {spaceNameTo}', '{outOfSpace} {intoSpace}', {
    spaceName: spaceName(world, move.from),
    spaceNameTo: spaceName(world, move.to),
    outOfSpace: outOfSpace(world, move.from),
    intoSpace: intoSpace(world, move.to),
  });
  const cancel = msg(
    'narrate.cardNote.cancel',
    'the {mAdj} move {route} is cancelled: the formation stays in {spaceName} and the {cp} CP spent {cp, plural, one {is} other {are}} lost',
    'движение {mg} {route} отменено: соединение остаётся {inSpace}, потраченные КО ({cp}) потеряны',
    {
      mAdj,
      route,
      spaceName: spaceName(world, move.from),
      mg,
      inSpace: inSpace(world, move.from),
      cp: move.cp,
    },
  );
  const mark = card.leader
    ? msg(
        'narrate.cardNote.mark',
        '; {leaderName} may not move, intercept or avoid battle for the rest of the impulse',
        '; до конца импульса {leaderName} не может двигаться, перехватывать и уклоняться от сражения',
        { leaderName: leaderName(world, card.leader) },
      )
    : msg(
        'narrate.cardNote.mark.2',
        '; for the rest of the impulse no {mAdj} formation moves on (13.4 option 1)',
        '; до конца импульса соединения {mg} дальше не двигаются (13.4, вариант 1)',
        { mAdj, mg },
      );
  const on = card.leader
    ? msg('narrate.cardNote.3', ' on {leaderName}', ' против {leaderAcc}', {
        leaderName: leaderName(world, card.leader),
        leaderAcc: leaderAcc(world, card.leader),
      })
    : msg('narrate.cardNote.4', '', '');
  return msg(
    'narrate.cardNote.5',
    '{p} plays {c}{on}: {cancel}{mark} ({r}).',
    '{p} {plays} карту {c}{on}: {cancel}{mark} ({r}).',
    { p, c, on, cancel, mark, r, plays },
  );
}

/** 15.2, ruling R35: who came out of the fortifications to join the relief force, and who stayed inside. */
function sortieNote(world: World, relief: ReliefSummary): Text {
  const r = cite('15.2', 'R35');
  const fort = spaceFrom(world, relief.space);
  const s = spaceName(world, relief.space);
  const any = (u: ReliefSummary['sortie']) => u.regulars + u.mercenaries + u.cavalry + u.leaders.length > 0;
  const out = unitsText(world, relief.sortie),
    held = unitsText(world, relief.heldBack);
  if (!any(relief.sortie) && !any(relief.heldBack)) {
    const its = ruAgree(relief.power, 'их', 'её', 'его');
    return msg(
      'narrate.sortieNote',
      'Nobody inside {s} may join the relief force: no {powerNameReliefPower} pieces or pieces of its active minor allies are inside ({r}).',
      'Никто из укреплений {fort} не может присоединиться к деблокирующим силам: внутри нет частей {powerGenReliefPower} и {its} активных малых союзников ({r}).',
      { s, powerNameReliefPower: powerName(relief.power), r, fort, powerGenReliefPower: powerGen(relief.power), its },
    );
  }
  if (!any(relief.sortie))
    return msg(
      'narrate.sortieNote.2',
      'Everyone inside {s} stays inside: {held} ({r}).',
      'Все в укреплениях {fort} остаются внутри: {held} ({r}).',
      { s, held, r, fort },
    );
  const rest = any(relief.heldBack)
    ? msg('narrate.sortieNote.rest', '; {held} stay inside', '; внутри остаются: {held}', { held })
    : msg('narrate.sortieNote.rest.2', '', '');
  return msg(
    'narrate.sortieNote.3',
    'Out of the fortifications of {s} to join the relief force, beyond the command limit: {out}{rest} ({r}).',
    'Из укреплений {fort} на помощь деблокирующим силам сверх предела командования выходят: {out}{rest} ({r}).',
    { s, out, rest, r, fort },
  );
}

/**
 * 15.2: what the relief battle's result means for the pieces of the relief force and the siege; `wipedOut` when no
 * land unit of the relief side is left (ruling R35: nothing retreats, its leaders are captured).
 */
function reliefOutcomeNote(world: World, relief: ReliefSummary, wipedOut: boolean): Text {
  const s = spaceName(world, relief.space),
    fort = spaceFrom(world, relief.space);
  if (relief.outcome === 'won') {
    const r = cite('15.2');
    const by = powers(relief.besiegers);
    return msg(
      'narrate.reliefOutcomeNote',
      'The relief force wins: the besiegers retreat and the siege of {s} by {by} ends ({r}).',
      'Деблокирующие силы побеждают: осаждающие ({by}) отступают, осада {fort} снимается ({r}).',
      { s, by, r, fort },
    );
  }
  const r = cite('15.2', 'R35');
  if (wipedOut)
    return msg(
      'narrate.reliefOutcomeNote.wipedOut',
      'The relief force is wiped out in {s}: nothing of it retreats or goes inside ({r}).',
      'Деблокирующие силы уничтожены у {fort}: никто из них не отступает и не уходит в укрепления ({r}).',
      { s, r, fort },
    );
  if (relief.outcome === 'tie')
    return msg(
      'narrate.reliefOutcomeNote.2',
      'The relief force loses on equal hits: any pieces that fought may go inside {s}, 4 land units inside at most; the rest retreat to the space the relief force came from ({r}).',
      'Деблокирующие силы проигрывают при равном числе попаданий: любые участники боя могут уйти в укрепления {fort} (внутри не более 4 сухопутных частей), остальные отступают туда, откуда пришли деблокирующие силы ({r}).',
      { s, r, fort },
    );
  return msg(
    'narrate.reliefOutcomeNote.3',
    'The relief force loses with fewer hits: only pieces that were inside {s} when the move began may go back in; the rest retreat to the space the relief force came from ({r}).',
    'Деблокирующие силы проигрывают с меньшим числом попаданий: вернуться в укрепления {fort} могут только те, кто был внутри в начале движения; остальные отступают туда, откуда пришли деблокирующие силы ({r}).',
    { s, r, fort },
  );
}

/** Notes for what the summary gained in this step. */
function summaryNotes(world: World, before: RecordedSummary, after: RecordedSummary): Text[] {
  const out: Text[] = [];
  for (const card of after.cards.slice(before.cards.length))
    out.push(
      cardNote(
        world,
        card,
        after.moves.findLast((m) => m.cancelled === card.card),
      ),
    );
  for (const m of after.moves.slice(before.moves.length)) {
    const p = powerName(m.power),
      f = spaceName(world, m.from),
      t = spaceName(world, m.to),
      u = unitsText(world, m.units);
    const route = { outOf: outOfSpace(world, m.from), into: intoSpace(world, m.to) },
      pForm = ruFormOf(m.power);
    const r = cite(m.continued ? '13.4 option 1' : '13.1');
    out.push(
      m.continued
        ? msg(
            'narrate.summaryNotes',
            '{p} moves on from {f} to {t} with {u} for {cp} CP ({r}).',
            '{p} {pForm, select, pl {ведут} other {ведёт}} соединение ({u}) дальше {outOf} {into} за {cp} КО ({r}).',
            { p, f, t, u, cp: m.cp, r, pForm, ...route },
          )
        : msg(
            'narrate.summaryNotes.2',
            '{p} moves {u} from {f} to {t} for {cp} CP ({r}).',
            '{p} {pForm, select, pl {ведут} other {ведёт}} соединение ({u}) {outOf} {into} за {cp} КО ({r}).',
            { p, u, f, t, cp: m.cp, r, pForm, ...route },
          ),
    );
  }
  for (const i of after.interceptions.slice(before.interceptions.length)) {
    const p = powerName(i.power),
      f = spaceName(world, i.from),
      u = unitsText(world, i.units);
    const raw = i.dice.reduce((a, b) => a + b, 0);
    const mods = modifiersOf(world, i.terms);
    const calc = mods.length > 0 ? `${raw}${modifiersText(mods, 'sum')} = ${i.total}` : `${i.total}`;
    // Russian: «итого 8 + 2 − 1 = 9», or just «итого 8» with no modifier.
    const calcRu = mods.length > 0 ? calc : `${i.total}`;
    const r = cite('13.2');
    out.push(
      msg(
        'narrate.summaryNotes.3',
        '{p} tries to intercept from {f} with {u}: rolls {diceText}, {calc} — {success, select, true {success (≥ {target})} other {fails (needs {target})}} ({r}).',
        '{p} {powerForm, select, pl {пытаются} other {пытается}} перехватить {outOfSpace} ({u}): выпало {diceRu}, итого {calcRu} — {success, select, true {успех (≥ {target})} other {неудача (нужно не меньше {target})}} ({r}).',
        {
          p,
          f,
          u,
          diceText: diceText(i.dice),
          calc,
          target: i.target,
          success: i.success ? 'true' : 'false',
          r,
          powerForm: ruFormOf(i.power),
          outOfSpace: outOfSpace(world, i.from),
          diceRu: diceRu(i.dice),
          calcRu,
        },
      ),
    );
  }
  for (const a of after.avoids.slice(before.avoids.length)) {
    const p = powerName(a.power),
      t = spaceName(world, a.to),
      u = unitsText(world, a.units);
    if (a.automatic) {
      const r = cite('13.3 step 4');
      out.push(
        msg(
          'narrate.summaryNotes.4',
          '{p} avoids battle into {t} with {u} without a roll: every unit already lost a battle this impulse ({r}).',
          '{p} {powerForm, select, pl {уклоняются} other {уклоняется}} от сражения {intoSpace} без броска ({u}): все они уже проиграли сражение в этот импульс ({r}).',
          { p, t, u, r, powerForm: ruFormOf(a.power), intoSpace: intoSpace(world, a.to) },
        ),
      );
      continue;
    }
    const r = cite('13.3');
    const raw = a.dice.reduce((x, y) => x + y, 0);
    const sum = modifiersText(modifiersOf(world, a.terms), 'sum');
    out.push(
      msg(
        'narrate.summaryNotes.5',
        '{p} tries to avoid battle into {t} with {u}: rolls {diceText}, {sum2, select, true {{raw}{sum} = } other {}}{total} — {success, select, true {success} other {fails (needs {target})}} ({r}).',
        '{p} {powerForm, select, pl {пытаются} other {пытается}} уклониться от сражения {intoSpace} ({u}): выпало {diceRu}, итого {sum2, select, true {{raw}{sum} = } other {}}{total} — {success, select, true {успех} other {неудача (нужно не меньше {target})}} ({r}).',
        {
          p,
          t,
          u,
          diceText: diceText(a.dice),
          raw,
          sum,
          sum2: sum ? 'true' : 'false',
          total: a.total,
          target: a.target,
          success: a.success ? 'true' : 'false',
          r,
          powerForm: ruFormOf(a.power),
          intoSpace: intoSpace(world, a.to),
          diceRu: diceRu(a.dice),
        },
      ),
    );
  }
  for (const w of after.withdrawals.slice(before.withdrawals.length)) {
    const s = spaceName(world, w.space),
      u = unitsText(world, w.units);
    const r = cite('13.4'),
      r10 = cite('R10');
    const who = w.decidedBy
      ? powerName(w.decidedBy)
      : msg('narrate.summaryNotes.who', 'automatically ({r10})', 'автоматически ({r10})', { r10 });
    const fort = spaceFrom(world, w.space).ru;
    const choice = w.decidedBy ? `выбор ${powerGen(w.decidedBy).ru}` : `автоматически, ${r10.ru}`;
    out.push(
      w.withdrew
        ? msg(
            'narrate.summaryNotes.6',
            '{says} into the fortifications of {s} ({r}; decided by {who}).',
            'Отход в укрепления {fort}: {u} ({r}; {choice}).',
            { says: says(u, 'withdraws|withdraw', ''), s, r, who, fort, u, choice },
          )
        : w.decidedBy
          ? msg(
              'narrate.summaryNotes.kept',
              '{who} keeps {u} outside the fortifications of {s}: a field battle follows ({r}).',
              '{who} {whoForm, select, pl {решают} other {решает}} не отходить в укрепления {fort} ({u}): будет полевое сражение ({r}).',
              { who, whoForm: ruFormOf(w.decidedBy), u, s, fort: spaceFrom(world, w.space), r },
            )
          : msg(
              'narrate.summaryNotes.stays',
              '{u} {number, select, one {stays} other {stay}} outside the fortifications of {s} automatically ({r10}): a field battle follows ({r}).',
              'Вне укреплений {fort} остаются: {u} (автоматически, {r10}); будет полевое сражение ({r}).',
              { u, number: u.number, s, fort: spaceFrom(world, w.space), r10, r },
            ),
    );
  }
  if (after.relief && !before.relief) out.push(sortieNote(world, after.relief));
  if (after.battle && !before.battle) {
    const b = after.battle;
    const side = (r: 'attacker' | 'defender') => {
      const s = b[r];
      const lost = unitsText(world, s.losses);
      const lostAny = s.losses.regulars + s.losses.mercenaries + s.losses.cavalry > 0;
      return { names: powers(s.powers), lost, lostAny, hits: s.hits, kept: s.kept };
    };
    const a = side('attacker'),
      d = side('defender');
    const r9 = cite('14 step 9'),
      r7 = cite('R7');
    // Ruling R29: a played Mercenaries Bribed means the battle went past 14 step 1, so the bribe emptied the side.
    const bribed = after.cards.some((c) => c.card === 'mercenaries-bribed');
    if (b.unfought) out.push(unfoughtNote(world, b.space, b.unfought, b.winnerPower, bribed));
    else
      out.push(
        winnerText(
          world,
          b.space,
          b.winnerPower,
          b[b.winner].hits,
          b[b.winner === 'attacker' ? 'defender' : 'attacker'].hits,
          a.hits === d.hits,
        ),
      );
    if (!b.unfought)
      out.push(
        msg(
          'narrate.summaryNotes.7',
          'Losses: {names} {number, select, one {loses} other {lose}} {lost}; {dNames} {dNumber, select, one {loses} other {lose}} {dLost} ({r9}).',
          'Потери: {names} — {string, select, true {{lost}} other {без потерь}}; {dNames} — {dLostAny, select, true {{dLost}} other {без потерь}} ({r9}).',
          {
            names: a.names,
            number: a.names.number,
            lost: a.lost,
            string: String(a.lostAny),
            dNames: d.names,
            dNumber: d.names.number,
            dLost: d.lost,
            dLostAny: String(d.lostAny),
            r9,
          },
        ),
      );
    // 15.2: what the result means for a relief force, told with the battle (before its retreats).
    if (after.relief) {
      const outcome = reliefOutcome(b.winner === 'attacker', a.hits, d.hits);
      const { units, losses } = b.attacker;
      const left =
        units.regulars + units.mercenaries + units.cavalry - losses.regulars - losses.mercenaries - losses.cavalry;
      out.push(reliefOutcomeNote(world, { ...after.relief, outcome }, outcome !== 'won' && left <= 0));
    }
    for (const s of [a, d])
      if (s.kept)
        out.push(
          msg(
            'narrate.summaryNotes.8',
            '{says} {unitTypeOne}: both sides were wiped out ({r7}).',
            '{saysNames} {unitTypeOne}: обе стороны уничтожены ({r7}).',
            {
              says: says(s.names, 'keeps|keep', ''),
              unitTypeOne: unitTypeOne(s.kept),
              r7,
              saysNames: says(s.names, '', 'сохраняют|сохраняет'),
            },
          ),
        );
  }
  for (const r of after.retreats.slice(before.retreats.length)) {
    const p = powerName(r.power),
      from = spaceName(world, r.from);
    const parts: Text[] = [];
    const inside = unitsText(world, r.inside);
    if (r.inside.regulars + r.inside.mercenaries + r.inside.cavalry + r.inside.leaders.length > 0)
      parts.push(
        msg('narrate.summaryNotes.9', '{says} inside {from}', '{inside} — в укрепления {spaceFrom}', {
          says: says(inside, 'goes|go', ''),
          from,
          inside,
          spaceFrom: spaceFrom(world, r.from),
        }),
      );
    const moved = unitsText(world, r.units);
    if (r.to)
      parts.push(
        msg('narrate.summaryNotes.10', '{moved} to {spaceName}', '{moved} — {intoSpace}', {
          moved,
          spaceName: spaceName(world, r.to),
          intoSpace: intoSpace(world, r.to),
        }),
      );
    const dead = r.eliminated.regulars + r.eliminated.mercenaries + r.eliminated.cavalry;
    const rule = r.reason === 'origin' ? '13.4 option 2' : r.reason === 'siege' ? '15.3' : '14.1';
    // Russian: with nowhere to go at all, «Османам некуда отступить из Линца: …»; else «Османы отступают из Вены: …».
    const nowhere = parts.length === 0;
    if (dead > 0 || r.captured.length > 0) {
      // Captured leaders get their own note (the captures below); this one says what the retreat could not save.
      const e = unitsText(world, { ...r.eliminated, leaders: r.captured });
      const lost = ruEliminated(world, r.eliminated, r.captured);
      const by = r.eliminatedBy ?? '14.1';
      const why = {
        '14.1': () => msg('narrate.retreatLoss.noSpace', 'no legal space', 'нет допустимой области'),
        '13.4': () =>
          msg(
            'narrate.retreatLoss.forcedBack',
            'forced back into the space it moved on from',
            'их вынудили вернуться в область, из которой они двинулись дальше',
          ),
        R10: () =>
          msg(
            'narrate.retreatLoss.inactive',
            'an inactive stack never retreats',
            'неактивная группировка не отступает',
          ),
        R11: () =>
          msg(
            'narrate.retreatLoss.origin',
            'its origin is no legal retreat',
            'область, откуда они пришли, недопустима для отступления',
          ),
        '15.3': () =>
          msg(
            'narrate.retreatLoss.siege',
            'it may not stay and no space is legal',
            'остаться нельзя, а допустимой области нет',
          ),
      }[by]();
      parts.push(
        msg(
          'narrate.summaryNotes.11',
          '{e} {fate, select, both {eliminated and captured} eliminated {eliminated} other {captured}} — {why}{cited, select, true { ({c})} other {}}',
          '{nowhere, select, true {{lost}} other {остальные: {lost}}} — {why}{cited, select, true { ({c})} other {}}',
          {
            e,
            fate: dead > 0 && r.captured.length > 0 ? 'both' : dead > 0 ? 'eliminated' : 'captured',
            why,
            // The note ends with the retreat's rule: a loss by the same rule does not cite it twice.
            cited: by === rule ? 'false' : 'true',
            c: cite(by),
            nowhere: nowhere ? 'true' : 'false',
            lost,
          },
        ),
      );
    }
    const ruleText = cite(rule);
    out.push(
      joinText([
        nowhere
          ? msg(
              'narrate.summaryNotes.retreatsNowhere',
              '{p} retreats from {from}:',
              '{powerDat} некуда отступить {outOf}:',
              {
                p,
                from,
                powerDat: powerDat(r.power),
                outOf: outOfSpace(world, r.from),
              },
            )
          : msg(
              'narrate.summaryNotes.retreats',
              '{p} retreats from {from}:',
              '{p} {pForm, select, pl {отступают} other {отступает}} {outOf}:',
              { p, from, pForm: ruFormOf(r.power), outOf: outOfSpace(world, r.from) },
            ),
        joinText(parts, '; '),
        msg('narrate.summaryNotes.12', '({ruleText}).', '({ruleText}).', { ruleText }),
      ]),
    );
  }
  for (const c of after.captures.slice(before.captures.length)) {
    const l = leaderName(world, c.leader),
      by = powerName(c.by),
      s = spaceName(world, c.space);
    const r = cite(c.rule);
    out.push(
      msg(
        'narrate.summaryNotes.13',
        '{l} is captured by {by} in {s} ({r}).',
        '{capitalize} {inSpace} попадает в плен к {powerDat} ({r}).',
        // A Russian leader's name may start with his title in lower case («герцог Альба»): the sentence may not.
        { l, by, s, r, inSpace: inSpace(world, c.space), powerDat: powerDat(c.by), capitalize: capitalize(l.ru) },
      ),
    );
  }
  for (const g of after.leadersInside.slice(before.leadersInside.length)) {
    const who = unitsText(world, { leaders: g.leaders }),
      r = cite(g.rule, 'R24');
    const goes = says(who, 'goes|go', 'уходят|уходит');
    out.push(
      msg(
        'narrate.summaryNotes.14',
        '{goes} inside the fortifications of {spaceName}: alone beside the enemy, a leader may not stay outside ({r}).',
        '{goes} в укрепления {spaceFrom}: командующему без своих войск рядом с противником снаружи оставаться нельзя ({r}).',
        { goes, spaceName: spaceName(world, g.space), r, spaceFrom: spaceFrom(world, g.space) },
      ),
    );
  }
  for (const g of after.siegesEnded.slice(before.siegesEnded.length)) {
    const s = spaceName(world, g.space),
      by = powers(g.by);
    const r = cite('15.3');
    // 15.2: the relief force's result already said that the siege ends (reliefOutcomeNote).
    if (g.rule === '15.2') continue;
    out.push(
      msg(
        'narrate.summaryNotes.15',
        'The siege of {s} by {by} is broken: the besiegers no longer outnumber the units inside ({r}).',
        'Осада {spaceFrom} снята: у осаждающих ({by}) больше нет численного перевеса над частями внутри ({r}).',
        { s, by, r, spaceFrom: spaceFrom(world, g.space) },
      ),
    );
  }
  // The move's first siege is its `siege`; any other begun in the same step (a fortress interceptors left empty,
  // rulings R13, R17) is told the same way.
  const begun = [
    ...(after.siege && !before.siege ? [{ space: after.siege.space, by: after.siege.besieger }] : []),
    ...after.siegesBegun
      .slice(before.siegesBegun.length)
      .filter((g) => !(after.siege && !before.siege && g.space === after.siege.space && g.by === after.siege.besieger)),
  ];
  for (const g of begun) {
    const s = spaceName(world, g.space),
      p = powerName(g.by);
    const r = cite('15');
    out.push(
      msg(
        'narrate.summaryNotes.16',
        '{s} is now under siege by {p} ({r}).',
        '{p} теперь {byForm, select, pl {осаждают} other {осаждает}} {spaceTo} ({r}).',
        { s, p, r, byForm: ruFormOf(g.by), spaceTo: spaceTo(world, g.space) },
      ),
    );
  }
  return out;
}

/** Notes of the answers that change nothing on the board: a power declines to intercept or to avoid battle. */
function declineNotes(event: EngineEvent | undefined): Text[] {
  if (event?.type === 'intercept.decline') {
    const p = powerName(event.power);
    const r = cite('13.2');
    return [
      msg(
        'narrate.declineNotes',
        '{p} makes no (more) interception attempts ({r}).',
        '{p} {powerForm, select, pl {отказываются} other {отказывается}} от (дальнейших) попыток перехвата ({r}).',
        { p, r, powerForm: ruFormOf(event.power) },
      ),
    ];
  }
  if (event?.type === 'card.pass') {
    const p = powerName(event.power);
    return [
      msg(
        'narrate.declineNotes.2',
        '{p} plays no (more) cards.',
        '{p} не {powerForm, select, pl {разыгрывают} other {разыгрывает}} (больше) карт.',
        { p, powerForm: ruFormOf(event.power) },
      ),
    ];
  }
  if (event?.type === 'avoid.decline') {
    const p = powerName(event.power);
    const r = cite('13.3');
    return [
      msg(
        'narrate.declineNotes.3',
        '{p} does not try to avoid battle ({r}).',
        '{p} не {powerForm, select, pl {пытаются} other {пытается}} уклониться от сражения ({r}).',
        { p, r, powerForm: ruFormOf(event.power) },
      ),
    ];
  }
  return [];
}

/** 13.1: the active power has no formation that may enter any adjacent space. */
function noMoveNote({ world }: StepOf<'movement'>): Text[] {
  const power = world.position.impulse.power;
  const p = powerName(power);
  if (isHeldBeforeLeague(world, power)) {
    const r = cite('21.6', 'R34');
    return [
      msg(
        'narrate.noMoveNote',
        "{p} has no legal move: the Schmalkaldic League has not formed, and until it does the Protestant's units do not move ({r}). The Move action does not happen.",
        'У {powerGen} нет допустимого движения: Шмалькальденская лига ещё не создана, а до её создания части протестантов не двигаются ({r}). Движения не будет.',
        { p, r, powerGen: powerGen(power) },
      ),
    ];
  }
  return [
    msg(
      'narrate.noMoveNote.2',
      '{p} has no legal move: no formation may enter an adjacent space (13.1). The Move action does not happen.',
      'У {powerGen} нет допустимого движения: ни одно соединение не может войти в прилегающую область (13.1). Движения не будет.',
      { p, powerGen: powerGen(power) },
    ),
  ];
}

/**
 * A side's dice and what they are made of, from its terms: "Hapsburg 6 dice (4 units + 2 for Charles V)". The land
 * units come first as a count of units; every other listed term adds (or takes) its dice "for" its source.
 */
function diceMadeOf(world: World, who: Text, terms: readonly DiceTerm[]): Text {
  const dice = count(diceTotal(terms), NOUNS.die);
  const parts = listedTerms(terms).map((t) => {
    if (t.source.kind === 'landUnits') return count(t.count, NOUNS.unit);
    const why = sourceFor(world, t.source);
    const sign = t.count < 0 ? '−' : '+';
    return msg('narrate.diceMadeOf.parts', '{sign} {count} {why}', '{sign} {count} {why}', {
      sign,
      count: Math.abs(t.count),
      why,
    });
  });
  return msg('narrate.diceMadeOf', '{who} {dice} ({madeOf})', '{who} — {dice} ({madeOf})', {
    who,
    dice,
    madeOf: joinText(parts),
  });
}

/** 14 steps 2–3, on entering "Combat cards": each side's dice and what they are made of. */
function diceCountedNote({ world, context: f }: StepOf<'fieldBattle'>): Text[] {
  // Counted once, as the window opens: back in it after a play or a pass, the play's own note tells the change.
  if (f.combatAsked !== undefined) return [];
  const side = (r: 'attacker' | 'defender') => {
    const who =
      r === 'attacker'
        ? power(f.battle.attacker)
        : powers([...new Set((f.forces?.defender ?? []).map((s) => s.power))]);
    return diceMadeOf(world, who, f.dice?.[r] ?? []);
  };
  const a = side('attacker'),
    d = side('defender');
  const r = cite('14 steps 2–3');
  return [
    joinText([
      msg('narrate.diceCountedNote', 'Field battle:', 'Полевое сражение:'),
      msg('narrate.diceCountedNote.2', '{a} — {d}', '{a}; {d}', { a, d }),
      msg('narrate.diceCountedNote.3', '({r}).', '({r}).', { r }),
    ]),
  ];
}

/** 14 step 6, on entering "Defender's dice": the attacker's roll and its hits. */
function attackerRolledNote({ context: f }: StepOf<'fieldBattle'>): Text[] {
  if (!f.rolled.attacker) return [];
  const p = powerName(f.battle.attacker);
  const h = hits(sideHits(f).attacker);
  const r = cite('14 step 6');
  return [
    msg('narrate.attackerRolledNote', '{p} rolls {diceText}: {h} ({r}).', 'У {powerGen} выпало {diceRu} — {h} ({r}).', {
      p,
      diceText: diceText(f.rolled.attacker),
      h,
      r,
      powerGen: powerGen(f.battle.attacker),
      diceRu: diceRu(f.rolled.attacker),
    }),
  ];
}

/** 14 step 6, on entering "Winner": the defender's roll and its hits. */
function defenderRolledNote({ context: f }: StepOf<'fieldBattle'>): Text[] {
  if (!f.rolled.defender) return [];
  const h = hits(sideHits(f).defender);
  const r = cite('14 step 6');
  return [
    msg(
      'narrate.defenderRolledNote',
      'The defender rolls {diceText}: {h} ({r}).',
      'У обороняющегося выпало {diceRu} — {h} ({r}).',
      { diceText: diceText(f.rolled.defender), h, r, diceRu: diceRu(f.rolled.defender) },
    ),
  ];
}

/** Ruling R28, on entering "Hits taken at once": the surprising side's roll, made first, and its hits. */
function surpriseRolledNote({ context: f }: StepOf<'fieldBattle'>): Text[] {
  const surprise = f.surprise;
  const values = surprise ? f.rolled[surprise.side] : undefined;
  if (!surprise || !values) return [];
  const who =
    surprise.side === 'attacker'
      ? msg('narrate.surpriseRolledNote.attacker', 'The attacker', 'атакующего')
      : msg('narrate.surpriseRolledNote.defender', 'The defender', 'обороняющегося');
  const h = hits(sideHits(f)[surprise.side]);
  const r = cite('14 step 6', 'R28');
  return [
    msg(
      'narrate.surpriseRolledNote',
      '{who} rolls first, {diceText}: {h}, taken at once by the other side ({r}).',
      'У {who} первый бросок — {diceRu}: {h}, другая сторона несёт эти потери сразу ({r}).',
      { who, diceText: diceText(values), h, r, diceRu: diceRu(values) },
    ),
  ];
}

/**
 * Ruling R28, on entering the surprised side's roll: the losses it took at once, and its dice counted again on the
 * land units it has left (none without land units).
 */
function surpriseRecountNote({ world, context: f }: StepOf<'fieldBattle'>): Text[] {
  const surprise = f.surprise;
  if (!surprise?.losses) return [];
  const role = surprise.side === 'attacker' ? 'defender' : 'attacker';
  const who =
    role === 'attacker'
      ? power(f.battle.attacker)
      : powers([...new Set((f.forces?.defender ?? []).map((s) => s.power))]);
  const lost = unitsText(world, surprise.losses);
  const lostAny = LAND_UNIT_TYPES.some((t) => (surprise.losses?.[t] ?? 0) > 0);
  const terms = f.dice?.[role] ?? [];
  const r = cite('14 step 9', 'R28');
  const losses = lostAny
    ? msg('narrate.surpriseRecountNote.lost', '{says} {lost} at once', '{saysRu} сразу {lost}', {
        says: says(who, 'loses|lose', ''),
        lost,
        saysRu: says(who, '', 'теряют|теряет'),
      })
    : msg('narrate.surpriseRecountNote.none', '{who} loses nothing', '{who} — без потерь', { who });
  if (terms.length === 0)
    return [
      msg(
        'narrate.surpriseRecountNote.nothing',
        '{losses}: no land unit is left, so it rolls nothing ({r}).',
        '{losses}: сухопутных частей не осталось, бросать нечего ({r}).',
        { losses, r },
      ),
    ];
  const dice = diceMadeOf(world, who, terms);
  return [
    msg(
      'narrate.surpriseRecountNote',
      '{losses}; its dice counted again: {dice} ({r}).',
      '{losses}; кубики заново: {dice} ({r}).',
      {
        losses,
        dice,
        r,
      },
    ),
  ];
}

/**
 * 14 steps 6–7, on entering "Janissaries?": first the roll made last (the defender's, or after the defender's
 * Surprise Attack the attacker's, ruling R28); after a card's dice (ruling R31), that roll, its hits and its side's
 * hits now.
 */
function rollsWindowNote(step: StepOf<'fieldBattle'>): Text[] {
  const f = step.context;
  if ((f.rollsResponders ?? []).length === 0) {
    if (f.surprise?.recounted === 0) return [];
    return f.surprise?.side === 'defender' ? attackerRolledNote(step) : defenderRolledNote(step);
  }
  const card = f.cardRolled;
  if (!card) return [];
  const c = cardTitle(card.card),
    h = hits(card.hits),
    now = hits(sideHits(f)[card.side]);
  const r = cite('14 step 7', 'R31');
  const who =
    card.side === 'attacker'
      ? msg('narrate.rollsWindowNote.who', 'the attacker', 'атакующего')
      : msg('narrate.rollsWindowNote.who.2', 'the defender', 'обороняющегося');
  return [
    msg(
      'narrate.rollsWindowNote',
      '{p} rolls {faces} for {c}: {h}; {who} now has {now} ({r}).',
      'У {pGen} за карту {c} выпало {facesRu} — {h}; теперь у {who} {now} ({r}).',
      {
        p: powerName(card.power),
        faces: diceText(card.values),
        c,
        h,
        who,
        now,
        r,
        pGen: powerGen(card.power),
        facesRu: diceRu(card.values),
      },
    ),
  ];
}

/** A machine's own state names, read from its config: a note keyed by a name the machine lacks does not compile. */
export type StateName<M extends MachineId> = Extract<StateValueFrom<Machines[M]>, string>;

/** What a state's note reads: the world, and the context of the machine the state belongs to, typed by its id. */
export interface StepOf<M extends MachineId> {
  readonly world: World;
  readonly context: ContextOf<M>;
}

/**
 * Notes per machine state, typed by the machines' own state names (`satisfies StateNotes`): renaming or splitting a
 * state is a compile error where a note names it, never a note silently lost (test/engine/narrate-states.test.ts).
 */
export type StateNotes = {
  readonly [M in MachineId]?: { readonly [S in StateName<M>]?: (step: StepOf<M>) => Text[] };
};

/** The notes of the step that enters a state: what it shows once the machine stands there. */
export const ENTERING_NOTES = {
  movement: { noLegalMove: noMoveNote },
  fieldBattle: {
    combatCards: diceCountedNote,
    rollingDefenderDice: attackerRolledNote,
    takingSurpriseHits: surpriseRolledNote,
    rollingRecountedDefenderDice: surpriseRecountNote,
    rollingRecountedAttackerDice: surpriseRecountNote,
    rollsCards: rollsWindowNote,
  },
} as const satisfies StateNotes;

/** The notes of the step that leaves a state (when no headline says more): what the state decided. */
export const LEAVING_NOTES = {
  fieldBattle: { decidingWinner: winnerNote },
} as const satisfies StateNotes;

/** The notes `table` has for `state` of the machine `source` belongs to, read with that machine's own context. */
function stateNotes(table: StateNotes, source: MachineContext, state: string | undefined, world: World): Text[] {
  // The table is keyed machine by machine; the context is the one `source.machine` says it is (fromSnapshot).
  const byState = table[source.machine] as
    Record<string, ((step: StepOf<MachineId>) => Text[]) | undefined> | undefined;
  const note = state === undefined ? undefined : byState?.[state];
  return note ? note({ world, context: source.context as ContextOf<MachineId> }) : [];
}

export function narrate(args: {
  world: World;
  /** The machine the step belongs to, with its context after the step. */
  source: MachineContext;
  state: string;
  /** The state the step left (absent on a machine's start). */
  from?: string;
  before: RecordedSummary;
  after: RecordedSummary;
  title: Text;
  event?: EngineEvent;
}): Note {
  const notes = [
    ...stateNotes(ENTERING_NOTES, args.source, args.state, args.world),
    ...declineNotes(args.event),
    ...summaryNotes(args.world, args.before, args.after),
  ];
  if (notes.length > 0) return { note: joinText(notes), headline: true };
  const [left] = stateNotes(LEAVING_NOTES, args.source, args.from, args.world);
  return { note: left ?? args.title, headline: false };
}
