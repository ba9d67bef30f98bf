/**
 * Backups of an event stored in PostgreSQL, as docs/operations.md (section 3) tells organizers to
 * take and restore them: `pg_dump -Fc` while the server runs, `pg_restore` into a new, empty
 * database, a server started on it.
 * Incident class: lost event data — a backup that cannot be restored.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { listCopies } from '../event-copies/schema-copies.js';
import { buildEvent, eventAnswers, expectJudgingGoesOn } from '../test-support/event.js';
import { dropDatabase, findPostgresBin, freshDatabaseUrl } from '../test-support/postgres-server.js';
import { createTestApp, onDatabase, tempDataDir, type TestApp } from '../test-support/test-app.js';

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('pg_dump -Fc of a running event, pg_restore into a new database: a server on it answers the same', async () => {
  const bin = findPostgresBin();
  const dumps = mkdtempSync(join(tmpdir(), 'podium-dump-'));
  cleanups.push(() => rmSync(dumps, { recursive: true, force: true }));
  const dump = join(dumps, 'podium.dump');

  const original = await createTestApp({ engine: 'postgres' });
  cleanups.push(() => original.close());
  // A reset first: the copy it keeps in the database (section 5) stays out of the dump.
  await original.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
  const event = await buildEvent(original);
  const answers = await eventAnswers(original);
  const log = await original.log();
  // Taken while the server runs: pg_dump reads one snapshot of the database.
  await run(join(bin, 'pg_dump'), [
    '-Fc',
    '-f',
    dump,
    '--exclude-schema',
    'podium_before_*',
    '--dbname',
    original.app.db.location,
  ]);

  const restoredUrl = await freshDatabaseUrl();
  cleanups.push(() => dropDatabase(restoredUrl));
  await run(join(bin, 'pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    restoredUrl,
    dump,
  ]);

  const dataDir = tempDataDir();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const restored: TestApp = await createTestApp({ storage: onDatabase(restoredUrl, dataDir) });
  cleanups.push(() => restored.close());
  expect([await listCopies(original.app.db), await listCopies(restored.app.db)]).toEqual([
    [expect.stringMatching(/^podium_before_reset_/)],
    [],
  ]);
  restored.clock.set(original.clock.now());
  const restoredLog = await restored.log();
  expect(restoredLog.slice(0, log.length + 1)).toBe(`${log}\n`);
  expect(restoredLog.slice(log.length + 1)).toMatch(/^\[[^\]]+\] SYSTEM \| Server started$/);
  expect(await eventAnswers(restored)).toEqual(answers);

  // Judges stay signed in, and new rows follow the restored ones.
  await expectJudgingGoesOn(restored, event);
  const added = await restored.addProject({ name: 'Added after the restore' });
  expect((await restored.projects()).at(-1)?.id).toBe(added);
});
