/**
 * `GET /project/list/public/changes` (docs/api-extensions.md): what changed in the public list
 * since the revision a screen holds, through HTTP on either engine. Applying an answer to the
 * list it was asked for gives exactly the body of `GET /project/list/public`, whose ETag is the
 * revision; the whole list comes back when the server cannot bridge or the changes are as big;
 * two instances on one PostgreSQL database agree.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyPublicListChanges,
  PUBLIC_LIST_SINCE_INVALID,
  type ProjectSummary,
  type PublicListChanges,
} from '@podium/protocol';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';
import {
  createTestApp,
  onDatabase,
  testEngine,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';

let t: TestApp;
let ids: string[];
beforeEach(async () => {
  t = await createTestApp();
  ids = [];
  for (let i = 1; i <= 12; i += 1) {
    ids.push(
      await t.addProject({ name: `Project ${i}`, description: 'A long enough description. '.repeat(4) }),
    );
  }
});
afterEach(() => t.close());

/** The public list and its revision (its ETag without the quotes). */
async function publicList(app: TestApp = t): Promise<{ projects: ProjectSummary[]; revision: string }> {
  const res = await app.app.inject({ method: 'GET', url: '/api/project/list/public' });
  expect(res.statusCode).toBe(200);
  return { projects: res.json<ProjectSummary[]>(), revision: String(res.headers.etag).slice(1, -1) };
}

const changesUrl = (since?: string) =>
  `/api/project/list/public/changes${since === undefined ? '' : `?since=${since}`}`;

async function changes(since?: string, app: TestApp = t): Promise<PublicListChanges> {
  const res = await app.app.inject({ method: 'GET', url: changesUrl(since) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<PublicListChanges>();
}

const admin = async (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const res = await t.admin({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET /project/list/public/changes', () => {
  it('answers the whole list without since, named by the revision that is the list’s ETag', async () => {
    const list = await publicList();
    expect(await changes()).toEqual({ revision: list.revision, full: true, projects: list.projects });
  });

  it('answers nothing changed for the current revision', async () => {
    const { revision } = await publicList();
    expect(await changes(revision)).toEqual({ revision, full: false, changed: [], removed: [] });
  });

  it('answers the entries changed and added at their index and the ids that left, which rebuild the list', async () => {
    const before = await publicList();
    await admin('PUT', `/api/project/${ids[2]}`, { name: 'Renamed' });
    await admin('PUT', `/api/project/hide/${ids[4]}`, { hide: true });
    await admin('DELETE', `/api/project/${ids[6]}`);
    await admin('PUT', `/api/project/move/${ids[0]}`, { location: 40 });
    const added = await t.addProject({ name: 'Added' });
    const after = await publicList();

    const answer = await changes(before.revision);
    if (answer.full) throw new Error('expected the changes, got the whole list');
    expect(answer.revision).toBe(after.revision);
    expect(answer.removed.sort()).toEqual([ids[4], ids[6]].sort());
    const changedIds = answer.changed.map(({ project }) => project.id);
    expect(changedIds.sort()).toEqual([ids[0], ids[2], added].sort());
    for (const { index, project } of answer.changed) expect(after.projects[index]).toEqual(project);
    expect(applyPublicListChanges(before.projects, answer)).toEqual(after.projects);
  });

  it('follows the hall layout: a new area changes the entries at those tables', async () => {
    const before = await publicList();
    await admin('PUT', '/api/admin/layout', { tables: [{ table: 2, x: 0, y: 0, area: 'Hall B' }] });
    const answer = await changes(before.revision);
    if (answer.full) throw new Error('expected the changes, got the whole list');
    expect(answer.changed.map(({ index, project }) => [index, project.id, project.area])).toEqual([
      [1, ids[1], 'Hall B'],
    ]);
    expect(applyPublicListChanges(before.projects, answer)).toEqual((await publicList()).projects);
  });

  it('answers the same bytes to every screen holding one revision', async () => {
    const { revision } = await publicList();
    await admin('PUT', `/api/project/${ids[3]}`, { description: 'Changed' });
    const first = await t.app.inject({ method: 'GET', url: changesUrl(revision) });
    const second = await t.app.inject({ method: 'GET', url: changesUrl(revision) });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers the whole list after a reset of the projects, and for a revision it never built', async () => {
    const { revision } = await publicList();
    await admin('POST', '/api/admin/reset', { type: 'projects' });
    const afterReset = await changes(revision);
    expect(afterReset).toEqual({ revision: (await publicList()).revision, full: true, projects: [] });

    // Well formed, but no list of this server's: a screen that read another server or a backup.
    const unknown = await changes('A'.repeat(27));
    expect(unknown.full).toBe(true);
  });

  it('refuses a since that is not a revision, and unknown parameters, with 400', async () => {
    for (const query of ['since=', 'since=abc', `since=${'A'.repeat(26)}!`, `since=a&since=b`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/project/list/public/changes?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: PUBLIC_LIST_SINCE_INVALID });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/project/list/public/changes?from=1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'unknown query parameter from' });
  });

  it('leaves GET /project/list/public as it was: the whole list’s projects, tagged with its revision', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/project/list/public' });
    const whole = await changes();
    if (!whole.full) throw new Error('expected the whole list');
    expect(res.body).toBe(JSON.stringify(whole.projects));
    expect(res.headers.etag).toBe(`"${whole.revision}"`);
  });
});

describe.skipIf(testEngine() !== 'postgres')('two instances on one PostgreSQL database', () => {
  let url: string;
  let storage: TestStorage;
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    url = await freshDatabaseUrl();
    storage = onDatabase(url);
    a = await createTestApp({ storage });
    b = await createTestApp({ storage });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await dropDatabase(url);
    await storage.remove();
  });

  it('name one list by one revision and answer the same changes from it', async () => {
    const first = await a.addProject({ name: 'First' });
    await a.addProject({ name: 'Second' });
    const fromA = await publicList(a);
    const fromB = await publicList(b);
    expect(fromB).toEqual(fromA);

    // A change through B: both instances bridge from the revision either of them handed out.
    const res = await b.admin({ method: 'PUT', url: `/api/project/${first}`, payload: { name: 'Renamed' } });
    expect(res.statusCode, res.body).toBe(200);
    const viaA = await changes(fromA.revision, a);
    const viaB = await changes(fromA.revision, b);
    expect(viaA).toEqual(viaB);
    expect(viaA.full).toBe(false);
    expect(applyPublicListChanges(fromA.projects, viaA)).toEqual((await publicList(a)).projects);
  });

  it('answer the whole list for a revision only the other instance built', async () => {
    const before = await publicList(a); // built by A only
    await a.addProject({ name: 'Later' });
    const answer = await changes(before.revision, b);
    expect(answer).toEqual({ ...(await changes(undefined, a)), full: true });
    expect(applyPublicListChanges(before.projects, answer)).toEqual((await publicList(b)).projects);
  });
});
