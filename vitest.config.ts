import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Machine coverage by the suite (npm run coverage:suite) patches the session per test file: it needs each file in a
// fresh module graph.
const countingCoverage = Boolean(process.env['HIS_SUITE_COVERAGE']);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Does nothing unless HIS_SUITE_COVERAGE is set (npm run coverage:suite).
    setupFiles: ['test/setup/suite-coverage.ts'],
    // One worker per core. Vitest's default leaves one core to its own process, which runs a 2-core machine's suite
    // on a single worker while that process sits idle.
    maxWorkers: availableParallelism(),
    // A worker keeps the modules it has loaded from one test file to the next: without this, each of the suite's
    // files loads and transforms the engine, XState and zod again, about a third of the suite's time. The price is
    // a house rule, kept by every file today: a test that changes shared state (a spy, the CLI's output streams)
    // restores it before it ends. Machine coverage by the suite needs the isolation back.
    isolate: countingCoverage,
    // A test's time limit guards against a hang, not a speed target (those live in npm run bench): on a loaded
    // 2-core machine a test that takes 0.3 s alone has taken more than vitest's 5 s default.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
