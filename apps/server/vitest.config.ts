import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    // One throwaway PostgreSQL server per run (PODIUM_TEST_POSTGRES=off: none).
    globalSetup: ['src/test-support/postgres-global-setup.ts'],
  },
});
