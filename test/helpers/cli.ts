// The `his` command run in this process (its `main` with captured streams): the same code path as the binary,
// without the half-second start-up of a new Node process for every test. test/cli/process.test.ts runs the real
// binary for what only a process can show (exit codes, streams).
import { main } from '../../src/cli.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: string[]): { result: number | Promise<number>; output: () => { stdout: string; stderr: string } } {
  let stdout = '';
  let stderr = '';
  const result = main(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { result, output: () => ({ stdout, stderr }) };
}

/** A command that answers at once (every one but an SVG diagram). */
export function his(...args: string[]): CliRun {
  const { result, output } = run(args);
  if (typeof result !== 'number') throw new Error(`his ${args.join(' ')} answers asynchronously: use hisAsync`);
  return { code: result, ...output() };
}

/** Any command, waiting for it when it answers asynchronously. */
export async function hisAsync(...args: string[]): Promise<CliRun> {
  const { result, output } = run(args);
  const code = await result;
  return { code, ...output() };
}
