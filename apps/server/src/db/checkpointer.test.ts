import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../test-support/test-app.js';
import { openDatabase, type SqliteDatabase } from './sqlite.js';

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
