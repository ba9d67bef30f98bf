import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A file per core, not vitest's default of one fewer: the files spend much of their time
    // waiting for PostgreSQL, child servers and timers. On two cores, two files at once took the
    // PostgreSQL pass from 1,185 to 878 s and the SQLite pass from 565 to 450 s (docs/toolchain.md).
    maxWorkers: availableParallelism(),
    // Above the start guard of the tests that run the built server (test-support/server-process.ts,
    // 40 s), so a hung start fails with the guard's message and the server's output.
    testTimeout: 60_000,
    // One throwaway PostgreSQL server per run (PODIUM_TEST_POSTGRES=off: none).
    globalSetup: ['src/test-support/postgres-global-setup.ts'],
  },
});
