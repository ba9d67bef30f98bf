/**
 * The API, realtime and concurrency tests again, on PostgreSQL (R95): each test app gets a fresh
 * database on the run's throwaway server. The list grows as tests stop reading SQLite directly;
 * docs/toolchain.md says how to run any other file on PostgreSQL.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: [
      'src/db/{outbox,postgres*}.test.ts',
      'src/plugins/{auth,compression,conventions,entity-tags,web-app}.test.ts',
      'src/realtime/{outbox-relay,realtime}.test.ts',
      'src/routes/{admin-event.routes,admin-list-cache,export.routes,import.routes,judge-admin.routes}.test.ts',
      'src/routes/{judge-email,judge-session.routes,project.routes}.test.ts',
      'src/routes/{judging.routes,layout.routes,list-compression,log.routes,options.routes}.test.ts',
      'src/routes/{progress.routes,qr.routes,results.routes,session.routes}.test.ts',
      'src/security/{authorization,concurrency}.test.ts',
    ],
    env: { PODIUM_TEST_ENGINE: 'postgres' },
  },
});
