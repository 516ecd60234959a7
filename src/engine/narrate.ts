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
} from '../text/names.ts';
import { count, NOUNS, says } from '../text/grammar.ts';
import { cite } from '../text/rules.ts';
import { joinText, text, type Text } from '../text/text.ts';
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
  return text(
    `${p.en} wins the field battle in ${spaceName(world, space).en}, ${hits(won).en} to ${lost}${tie ? ' (a tie goes to the defender)' : ''} (${r8.en}).`,
    `${p.ru} ${ruAgree(power, 'побеждают', 'побеждает')} в полевом сражении ${inSpace(world, space).ru}: ${hits(won).ru} против ${lost}${tie ? ' (при равенстве побеждает обороняющийся)' : ''} (${r8.ru}).`,
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
      const walls = x.inside ? text(' (inside)', ' (в укреплениях)') : text('', '');
      return text(
        `${x.mercenaries} new ${powerName(x.power).en} ${x.mercenaries === 1 ? 'mercenary' : 'mercenaries'} in ${spaceName(world, x.space).en}${walls.en}`,
        `${u.ru} ${powerGen(x.power).ru} ${inSpace(world, x.space).ru}${walls.ru}`,
      );
    });
    return text(
      `${p.en} plays ${c.en}: ${where.map((w) => w.en).join(', ')} (${r.en}).`,
      `${p.ru} ${plays} карту ${c.ru}: новые наёмники — ${where.map((w) => w.ru).join(', ')} (${r.ru}).`,
    );
  }
  if (card.bribed) {
    // Ruling R29: how many mercenaries changed sides, and whose they were.
    const n = card.mercenaries ?? 0;
    const u = unitsText(world, { mercenaries: n });
    const from = card.bribed.map((b) => ({
      en: `${b.mercenaries} from ${powerName(b.power).en}`,
      ru: `${b.mercenaries} от ${powerGen(b.power).ru}`,
    }));
    const one = n % 10 === 1 && n % 100 !== 11;
    return text(
      `${p.en} plays ${c.en}: ${u.en} change${n === 1 ? 's' : ''} sides (${from.map((f) => f.en).join(', ')}) and fight${n === 1 ? 's' : ''} for ${p.en} (${r.en}).`,
      `${p.ru} ${plays} карту ${c.ru}: ${u.ru} (${from.map((f) => f.ru).join(', ')}) ${one ? 'переходит' : 'переходят'} на сторону ${powerGen(card.power).ru} (${r.ru}).`,
    );
  }
  if (card.dice !== undefined && card.side) {
    // Rulings R27, R30: the card's dice and the side they went to.
    const n = Math.abs(card.dice);
    const side =
      card.side === 'attacker' ? text("the attacker's", 'атакующего') : text("the defender's", 'обороняющегося');
    const hits = card.option === 'extra-dice' ? text(' that hit on 4–6', ', попадающих на 4–6') : text('', '');
    return card.dice < 0
      ? text(
          `${p.en} plays ${c.en}: ${side.en} side, the Hapsburg's, rolls ${n} dice fewer (${r.en}).`,
          `${p.ru} ${plays} карту ${c.ru}: сторона ${side.ru}, габсбургская, бросает на ${n} кубика меньше (${r.ru}).`,
        )
      : text(
          `${p.en} plays ${c.en}: ${n} more dice${hits.en} for ${side.en} side (${r.en}).`,
          `${p.ru} ${plays} карту ${c.ru}: стороне ${side.ru} — ещё ${count(n, NOUNS.die).ru}${hits.ru} (${r.ru}).`,
        );
  }
  if (!move) return text(`${p.en} plays ${c.en} (${r.en}).`, `${p.ru} ${plays} карту ${c.ru} (${r.ru}).`);
  const m = powerName(move.power),
    mg = powerGen(move.power);
  const route = text(
    `from ${spaceName(world, move.from).en} to ${spaceName(world, move.to).en}`,
    `${outOfSpace(world, move.from).ru} ${intoSpace(world, move.to).ru}`,
  );
  const lost = { en: `${move.cp} CP` };
  const cancel = text(
    `the ${m.en} move ${route.en} is cancelled: the formation stays in ${spaceName(world, move.from).en} and the ${lost.en} spent are lost`,
    `движение ${mg.ru} ${route.ru} отменено: соединение остаётся ${inSpace(world, move.from).ru}, потраченные КО (${move.cp}) потеряны`,
  );
  const mark = card.leader
    ? text(
        `; ${leaderName(world, card.leader).en} may not move, intercept or avoid battle for the rest of the impulse`,
        `; до конца импульса ${leaderName(world, card.leader).ru} не может двигаться, перехватывать и уклоняться от сражения`,
      )
    : text(
        `; for the rest of the impulse no ${m.en} formation moves on (13.4 option 1)`,
        `; до конца импульса соединения ${mg.ru} дальше не двигаются (13.4, вариант 1)`,
      );
  const on = card.leader
    ? text(` on ${leaderName(world, card.leader).en}`, ` против ${leaderAcc(world, card.leader).ru}`)
    : text('', '');
  return text(
    `${p.en} plays ${c.en}${on.en}: ${cancel.en}${mark.en} (${r.en}).`,
    `${p.ru} ${plays} карту ${c.ru}${on.ru}: ${cancel.ru}${mark.ru} (${r.ru}).`,
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
    return text(
      `Nobody inside ${s.en} may join the relief force: no ${powerName(relief.power).en} pieces or pieces of its active minor allies are inside (${r.en}).`,
      `Никто из укреплений ${fort.ru} не может присоединиться к деблокирующим силам: внутри нет частей ${powerGen(relief.power).ru} и ${its} активных малых союзников (${r.ru}).`,
    );
  }
  if (!any(relief.sortie))
    return text(
      `Everyone inside ${s.en} stays inside: ${held.en} (${r.en}).`,
      `Все в укреплениях ${fort.ru} остаются внутри: ${held.ru} (${r.ru}).`,
    );
  const rest = any(relief.heldBack) ? text(`; ${held.en} stay inside`, `; внутри остаются: ${held.ru}`) : text('', '');
  return text(
    `Out of the fortifications of ${s.en} to join the relief force, beyond the command limit: ${out.en}${rest.en} (${r.en}).`,
    `Из укреплений ${fort.ru} на помощь деблокирующим силам сверх предела командования выходят: ${out.ru}${rest.ru} (${r.ru}).`,
  );
}

/** 15.2: what the relief battle's result means for the pieces of the relief force and the siege. */
function reliefOutcomeNote(world: World, relief: ReliefSummary): Text {
  const s = spaceName(world, relief.space),
    fort = spaceFrom(world, relief.space);
  if (relief.outcome === 'won') {
    const r = cite('15.2');
    const by = powers(relief.besiegers);
    return text(
      `The relief force wins: the besiegers retreat and the siege of ${s.en} by ${by.en} ends (${r.en}).`,
      `Деблокирующие силы побеждают: осаждающие (${by.ru}) отступают, осада ${fort.ru} снимается (${r.ru}).`,
    );
  }
  const r = cite('15.2', 'R35');
  if (relief.outcome === 'tie')
    return text(
      `The relief force loses on equal hits: any pieces that fought may go inside ${s.en}, 4 land units inside at most; the rest retreat to the space the relief force came from (${r.en}).`,
      `Деблокирующие силы проигрывают при равном числе попаданий: любые участники боя могут уйти в укрепления ${fort.ru} (внутри не более 4 сухопутных частей), остальные отступают туда, откуда пришли деблокирующие силы (${r.ru}).`,
    );
  return text(
    `The relief force loses with fewer hits: only pieces that were inside ${s.en} when the move began may go back in; the rest retreat to the space the relief force came from (${r.en}).`,
    `Деблокирующие силы проигрывают с меньшим числом попаданий: вернуться в укрепления ${fort.ru} могут только те, кто был внутри в начале движения; остальные отступают туда, откуда пришли деблокирующие силы (${r.ru}).`,
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
    const route = `${outOfSpace(world, m.from).ru} ${intoSpace(world, m.to).ru}`,
      moves = ruAgree(m.power, 'ведут', 'ведёт');
    const r = cite(m.continued ? '13.4 option 1' : '13.1');
    out.push(
      m.continued
        ? text(
            `${p.en} moves on from ${f.en} to ${t.en} with ${u.en} for ${m.cp} CP (${r.en}).`,
            `${p.ru} ${moves} соединение (${u.ru}) дальше ${route} за ${m.cp} КО (${r.ru}).`,
          )
        : text(
            `${p.en} moves ${u.en} from ${f.en} to ${t.en} for ${m.cp} CP (${r.en}).`,
            `${p.ru} ${moves} соединение (${u.ru}) ${route} за ${m.cp} КО (${r.ru}).`,
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
      text(
        `${p.en} tries to intercept from ${f.en} with ${u.en}: rolls ${diceText(i.dice)}, ${calc} — ${i.success ? `success (≥ ${i.target})` : `fails (needs ${i.target})`} (${r.en}).`,
        `${p.ru} ${ruAgree(i.power, 'пытаются', 'пытается')} перехватить ${outOfSpace(world, i.from).ru} (${u.ru}): выпало ${diceRu(i.dice)}, итого ${calcRu} — ${i.success ? `успех (≥ ${i.target})` : `неудача (нужно не меньше ${i.target})`} (${r.ru}).`,
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
        text(
          `${p.en} avoids battle into ${t.en} with ${u.en} without a roll: every unit already lost a battle this impulse (${r.en}).`,
          `${p.ru} ${ruAgree(a.power, 'уклоняются', 'уклоняется')} от сражения ${intoSpace(world, a.to).ru} без броска (${u.ru}): все они уже проиграли сражение в этот импульс (${r.ru}).`,
        ),
      );
      continue;
    }
    const r = cite('13.3');
    const raw = a.dice.reduce((x, y) => x + y, 0);
    const sum = modifiersText(modifiersOf(world, a.terms), 'sum');
    out.push(
      text(
        `${p.en} tries to avoid battle into ${t.en} with ${u.en}: rolls ${diceText(a.dice)}, ${sum ? `${raw}${sum} = ` : ''}${a.total} — ${a.success ? 'success' : `fails (needs ${a.target})`} (${r.en}).`,
        `${p.ru} ${ruAgree(a.power, 'пытаются', 'пытается')} уклониться от сражения ${intoSpace(world, a.to).ru} (${u.ru}): выпало ${diceRu(a.dice)}, итого ${sum ? `${raw}${sum} = ` : ''}${a.total} — ${a.success ? 'успех' : `неудача (нужно не меньше ${a.target})`} (${r.ru}).`,
      ),
    );
  }
  for (const w of after.withdrawals.slice(before.withdrawals.length)) {
    const s = spaceName(world, w.space),
      u = unitsText(world, w.units);
    const r = cite('13.4'),
      r10 = cite('R10');
    const who = w.decidedBy ? powerName(w.decidedBy) : text(`automatically (${r10.en})`, `автоматически (${r10.ru})`);
    const fort = spaceFrom(world, w.space).ru;
    const choice = w.decidedBy ? `выбор ${powerGen(w.decidedBy).ru}` : `автоматически, ${r10.ru}`;
    out.push(
      w.withdrew
        ? text(
            `${says(u, 'withdraws|withdraw', '').en} into the fortifications of ${s.en} (${r.en}; decided by ${who.en}).`,
            `Отход в укрепления ${fort}: ${u.ru} (${r.ru}; ${choice}).`,
          )
        : text(
            w.decidedBy
              ? `${who.en} keeps ${u.en} outside the fortifications of ${s.en}: a field battle follows (${r.en}).`
              : `${says(u, 'stays|stay', '').en} outside the fortifications of ${s.en} automatically (${r10.en}): a field battle follows (${r.en}).`,
            w.decidedBy
              ? `${who.ru} ${ruAgree(w.decidedBy, 'решают', 'решает')} не отходить в укрепления ${fort} (${u.ru}): будет полевое сражение (${r.ru}).`
              : `Вне укреплений ${fort} остаются: ${u.ru} (автоматически, ${r10.ru}); будет полевое сражение (${r.ru}).`,
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
    const lossRu = (s: typeof a) => (s.lostAny ? s.lost.ru : 'без потерь');
    out.push(
      text(
        `Losses: ${says(a.names, 'loses|lose', '').en} ${a.lost.en}; ${says(d.names, 'loses|lose', '').en} ${d.lost.en} (${r9.en}).`,
        `Потери: ${a.names.ru} — ${lossRu(a)}; ${d.names.ru} — ${lossRu(d)} (${r9.ru}).`,
      ),
    );
    // 15.2: what the result means for a relief force, told with the battle (before its retreats).
    if (after.relief) {
      const outcome = reliefOutcome(b.winner === 'attacker', a.hits, d.hits);
      out.push(reliefOutcomeNote(world, { ...after.relief, outcome }));
    }
    for (const s of [a, d])
      if (s.kept)
        out.push(
          text(
            `${says(s.names, 'keeps|keep', '').en} ${unitTypeOne(s.kept).en}: both sides were wiped out (${r7.en}).`,
            `${says(s.names, '', 'сохраняют|сохраняет').ru} ${unitTypeOne(s.kept).ru}: обе стороны уничтожены (${r7.ru}).`,
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
        text(
          `${says(inside, 'goes|go', '').en} inside ${from.en}`,
          `${inside.ru} — в укрепления ${spaceFrom(world, r.from).ru}`,
        ),
      );
    const moved = unitsText(world, r.units);
    if (r.to)
      parts.push(text(`${moved.en} to ${spaceName(world, r.to).en}`, `${moved.ru} — ${intoSpace(world, r.to).ru}`));
    const dead = r.eliminated.regulars + r.eliminated.mercenaries + r.eliminated.cavalry;
    const rule = r.reason === 'origin' ? '13.4 option 2' : r.reason === 'siege' ? '15.3' : '14.1';
    // Russian: with nowhere to go at all, «Османам некуда отступить из Линца: …»; else «Османы отступают из Вены: …».
    const nowhere = parts.length === 0;
    if (dead > 0 || r.captured.length > 0) {
      // Captured leaders get their own note (the captures below); this one says what the retreat could not save.
      const e = unitsText(world, { ...r.eliminated, leaders: r.captured });
      const lost = ruEliminated(world, r.eliminated, r.captured);
      const by = r.eliminatedBy ?? '14.1';
      // The note ends with the retreat's rule: a loss by the same rule does not cite it twice.
      const c = by === rule ? text('', '') : cite(by);
      const cited = (t: string) => (t ? ` (${t})` : '');
      const why = {
        '14.1': 'no legal space',
        '13.4': 'forced back into the space it moved on from',
        R10: 'an inactive stack never retreats',
        R11: 'its origin is no legal retreat',
        '15.3': 'it may not stay and no space is legal',
      }[by];
      const whyRu = {
        '14.1': 'нет допустимой области',
        '13.4': 'их вынудили вернуться в область, из которой они двинулись дальше',
        R10: 'неактивная группировка не отступает',
        R11: 'область, откуда они пришли, недопустима для отступления',
        '15.3': 'остаться нельзя, а допустимой области нет',
      }[by];
      parts.push(
        text(
          `${e.en} ${dead > 0 && r.captured.length > 0 ? 'eliminated and captured' : dead > 0 ? 'eliminated' : 'captured'} — ${why}${cited(c.en)}`,
          `${nowhere ? lost : `остальные: ${lost}`} — ${whyRu}${cited(c.ru)}`,
        ),
      );
    }
    const ruleText = cite(rule);
    const headRu = nowhere
      ? `${powerDat(r.power).ru} некуда отступить ${outOfSpace(world, r.from).ru}:`
      : `${p.ru} ${ruAgree(r.power, 'отступают', 'отступает')} ${outOfSpace(world, r.from).ru}:`;
    out.push(
      joinText([
        text(`${p.en} retreats from ${from.en}:`, headRu),
        joinText(parts, '; '),
        text(`(${ruleText.en}).`, `(${ruleText.ru}).`),
      ]),
    );
  }
  for (const c of after.captures.slice(before.captures.length)) {
    const l = leaderName(world, c.leader),
      by = powerName(c.by),
      s = spaceName(world, c.space);
    const r = cite(c.rule);
    out.push(
      text(
        `${l.en} is captured by ${by.en} in ${s.en} (${r.en}).`,
        `${l.ru} ${inSpace(world, c.space).ru} попадает в плен к ${powerDat(c.by).ru} (${r.ru}).`,
      ),
    );
  }
  for (const g of after.leadersInside.slice(before.leadersInside.length)) {
    const who = unitsText(world, { leaders: g.leaders }),
      r = cite(g.rule, 'R24');
    const goes = says(who, 'goes|go', 'уходят|уходит');
    out.push(
      text(
        `${goes.en} inside the fortifications of ${spaceName(world, g.space).en}: alone beside the enemy, a leader may not stay outside (${r.en}).`,
        `${goes.ru} в укрепления ${spaceFrom(world, g.space).ru}: командующему без своих войск рядом с противником снаружи оставаться нельзя (${r.ru}).`,
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
      text(
        `The siege of ${s.en} by ${by.en} is broken: the besiegers no longer outnumber the units inside (${r.en}).`,
        `Осада ${spaceFrom(world, g.space).ru} снята: у осаждающих (${by.ru}) больше нет численного перевеса над частями внутри (${r.ru}).`,
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
      text(
        `${s.en} is now under siege by ${p.en} (${r.en}).`,
        `${p.ru} теперь ${ruAgree(g.by, 'осаждают', 'осаждает')} ${spaceTo(world, g.space).ru} (${r.ru}).`,
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
      text(
        `${p.en} makes no (more) interception attempts (${r.en}).`,
        `${p.ru} ${ruAgree(event.power, 'отказываются', 'отказывается')} от (дальнейших) попыток перехвата (${r.ru}).`,
      ),
    ];
  }
  if (event?.type === 'card.pass') {
    const p = powerName(event.power);
    return [text(`${p.en} plays no card.`, `${p.ru} не ${ruAgree(event.power, 'разыгрывают', 'разыгрывает')} карту.`)];
  }
  if (event?.type === 'avoid.decline') {
    const p = powerName(event.power);
    const r = cite('13.3');
    return [
      text(
        `${p.en} does not try to avoid battle (${r.en}).`,
        `${p.ru} не ${ruAgree(event.power, 'пытаются', 'пытается')} уклониться от сражения (${r.ru}).`,
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
      text(
        `${p.en} has no legal move: the Schmalkaldic League has not formed, and until it does the Protestant's units do not move (${r.en}). The Move action does not happen.`,
        `У ${powerGen(power).ru} нет допустимого движения: Шмалькальденская лига ещё не создана, а до её создания части протестантов не двигаются (${r.ru}). Движения не будет.`,
      ),
    ];
  }
  return [
    text(
      `${p.en} has no legal move: no formation may enter an adjacent space (13.1). The Move action does not happen.`,
      `У ${powerGen(power).ru} нет допустимого движения: ни одно соединение не может войти в прилегающую область (13.1). Движения не будет.`,
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
    return text(`${sign} ${Math.abs(t.count)} ${why.en}`, `${sign} ${Math.abs(t.count)} ${why.ru}`);
  });
  const en = parts.map((p) => p.en).join(' '),
    ru = parts.map((p) => p.ru).join(' ');
  return text(`${who.en} ${dice.en} (${en})`, `${who.ru} — ${dice.ru} (${ru})`);
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
      text('Field battle:', 'Полевое сражение:'),
      text(`${a.en} — ${d.en}`, `${a.ru}; ${d.ru}`),
      text(`(${r.en}).`, `(${r.ru}).`),
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
    text(
      `${p.en} rolls ${diceText(f.rolled.attacker)}: ${h.en} (${r.en}).`,
      `У ${powerGen(f.battle.attacker).ru} выпало ${diceRu(f.rolled.attacker)} — ${h.ru} (${r.ru}).`,
    ),
  ];
}

/** 14 step 6, on entering "Winner": the defender's roll and its hits. */
function defenderRolledNote({ context: f }: StepOf<'fieldBattle'>): Text[] {
  if (!f.rolled.defender) return [];
  const h = hits(sideHits(f).defender);
  const r = cite('14 step 6');
  return [
    text(
      `The defender rolls ${diceText(f.rolled.defender)}: ${h.en} (${r.en}).`,
      `У обороняющегося выпало ${diceRu(f.rolled.defender)} — ${h.ru} (${r.ru}).`,
    ),
  ];
}

/**
 * 14 steps 6–7, on entering "Janissaries?": first the defender's roll; after a card's dice (ruling R31), that roll,
 * its hits and its side's hits now.
 */
function rollsWindowNote(step: StepOf<'fieldBattle'>): Text[] {
  const f = step.context;
  if ((f.rollsResponders ?? []).length === 0) return defenderRolledNote(step);
  const card = f.cardRolled;
  if (!card) return [];
  const c = cardTitle(card.card),
    h = hits(card.hits),
    now = hits(sideHits(f)[card.side]);
  const r = cite('14 step 7', 'R31');
  const who = card.side === 'attacker' ? text('the attacker', 'атакующего') : text('the defender', 'обороняющегося');
  return [
    text(
      `${powerName(card.power).en} rolls ${diceText(card.values)} for ${c.en}: ${h.en}; ${who.en} now has ${now.en} (${r.en}).`,
      `У ${powerGen(card.power).ru} за карту ${c.ru} выпало ${diceRu(card.values)} — ${h.ru}; теперь у ${who.ru} ${now.ru} (${r.ru}).`,
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
