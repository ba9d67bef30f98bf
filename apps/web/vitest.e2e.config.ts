import { defineConfig } from 'vitest/config';

// Browser tests start a real server and a real Chromium per file: run files one after another
// (two cores here) and give slow starts room. Two files at once were faster (1,000 s against
// 1,423 in CI), but three of four fresh-clone CI runs each found another test that missed its
// moment with Chromium starved of CPU (docs/toolchain.md).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows after a realtime event can lag by seconds when CI runs suites side by side.
    expect: { poll: { timeout: 10_000 } },
  },
});
