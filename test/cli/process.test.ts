// The `his` command as a separate process, run from the sources (node --import tsx src/cli.ts; the compiled binary
// of the packed package is tested in test/package): what only a process shows — the exit code, stdout and stderr,
// no stack trace. Each test starts Node with tsx (about half a second on an idle machine, several seconds on a loaded one),
// so these few tests carry an explicit timeout with a wide margin; everything else about the command is tested in
// this process (cli.test.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** Start-up of a Node process with tsx, not the engine's speed: generous on a loaded 2-core machine. */
const PROCESS_TIMEOUT = 60_000;

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: PROCESS_TIMEOUT,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the his binary', () => {
  test(
    'serve --help prints its lines and exits: the server does not start (nothing answers a request on stdin)',
    () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli.ts'), 'serve', '--help'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: PROCESS_TIMEOUT,
        input: '{"jsonrpc":"2.0","id":1,"method":"hello"}\n',
      });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('  his serve --stdio');
      expect(r.stdout).not.toContain('jsonrpc');
    },
    PROCESS_TIMEOUT,
  );

  test(
    '[13.1] resolves the worked example: exit 0, the story on stdout, nothing on stderr',
    () => {
      const r = run('resolve', 'examples/vienna-1517.json');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('8 + 2 − 1 = 9 — success');
      expect(r.stderr).toBe('');
    },
    PROCESS_TIMEOUT,
  );

  test(
    'a bad scenario: exit 2, the problems on stderr, no stack trace',
    () => {
      const r = run('resolve', 'package.json');
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('invalid scenario');
      expect(r.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
    },
    PROCESS_TIMEOUT,
  );

  test(
    'a usage error: exit 1 with one line on stderr',
    () => {
      const r = run('frobnicate');
      expect(r.code).toBe(1);
      expect(r.stderr).toBe("his: unknown command 'frobnicate' (see 'his help')\n");
    },
    PROCESS_TIMEOUT,
  );
});
