/** Resets (R66, R67), and the copy of the event kept before each (docs/operations.md, section 5). */
import { copyFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import {
  COPY_NOT_FOUND,
  OPTION_DEFAULTS,
  PAUSE_BEFORE_PUTTING_BACK,
  RESET_NEEDS_COPY_RIGHTS,
  type KeptCopy,
} from '@podium/protocol';
import { DATABASE_FILE } from '../config.js';
import { raw } from '../event-copies/event-tables.js';
import { BACKUPS_FOLDER, backupFilename } from '../event-copies/file-copies.js';
import { KEPT_COPIES } from '../event-copies/kept-copies.js';
import { countRows, seedClockRunning, seedJudgedEvent, seedToken } from '../test-support/seed.js';
import { copyName, listCopies } from '../event-copies/schema-copies.js';
import { dropDatabase, freshDatabaseUrl, testPostgresUrl } from '../test-support/postgres-server.js';
import type { DB } from '../db/schema.js';
import {
  basicAuth,
  createTestApp,
  onDatabase,
  TEST_ADMIN_PASSWORD,
  tempDataDir,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const get = async (url: string) => (await t.admin({ method: 'GET', url })).json();
const count = (table: keyof DB) => countRows(t.app, table);

describe('POST /admin/reset (R66, R67)', () => {
  const reset = (type: unknown) => t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } });

  it('validates the type and refuses while judging runs', async () => {
    await t.refused({ method: 'POST', url: '/api/admin/reset', payload: {} }, 400, 'type is required');
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 1 } },
      400,
      'type must be a string',
    );
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 'everything' } },
      400,
      'invalid type for reset',
    );
    await seedClockRunning(t.app, true);
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } },
      400,
      'pause judging before resetting',
    );
  });

  it('rankings: no rankings, no stars; notes and views stay', async () => {
    await seedJudgedEvent(t);
    expect((await reset('rankings')).json()).toEqual({ ok: 1 });
    const judges = await t.judges();
    expect(judges.every((j) => j.rankings.length === 0)).toBe(true);
    expect(judges.flatMap((j) => j.seen_projects).every((s) => !s.starred)).toBe(true);
    expect(judges[0]?.seen_projects[0]?.notes).toBe('keep me');
    expect((await t.projects()).map((p) => p.seen)).toEqual([2, 1, 0]);
    expect(await count('flags')).toBe(2);
    expect(await t.log()).toContain('ADMIN  | Reset database: rankings');
  });

  it('judging-data: judgments, flags and states go; people, content, tables and codes stay', async () => {
    const { ada } = await seedJudgedEvent(t);
    const token = await seedToken(t.app, ada);
    const codes = (await t.judges()).map((j) => j.code);
    await t.admin({
      method: 'POST',
      url: '/api/admin/options',
      payload: { multi_group: true, switching_mode: 'manual' },
    });
    await t.admin({ method: 'POST', url: '/api/admin/groups/swap' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    t.clock.advance(5_000);
    await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    expect((await reset('judging-data')).json()).toEqual({ ok: 1 });

    const judges = await t.judges();
    expect(
      judges.map((j) => [
        j.active,
        j.current,
        j.seen,
        j.read_welcome,
        j.flagged,
        j.rankings,
        j.last_activity,
      ]),
    ).toEqual(judges.map(() => [true, null, 0, false, [], [], 0]));
    expect(judges.map((j) => j.code)).toEqual(codes);
    expect(judges.map((j) => j.group)).toEqual([1, 2, 1]);
    const projects = await t.projects();
    expect(projects.map((p) => [p.name, p.location, p.active, p.seen, p.track_seen, p.prioritized])).toEqual([
      ['A', 1, true, 0, {}, false],
      ['B', 2, true, 0, {}, false],
      ['C', 3, true, 0, {}, false],
    ]);
    expect(await count('flags')).toBe(0);
    const options = await get('/api/admin/options');
    expect(options).toMatchObject({
      deliberation: false,
      manual_switches: 0,
      multi_group: true,
      tracks: ['AI/ML'],
      clock: { running: false, time: 0 },
    });
    // Tokens stay valid.
    const self = await t.app.inject({
      method: 'GET',
      url: '/api/judge/deliberation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(self.statusCode).toBe(200);
  });

  it('projects: no projects, and the next one gets table 1', async () => {
    await seedJudgedEvent(t);
    await reset('projects');
    expect(await t.projects()).toEqual([]);
    expect((await t.judges()).every((j) => j.seen === 0 && j.current === null)).toBe(true);
    await t.addProject({ name: 'New' });
    expect((await t.projects())[0]?.location).toBe(1);
  });

  it('judges: no judges and no tokens; projects keep their content but lose their views', async () => {
    const { ada } = await seedJudgedEvent(t);
    const token = await seedToken(t.app, ada);
    await reset('judges');
    expect(await t.judges()).toEqual([]);
    expect(await count('judge_tokens')).toBe(0);
    expect((await t.projects()).map((p) => [p.seen, p.active])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/judge/deliberation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('all: an empty event with default options, no QR codes, a new log, cleared admin limiter', async () => {
    await seedJudgedEvent(t);
    await t.admin({ method: 'POST', url: '/api/admin/qr' });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { min_views: 7 } });
    // Another client (another IP) is over the admin-authentication limit.
    const fromOther = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth',
        remoteAddress: '10.0.0.9',
        headers: { authorization: basicAuth(password) },
      });
    for (let i = 0; i < 20; i += 1) await fromOther(`bad${i}`);
    expect((await fromOther(TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await reset('all')).json()).toEqual({ ok: 1 });
    expect(await t.projects()).toEqual([]);
    expect(await t.judges()).toEqual([]);
    expect(await count('flags')).toBe(0);
    expect(await get('/api/admin/options')).toEqual({
      ...OPTION_DEFAULTS,
      curr_table_num: 0,
      group_table_nums: [0, 30, 60],
    });
    expect(await get('/api/admin/qr')).toEqual({ qr_code: '', url: '' });
    const log = (await t.log()).split('\n');
    expect(log[0]?.slice(27)).toBe('ADMIN  | Reset database: all');
    // The limiters were cleared: the other client gets in at once.
    expect((await fromOther(TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the copy of the event kept before a reset', () => {
  const reset = (type: string) => t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } });
  const folder = () => join(t.app.config.dataDir, BACKUPS_FOLDER);
  /** The copies kept, oldest first: files beside SQLite's database, schemas in PostgreSQL's. */
  const kept = async () => {
    if (t.app.db.engine === 'postgres') return (await listCopies(t.app.db)).reverse();
    return existsSync(folder()) ? readdirSync(folder()).sort() : [];
  };
  const keptName = (time: number) =>
    t.app.db.engine === 'postgres' ? copyName('before-reset', time) : backupFilename(time, 'before-reset');

  it('is the event as it was, which a server started on it serves (SQLite; PostgreSQL keeps a schema, restore-backup.test.ts)', async () => {
    await seedJudgedEvent(t);
    const projects = await t.projects();
    const judges = await t.judges();
    const said = vi.spyOn(console, 'log');
    try {
      expect((await reset('all')).json()).toEqual({ ok: 1 });
      expect(await t.projects()).toEqual([]);
      const name = keptName(t.clock.now());
      expect(await kept()).toEqual([name]);
      if (t.app.db.engine === 'postgres') {
        expect(said).toHaveBeenCalledWith(
          `Reset all: the event as it was before is kept in the database's schema ${name} (docs/operations.md, section 5).`,
        );
        return;
      }
      expect(statSync(join(folder(), name)).mode & 0o777).toBe(0o600); // judges' codes and notes
      expect(said).toHaveBeenCalledWith(
        `Reset all: the event as it was before is kept in DATA_DIR/backups/${name} (docs/operations.md, section 5).`,
      );
    } finally {
      said.mockRestore();
    }
    // Undoing the reset as docs/operations.md says: the copy as the database of a data folder.
    const restoredDir = tempDataDir();
    copyFileSync(join(folder(), (await kept())[0] as string), join(restoredDir, DATABASE_FILE));
    const restored = await createTestApp({ engine: 'sqlite', dataDir: restoredDir });
    try {
      expect(await restored.projects()).toEqual(projects);
      expect(await restored.judges()).toEqual(judges);
    } finally {
      await restored.close();
      rmSync(restoredDir, { recursive: true, force: true });
    }
  });

  it('is listed by GET /admin/reset/copies, newest first, with what it holds and how to restore it', async () => {
    const copies = async () => {
      const res = await t.admin({ method: 'GET', url: '/api/admin/reset/copies' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<KeptCopy[]>();
    };
    expect(await copies()).toEqual([]);
    await seedJudgedEvent(t);
    const [projects, judges] = [(await t.projects()).length, (await t.judges()).length];
    const judgments = await countRows(t.app, 'judged_projects');
    expect(judgments).toBeGreaterThan(0);
    expect((await reset('judging-data')).statusCode).toBe(200);
    const first = t.clock.now();
    t.clock.advance(60_000);
    expect((await reset('all')).statusCode).toBe(200);
    const command = (name: string) =>
      t.app.db.engine === 'postgres'
        ? `DATABASE_URL=${t.app.db.location} node apps/server/dist/restore.js ${name}`
        : `DATA_DIR=${t.app.config.dataDir} node apps/server/dist/restore.js ${join(folder(), name)}`;
    const listed = (time: number, counts: [number, number, number]) => ({
      name: keptName(time),
      kind: 'before-reset',
      taken_at: time,
      projects: counts[0],
      judges: counts[1],
      judgments: counts[2],
      restore_command: command(keptName(time)),
    });
    expect(await copies()).toEqual([
      listed(t.clock.now(), [projects, judges, 0]),
      listed(first, [projects, judges, judgments]),
    ]);
    // Reading them left nothing beside them (a read-only connection to a WAL file would).
    expect(await kept()).toEqual([keptName(first), keptName(t.clock.now())]);
  });

  it('is put back by POST /admin/reset/copies/restore: the event as it was, judges signed in, every instance reading it again', async () => {
    await seedJudgedEvent(t);
    const [judge] = await t.judges();
    const token = await seedToken(t.app, judge?.id as string);
    const asJudge = () =>
      t.app.inject({ method: 'GET', url: '/api/judge', headers: { authorization: `Bearer ${token}` } });
    expect((await asJudge()).statusCode).toBe(200);
    // Another instance on the same event (PostgreSQL), its lists read and kept before the put-back.
    const other =
      t.app.db.engine === 'postgres'
        ? await createTestApp({ storage: onDatabase(t.app.db.location, tempDataDir()) })
        : undefined;
    const [projects, judges, log] = [await t.projects(), await t.judges(), await t.log()];
    try {
      expect((await reset('all')).statusCode).toBe(200);
      expect([await t.projects(), (await asJudge()).statusCode]).toEqual([[], 401]);
      if (other !== undefined) expect(await other.projects()).toEqual([]);
      const [copy] = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
      t.clock.advance(60_000);
      const put = await t.admin({
        method: 'POST',
        url: '/api/admin/reset/copies/restore',
        payload: { name: copy?.name },
      });
      expect([put.statusCode, put.json()]).toEqual([200, { ok: 1 }]);
      expect([await t.projects(), await t.judges()]).toEqual([projects, judges]);
      expect((await asJudge()).statusCode).toBe(200);
      expect(await t.log()).toBe(
        `${log}\n[${new Date(t.clock.now()).toISOString()}] ADMIN  | Put back the copy ${copy?.name}`,
      );
      if (other !== undefined)
        expect([await other.projects(), await other.judges()]).toEqual([projects, judges]);
      // The event it replaced (the reset one) is kept too, newest: putting it back undoes this.
      const after = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
      expect(after.map((kept) => [kept.kind, kept.taken_at, kept.projects])).toEqual([
        ['before-restore', t.clock.now(), 0],
        ['before-reset', copy?.taken_at, projects.length],
      ]);
    } finally {
      await other?.close();
    }
  });

  it('is not put back while judging runs, nor by a name no copy has; nothing changes', async () => {
    await t.addProject({ name: 'Kept' });
    expect((await reset('projects')).statusCode).toBe(200);
    const [copy] = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
    const putBack = (name: unknown) => ({
      method: 'POST' as const,
      url: '/api/admin/reset/copies/restore',
      payload: { name },
    });
    for (const name of [
      'podium-before-reset-20261122T080000.000Z.db',
      'podium_before_reset_20261122t080000_000z',
      '../podium.db',
    ]) {
      await t.refused(putBack(name), 404, COPY_NOT_FOUND);
    }
    await t.refused(putBack(''), 404, COPY_NOT_FOUND);
    await t.refused(putBack(undefined), 400, 'name is required');
    await seedClockRunning(t.app, true);
    await t.refused(putBack(copy?.name), 400, PAUSE_BEFORE_PUTTING_BACK);
    expect(await kept()).toHaveLength(1);
  });

  it('on PostgreSQL, is a reset refused, changing nothing, while the database user may not create it', async (context) => {
    if (t.app.db.engine !== 'postgres')
      return context.skip('SQLite keeps a file (full-disk.test.ts: no room)');
    // A database user with its schema's rights but not CREATE on the database: the copy's schema
    // cannot be made. Superusers pass every check, so the app connects as an ordinary owner.
    const role = `podium_no_create_${process.pid}`;
    const url = await freshDatabaseUrl();
    const database = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let limited: TestApp | undefined;
    try {
      await admin.query(`create role ${role} login`);
      await admin.query(`alter database "${database}" owner to ${role}`);
      await admin.query(`revoke create on database "${database}" from ${role}`);
      const limitedUrl = new URL(url);
      limitedUrl.username = role;
      limited = await createTestApp({ storage: onDatabase(limitedUrl.toString()) });
      await limited.addProject({ name: 'Kept' });
      await limited.refused(
        { method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } },
        400,
        RESET_NEEDS_COPY_RIGHTS,
      );
      expect((await limited.projects()).map((project) => project.name)).toEqual(['Kept']);
      await admin.query(`grant create on database "${database}" to ${role}`);
      expect(
        (await limited.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } }))
          .statusCode,
      ).toBe(200);
      expect(await limited.projects()).toEqual([]);
    } finally {
      await limited?.close();
      await admin.end();
      await dropDatabase(url);
      const server = new pg.Client({ connectionString: testPostgresUrl() });
      await server.connect();
      await server.query(`drop role if exists ${role}`).finally(() => server.end());
    }
  });

  it('is not put back when another version of Podium took it; nothing changes', async () => {
    await t.addProject({ name: 'Kept' });
    expect((await reset('projects')).statusCode).toBe(200);
    const [copy] = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
    const name = copy?.name as string;
    // The copy as the version before the newest migration took it.
    if (t.app.db.engine === 'postgres') {
      const migrations = sql.id(name, 'kysely_migration');
      await t.app.db.run(
        raw(t.app.db, sql`delete from ${migrations} where name = (select max(name) from ${migrations})`),
      );
    } else {
      const file = new BetterSqlite3(join(folder(), name));
      file.exec('delete from kysely_migration where name = (select max(name) from kysely_migration)');
      file.close();
    }
    const applied = (
      await t.app.db.all(
        raw<{ name: string }>(t.app.db, sql`select name from kysely_migration order by name`),
      )
    ).map((row) => row.name);
    await t.refused(
      { method: 'POST', url: '/api/admin/reset/copies/restore', payload: { name } },
      400,
      `${name} was taken by another version of Podium (migrations ${applied.slice(0, -1).join(', ')}; this database has ${applied.join(', ')})`,
    );
    expect(await kept()).toEqual([name]);
  });

  it(`keeps the newest ${KEPT_COPIES} of each kind, and none for a reset refused while judging runs`, async () => {
    const resets: number[] = [];
    for (let i = 0; i < KEPT_COPIES + 2; i += 1) {
      t.clock.advance(60_000);
      expect((await reset('rankings')).statusCode).toBe(200);
      resets.push(t.clock.now());
    }
    const names = resets.map(keptName);
    expect(await kept()).toEqual(names.slice(-KEPT_COPIES));
    await seedClockRunning(t.app, true);
    t.clock.advance(60_000);
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } },
      400,
      'pause judging before resetting',
    );
    expect(await kept()).toEqual(names.slice(-KEPT_COPIES));
    // Each put-back keeps the event it replaces: those copies are pruned the same way.
    await seedClockRunning(t.app, false);
    const putBacks: number[] = [];
    for (let i = 0; i < KEPT_COPIES + 1; i += 1) {
      t.clock.advance(60_000);
      const put = await t.admin({
        method: 'POST',
        url: '/api/admin/reset/copies/restore',
        payload: { name: names.at(-1) },
      });
      expect(put.statusCode, put.body).toBe(200);
      putBacks.push(t.clock.now());
    }
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
    const newestFirst = (times: number[]) => times.slice(-KEPT_COPIES).reverse();
    expect(listed.map((copy) => [copy.kind, copy.taken_at])).toEqual([
      ...newestFirst(putBacks).map((time) => ['before-restore', time]),
      ...newestFirst(resets).map((time) => ['before-reset', time]),
    ]);
  });
});
