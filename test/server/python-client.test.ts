// A host in another language over the real pipe: test/server/client.py (Python 3, standard library only) starts the
// server as a process (`node --import tsx src/cli.ts serve --stdio`), plays the worked example and checks the rulebook's result; it exits 0 only when everything matches.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers.ts';

const CLIENT = join(ROOT, 'test', 'server', 'client.py');

/**
 * Per-test timeout. What is slow here is process start-up, not the engine: Python, then Node compiling the engine
 * through tsx (about a second on an idle machine, tens of seconds on a loaded 2-core one). The client allows the
 * server 45 s for its first answer and 20 s for each later one; spawnSync is cut at 55 s so a hung pipe fails with
 * the client's output rather than with vitest's timeout.
 */
const PROCESS_TIMEOUT = 60_000;
const SPAWN_TIMEOUT = 55_000;

const python = spawnSync('python3', ['--version'], { encoding: 'utf8', timeout: 10_000 });
const missing = python.error
  ? `python3 is not available here (${(python.error as NodeJS.ErrnoException).code ?? python.error.message}): the Python client is not run`
  : undefined;

function runClient(...args: string[]) {
  const r = spawnSync('python3', [CLIENT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: SPAWN_TIMEOUT });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, error: r.error };
}

describe('a Python host over stdio', () => {
  test(
    '[13.2][14][14.1] client.py plays the worked example through the pipe and exits 0',
    (ctx) => {
      ctx.skip(missing !== undefined, missing);
      const r = runClient();
      const report = `exit ${r.code} ${r.signal ?? ''}\n${r.stdout}\n${r.stderr}`;
      expect(r.error, report).toBeUndefined();
      expect(r.code, report).toBe(0);
      expect(r.stdout).toContain('ok    Hapsburg 5 hits v Ottoman 3');
      expect(r.stdout).toContain('ok    Ottoman loses 4 regulars and 1 cavalry');
      expect(r.stdout).toContain('ok    Ottoman ends in pressburg: 3 regulars, 0 cavalry, ibrahim-pasha and suleiman');
      expect(r.stdout).not.toContain('FAIL');
    },
    PROCESS_TIMEOUT,
  );

  test(
    'client.py exits non-zero when the server does not answer as it should',
    (ctx) => {
      ctx.skip(missing !== undefined, missing);
      // A "server" that prints one line that is not JSON-RPC and exits.
      const r = runClient('--timeout', '10', '--', 'python3', '-c', 'print("hello")');
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(2);
      expect(r.stdout).toContain('ERROR ServerError');
    },
    PROCESS_TIMEOUT,
  );
});
