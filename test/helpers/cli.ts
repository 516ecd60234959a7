// The `his` command run in this process (its `main` with captured streams): the same code path as the binary,
// without the half-second start-up of a new Node process for every test. test/cli/process.test.ts runs the real
// binary for what only a process can show (exit codes, streams).
import { main } from '../../src/cli.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function his(...args: string[]): CliRun {
  let stdout = '';
  let stderr = '';
  const code = main(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}
