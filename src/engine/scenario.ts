// parseScenario: JSON text or a value in, a validated scenario out — or a ScenarioError listing every problem.
import { hisBoard, inlineBoard, type Board } from '../data/board.ts';
import { hisLeaderTable, type Leader, type LeaderTable } from '../data/leaders.ts';
import { checkInlineMap, checkScenario, type Issue } from '../schema/scenario-checks.ts';
import { ScenarioSchema, type StructuredScenario } from '../schema/scenario.ts';
import { normalizeStacks } from '../rules/stacks.ts';
import type { World } from '../rules/world.ts';
import type { z } from 'zod';

export type { Issue };

export class ScenarioError extends Error {
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[]) {
    super(`invalid scenario:\n${issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`);
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

export interface Scenario {
  /** The scenario as given (what a save stores). */
  readonly source: unknown;
  readonly data: StructuredScenario;
  readonly board: Board;
  readonly leaders: LeaderTable;
  /** The board situation the move starts from. */
  readonly world: World;
}

export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({
    path: i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n === 0 ? String(p) : `.${String(p)}`)).join(''),
    message: i.message,
  }));
}

/** JSON text is parsed first; a syntax error is reported as one issue, with the line and column when known. */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    // V8 names a character offset ("at position 10"); a person editing the file wants its line and column.
    const offset = /at position (\d+)/.exec(message)?.[1];
    const where = offset === undefined ? '' : ` (${lineAndColumn(text, Number(offset))})`;
    throw new ScenarioError([{ path: '', message: `not valid JSON: ${message}${where}` }]);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

function leaderTable(extra: StructuredScenario['leaders']): LeaderTable {
  if (extra.length === 0) return hisLeaderTable();
  const table = new Map<string, Leader>(hisLeaderTable());
  for (const l of extra) table.set(l.id, { id: l.id, name: l.name ?? l.id, power: l.power, alsoServes: [], battle: l.battle, command: l.command });
  return table;
}

export function parseScenario(input: unknown): Scenario {
  const source = typeof input === 'string' ? readJson(input) : input;
  const parsed = ScenarioSchema.safeParse(source);
  if (!parsed.success) throw new ScenarioError(zodIssues(parsed.error));
  const data = { ...parsed.data, stacks: parsed.data.stacks };
  const mapIssues = checkInlineMap(data.map);
  if (mapIssues.length > 0) throw new ScenarioError(mapIssues);
  const board = data.map === 'his' ? hisBoard() : inlineBoard(data.map);
  const leaders = leaderTable(data.leaders);
  const issues = checkScenario(data, board, leaders);
  if (issues.length > 0) throw new ScenarioError(issues);
  const world: World = {
    board,
    leaders,
    position: {
      war: data.war,
      alliances: data.alliances,
      control: data.control,
      unrest: data.unrest,
      bonuses: data.bonuses,
      stacks: normalizeStacks(data.stacks),
      sieges: data.sieges,
      captured: data.captured,
      impulse: data.impulse,
    },
  };
  return { source, data, board, leaders, world };
}
