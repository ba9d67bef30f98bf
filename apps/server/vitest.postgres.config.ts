/**
 * The server's tests again, on PostgreSQL (R95): each test app gets a fresh database on the run's
 * throwaway server (PODIUM_TEST_ENGINE=postgres; restarts reopen the same one, testStorage()).
 * Every API, realtime, security, concurrency and crash test runs here. Left to the SQLite pass:
 * - db/{checkpointer,sqlite}: SQLite's own connection (WAL checkpoints, taking turns on one
 *   connection); db/postgres*.test.ts are PostgreSQL's counterparts;
 * - durability/{backup,damaged-storage,data-permissions,full-disk}: the SQLite file (its online
 *   backup, a damaged file refused at start, DATA_DIR's permissions, a full disk);
 * - tests that open no storage (config, node-version, io/csv-*, io/mailer, judging/*, the
 *   audit-log unit, test-support).
 * Inside the files listed, `it.skipIf(testEngine() === 'postgres')` marks the cases that act on
 * the SQLite file, each with its reason. docs/toolchain.md says how to run any file on PostgreSQL.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: [
      'src/db/{derived,outbox,postgres*,transactions}.test.ts',
      'src/durability/{admin-work,crash-restart,slow-clients}.test.ts',
      'src/services/export/export-thread.test.ts',
      'src/plugins/*.test.ts',
      'src/realtime/*.test.ts',
      'src/restart.test.ts',
      'src/routes/*.test.ts',
      'src/security/*.test.ts',
      'src/services/{engine-snapshot,event-timers,failure-limiter,results.service}.test.ts',
    ],
    env: { PODIUM_TEST_ENGINE: 'postgres' },
  },
});
