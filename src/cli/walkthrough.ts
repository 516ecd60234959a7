// `his walkthrough`: the visual rule walkthrough of a move — one self-contained HTML page that replays it step by
// step (and, with --play, lets the reader play it). The page goes to stdout, or to the file named by -o. The move
// runs as `his resolve` runs it: the scripted events (or --events), then the policy, with seeded dice.
import { writeFileSync } from 'node:fs';
import { parseScenario, ScenarioError, withRulings } from '../engine/scenario.ts';
import { MAX_SEED } from '../engine/session.ts';
import { restoreSession, RestoreError } from '../engine/save.ts';
import { SAVE_FORMAT, SavedSessionSchema, type SavedSession } from '../schema/save.ts';
import { MAX_ODDS_NODES, ODDS_LIMITS } from '../viz/walkthrough/advice.ts';
import { walkthrough } from '../viz/walkthrough/index.ts';
import {
  badInput,
  err,
  FileError,
  langOf,
  oneFile,
  options,
  out,
  policyOf,
  readEvents,
  readFile,
  RULING_OPTION,
  rulingsOf,
  UsageError,
  wholeNumber,
} from './common.ts';
import { pageRefusalLine } from './words.ts';

export const WALKTHROUGH_USAGE = `  his walkthrough <scenario.json | save.json> [--events file.json] [--seed N] [--policy decline|eager] [--lang en|ru] [--play]
              [--no-odds | --odds-nodes N] [-o file.html] [--ruling ID=READING]...
      The visual rule walkthrough: one self-contained HTML page (no server, no network) that replays the move step by
      step — statechart, narrative, conditions and rules, dice, decisions, map — in English and Russian (--lang is the
      language it opens in). --play adds play mode: the engine runs in the page and the reader answers. The exact odds
      of each answer at every decision are worked out as the page is written, each decision's exploration bounded by
      --odds-nodes (default ${ODDS_LIMITS.maxNodes}; a bigger one says which bound stopped it); --no-odds leaves them out (a
      big scenario's page is then written at once). A save (what
      play mode downloads) instead of a scenario replays its answers with its seed. Written to
      stdout, or to the file -o names. Exit codes: 0 done, 1 usage, 2 bad scenario or events file (or an output that
      cannot be written), 3 illegal scripted event (the page is still written, ending at the refusal).`;

/**
 * The file as a session save (what play mode downloads, `session.save()`), when it is one: checked by replaying it,
 * so that a save this engine cannot take back is an input error with the engine's reason. Otherwise undefined (a
 * scenario).
 */
function savedSession(text: string, file: string): SavedSession | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || (value as { format?: unknown }).format !== SAVE_FORMAT) return undefined;
  try {
    restoreSession(value);
  } catch (e) {
    if (e instanceof RestoreError) throw new FileError(`${file} is not a save this engine can replay: ${e.message}`);
    throw e;
  }
  return SavedSessionSchema.parse(value);
}

function why(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'no such folder'
    : code === 'EISDIR'
      ? 'it is a folder'
      : code === 'EACCES'
        ? 'permission denied'
        : (code ?? (e as Error).message);
}

export function cmdWalkthrough(args: string[]): number | Promise<number> {
  const { values, positionals } = options(args, {
    events: { type: 'string' },
    seed: { type: 'string' },
    policy: { type: 'string' },
    lang: { type: 'string' },
    play: { type: 'boolean' },
    'no-odds': { type: 'boolean' },
    'odds-nodes': { type: 'string' },
    output: { type: 'string', short: 'o' },
    ...RULING_OPTION,
  });
  const file = oneFile(positionals, 'walkthrough');
  const lang = langOf(values.lang);
  const seed = wholeNumber('seed', values.seed, 0, MAX_SEED, 1);
  const policy = policyOf(values.policy);
  const rulings = rulingsOf(values.ruling);
  const output = values.output;
  if (output === '') throw new UsageError('-o needs a file name (or - for stdout)');
  if (values['no-odds'] && values['odds-nodes'] !== undefined)
    throw new UsageError('--no-odds leaves the odds out: give it or --odds-nodes, not both');
  const oddsNodes = wholeNumber('odds-nodes', values['odds-nodes'], 1, MAX_ODDS_NODES, ODDS_LIMITS.maxNodes);
  let scenario;
  let events: unknown[] | undefined;
  let saved: SavedSession | undefined;
  try {
    const text = readFile(file);
    saved = savedSession(text, file);
    if (saved && values.events !== undefined)
      throw new UsageError('a save carries its own answers: give --events with a scenario, not with a save');
    if (saved && values.seed !== undefined)
      throw new UsageError('a save carries its own seed: --seed goes with a scenario');
    scenario = withRulings(parseScenario(saved ? saved.scenario : text), rulings);
    events = values.events ? readEvents(values.events) : undefined;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, false);
    throw e;
  }
  const answers = saved ? { saved: saved.events } : events ? { events } : {};
  return walkthrough(scenario, {
    seed: saved?.seed ?? seed,
    lang: values.lang === undefined && saved ? saved.lang : lang,
    policy,
    play: values.play ?? false,
    odds: !values['no-odds'],
    oddsLimits: { maxNodes: oddsNodes },
    ...answers,
  }).then((page) => {
    if (output === undefined || output === '-') out(page.html);
    else {
      try {
        writeFileSync(output, page.html);
      } catch (e) {
        err(`his: cannot write ${output}: ${why(e)}`);
        return 2;
      }
      out(`${output}: ${page.model.steps.length} steps, ${page.bytes} bytes${values.play ? ', with play mode' : ''}`);
    }
    if (page.refused) {
      const r = page.refused;
      err(pageRefusalLine(r, lang));
      return r.code === 'internal' ? 70 : 3;
    }
    return 0;
  });
}
