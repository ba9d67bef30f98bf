import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // One jsdom per worker, a fresh VM context per file (isolation kept): creating jsdom for each
      // file in its own process was 73 % of this pass (89 s in CI; 20–30 s so, docs/toolchain.md).
      pool: 'vmThreads',
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
