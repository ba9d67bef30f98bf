/**
 * Re-imports (API.md R86a) and the import dry run (docs/api-extensions.md) on `/project/csv` and
 * `/project/devpost`, over HTTP with the sample files of ../shared/data.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE, ImportPreview, type Project } from '@podium/protocol';
import { connectTo } from '../db/connect.js';
import { multipart } from '../test-support/multipart.js';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  IN_WORKERS,
  TEST_ADMIN_PASSWORD,
  testEngine,
  type TestApp,
} from '../test-support/test-app.js';

const sample = (name: string) =>
  readFileSync(new URL(`../../../../../shared/data/${name}`, import.meta.url), 'utf8');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const upload = async (url: string, file: string, fields: Record<string, string> = {}) => {
  const res = await t.admin({ method: 'POST', url, ...multipart(fields, { content: file }) });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};
const projectCsv = (file: string, fields: Record<string, string> = {}) =>
  upload('/api/project/csv', file, fields);
const devpost = (file: string, fields: Record<string, string> = {}) =>
  upload('/api/project/devpost', file, fields);
const byName = (list: Project[], name: string) => list.find((p) => p.name === name) as Project;
const duplicatedNames = (list: Project[]) =>
  list.map((p) => p.name).filter((name, i, names) => names.indexOf(name) !== i);

/** The platform export with CivicCanvas's description edited and one late submission appended. */
const editedExport = () =>
  sample('devpost-export.csv').replace(
    'CivicCanvas predicts bus delays from live feeds.',
    'CivicCanvas predicts bus delays and trains.',
  ) +
  'Late Entry,https://devpost.example/software/late-entry,Submitted (Gallery/Visible),Pending,Submit,,Late.,,,,,,,0,\r\n';

describe('R86a: re-importing the platform export with update=true', () => {
  it('projects.csv then devpost-export.csv: no duplicates, every match counted unchanged', async () => {
    await projectCsv(sample('projects.csv'));
    const before = await t.projects();
    const res = await devpost(sample('devpost-export.csv'), { update: 'true' });
    expect(res).toEqual({ status: 200, body: { ok: 1, count: 0, skipped: 3, updated: 0, unchanged: 27 } });
    const after = await t.projects();
    expect(after).toHaveLength(50);
    expect(duplicatedNames(after)).toEqual([]);
    expect(after).toEqual(before);
    const log = await t.log();
    expect(log).toContain('Added 0 projects from hackathon-platform CSV');
    expect(log).not.toContain('Updated');
  });

  it('updates the changed project in place, adds the new one, and logs both', async () => {
    await projectCsv(sample('projects.csv'));
    const civic = byName(await t.projects(), 'CivicCanvas');
    const res = await devpost(editedExport(), { update: 'true' });
    expect(res.body).toEqual({ ok: 1, count: 1, skipped: 3, updated: 1, unchanged: 26 });
    const after = await t.projects();
    expect(after).toHaveLength(51);
    expect(byName(after, 'CivicCanvas')).toEqual({
      ...civic,
      description: civic.description.replace('bus delays from live feeds.', 'bus delays and trains.'),
    });
    // The added row takes the next table (R45).
    expect(byName(after, 'Late Entry').location).toBe(51);
    const log = await t.log();
    expect(log).toContain('Added 1 projects from hackathon-platform CSV');
    expect(log).toContain('Updated 1 projects from hackathon-platform CSV');
  });

  it('keeps the table, group, views, judgments and flags of an updated project', async () => {
    await projectCsv('Alpha,First text,https://x.org/alpha\n');
    const judge = await t.loginAs(await t.addJudge({ name: 'Ann', email: 'ann@x.org' }));
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/finish' });
    await judge({
      method: 'POST',
      url: '/api/judge/rank',
      payload: { ranking: [byName(await t.projects(), 'Alpha').id] },
    });
    const { id } = byName(await t.projects(), 'Alpha');
    await t.admin({ method: 'POST', url: `/api/project/move/${id}`, payload: { location: 7 } });
    const before = byName(await t.projects(), 'Alpha');
    const self = (await judge({ method: 'GET', url: '/api/judge' })).json<{ seen_projects: unknown[] }>();

    const res = await projectCsv('ALPHA,Second text,https://x.org/alpha,https://try.x.org\n', {
      update: 'true',
    });
    expect(res.body).toEqual({ ok: 1, count: 0, skipped: 0, updated: 1, unchanged: 0 });
    const after = byName(await t.projects(), 'ALPHA');
    expect(after).toEqual({
      ...before,
      name: 'ALPHA',
      description: 'Second text',
      try_link: 'https://try.x.org',
    });
    const selfAfter = (await judge({ method: 'GET', url: '/api/judge' })).json<{
      seen_projects: unknown[];
    }>();
    expect(selfAfter.seen_projects).toHaveLength(self.seen_projects.length);
  });

  it('adds and rewrites more projects than one statement holds, in file order', async () => {
    // 1,201 rows: the repository writes 500 to a statement, so three statements each way.
    const file = (edition: string) =>
      Array.from(
        { length: 1201 },
        (_, i) =>
          `P${i},${edition} text ${i},https://x.org/${i},${edition === 'new' ? `https://t.org/${i}` : ''},,${edition}-${i % 3}`,
      ).join('\n');
    expect((await projectCsv(file('old'))).body).toEqual({ ok: 1, count: 1201, skipped: 0 });
    const before = await t.projects();
    expect(before.map((p) => [p.name, p.location])).toEqual(before.map((_, i) => [`P${i}`, i + 1]));
    const res = await projectCsv(file('new'), { update: 'true' });
    expect(res.body).toEqual({ ok: 1, count: 0, skipped: 0, updated: 1201, unchanged: 0 });
    expect(await t.projects()).toEqual(
      before.map((p, i) => ({
        ...p,
        description: `new text ${i}`,
        try_link: `https://t.org/${i}`,
        challenge_list: [`new-${i % 3}`],
      })),
    );
  });

  it('matches by url first, and by trimmed case-insensitive name only for rows without a url', async () => {
    await projectCsv('Alpha,,\nBeta,,https://x.org/beta\n');
    const res = await projectCsv(
      [
        '  alpha  ,now described,', // no url: matches Alpha by name
        'Beta,,https://x.org/other', // has a url that matches nothing: a new project, not Beta
        'Renamed,,https://x.org/beta', // the url matches Beta: renamed
      ].join('\n'),
      { update: 'true' },
    );
    expect(res.body).toEqual({ ok: 1, count: 1, skipped: 0, updated: 2, unchanged: 0 });
    const list = await t.projects();
    expect(list.map((p) => [p.name, p.url, p.location])).toEqual([
      ['alpha', '', 1],
      ['Renamed', 'https://x.org/beta', 2],
      ['Beta', 'https://x.org/other', 3],
    ]);
  });

  it('lets the later row win when two rows match one project', async () => {
    await projectCsv('Alpha,old,https://x.org/a\n');
    const res = await projectCsv('Alpha,first edit,https://x.org/a\nAlpha,second edit,https://x.org/a\n', {
      update: 'true',
    });
    expect(res.body).toEqual({ ok: 1, count: 0, skipped: 0, updated: 1, unchanged: 1 });
    expect((await t.projects()).map((p) => p.description)).toEqual(['second edit']);
  });

  it('skips rows in ignored tracks without touching the project they match', async () => {
    await projectCsv('Alpha,old,https://x.org/a\n');
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { ignore_tracks: ['Hidden'] } });
    const before = await snapshot(t.app);
    const res = await projectCsv('Alpha,new,https://x.org/a,,,Hidden\n', { update: 'true' });
    expect(res.body).toEqual({ ok: 1, count: 0, skipped: 1, updated: 0, unchanged: 0 });
    expect((await t.projects())[0]?.description).toBe('old');
    expect((await snapshot(t.app)).replace(/"audit_log":"[^]*?\]"/, '')).toBe(
      before.replace(/"audit_log":"[^]*?\]"/, ''),
    );
  });

  it('is all-or-nothing: a bad row after good updates changes nothing', async () => {
    await projectCsv(sample('projects.csv'));
    const before = await snapshot(t.app);
    const res = await projectCsv(
      'CivicCanvas,edited,https://devpost.example/software/civiccanvas\nNo url or description\n',
      {
        update: 'true',
      },
    );
    expect(res).toEqual({
      status: 400,
      body: { error: 'line 2: expected at least 3 columns (name, description, url)' },
    });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('sends projects.changed after the commit', async () => {
    await projectCsv('Alpha,old,https://x.org/a\n');
    const base = await listen(t);
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    try {
      await settle(1100); // let the coalescing window of the first import pass
      admin.events.length = 0;
      await projectCsv('Alpha,new,https://x.org/a\n', { update: 'true' });
      await until(() => admin.names().includes('projects.changed'));
    } finally {
      admin.close();
    }
  });
});

describe('R86a: without update', () => {
  it.each<Record<string, string>>([{}, { update: 'false' }])(
    'adds every row again and answers exactly R83’s fields (%o)',
    async (fields) => {
      await projectCsv(sample('projects.csv'));
      const res = await devpost(sample('devpost-export.csv'), fields);
      expect(res).toEqual({ status: 200, body: { ok: 1, count: 27, skipped: 3 } });
      expect(duplicatedNames(await t.projects())).toHaveLength(27);
    },
  );

  it.each(['TRUE', 'yes', '1', 'on', ''])('refuses update=%j and changes nothing', async (value) => {
    await projectCsv(sample('projects.csv'));
    const before = await snapshot(t.app);
    for (const send of [projectCsv, devpost]) {
      const res = await send(sample('devpost-export.csv'), { update: value });
      expect(res).toEqual({ status: 400, body: { error: 'update must be true or false' } });
    }
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('import dry run (dry_run=true)', () => {
  it('marks every row new, changed (with the fields), unchanged or skipped, and changes nothing', async () => {
    await projectCsv(sample('projects.csv'));
    const before = await snapshot(t.app);
    const res = await devpost(editedExport(), { update: 'true', dry_run: 'true' });
    expect(res.status).toBe(200);
    // Sent as JSON text made in the worker: checked against the protocol here.
    expect(ImportPreview.strict().parse(res.body)).toEqual(res.body);
    const { rows, ...counts } = res.body as { rows: { line: number; status: string; name: string }[] };
    expect(counts).toEqual({ ok: 1, count: 1, skipped: 3, updated: 1, unchanged: 26 });
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual({ line: 2, status: 'changed', name: 'CivicCanvas', changes: ['description'] });
    // Line 36: the export's 35 physical lines (some descriptions span two) come first.
    expect(rows.at(-1)).toEqual({ line: 36, status: 'new', name: 'Late Entry', changes: [] });
    expect(rows.filter((row) => row.status === 'skipped')).toHaveLength(3);
    expect(rows.filter((row) => row.status === 'unchanged')).toHaveLength(26);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('without update, every importable row is new', async () => {
    await projectCsv(sample('projects.csv'));
    const res = await projectCsv('CivicCanvas,x,https://devpost.example/software/civiccanvas\n', {
      dry_run: 'true',
    });
    expect(res.body).toEqual({
      ok: 1,
      count: 1,
      skipped: 0,
      updated: 0,
      unchanged: 0,
      rows: [{ line: 1, status: 'new', name: 'CivicCanvas', changes: [] }],
    });
  });

  it('refuses what the import refuses, and a bad dry_run value, changing nothing', async () => {
    const before = await snapshot(t.app);
    expect(await projectCsv('Alpha\n', { dry_run: 'true' })).toEqual({
      status: 400,
      body: { error: 'line 1: expected at least 3 columns (name, description, url)' },
    });
    expect(await projectCsv('Alpha,,\n', { dry_run: 'yes' })).toEqual({
      status: 400,
      body: { error: 'dry_run must be true or false' },
    });
    expect(await snapshot(t.app)).toBe(before);
  });
});

/**
 * Another connection to the app's database holding the write lock in an open transaction, until
 * `release` commits it (and closes the connection; once, however often it is called).
 */
async function holdWriteLock(): Promise<{ release: () => Promise<void> }> {
  const other = await connectTo(t.app.db.location);
  let commit = () => {};
  const committed = new Promise<void>((resolve) => (commit = resolve));
  let begun = () => {};
  const locked = new Promise<void>((resolve) => (begun = resolve));
  const holding = other.transaction(async () => {
    begun();
    await committed;
  });
  await locked;
  let released: Promise<void> | undefined;
  const release = async () => {
    commit();
    await holding;
    await other.close();
  };
  return { release: () => (released ??= release()) };
}

describe('writes while an import commits in the worker', () => {
  beforeEach(async () => {
    await t.close();
    t = await createTestApp({ app: { inPlace: IN_WORKERS } });
  });

  it('reads and imports the same as in place (R86a update, and a judge CSV)', async () => {
    expect((await projectCsv(sample('projects.csv'))).status).toBe(200);
    const update = await devpost(sample('devpost-export.csv'), { update: 'true' });
    expect(update.status).toBe(200);
    const judges = await upload('/api/judge/csv', 'Ada,ada@example.org\nLinus,linus@example.org\n', {
      no_send: 'true',
    });
    expect(judges.body).toEqual({ ok: 1, count: 2, skipped: 0 });
    const workerProjects = (await t.projects()).map((p) => [p.name, p.url, p.location]);
    const workerUpdate = update.body;

    await t.close();
    t = await createTestApp();
    await projectCsv(sample('projects.csv'));
    expect((await devpost(sample('devpost-export.csv'), { update: 'true' })).body).toEqual(workerUpdate);
    expect((await t.projects()).map((p) => [p.name, p.url, p.location])).toEqual(workerProjects);
  });

  it('wait for the commit instead of stalling the server; reads are answered meanwhile', async () => {
    // The admin's address logged in before, so its password passes the login guard without a
    // write (issue 31 item 4); on SQLite a write now would wait for the other connection's lock.
    await t.admin({ method: 'GET', url: '/api/admin/options' });
    // Another connection (on PostgreSQL, as another instance's would) holds the write lock in an
    // open transaction, so the worker's transaction cannot finish yet.
    const lock = await holdWriteLock();
    const done: string[] = [];
    try {
      const importing = projectCsv('Alpha,,https://x.org/a\nBeta,,https://x.org/b\n').then(() =>
        done.push('import'),
      );
      await until(() => t.app.services.writeGate.held, 30_000);
      const write = t.addProject({ name: 'During' }).then(() => done.push('write'));
      // A write waiting on the lock in the main thread would block the event loop: no read, no test.
      await t.app.inject({ method: 'GET', url: '/api/project/list/public' });
      await settle(50);
      expect(done).toEqual([]);
      await Promise.all([importing, write, lock.release()]);
    } finally {
      await lock.release();
    }
    expect((await t.projects()).map((p) => [p.name, p.location])).toEqual([
      ['Alpha', 1],
      ['Beta', 2],
      ['During', 3],
    ]);
  }, 60_000);

  // PostgreSQL waits for a lock without a time limit: there the other holders are instances,
  // whose transactions are short. SQLite gives up after BUSY_TIMEOUT_MS (5 s).
  it.skipIf(testEngine() === 'postgres')(
    'answer 503 "busy", changing nothing, when another program keeps the SQLite lock past the busy timeout',
    async () => {
      await t.admin({ method: 'GET', url: '/api/admin/options' });
      const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
      // A judge's phone sends a write again with its key after a 5xx (R91): the 503 is not kept.
      const welcome = () =>
        judge({ method: 'POST', url: '/api/judge/welcome', headers: { 'idempotency-key': 'welcome-1' } });
      const before = await snapshot(t.app);
      const lock = await holdWriteLock();
      const busy = { status: 503, body: { error: DATABASE_BUSY_MESSAGE } };
      try {
        // Before: all three answered 500 "internal server error", the worker's error losing its code.
        expect(await projectCsv('Alpha,,https://x.org/a\n')).toEqual(busy);
        const write = await t.admin({ method: 'POST', url: '/api/project/new', payload: { name: 'During' } });
        expect({ status: write.statusCode, body: write.json() }).toEqual(busy);
        const judged = await welcome();
        expect({ status: judged.statusCode, body: judged.json() }).toEqual(busy);
      } finally {
        await lock.release();
      }
      expect(await snapshot(t.app)).toBe(before);
      expect((await projectCsv('Alpha,,https://x.org/a\n')).status).toBe(200);
      const retried = await welcome();
      expect({ status: retried.statusCode, body: retried.json() }).toEqual({ status: 200, body: { ok: 1 } });
    },
    60_000,
  );
});
