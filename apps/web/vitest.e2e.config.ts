import { defineConfig } from 'vitest/config';

// Browser tests start a real server and a real Chromium per file: run files one after another
// (two cores here) and give slow starts room.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
