// The `his` command (DESIGN "Command line", a contract). The only place with console output, file I/O and exit codes
// (with its command modules in src/cli/). Exit codes: 0 done, 1 usage (a bad command, option or value), 2 a bad
// scenario, events or save file (or one that cannot be read), 3 an illegal scripted event, 4 explore found invariant
// violations, 5 review found changes since its baseline, 6 explore --exists/--forall undecided (a bound stopped it),
// 70 an engine fault. No stack trace is printed for anything a user typed.
import { MACHINE_IDS } from '../machines/index.ts';
import { MAX_SEED } from './engine/session.ts';
import { VARIANT_RULINGS } from './schema/rulings.ts';
import { serveStdio } from './server.ts';
import { cmdDiagram } from './cli/diagram.ts';
import { cmdIds } from './cli/ids.ts';
import { cmdReview, REVIEW_USAGE } from './cli/casebook.ts';
import { cmdExplore, cmdOdds, EXPLORE_USAGE } from './cli/review.ts';
import { cmdResolve } from './cli/resolve.ts';
import { cmdCoverage, COVERAGE_USAGE } from './cli/coverage.ts';
import { cmdSchema } from './cli/schema.ts';
import { cmdWalkthrough, WALKTHROUGH_USAGE } from './cli/walkthrough.ts';
import { serveOptions } from './cli/serve.ts';
import { err, out, processIo, useIo, UsageError, type Io } from './cli/common.ts';

export type { Io };

const USAGE = `his — Here I Stand land-combat procedures

Usage (one command's lines: his <command> --help, or his help <command>):
  his resolve <scenario.json> [--events file.json] [--seed N] [--policy decline|eager] [--json] [--lang en|ru]
              [--ruling ID=READING]...
      Runs the move to its end: scripted events first, then the policy, with seeded dice (seed 0 to ${MAX_SEED}).
      --lang ru tells the story, and a refused event with the rule it cites, in Russian.
      --ruling R11=alternative (repeatable) reads an open ruling the other way, over the scenario's own "rulings"
      (rulings with an alternative: ${VARIANT_RULINGS.join(', ')}; the same option on odds, explore and walkthrough).
      Exit codes: 0 done, 1 usage, 2 bad scenario or events file, 3 illegal scripted event.
  his odds <scenario.json> [--policy decline|eager] [--events file.json] [--max-paths N] [--max-nodes N] [--max-ms N]
           [--ruling ID=READING]... [--json]
      Exact chances of every outcome of the move when a policy answers every decision: dice outcomes are enumerated
      with exact probabilities (scripted events in the scenario are ignored). --events plays answers and dice first
      (an interception and its roll, a card play), as explore --events does: the chances are of the move that follows
      them, what they did counted in. A refused event is exit 3, with its rule. A run a bound stops says which bound
      to raise; it has no chances to show unless part of it finished.
${EXPLORE_USAGE}
${REVIEW_USAGE}
${COVERAGE_USAGE}
  his diagram [<machine>|composed] [--format mermaid|dot|svg] [--lang en|ru] [--highlight <machine.state>]
      Prints a procedure's statechart (default: movement, Mermaid), drawn from the machine itself. A machine is one of
      ${MACHINE_IDS.join(', ')}; composed is movement with
      every procedure it invokes. --highlight marks one state (e.g. fieldBattle.rollingAttackerDice).
${WALKTHROUGH_USAGE}
  his schema [scenario|event|decision|result|session]
      Prints a JSON Schema (default: scenario).
  his ids [spaces|leaders|powers] [--near <space>] [--json]
      Lists the ids a scenario may use, with their English and Russian names (default: all three kinds); --near lists
      a space's neighbours and whether each connection is clear or a pass.
  his serve --stdio
      A JSON-RPC 2.0 server, one message per line on stdin and stdout, for hosts in other languages (docs/server.md).
`;

/**
 * The lines of USAGE about one command (its usage line and what follows, up to the next command; `review` has two),
 * with the heading: what `his <command> --help` and `his help <command>` print.
 */
export function commandUsage(command: string): string | undefined {
  const [heading, ...rest] = USAGE.split('\n  his ');
  const sections = rest.filter((s) => s.split(/[\s\n]/, 1)[0] === command);
  if (sections.length === 0) return undefined;
  const body = sections.map((s) => `  his ${s.replace(/\n+$/, '')}`).join('\n');
  return `${heading!.trimEnd()}\n${body}\n`;
}

const HELP_FLAGS: ReadonlySet<string> = new Set(['--help', '-h']);

type Command = (args: string[]) => number | Promise<number>;

/** The command names, for a test that each has its lines in USAGE. */
export const COMMAND_NAMES = (): readonly string[] => Object.keys(COMMANDS);

/** The commands by name, in a table without a prototype: `his constructor` is an unknown command, not a crash. */
const COMMANDS: Readonly<Record<string, Command>> = Object.assign(Object.create(null) as Record<string, Command>, {
  resolve: cmdResolve,
  schema: cmdSchema,
  diagram: cmdDiagram,
  odds: cmdOdds,
  explore: cmdExplore,
  review: cmdReview,
  coverage: cmdCoverage,
  ids: cmdIds,
  walkthrough: cmdWalkthrough,
  // Only the options are checked here; runProcess starts the server once they are right.
  serve: (args: string[]) => (serveOptions(args), 0),
});

/**
 * Runs one command. Every command answers at once except an SVG diagram, a walkthrough page and an exploration with
 * --assert or --workers: those return a promise of their exit code.
 */
export function main(argv: string[], streams: Io = processIo): number | Promise<number> {
  useIo(streams);
  const [command, ...rest] = argv;
  try {
    if (command === 'help' && rest.length > 0) {
      // `his help explore`: that command's lines.
      const usage = commandUsage(rest[0]!);
      if (!usage) throw new UsageError(`unknown command '${rest[0]}'`);
      out(usage);
      return 0;
    }
    if (command === undefined || command === 'help' || HELP_FLAGS.has(command)) {
      out(USAGE);
      return command === undefined ? 1 : 0;
    }
    if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`unknown command '${command}'`);
    // `his explore --help` (before any file or option is read; after `--` it is a positional).
    const end = rest.indexOf('--');
    if ((end < 0 ? rest : rest.slice(0, end)).some((a) => HELP_FLAGS.has(a))) {
      out(commandUsage(command)!);
      return 0;
    }
    return COMMANDS[command]!(rest);
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      const known = command !== undefined && Object.hasOwn(COMMANDS, command);
      err(`his: ${usageLine((e as Error).message)} (see 'his ${known ? `${command} --help` : 'help'}')`);
      return 1;
    }
    return fault(e);
  }
}

/**
 * A usage error on one line. Node's "argument is ambiguous" (a value that starts with a dash and is not a number)
 * keeps its last line, which says how to give such a value.
 */
function usageLine(message: string): string {
  // Node's "Unknown option '--x'. To specify a positional argument starting with a '-', place it at the end of the
  // command after '--', as in '-- "--x"": the first sentence is the error; the advice is rarely what was meant.
  const unknown = /^Unknown option '([^']*)'\./i.exec(message);
  if (unknown) return `unknown option '${unknown[1]}'`;
  const lines = message.split('\n');
  if (lines.length > 1 && /argument is ambiguous/.test(lines[0]!))
    return `${lines[0]!.replace(/\.$/, '')}: ${lines.at(-1)!.replace(/^To/, 'to').replace(/\.$/, '')}`;
  return lines[0]!;
}

/** An engine fault, not the user's: one line, no stack trace, exit 70. */
function fault(e: unknown): number {
  err(`his: internal error: ${(e as Error)?.message ?? String(e)} (please report the command and its files)`);
  return 70;
}

/** Runs the command as a process: the real streams and exit code. */
export function runProcess(argv: string[]): void {
  // A reader that closes the pipe early (`his schema | head`) is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  // `his serve --help` prints its lines and exits, as every command's --help does.
  if (argv[0] === 'serve' && !argv.slice(1).some((a) => HELP_FLAGS.has(a))) {
    const code = main(argv);
    if (code !== 0) return void (process.exitCode = typeof code === 'number' ? code : 70);
    serveStdio().then(
      () => void (process.exitCode = 0),
      (e: unknown) => {
        err(`his: internal error in the server: ${(e as Error)?.message ?? String(e)}`);
        process.exitCode = 70;
      },
    );
    return;
  }
  const code = main(argv);
  if (typeof code === 'number') process.exitCode = code;
  else
    code.then(
      (c) => void (process.exitCode = c),
      (e: unknown) => void (process.exitCode = fault(e)),
    );
}

if (process.argv[1]?.endsWith('cli.ts')) runProcess(process.argv.slice(2));
