/**
 * The outbox (DESIGN.md §7) on the test engine: a transaction's events become rows of that
 * transaction, each once, in the order their emissions go out, numbered with an increasing `seq`;
 * nothing rolled back leaves a row; pruning keeps the last row. PostgreSQL's commit order across
 * instances: postgres.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../domain-events.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import type { Database } from './database.js';

let t: TestApp;
let db: Database;

beforeEach(async () => {
  t = await createTestApp();
  db = t.app.db;
});
afterEach(async () => {
  await t.close();
});

/** The rows after `seq`. */
const rowsAfter = (seq: number) => db.outbox.after(seq, 1000);

describe('the outbox', () => {
  it("holds a transaction's events, each once, in the order their emissions go out (API.md 6.3)", async () => {
    const before = await db.outbox.last();
    await db.transaction(async () => {
      db.record({ kind: 'stats' });
      db.record({ kind: 'judge-deleted', judgeId: 'j9' });
      db.record({ kind: 'projects', public: true });
      db.record({ kind: 'judge', judgeId: 'j2' });
      db.record({ kind: 'clock' });
      db.record({ kind: 'judge', judgeId: 'j1' });
      db.record({ public: true, kind: 'projects' } as DomainEvent); // the same event, written otherwise
      db.record({ kind: 'projects', public: false }); // another audience: another emission
      db.record({ kind: 'flags' });
    });
    const rows = await rowsAfter(before);
    expect(rows.map((row) => row.event)).toEqual([
      { kind: 'clock' },
      { kind: 'flags' },
      { kind: 'projects', public: true },
      { kind: 'projects', public: false },
      { kind: 'judge', judgeId: 'j2' },
      { kind: 'judge', judgeId: 'j1' },
      { kind: 'stats' },
      { kind: 'judge-deleted', judgeId: 'j9' },
    ]);
    const seqs = rows.map((row) => row.seq);
    expect(seqs[0]).toBeGreaterThan(before);
    expect(seqs.every((seq, i) => i === 0 || seq > (seqs[i - 1] as number))).toBe(true);
    expect(await db.outbox.last()).toBe(seqs.at(-1));
  });

  it('gets no row from a transaction that throws, nor from a savepoint rolled back', async () => {
    const before = await db.outbox.last();
    await expect(
      db.transaction(async () => {
        db.record({ kind: 'stats' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction(async () => {
      db.record({ kind: 'judges' });
      await db
        .transaction(async () => {
          db.record({ kind: 'flags' });
          throw new Error('inner failed');
        })
        .catch(() => undefined);
    });
    await db.transaction(async () => {}); // records nothing: writes no row
    expect((await rowsAfter(before)).map((row) => row.event)).toEqual([{ kind: 'judges' }]);
  });

  it('pruning deletes the rows up to a seq but the last one, which a restart goes on from', async () => {
    for (const kind of ['clock', 'deliberation', 'stats'] as const) {
      await db.transaction(async () => db.record({ kind }));
    }
    const rows = await rowsAfter(0);
    const [first, second, third] = rows.map((row) => row.seq).slice(-3) as [number, number, number];
    await db.outbox.deleteThrough(first);
    expect((await rowsAfter(0)).map((row) => row.seq)).toEqual([second, third]);
    await db.outbox.deleteThrough(third);
    expect((await rowsAfter(0)).map((row) => row.seq)).toEqual([third]);
    expect(await db.outbox.last()).toBe(third);
  });
});
