// The story of a move, in English and Russian: one note per step of the trace, written from what changed (the
// summary's new entries) and from where the machines stand. The CLI prints the headline notes as the narrative.
import type { MachineId } from '../../machines/index.ts';
import type { Summary } from '../schema/result.ts';
import type { Modifier } from '../rules/dice.ts';
import { countHits } from '../rules/dice.ts';
import { leaderName, powerName, spaceName, unitsText } from '../rules/names.ts';
import type { FieldBattleContext } from '../rules/procedures/field-battle.ts';
import { joinText, text, type Text } from '../rules/text.ts';
import type { World } from '../rules/world.ts';

export interface Note {
  readonly note: Text;
  /** Whether the note belongs in the short narrative (something happened), or only in the full trace. */
  readonly headline: boolean;
}

function mods(ms: readonly Pick<Modifier, 'value'>[]): string {
  return ms.map((m) => (m.value >= 0 ? ` + ${m.value}` : ` − ${-m.value}`)).join('');
}

function hits(n: number): Text {
  return text(`${n} ${n === 1 ? 'hit' : 'hits'}`, `попаданий: ${n}`);
}

function diceText(values: readonly number[]): string {
  return values.join(' ');
}

/** Notes for what the summary gained in this step. */
function summaryNotes(world: World, before: Summary, after: Summary): Text[] {
  const out: Text[] = [];
  for (const m of after.moves.slice(before.moves.length)) {
    const p = powerName(m.power), f = spaceName(world, m.from), t = spaceName(world, m.to), u = unitsText(world, m.units);
    out.push(m.continued
      ? text(`${p.en} moves on from ${f.en} to ${t.en} with ${u.en} for ${m.cp} CP (13.4 option 1).`, `${p.ru}: соединение (${u.ru}) движется дальше из ${f.ru} в ${t.ru} за ${m.cp} КО (13.4, вариант 1).`)
      : text(`${p.en} moves ${u.en} from ${f.en} to ${t.en} for ${m.cp} CP (13.1).`, `${p.ru}: ${u.ru} — движение из ${f.ru} в ${t.ru} за ${m.cp} КО (13.1).`));
  }
  for (const i of after.interceptions.slice(before.interceptions.length)) {
    const p = powerName(i.power), f = spaceName(world, i.from), u = unitsText(world, i.units);
    const raw = i.dice.reduce((a, b) => a + b, 0);
    const calc = `${raw}${mods(i.modifiers)} = ${i.total}`;
    out.push(text(
      `${p.en} tries to intercept from ${f.en} with ${u.en}: rolls ${diceText(i.dice)}, ${calc} — ${i.success ? `success (≥ ${i.target})` : `fails (needs ${i.target})`} (13.2).`,
      `${p.ru}: попытка перехвата из ${f.ru} (${u.ru}): выпало ${diceText(i.dice)}, ${calc} — ${i.success ? `успех (≥ ${i.target})` : `неудача (нужно ${i.target})`} (13.2).`,
    ));
  }
  for (const a of after.avoids.slice(before.avoids.length)) {
    const p = powerName(a.power), t = spaceName(world, a.to), u = unitsText(world, a.units);
    if (a.automatic) {
      out.push(text(`${p.en} avoids battle into ${t.en} with ${u.en} without a roll: every unit already lost a battle this impulse (13.3 step 4).`, `${p.ru}: ${u.ru} уклоняются в ${t.ru} без броска — все уже проиграли сражение в этот импульс (13.3, шаг 4).`));
      continue;
    }
    const raw = a.dice.reduce((x, y) => x + y, 0);
    out.push(text(
      `${p.en} tries to avoid battle into ${t.en} with ${u.en}: rolls ${diceText(a.dice)}, ${raw}${mods(a.modifiers)} = ${a.total} — ${a.success ? 'success' : `fails (needs ${a.target})`} (13.3).`,
      `${p.ru}: попытка уклонения в ${t.ru} (${u.ru}): выпало ${diceText(a.dice)}, ${raw}${mods(a.modifiers)} = ${a.total} — ${a.success ? 'успех' : `неудача (нужно ${a.target})`} (13.3).`,
    ));
  }
  for (const w of after.withdrawals.slice(before.withdrawals.length)) {
    const s = spaceName(world, w.space), u = unitsText(world, w.units);
    const who = w.decidedBy ? powerName(w.decidedBy) : text('automatically (ruling R10)', 'автоматически (решение R10)');
    out.push(w.withdrew
      ? text(`${u.en} withdraw into the fortifications of ${s.en} (13.4; decided by ${who.en}).`, `${u.ru} отходят в укрепления ${s.ru} (13.4; решение: ${who.ru}).`)
      : text(`${who.en} keeps ${u.en} outside the fortifications of ${s.en}: a field battle follows (13.4).`, `${who.ru}: ${u.ru} остаются вне укреплений ${s.ru} — будет полевое сражение (13.4).`));
  }
  if (after.battle && !before.battle) {
    const b = after.battle;
    const side = (r: 'attacker' | 'defender') => {
      const s = b[r];
      const names = s.powers.map((p) => powerName(p));
      const lost = unitsText(world, s.losses);
      return { names: joinText(names, ', '), lost, hits: s.hits, kept: s.kept };
    };
    const a = side('attacker'), d = side('defender');
    const winner = powerName(b.winnerPower);
    out.push(text(`${winner.en} wins the field battle in ${spaceName(world, b.space).en}, ${b[b.winner].hits} hits to ${b[b.winner === 'attacker' ? 'defender' : 'attacker'].hits}${a.hits === d.hits ? ' (a tie goes to the defender)' : ''} (14 step 8).`,
      `${winner.ru} побеждают в полевом сражении в ${spaceName(world, b.space).ru}: попаданий ${b[b.winner].hits} против ${b[b.winner === 'attacker' ? 'defender' : 'attacker'].hits}${a.hits === d.hits ? ' (при равенстве побеждает обороняющийся)' : ''} (14, шаг 8).`));
    out.push(text(`Losses: ${a.names.en} loses ${a.lost.en}; ${d.names.en} loses ${d.lost.en} (14 step 9).`, `Потери: ${a.names.ru} — ${a.lost.ru}; ${d.names.ru} — ${d.lost.ru} (14, шаг 9).`));
    for (const s of [a, d]) if (s.kept) out.push(text(`${s.names.en} keeps one ${s.kept} unit: both sides were wiped out (ruling R7).`, `${s.names.ru} сохраняют одну часть (${s.kept}): обе стороны уничтожены (решение R7).`));
  }
  for (const r of after.retreats.slice(before.retreats.length)) {
    const p = powerName(r.power), from = spaceName(world, r.from);
    const parts: Text[] = [];
    const inside = unitsText(world, r.inside);
    if (r.inside.regulars + r.inside.mercenaries + r.inside.cavalry + r.inside.leaders.length > 0)
      parts.push(text(`${inside.en} go inside ${from.en}`, `${inside.ru} уходят в укрепления ${from.ru}`));
    const moved = unitsText(world, r.units);
    if (r.to) parts.push(text(`${moved.en} to ${spaceName(world, r.to).en}`, `${moved.ru} — в ${spaceName(world, r.to).ru}`));
    const dead = r.eliminated.regulars + r.eliminated.mercenaries + r.eliminated.cavalry;
    if (dead > 0 || r.captured.length > 0) {
      const e = unitsText(world, { ...r.eliminated, leaders: r.captured });
      parts.push(text(`${e.en} eliminated or captured — no legal space`, `${e.ru} уничтожены или взяты в плен — нет допустимой области`));
    }
    const rule = r.reason === 'origin' ? '13.4 option 2' : r.reason === 'siege' ? '15.3' : '14.1';
    out.push(joinText([text(`${p.en} retreats from ${from.en}:`, `${p.ru} — отступление из ${from.ru}:`), joinText(parts, '; '), text(`(${rule}).`, `(${rule}).`)]));
  }
  for (const c of after.captures.slice(before.captures.length)) {
    const l = leaderName(world, c.leader), by = powerName(c.by), s = spaceName(world, c.space);
    out.push(text(`${l.en} is captured by ${by.en} in ${s.en} (${c.rule}).`, `${l.ru} взят в плен державой ${by.ru} в ${s.ru} (${c.rule}).`));
  }
  if (after.siege && !before.siege) {
    const s = spaceName(world, after.siege.space), p = powerName(after.siege.besieger);
    out.push(text(`${s.en} is now under siege by ${p.en} (15).`, `${s.ru} теперь в осаде: ${p.ru} (15).`));
  }
  return out;
}

/** Notes of the field battle's own steps (dice counted, each side's roll). */
function battleNotes(world: World, machine: MachineId, state: string, c: unknown): Text[] {
  if (machine !== 'fieldBattle') return [];
  const f = c as FieldBattleContext;
  const side = (r: 'attacker' | 'defender') => {
    const d = f.dice?.[r];
    const who = r === 'attacker' ? powerName(f.battle.attacker) : joinText((f.forces?.defender ?? []).map((s) => powerName(s.power)).filter((v, i, a) => a.findIndex((x) => x.en === v.en) === i), ', ');
    const lead = d?.leader ? leaderName(world, d.leader) : undefined;
    return text(
      `${who.en} ${d?.dice ?? 0} dice (${d?.units ?? 0} units${lead ? ` + ${d?.leaderBonus} for ${lead.en}` : ''}${d?.defenderBonus ? ' + 1 as defender' : ''})`,
      `${who.ru}: кубиков ${d?.dice ?? 0} (частей ${d?.units ?? 0}${lead ? ` + ${d?.leaderBonus} за ${lead.ru}` : ''}${d?.defenderBonus ? ' + 1 как обороняющийся' : ''})`,
    );
  };
  if (state === 'combatCards') return [joinText([text('Field battle:', 'Полевое сражение:'), joinText([side('attacker'), side('defender')], ' — '), text('(14 steps 2–3).', '(14, шаги 2–3).')])];
  if (state === 'rollingDefenderDice' && f.rolled.attacker) {
    const p = powerName(f.battle.attacker);
    const h = hits(countHits(f.rolled.attacker));
    return [text(`${p.en} rolls ${diceText(f.rolled.attacker)}: ${h.en} (14 step 6).`, `${p.ru}: выпало ${diceText(f.rolled.attacker)} — ${h.ru} (14, шаг 6).`)];
  }
  if (state === 'decidingWinner' && f.rolled.defender) {
    const h = hits(countHits(f.rolled.defender));
    return [text(`The defender rolls ${diceText(f.rolled.defender)}: ${h.en} (14 step 6).`, `Обороняющийся: выпало ${diceText(f.rolled.defender)} — ${h.ru} (14, шаг 6).`)];
  }
  return [];
}

export function narrate(args: {
  world: World;
  machine: MachineId;
  state: string;
  context: unknown;
  before: Summary;
  after: Summary;
  title: Text;
}): Note {
  const notes = [...battleNotes(args.world, args.machine, args.state, args.context), ...summaryNotes(args.world, args.before, args.after)];
  if (notes.length > 0) return { note: joinText(notes), headline: true };
  return { note: args.title, headline: false };
}
