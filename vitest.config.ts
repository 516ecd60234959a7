import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Does nothing unless HIS_SUITE_COVERAGE is set (npm run coverage:suite).
    setupFiles: ['test/setup/suite-coverage.ts'],
  },
});
