// parseScenario: JSON text or a value in, a validated scenario out — or a ScenarioError listing every problem, in
// layers: the JSON text, the structure (zod), the ids (spaces and leaders exist), the rules. Each layer reports on
// all that the one before found well-formed, so independent problems are listed together.
import { hisBoard, inlineBoard, type Board } from '../data/board.ts';
import { hisLeaderTable, leaderTable as frozenLeaderTable, type Leader, type LeaderTable } from '../data/leaders.ts';
import { deepFreeze } from './freeze.ts';
import { jsonErrorOffset, lineAndColumn } from './json.ts';
import { checkInlineMap, checkScenario, type CheckContext, type Issue } from '../schema/scenario-checks.ts';
import { wellFormedParts } from '../schema/scenario-parts.ts';
import { ScenarioSchema, type StructuredScenario } from '../schema/scenario.ts';
import { normalizeStacks } from '../rules/stacks.ts';
import type { World } from '../rules/world.ts';
import type { z } from 'zod';
import { LIMITS } from '../schema/limits.ts';
import type { DeepReadonly } from '../schema/readonly.ts';
import type { Rulings } from '../schema/rulings.ts';

export type { Issue };

export class ScenarioError extends Error {
  /** At most LIMITS.issues problems, the last one counting those left out ("and 205 990 more problems"). */
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[]) {
    const listed = capIssues(issues);
    super(`invalid scenario:\n${listed.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`);
    this.name = 'ScenarioError';
    this.issues = listed;
  }
}

/** The first LIMITS.issues − 1 problems and one that counts the rest, when there are more than LIMITS.issues. */
function capIssues(issues: readonly Issue[]): readonly Issue[] {
  if (issues.length <= LIMITS.issues) return issues;
  const kept = issues.slice(0, LIMITS.issues - 1);
  const more = issues.length - kept.length;
  return [...kept, { path: '', message: `and ${more.toLocaleString('en-US')} more problems` }];
}

/**
 * A parsed scenario is frozen all through — its source, its data and its world (the board and the leader table are
 * read-only tables): every session made from it shares it, and none can change it for the others.
 */
export interface Scenario {
  /** The scenario as given (what a save stores): a frozen copy. */
  readonly source: unknown;
  readonly data: DeepReadonly<StructuredScenario>;
  readonly board: Board;
  readonly leaders: LeaderTable;
  /** The board situation the move starts from. */
  readonly world: World;
}

/** Every scenario parseScenario made (they are frozen: none can be forged or changed into another). */
const PARSED = new WeakSet<object>();

/** Whether `value` is a scenario that parseScenario returned. */
export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'object' && value !== null && PARSED.has(value);
}

export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({
    path: i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n === 0 ? String(p) : `.${String(p)}`)).join(''),
    message: i.message,
  }));
}

/**
 * JSON text is parsed first (a UTF-8 byte order mark is allowed); a syntax error is reported as one issue, with its
 * line and column.
 */
export function readJson(text: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (e) {
    const message = (e as Error).message;
    // V8 names a character offset ("at position 10") for most errors but not all: the scanner finds the real one.
    const named = /at position (\d+)/.exec(message)?.[1];
    const where = lineAndColumn(body, named === undefined ? (jsonErrorOffset(body) ?? body.length) : Number(named));
    throw new ScenarioError([{ path: '', message: `not valid JSON: ${message.split('\n')[0]} (${where})` }]);
  }
}

/**
 * Before any schema: no object key `__proto__` (JSON.parse keeps it as an own key; an object built from it would
 * drop it silently), and no nesting deeper than a scenario has (src/schema/limits.ts).
 */
export function structureIssues(value: unknown, path = '', depth = 0): Issue[] {
  const out: Issue[] = [];
  structureWalk(value, { root: path, segments: [] }, depth, out);
  return out;
}

/** Where the walk of structureIssues is: the path it started at and the keys and indexes below it. */
interface WalkPath {
  readonly root: string;
  readonly segments: (string | number)[];
}

/** The path of the value the walk is at, as the issues name it (`a.b[2].c`). */
function pathAt(at: WalkPath): string {
  let p = at.root;
  for (const s of at.segments) p = typeof s === 'number' ? `${p}[${s}]` : p ? `${p}.${s}` : s;
  return p;
}

/**
 * The walk of structureIssues. A value's path is made only when a problem is reported there: nearly every value has
 * none, and the engine checks each result position it hands over (the walk keeps one list of keys, pushed and
 * popped, instead of a function per value).
 */
function structureWalk(value: unknown, at: WalkPath, depth: number, out: Issue[]): void {
  if (value === null || typeof value !== 'object') return;
  if (depth > LIMITS.depth) {
    out.push({ path: pathAt(at), message: `nested more than ${LIMITS.depth} levels deep` });
    return;
  }
  // Sizes no field of a scenario, a save or an event comes near, refused before any schema reads an element.
  if (Array.isArray(value)) {
    if (value.length > LIMITS.connections) {
      out.push({ path: pathAt(at), message: `a list of ${value.length} items (at most ${LIMITS.connections})` });
      return;
    }
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v === null || typeof v !== 'object') continue;
      at.segments.push(i);
      structureWalk(v, at, depth + 1, out);
      at.segments.pop();
    }
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > LIMITS.keys) {
    out.push({ path: pathAt(at), message: `an object with ${keys.length} keys (at most ${LIMITS.keys})` });
    return;
  }
  const start = out.length;
  for (const key of keys) {
    if (key === '__proto__') {
      at.segments.push(key);
      out.push({ path: pathAt(at), message: "the key '__proto__' is not allowed" });
      at.segments.pop();
    } else {
      const v: unknown = (value as Record<string, unknown>)[key];
      if (v !== null && typeof v === 'object') {
        at.segments.push(key);
        structureWalk(v, at, depth + 1, out);
        at.segments.pop();
      }
    }
    if (out.length - start > 100) break;
  }
}

/**
 * The id and rule problems of a well-formed scenario (or of the well-formed parts of one, with their context). An
 * inline map with problems of its own is no board to check ids against: only its problems are reported then.
 */
function semanticIssues(
  data: StructuredScenario,
  context?: CheckContext,
): { issues: Issue[]; board?: Board; leaders: LeaderTable } {
  const leaders = scenarioLeaders(data.leaders);
  const mapIssues = checkInlineMap(data.map);
  if (mapIssues.length > 0) return { issues: mapIssues, leaders };
  const board = data.map === 'his' ? hisBoard() : inlineBoard(data.map);
  return { issues: checkScenario(data, board, leaders, context), board, leaders };
}

/** The bundled leaders with the scenario's own over them: a frozen table of its own (the bundled one is shared). */
function scenarioLeaders(extra: StructuredScenario['leaders']): LeaderTable {
  if (extra.length === 0) return hisLeaderTable();
  const table = new Map<string, Leader>(hisLeaderTable());
  for (const l of extra)
    table.set(l.id, {
      id: l.id,
      name: l.name ?? l.id,
      power: l.power,
      alsoServes: [],
      battle: l.battle,
      command: l.command,
    });
  return frozenLeaderTable(table.values());
}

/**
 * A scenario from JSON text or a value. Throws only ScenarioError, listing every problem; the input is copied, so
 * changing it afterwards changes nothing here.
 */
export function parseScenario(input: unknown): Scenario {
  return parseReported(input);
}

function parseReported(input: unknown): Scenario {
  try {
    return parseChecked(input, true);
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    throw unreadable(e);
  }
}

/** Nothing a caller sends should get here; if it does, it is still reported as a bad scenario, not a crash. */
function unreadable(e: unknown): ScenarioError {
  return new ScenarioError([
    { path: '', message: `the scenario could not be read: ${(e as Error)?.message ?? String(e)}` },
  ]);
}

/** A casebook case (src/review/casebook.ts) handed over where a scenario belongs: a question and a scenario inside. */
function isCasebookCase(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v['question'] === 'string' && typeof v['scenario'] === 'object' && !('impulse' in v);
}

/**
 * @internal The problems parseScenario would report for a value the engine built itself (the explorer's check that a
 * result parses again): every layer it checks, without building the scenario it would return. Empty when it parses.
 */
export function handedOverIssues(value: object): readonly Issue[] {
  try {
    checkedParts(value, false);
    return [];
  } catch (e) {
    return (e instanceof ScenarioError ? e : unreadable(e)).issues;
  }
}

/** Every layer of the checks: the scenario's source, its data and its board, or a ScenarioError listing every problem. */
function checkedParts(
  input: unknown,
  copy: boolean,
): { source: unknown; data: StructuredScenario; board: Board; leaders: LeaderTable } {
  const raw = typeof input === 'string' ? readJson(input) : input;
  const structural = structureIssues(raw);
  if (structural.length > 0) throw new ScenarioError(structural);
  if (isCasebookCase(raw))
    throw new ScenarioError([
      {
        path: '',
        message:
          'this is a casebook case (review/cases), not a scenario: its scenario is its "scenario" field; `his review <folder>` runs the case',
      },
    ]);
  const source = copy ? structuredClone(raw) : raw;
  const parsed = ScenarioSchema.safeParse(source);
  if (!parsed.success) {
    // The structure problems, then the ids and rules of every part that is well-formed.
    const parts = wellFormedParts(source);
    const semantic = parts ? semanticIssues(parts.data, parts.context).issues : [];
    throw new ScenarioError([...zodIssues(parsed.error), ...semantic]);
  }
  const data = { ...parsed.data, stacks: parsed.data.stacks };
  const { issues, board, leaders } = semanticIssues(data);
  if (issues.length > 0 || !board) throw new ScenarioError(issues);
  return { source, data, board, leaders };
}

function parseChecked(input: unknown, copy: boolean): Scenario {
  const { source, data, board, leaders } = checkedParts(input, copy);
  const world: World = {
    board,
    leaders,
    position: {
      war: data.war,
      alliances: data.alliances,
      control: data.control,
      unrest: data.unrest,
      bonuses: data.bonuses,
      hands: data.hands,
      ...(data.homeCardsUsed ? { homeCardsUsed: data.homeCardsUsed } : {}),
      stacks: normalizeStacks(data.stacks),
      sieges: data.sieges,
      captured: data.captured,
      impulse: data.impulse,
    },
    rulings: data.rulings,
    ...(data.schmalkaldicLeague ? {} : { schmalkaldicLeague: false }),
  };
  const scenario = deepFreeze({ source, data, board, leaders, world });
  PARSED.add(scenario);
  return scenario;
}

/**
 * The scenario with `rulings` read over its own (`his … --ruling R11=alternative`, `his review --compare`): parsed
 * again from its source, so a save of a session made from it carries the readings in its scenario.
 */
export function withRulings(scenario: Scenario, rulings: Rulings): Scenario {
  if (Object.keys(rulings).length === 0) return scenario;
  const source = scenario.source as Record<string, unknown>;
  return parseScenario({ ...source, rulings: { ...scenario.data.rulings, ...rulings } });
}
