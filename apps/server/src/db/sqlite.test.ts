import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../domain-events.js';
import { tempDataDir } from '../test-support/test-app.js';
import { openDatabase, type SqliteDatabase } from './sqlite.js';

let dir: string;
let db: SqliteDatabase;

async function open(): Promise<SqliteDatabase> {
  dir = tempDataDir();
  db = await openDatabase(join(dir, 'podium.db'));
  return db;
}

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insertLine = (message: string) =>
  db.run(db.q.insertInto('audit_log').values({ time: 1, type: 'SYSTEM', message }));
const lines = async () =>
  (await db.all(db.q.selectFrom('audit_log').select('message').orderBy('seq'))).map((r) => r.message);
/** The committed lines, read on the connection directly (inside a commit listener). */
const committedLines = () =>
  db.sqlite.prepare('select message from audit_log order by seq').pluck().all() as string[];

describe('openDatabase', () => {
  it('uses WAL, foreign keys and a busy timeout, and creates the full schema', async () => {
    await open();
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    const tables = db.sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'kysely%' order by name",
      )
      .pluck()
      .all();
    expect(tables).toEqual([
      'admin_login_addresses',
      'admin_session_issuer',
      'admin_sessions',
      'audit_log',
      'clock',
      'criteria',
      'criterion_scores',
      'flags',
      'idempotency_keys',
      'judge_conflicts',
      'judge_flagged',
      'judge_tokens',
      'judge_undo',
      'judge_visits',
      'judged_projects',
      'judges',
      'layout_plan',
      'layout_tables',
      'login_failures',
      'login_guards',
      'login_link_key',
      'outbox',
      'projects',
      'qr_codes',
      'rankings',
      'revisions',
      'settings',
      'sqlite_sequence',
      'team_alerts',
      'team_codes',
    ]);
    expect(await db.first(db.q.selectFrom('clock').selectAll())).toMatchObject({
      id: 1,
      running: 0,
      accumulated_ms: 0,
    });
  });
});

describe('Database.transaction', () => {
  it('releases recorded events to listeners only after the commit', async () => {
    await open();
    const seen: { events: readonly DomainEvent[]; committedLines: string[] }[] = [];
    db.onCommit((events) => seen.push({ events, committedLines: committedLines() }));
    await db.transaction(async () => {
      await insertLine('a');
      db.record({ kind: 'projects', public: true });
      expect(seen).toHaveLength(0);
    });
    expect(seen).toEqual([{ events: [{ kind: 'projects', public: true }], committedLines: ['a'] }]);
  });

  it('a throw rolls back the writes and discards the events', async () => {
    await open();
    const seen: unknown[] = [];
    db.onCommit((events) => seen.push(events));
    await expect(
      db.transaction(async () => {
        await insertLine('lost');
        db.record({ kind: 'stats' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await lines()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('a nested transaction that fails rolls back only itself, and its events with it', async () => {
    await open();
    const seen: (readonly DomainEvent[])[] = [];
    db.onCommit((events) => seen.push(events));
    await db.transaction(async () => {
      await insertLine('outer');
      db.record({ kind: 'judges' });
      try {
        await db.transaction(async () => {
          await insertLine('inner');
          db.record({ kind: 'flags' });
          throw new Error('inner failed');
        });
      } catch {
        // the outer transaction goes on
      }
    });
    expect(await lines()).toEqual(['outer']);
    expect(seen).toEqual([[{ kind: 'judges' }]]);
  });

  it('refuses events recorded outside a transaction', async () => {
    await open();
    expect(() => db.record({ kind: 'stats' })).toThrow(/inside a transaction/);
  });

  it('a failing listener does not undo or fail the committed transaction', async () => {
    await open();
    db.onCommit(() => {
      throw new Error('listener broke');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await db.transaction(async () => (db.record({ kind: 'stats' }), 42))).toBe(42);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it('a query from elsewhere waits for the open transaction: it never sees uncommitted rows', async () => {
    await open();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async () => {
      await insertLine('pending');
      await paused;
      await insertLine('second');
    });
    const reading = lines();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await writing;
    expect(await reading).toEqual(['pending', 'second']);
  });

  it('transactions from two callers run one after the other, in the order they began', async () => {
    await open();
    const order: string[] = [];
    const run = (name: string) =>
      db.transaction(async () => {
        order.push(`${name} begins`);
        await insertLine(name);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(`${name} ends`);
      });
    await Promise.all([run('a'), run('b')]);
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    expect(await lines()).toEqual(['a', 'b']);
  });
});
