import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Deploys a new version into the `dist/` every file's server serves: it runs after the others, alone. */
const DEPLOYS = 'e2e/update-banner.e2e.ts';

// Browser tests start a real server and a real Chromium per file. A file per core, not vitest's
// default of one fewer: most of a browser test is waiting (a page settling, a realtime event, a
// retry), so on two cores two files at once took CI's browser pass from 1,368 to 1,000 s. The
// five tests that CI runs found missing their moment this way were each mended at their cause
// (docs/toolchain.md). Slow starts get room.
export default defineConfig({
  test: {
    environment: 'node',
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows after a realtime event can lag by seconds when CI runs suites side by side.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.ts'],
          exclude: [...configDefaults.exclude, DEPLOYS],
        },
      },
      // Beside another file, a page loaded meanwhile would find the new version and offer it.
      { extends: true, test: { name: 'deploys', include: [DEPLOYS], sequence: { groupOrder: 1 } } },
    ],
  },
});
