/** Derived values and the revision counters under them, on the engine of the run (R95). */
import { join } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../config.js';
import { until } from '../test-support/sockets.js';
import { testEngine, testStorage, type TestStorage } from '../test-support/test-app.js';
import { ANY_WRITE, type Database } from './database.js';
import type { RevisionName } from './schema.js';
import { openDatabase } from './sqlite.js';
import { Derived } from './derived.js';
import { openPostgres } from './postgres.js';

let storage: TestStorage;
let db: Database;
let computed: number;
let names: Derived<string[]>;

beforeEach(async () => {
  storage = await testStorage();
  db =
    storage.databaseUrl === undefined
      ? await openDatabase(join(storage.dataDir, DATABASE_FILE))
      : await openPostgres(storage.databaseUrl);
  computed = 0;
  names = new Derived(db, ['projects'], async () => {
    computed += 1;
    return (await db.all(db.q.selectFrom('projects').select('name').orderBy('seq'))).map((row) => row.name);
  });
});

afterEach(async () => {
  await db.close();
  await storage.remove();
});

// Raw SQL, as a reset or a cascade writes: the counters must not depend on the code path.
const raw = (query: RawBuilder<unknown>) => db.run({ compile: () => query.compile(db.q) });
const addProject = (id: string) =>
  raw(sql`insert into projects (id, name, location) values (${id}, ${`name ${id}`}, 1)`);
/** PostgreSQL: transactions waiting for the write lock. */
const lockWaiters = async () =>
  (
    await db.all({
      compile: () =>
        sql<{
          n: number;
        }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.compile(db.q),
    })
  )[0]?.n;
const addJudge = (id: string) =>
  raw(sql`insert into judges (id, name, email, email_key, code) values (${id}, ${id}, ${id}, ${id}, ${id})`);

describe('Derived', () => {
  it('computes once while nothing it reads is written', async () => {
    await db.transaction(async () => addProject('p1'));
    expect(await names.get()).toEqual(['name p1']);
    expect(await names.get()).toEqual(['name p1']);
    expect(computed).toBe(1);
  });

  it('follows inserts, deletes and updates of the columns it covers, whichever code writes', async () => {
    await db.transaction(async () => addProject('p1'));
    await names.get();
    await db.transaction(async () => addProject('p2'));
    expect(await names.get()).toEqual(['name p1', 'name p2']);
    await raw(sql`update projects set name = 'renamed' where id = 'p1'`);
    expect(await names.get()).toEqual(['renamed', 'name p2']);
    await raw(sql`delete from projects where id = 'p2'`);
    expect(await names.get()).toEqual(['renamed']);
    expect(computed).toBe(4);
  });

  it('computes once for the callers outside a transaction that ask while it runs', async () => {
    await db.transaction(async () => addProject('p1'));
    const answers = await Promise.all([names.get(), names.get(), names.get()]);
    expect(answers).toEqual([['name p1'], ['name p1'], ['name p1']]);
    expect(computed).toBe(1);
    // A caller after a write gets its own compute, not the one before it.
    await db.transaction(async () => addProject('p2'));
    expect(await Promise.all([names.get(), names.get()])).toEqual([
      ['name p1', 'name p2'],
      ['name p1', 'name p2'],
    ]);
    expect(computed).toBe(2);
  });

  it('computes alone inside a transaction: neither waits for the other nor shares its failure', async () => {
    await db.transaction(async () => addProject('p1'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const transactionComputing = new Promise<void>((resolve) => (begun = resolve));
    const gated = new Derived(db, ['projects'], async () => {
      if (db.inTransaction) {
        begun();
        await released;
        throw new Error('the transaction failed');
      }
      return (await db.all(db.q.selectFrom('projects').select('name'))).map((row) => row.name);
    });
    const inTransaction = db.transaction(async () => gated.get());
    await transactionComputing;
    // Outside, the same key: computed anew. PostgreSQL's reads do not wait for the transaction,
    // so there the answer comes while its compute still waits; SQLite's wait for it to end.
    const outside = gated.get();
    if (db.engine === 'postgres') expect(await outside).toEqual(['name p1']);
    release();
    await expect(inTransaction).rejects.toThrow('the transaction failed');
    expect(await outside).toEqual(['name p1']);
  });

  it('is not invalidated by last_activity, which changes on every finish', async () => {
    await db.transaction(async () => addProject('p1'));
    await names.get();
    await db.transaction(async () => db.run(db.q.updateTable('projects').set({ last_activity: 5 })));
    await names.get();
    expect(computed).toBe(1);
  });

  it('sees uncommitted writes inside a transaction, and forgets them after a rollback', async () => {
    await db.transaction(async () => addProject('p1'));
    await names.get();
    await expect(
      db.transaction(async () => {
        await addProject('p2');
        expect(await names.get()).toEqual(['name p1', 'name p2']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // The counter is back where it was; only the rollback count tells the cache is stale.
    expect(await names.get()).toEqual(['name p1']);
  });

  /**
   * A rolls back after computing with its uncommitted project; B's commit then takes the counter to
   * the value A's key had. A caller that asked before A's rollback and read the counter after B must
   * not be served A's value (a judge assigned a project that does not exist).
   */
  describe("after a rollback, a later commit's counters", () => {
    /** Runs A (a project added, the value computed, then a refusal) until `release`. */
    function rolledBackTransaction(names: Derived<string[]>) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let computed!: () => void;
      const inside = new Promise<void>((resolve) => (computed = resolve));
      const outcome = db
        .transaction(async () => {
          await addProject('pA');
          expect(await names.get()).toEqual(['name pA']);
          computed();
          await released;
          throw new Error('refused');
        })
        .catch((error: Error) => error.message);
      return { inside, release, outcome };
    }
    const projectNames = () =>
      new Derived(db, ['projects'], async () =>
        (await db.all(db.q.selectFrom('projects').select('name').orderBy('seq'))).map((row) => row.name),
      );

    it('do not serve the rolled-back value to a read that waited for its turn', async () => {
      if (storage.databaseUrl !== undefined) {
        // One connection, so that the read waits for A's turn as it does on SQLite.
        await db.close();
        db = await openPostgres(storage.databaseUrl, { poolSize: 1 });
      }
      const names = projectNames();
      const a = rolledBackTransaction(names);
      await a.inside;
      const waiting = names.get();
      const b = db.transaction(async () => addProject('pB')); // a writer: its turn comes first
      a.release();
      expect(await a.outcome).toBe('refused');
      await b;
      expect(await waiting).toEqual(['name pB']);
      expect(await names.get()).toEqual(['name pB']);
    });

    it.skipIf(testEngine() === 'sqlite')(
      'do not serve it to a transaction whose BEGIN waited for the write lock (PostgreSQL)',
      async () => {
        const names = projectNames();
        await db.transaction(async () => void (await names.get())); // the counters now ride with BEGIN
        const a = rolledBackTransaction(names);
        await a.inside;
        const b = db.transaction(async () => addProject('pB'));
        await until(async () => (await lockWaiters()) === 1);
        // A `next`, say, deciding from the projects.
        const c = db.transaction(async () => await names.get());
        await until(async () => (await lockWaiters()) === 2);
        a.release();
        expect(await a.outcome).toBe('refused');
        await b;
        expect(await c).toEqual(['name pB']);
      },
    );
  });
});

describe('revisions inside a transaction', () => {
  it('are read again after each write and after a savepoint rolled back', async () => {
    await db.transaction(async () => addProject('p1'));
    const projectsRevision = async () => Number((await db.revisionKey(['projects'])).split('=')[1]);
    const insert = (id: string, location: number) =>
      db.run(
        db.q.insertInto('projects').values({
          ...{ id, name: `name ${id}`, location, description: '', url: '', try_link: '', video_link: '' },
          ...{ challenge_list: '[]', group: 0, active: 1, prioritized: 0, last_activity: 0 },
        }),
      );
    await db.transaction(async () => {
      const first = await projectsRevision();
      await insert('p2', 2);
      const afterInsert = await projectsRevision();
      expect(afterInsert).toBe(first + 1);
      expect(await names.get()).toEqual(['name p1', 'name p2']);
      await expect(
        db.transaction(async () => {
          await insert('p3', 3);
          expect(await projectsRevision()).toBe(afterInsert + 1);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await projectsRevision()).toBe(afterInsert);
      expect(await names.get()).toEqual(['name p1', 'name p2']);
    });
  });

  // A move per row made a 76,656-row import take 74–105 s inside the write lock (migration pg-013).
  it.skipIf(testEngine() === 'sqlite')(
    'move once per statement, however many rows it writes (PostgreSQL)',
    async () => {
      const counters = async () =>
        new Map(
          (await db.all(db.q.selectFrom('revisions').select(['name', 'value']))).map((r) => [
            r.name,
            r.value,
          ]),
        );
      const before = await counters();
      await db.transaction(async () => {
        await raw(
          sql`insert into projects (id, name, location) values ('p1', 'a', 1), ('p2', 'b', 2), ('p3', 'c', 3)`,
        );
        await raw(sql`update projects set name = name || '!'`);
        await raw(
          sql`insert into judges (id, name, email, email_key, code) values ('j1', 'j1', 'j1', 'j1', 'c1'), ('j2', 'j2', 'j2', 'j2', 'c2')`,
        );
        await raw(
          sql`insert into judged_projects (judge_id, project_id, finished_at) values ('j1', 'p1', 1), ('j2', 'p2', 1)`,
        );
        await raw(sql`update judges set track = 'AI'`);
        await raw(sql`delete from judged_projects`);
        await raw(sql`insert into layout_tables (table_number, x, y) values (1, 0, 0), (2, 1, 0), (3, 2, 0)`);
        await raw(sql`update layout_tables set x = x + 1`);
        await raw(sql`delete from layout_tables`);
        await raw(sql`delete from projects`);
      });
      const after = await counters();
      const moved = (name: RevisionName) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      // view_removals: the track, the views' delete, and the cascade of the projects' delete.
      expect({
        projects: moved('projects'),
        view_removals: moved('view_removals'),
        layout: moved('layout'),
      }).toEqual({ projects: 3, view_removals: 3, layout: 3 });
    },
  );
});

describe('view_removals revision', () => {
  it('moves when views disappear by a cascade (a deleted judge) or a track change, not on inserts', async () => {
    await db.transaction(async () => {
      await addProject('p1');
      await addJudge('j1');
    });
    const key = () => db.revisionKey(['view_removals']);
    const before = await key();
    await db.transaction(async () =>
      raw(sql`insert into judged_projects (judge_id, project_id, finished_at) values ('j1', 'p1', 1)`),
    );
    expect(await key()).toBe(before);
    await db.transaction(async () => db.run(db.q.updateTable('judges').set({ track: 'AI' })));
    const afterTrack = await key();
    expect(afterTrack).not.toBe(before);
    await db.transaction(async () => db.run(db.q.deleteFrom('judges').where('id', '=', 'j1')));
    expect(await db.all(db.q.selectFrom('judged_projects').selectAll())).toEqual([]);
    expect(await key()).not.toBe(afterTrack);
  });
});

describe('ANY_WRITE (the admin lists)', () => {
  it('follows each write of a transaction, then the committed state', async () => {
    const judges = new Derived(db, ANY_WRITE, () => db.all(db.q.selectFrom('judges').select('id')));
    expect(await judges.get()).toEqual([]);
    await db.transaction(async () => {
      await addJudge('j1');
      expect(await judges.get()).toHaveLength(1);
      await addJudge('j2');
      expect(await judges.get()).toHaveLength(2);
      await db.runLater(db.q.deleteFrom('judges').where('id', '=', 'j1'));
      expect(await judges.get()).toEqual([{ id: 'j2' }]);
    });
    expect(await judges.get()).toEqual([{ id: 'j2' }]);
    await addJudge('j3');
    expect(await judges.get()).toHaveLength(2);
  });

  it('computes once between writes, and again after any row written, cascades and rollbacks included', async () => {
    let builds = 0;
    const activity = new Derived(db, ANY_WRITE, async () => {
      builds += 1;
      return db.all(db.q.selectFrom('judges').select(['id', 'last_activity']).orderBy('seq'));
    });
    await db.transaction(async () => {
      await addProject('p1');
      await addJudge('j1');
    });
    expect(await activity.get()).toEqual([{ id: 'j1', last_activity: 0 }]);
    expect(await activity.get()).toEqual([{ id: 'j1', last_activity: 0 }]);
    expect(builds).toBe(1);
    // A column no revision trigger covers.
    await raw(sql`update judges set last_activity = 7 where id = 'j1'`);
    expect(await activity.get()).toEqual([{ id: 'j1', last_activity: 7 }]);
    await expect(
      db.transaction(async () => {
        await addJudge('j2');
        expect(await activity.get()).toHaveLength(2);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await activity.get()).toEqual([{ id: 'j1', last_activity: 7 }]);
    await db.transaction(async () => db.run(db.q.deleteFrom('projects').where('id', '=', 'p1')));
    await raw(sql`delete from judges where id = 'j1'`);
    expect(await activity.get()).toEqual([]);
    expect(builds).toBe(5);
  });
});
