import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../test-support/test-app.js';
import { BUSY_TIMEOUT_MS, openDatabase, type SqliteDatabase } from './sqlite.js';

let dir: string;
let db: SqliteDatabase | undefined;

afterEach(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const writeRows = (target: SqliteDatabase, n: number) =>
  target.transaction(async () => {
    for (let i = 0; i < n; i += 1) {
      await target.run(
        target.q.insertInto('audit_log').values({ time: i, type: 'SYSTEM', message: 'x'.repeat(1000) }),
      );
    }
  });

describe('Checkpointer', () => {
  it('moves committed pages into the database file in the background', async () => {
    dir = tempDataDir();
    const file = join(dir, 'podium.db');
    db = await openDatabase(file);
    const before = statSync(file).size;
    await writeRows(db, 200);
    // The writer's own checkpoint waits for 10,000 pages: only the checkpointer can have done this.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 150_000), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('empties the WAL once writes pause, and leaves the connection waiting for locks as before', async () => {
    dir = tempDataDir();
    const file = join(dir, 'podium.db');
    db = await openDatabase(file);
    await writeRows(db, 50);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    // Two rounds see the same fully checkpointed WAL, then the truncation (busy timeout 0 for it).
    await vi.waitFor(() => expect(statSync(`${file}-wal`).size).toBe(0), { timeout: 6000, interval: 100 });
    expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
  });

  it('stops before the main connection closes, which then leaves no WAL behind', async () => {
    dir = tempDataDir();
    const file = join(dir, 'podium.db');
    const opened = await openDatabase(file);
    await writeRows(opened, 50);
    opened.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    db = await openDatabase(file);
    expect(await db.all(db.q.selectFrom('audit_log').select('seq'))).toHaveLength(50);
  });
});
