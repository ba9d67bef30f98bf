/**
 * Transactions as services see them, on the engine of the run (R95): writes sent later
 * (`runLater`, which PostgreSQL sends with the next statement or the commit, as EXECUTE of a
 * statement the connection prepared or with its values written in as literals), the end of a
 * full-disk episode, the reads made with BEGIN (`atBegin`), and turns at the connection
 * (`urgently`). PostgreSQL gets a pool of one connection, so that turns show as on SQLite.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../config.js';
import { testEngine, testStorage, type TestStorage } from '../test-support/test-app.js';
import { connectTo } from './connect.js';
import type { Database } from './database.js';
import { openDatabase } from './sqlite.js';
import { openPostgres } from './postgres.js';

let storage: TestStorage;
let db: Database;

beforeEach(async () => {
  storage = await testStorage();
  db =
    storage.databaseUrl === undefined
      ? await openDatabase(join(storage.dataDir, DATABASE_FILE))
      : await openPostgres(storage.databaseUrl, { poolSize: 1 });
});

afterEach(async () => {
  await db.close();
  await storage.remove();
});

const addProject = (id: string, name = `name ${id}`, location = 1, target: Database = db) =>
  target.runLater(
    target.q.insertInto('projects').values({
      id,
      name,
      location,
      description: '',
      url: '',
      try_link: '',
      video_link: '',
      challenge_list: '[]',
      group: 0,
      active: 1,
      prioritized: 0,
      last_activity: 0,
    }),
  );
const projectNames = async () =>
  (await db.all(db.q.selectFrom('projects').select(['id', 'name']).orderBy('seq'))).map((row) => [
    row.id,
    row.name,
  ]);
const settingQuery = (key: string) => db.q.selectFrom('settings').select('value').where('key', '=', key);
const setting = async (key: string, options?: { atBegin: boolean }) =>
  (await db.readUntilWrite(`test ${key}`, settingQuery(key), options))[0]?.value;

describe('writes sent later (runLater)', () => {
  it('keep every value exactly, whatever characters a text holds', async () => {
    const texts = [
      'O\'Brien\'s "demo"',
      'back\\slash \\n and \\',
      'a $1 and $2 placeholder, -- not a comment, /* nor this */',
      'émoji 🎉 and 中文',
      'nul \u0000 byte',
      '',
    ];
    await db.transaction(async () => {
      for (const [i, text] of texts.entries()) await addProject(`p${i}`, text, -(i + 1) * 1e12);
    });
    expect(await projectNames()).toEqual(
      texts.map((text, i) => [`p${i}`, text.replaceAll('\u0000', '\ufffd')]),
    );
    const locations = await db.all(db.q.selectFrom('projects').select('location').orderBy('seq'));
    expect(locations.map((row) => row.location)).toEqual(texts.map((_, i) => -(i + 1) * 1e12));
  });

  it('are seen by the next read of their own transaction, and committed with it', async () => {
    let seenInside: unknown[] = [];
    await db.transaction(async () => {
      await addProject('p1');
      seenInside = await projectNames();
    });
    expect(seenInside).toEqual([['p1', 'name p1']]);
    expect(await projectNames()).toEqual([['p1', 'name p1']]);
  });

  it('fail their transaction when one fails, at the latest at the commit, and leave nothing behind', async () => {
    await db.transaction(async () => addProject('p1'));
    const failing = db.transaction(async () => {
      await db.run(db.q.updateTable('projects').set({ name: 'renamed' }).where('id', '=', 'p1'));
      await addProject('p2');
      await addProject('p1'); // the same id: a unique violation
    });
    await expect(failing).rejects.toThrow();
    expect(await projectNames()).toEqual([['p1', 'name p1']]);
    // The connections are usable afterwards.
    await db.transaction(async () => addProject('p3'));
    expect(await projectNames()).toEqual([
      ['p1', 'name p1'],
      ['p3', 'name p3'],
    ]);
  });

  it('leave their connection able to run every statement again after a failure', async () => {
    // PostgreSQL prepares a statement the first time it travels in a batch on a connection (one
    // connection here); the rename's first use sits behind the failing insert and never runs.
    const rename = (id: string) =>
      db.runLater(
        db.q
          .updateTable('projects')
          .set({ name: `renamed ${id}` })
          .where('id', '=', id),
      );
    await db.transaction(async () => addProject('p1'));
    await expect(
      db.transaction(async () => {
        await addProject('p1'); // the same id: a unique violation
        await rename('p1');
      }),
    ).rejects.toThrow();
    await db.transaction(async () => rename('p1'));
    expect(await projectNames()).toEqual([['p1', 'renamed p1']]);
  });

  it('that fail inside a nested transaction undo that one only', async () => {
    await db.transaction(async () => {
      await addProject('p1');
      await expect(
        db.transaction(async () => {
          await addProject('p2');
          await addProject('p1');
        }),
      ).rejects.toThrow();
      await addProject('p3');
    });
    expect((await projectNames()).map(([id]) => id)).toEqual(['p1', 'p3']);
  });

  it('run at once outside a transaction', async () => {
    await addProject('p1');
    expect(await projectNames()).toEqual([['p1', 'name p1']]);
  });
});

describe('a full-disk episode', () => {
  it('ends at the first commit whose writes changed rows, writes sent later too', async () => {
    db.diskFull.failed({ code: 'SQLITE_FULL' });
    const missing = db.q.updateTable('projects').set({ name: 'none' }).where('id', '=', 'missing');
    await db.transaction(async () => void (await db.run(missing)));
    expect(db.diskFull.active).toBe(true);
    const undone = db.transaction(async () => {
      await addProject('p1');
      throw new Error('undone');
    });
    await expect(undone).rejects.toThrow('undone');
    expect(db.diskFull.active).toBe(true);
    await db.transaction(() => addProject('p1'));
    expect(db.diskFull.active).toBe(false);
  });
});

describe('reads made with BEGIN (atBegin)', () => {
  const writeSetting = (key: string, value: string) =>
    db.run(
      db.q
        .insertInto('settings')
        .values({ key, value })
        .onConflict((c) => c.column('key').doUpdateSet({ value })),
    );

  const atBegin = { atBegin: true };
  // The first use declares the read: later transactions make it with BEGIN.
  beforeEach(async () => {
    await setting('deliberation', atBegin);
  });

  it('answer what the table holds when the transaction begins, and follow its own writes', async () => {
    await writeSetting('deliberation', 'false');
    await db.transaction(async () => {
      expect(await setting('deliberation')).toBe('false');
      await writeSetting('deliberation', 'true');
      expect(await setting('deliberation')).toBe('true');
    });
    await db.transaction(async () => {
      expect(await setting('deliberation')).toBe('true');
    });
  });

  it('are made again by every transaction: another transaction’s commit is seen by the next one', async () => {
    await db.transaction(async () => expect(await setting('deliberation')).toBeUndefined());
    await writeSetting('deliberation', 'true');
    await db.transaction(async () => expect(await setting('deliberation')).toBe('true'));
  });

  // SQLite reads when asked: its BEGIN IMMEDIATE would keep the other connection's write out.
  it.skipIf(testEngine() !== 'postgres')(
    'are sent with BEGIN on PostgreSQL: a commit made after it, outside the lock, is not in the answer',
    async () => {
      const other = await connectTo(storage.databaseUrl as string);
      try {
        await db.transaction(async () => {
          // Answered after what BEGIN sent, so the read sent with it has run by now.
          await projectNames();
          await other.run(other.q.insertInto('settings').values({ key: 'deliberation', value: 'true' }));
          expect(await setting('deliberation')).toBeUndefined();
        });
        await db.transaction(async () => expect(await setting('deliberation')).toBe('true'));
      } finally {
        await other.close();
      }
    },
  );
});

describe('transactions that inner ones join (innerJoins)', () => {
  it('fail whole when an inner one fails, leaving nothing behind', async () => {
    await expect(
      db.transaction(
        async () => {
          await addProject('p1');
          await db.transaction(async () => {
            await addProject('p2');
            await addProject('p1');
          });
        },
        { innerJoins: true },
      ),
    ).rejects.toThrow();
    expect(await projectNames()).toEqual([]);
  });

  it('commit the inner ones with their own writes', async () => {
    await db.transaction(
      async () => {
        await addProject('p1');
        await db.transaction(async () => addProject('p2'));
      },
      { innerJoins: true },
    );
    expect((await projectNames()).map(([id]) => id)).toEqual(['p1', 'p2']);
  });
});

describe('turns at the connection', () => {
  it('go to urgent work and writing transactions first, then to the rest in the order it asked', async () => {
    let release = (): void => undefined;
    const holding = db.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // the transaction holds the connection
    const ids = async () => (await db.all(db.q.selectFrom('projects').select('id'))).map((row) => row.id);
    // What each read saw tells when it ran: before or after the writing transaction.
    const read = ids();
    const urgentRead = db.urgently(ids);
    const writing = db.transaction(async () => addProject('p1'));
    release();
    await Promise.all([holding, writing]);
    expect(await urgentRead).toEqual([]);
    expect(await read).toEqual(['p1']);
  });
});
