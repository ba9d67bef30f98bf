/**
 * The realtime `seq` kept in the outbox (API.md 6.2, DESIGN.md §7), on the test engine: a restart
 * goes on from the last `seq` (never back to 1), the import worker's commits reach the sockets
 * once, and the outbox keeps only the rows of the last OUTBOX_KEEP_MS. Many instances on one
 * PostgreSQL database: instances.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { multipart } from '../test-support/multipart.js';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import {
  createTestApp,
  IN_WORKERS,
  testStorage,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../test-support/test-app.js';
import { OUTBOX_KEEP_MS } from './outbox-relay.js';

const apps: TestApp[] = [];
const sockets: TestSocket[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const t of apps.splice(0)) await t.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Storage that outlives its apps: a data folder (SQLite) or a database (PostgreSQL). */
async function storage(): Promise<Parameters<typeof createTestApp>[0]> {
  const kept = await testStorage();
  cleanups.push(kept.remove);
  return { storage: kept };
}

async function start(options?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

async function adminSocket(t: TestApp): Promise<TestSocket> {
  const socket = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
  sockets.push(socket);
  return socket;
}

/** The `seq` an API read answers (`x-podium-seq`). */
const seqOfRead = async (t: TestApp) =>
  Number((await t.app.inject({ method: 'GET', url: '/api/project/list/public' })).headers['x-podium-seq']);
const seqs = (socket: TestSocket) => socket.events.map((event) => Number(event.payload.seq));

describe('seq across restarts', () => {
  it('goes on from the last seq after a restart: it never goes back', async () => {
    const where = await storage();
    const first = await start(where);
    const before = await adminSocket(first);
    await first.addProject({ name: 'A' });
    await until(() => before.names().includes('stats'));
    const last = Math.max(...seqs(before));
    expect(await seqOfRead(first)).toBe(last);
    apps.splice(apps.indexOf(first), 1);
    await first.close();

    const second = await start(where);
    expect(await seqOfRead(second)).toBe(last);
    const after = await adminSocket(second);
    await second.addProject({ name: 'B' });
    await until(() => after.names().includes('stats'));
    expect(Math.min(...seqs(after))).toBeGreaterThan(last);
  });

  it('a page read before a restart, with a change committed in between, is told at its first connect after it (since)', async () => {
    const where = await storage();
    const first = await start(where);
    await first.addProject({ name: 'A' });
    const shown = await seqOfRead(first);
    expect(shown).toBe(await first.app.db.outbox.last());
    await first.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const last = await first.app.db.outbox.last();
    apps.splice(apps.indexOf(first), 1);
    await first.close();

    const second = await start(where);
    const expo = await openSocket(await listen(second), { since: shown });
    sockets.push(expo);
    // The new process never had that change: one event of each name the page's rooms get.
    const names = ['clock', 'deliberation', 'options.changed', 'layout.changed', 'projects.changed'];
    await until(() => expo.events.length === names.length);
    await settle(300);
    expect(expo.names()).toEqual(names);
    expect(seqs(expo)).toEqual(names.map(() => last));
    expect(expo.events[0]?.payload).toMatchObject({ running: true });
  });
});

describe("the import worker's commits", () => {
  it('reach the sockets once: its own transaction wrote the rows, which the main thread reads', async () => {
    const t = await start({ app: { inPlace: IN_WORKERS } });
    const admin = await adminSocket(t);
    const before = await t.app.db.outbox.last();
    const { payload, headers } = multipart({}, { content: 'Alpha,first,https://x.org/a\n' });
    const res = await t.admin({ method: 'POST', url: '/api/project/csv', payload, headers });
    expect(res.json()).toEqual({ ok: 1, count: 1, skipped: 0 });
    await until(() => admin.names().includes('stats'));
    await settle(300);
    expect(admin.names()).toEqual(['projects.changed', 'stats']);
    const rows = await t.app.db.outbox.after(before, 100);
    expect(rows.map((row) => row.event.kind)).toEqual(['projects', 'stats']);
    expect(seqs(admin)).toEqual(rows.map((row) => row.seq));
  });
});

describe('pruning the outbox', () => {
  it('deletes the rows it had OUTBOX_KEEP_MS ago or more, and keeps the newest', async () => {
    const t = await start();
    const rows = () => t.app.db.outbox.after(0, 10_000);
    /** A write, once the relay has read it. */
    const written = async (name: string) => {
      await t.addProject({ name });
      const last = await t.app.db.outbox.last();
      await until(async () => (await seqOfRead(t)) === last);
      return last;
    };
    const read = await written('A');
    // The relay notes its cursor as rows come, once a minute of the app's clock at most, and
    // deletes what it had OUTBOX_KEEP_MS before: a few such steps later, the rows of A are gone.
    let last = read;
    for (const name of ['B', 'C', 'D']) {
      t.clock.advance(OUTBOX_KEEP_MS + 1);
      last = await written(name);
    }
    await until(async () => ((await rows())[0]?.seq ?? 0) > read);
    const kept = await rows();
    expect(kept.at(-1)?.seq).toBe(last);
    expect(kept.every((row) => row.seq > read)).toBe(true);
  });
});
