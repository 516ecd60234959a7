// `his ids`: the ids a scenario may use — the bundled board's spaces, the army leaders and the powers — with their
// English and Russian names, and a space's neighbours with the kind of each connection (2.5: clear or a pass).
import { connection, hisBoard, type ConnectionKind } from '../data/board.ts';
import { hisLeaderTable } from '../data/leaders.ts';
import { isMajorPower, isMinorPower, POWERS, type Power } from '../schema/power.ts';
import { leaderName, powerName, spaceName } from '../text/names.ts';
import type { Text } from '../text/text.ts';
import { spaceIdProblem } from '../schema/scenario-checks.ts';
import { options, out, UsageError } from './common.ts';

const KINDS = ['spaces', 'leaders', 'powers'] as const;
type Kind = (typeof KINDS)[number];

/** A name as the listing prints it: its two strings (its message id is its kind and id, `space.graz`). */
function pair(t: Text): Text {
  return { en: t.en, ru: t.ru };
}

/** One listed id: its names, and the facts a scenario author needs about it. */
interface Row {
  readonly id: string;
  readonly name: Text;
  readonly [fact: string]: unknown;
}

function spaces(): Row[] {
  const board = hisBoard();
  return [...board.spaces.values()].map((s) => ({
    id: s.id,
    name: pair(spaceName({ board }, s.id)),
    type: s.type,
    fortified: s.fortified,
    home: s.home,
  }));
}

function leaders(): Row[] {
  const table = hisLeaderTable();
  return [...table.values()].map((l) => ({
    id: l.id,
    name: pair(leaderName({ leaders: table }, l.id)),
    power: l.power,
    battle: l.battle,
    command: l.command,
  }));
}

function powers(): Row[] {
  const kind = (p: Power) => (isMajorPower(p) ? 'major' : isMinorPower(p) ? 'minor' : 'independent');
  return POWERS.map((p) => ({ id: p, name: pair(powerName(p)), kind: kind(p) }));
}

const LISTS: Readonly<Record<Kind, () => Row[]>> = { spaces, leaders, powers };

/** The neighbours of a bundled space, each with the kind of its connection. */
function near(id: string): { space: Row; neighbours: (Row & { connection: ConnectionKind })[] } {
  const board = hisBoard();
  const here = board.spaces.get(id);
  if (!here) throw new UsageError(`--near: ${spaceIdProblem(board, id)} (see 'his ids spaces')`);
  const row = (s: string) => ({ id: s, name: pair(spaceName({ board }, s)) });
  const neighbours = here.neighbours.map((n) => ({ ...row(n), connection: connection(board, id, n) ?? 'clear' }));
  return { space: row(id), neighbours };
}

/** Rows as aligned columns: the id, the English and the Russian name, then the facts. */
function table(rows: readonly Row[], facts: readonly string[]): string {
  const cells = rows.map((r) => [r.id, r.name.en, r.name.ru, ...facts.map((f) => String(r[f]))]);
  const widths = cells[0]?.map((_, c) => Math.max(...cells.map((row) => row[c]!.length))) ?? [];
  // The last column is not padded: no line ends in spaces.
  const pad = (cell: string, c: number, row: string[]) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!));
  const line = (row: string[]) => row.map((cell, c) => pad(cell, c, row)).join('  ');
  return cells.map(line).join('\n');
}

const FACTS: Readonly<Record<Kind, readonly string[]>> = {
  spaces: ['type', 'home'],
  leaders: ['power', 'battle', 'command'],
  powers: ['kind'],
};

export function cmdIds(args: string[]): number {
  const { values, positionals } = options(args, { near: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length > 1) {
    const extra = positionals.slice(1).join(' ');
    throw new UsageError(`ids takes one kind of id, not ${positionals.length} (${extra} is extra)`);
  }
  const kind = positionals[0];
  if (kind !== undefined && !KINDS.some((k) => k === kind))
    throw new UsageError(`unknown kind of id '${kind}': one of ${KINDS.join(', ')}`);
  const json = values.json ?? false;
  if (values.near !== undefined) {
    if (kind !== undefined && kind !== 'spaces') throw new UsageError(`--near lists spaces, not ${kind}`);
    const r = near(values.near);
    if (json) out(JSON.stringify(r, null, 2));
    else {
      const heading = `${r.space.id} (${r.space.name.en} / ${r.space.name.ru}) is adjacent to:`;
      out(`${heading}\n${table(r.neighbours, ['connection'])}`);
    }
    return 0;
  }
  const kinds: readonly Kind[] = kind === undefined ? KINDS : [kind as Kind];
  if (json) out(JSON.stringify(Object.fromEntries(kinds.map((k) => [k, LISTS[k]()])), null, 2));
  else out(kinds.map((k) => `${kinds.length > 1 ? `${k}:\n` : ''}${table(LISTS[k](), FACTS[k])}`).join('\n\n'));
  return 0;
}
