/**
 * Exports built by the export worker and streamed (issue 15), over HTTP; and a small event's,
 * built in place, byte for byte the same.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../config.js';
import { multipart } from '../../test-support/multipart.js';
import { snapshot } from '../../test-support/seed.js';
import {
  createTestApp,
  IN_WORKERS,
  testEngine,
  testStorage,
  type TestApp,
} from '../../test-support/test-app.js';
import { unzip } from '../../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ app: { inPlace: IN_WORKERS } });
});
afterEach(async () => {
  await t.close();
});

const PROJECTS = 2500; // more than two pieces of 1,000 rows

async function importProjects(count: number) {
  const rows = Array.from({ length: count }, (_, i) => `Project ${i},"About, ${i}",https://p${i}.org,,,AI`);
  const body = multipart({}, { content: rows.join('\n') });
  const res = await t.admin({ method: 'POST', url: '/api/project/csv', ...body });
  expect(res.statusCode, res.body).toBe(200);
}

const exportOf = (kind: string, headers: Record<string, string> = {}) =>
  t.admin({ method: 'GET', url: `/api/admin/export/${kind}`, headers });

describe('streamed exports', () => {
  it('a projects.csv of several pieces has every row, whole and in table order', async () => {
    await importProjects(PROJECTS);
    const res = await exportOf('projects');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toHaveLength(PROJECTS + 2);
    expect(lines.at(-1)).toBe('');
    lines.slice(1, -1).forEach((line, i) => {
      expect(line).toBe(`Project ${i},Table ${i + 1},"About, ${i}",https://p${i}.org,,,AI,0,true,0,0,0`);
    });
  });

  it('compressed by Accept-Encoding, it decodes to the same bytes', async () => {
    await importProjects(300);
    const plain = await exportOf('projects');
    const gzipped = await exportOf('projects', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-disposition']).toBe('attachment; filename=projects.csv');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('8 exports at once each get their whole file, and each logs its line', async () => {
    await importProjects(1200);
    const kinds = ['judges', 'projects', 'rankings', 'challenges'];
    const singles = await Promise.all(kinds.map((kind) => exportOf(kind)));
    const answers = await Promise.all([...kinds, ...kinds].map((kind) => exportOf(kind)));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const single = singles[i % kinds.length];
      if (kinds[i % kinds.length] === 'challenges') {
        expect(unzip(res.rawPayload)).toEqual(unzip(single?.rawPayload as Buffer));
      } else {
        expect(res.body).toBe(single?.body);
      }
    });
    const log = await t.log();
    expect(log.match(/Exported projects to CSV/g)).toHaveLength(3);
    expect(log.match(/Exported projects by challenge to CSV/g)).toHaveLength(3);
  });

  // SQLite only: the worker's failure comes from the file it opens by name.
  it.skipIf(testEngine() === 'postgres')(
    'an export that cannot be built is a JSON 500, not a download, and logs nothing',
    async () => {
      await importProjects(10);
      // The worker opens the database file by name: gone, it cannot read it (the server's own
      // connection keeps working on the open file).
      rmSync(join(t.dataDir, DATABASE_FILE));
      const before = await snapshot(t.app);
      const res = await exportOf('projects');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'internal server error' });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(await snapshot(t.app)).toBe(before);
    },
  );
});

describe("a small event's exports, built in place", () => {
  it('are the same files as the worker builds, and log their lines', async () => {
    // One storage for both apps: the default one would go with the first app's close.
    const storage = await testStorage();
    await t.close();
    t = await createTestApp({ storage, app: { inPlace: IN_WORKERS } });
    await importProjects(40);
    const grace = await t.loginAs(await t.addJudge({ name: 'Grace', email: 'grace@example.org' }));
    // Criteria and scores (issue 34): scores.csv and projects.csv's criteria columns.
    const criterion = await t.admin({
      method: 'POST',
      url: '/api/admin/criteria',
      payload: { name: 'Impact' },
    });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    for (const score of [4, 2]) {
      await grace({ method: 'POST', url: '/api/judge/next' });
      const scores = { [criterion.json<{ id: string }>().id]: score };
      expect(
        (await grace({ method: 'POST', url: '/api/judge/finish', payload: { scores } })).statusCode,
      ).toBe(200);
    }
    const kinds = ['judges', 'projects', 'rankings', 'challenges', 'scores'];
    const fromWorker = await Promise.all(kinds.map((kind) => exportOf(kind)));
    await t.close();
    t = await createTestApp({ storage });
    try {
      for (const [i, kind] of kinds.entries()) {
        const inPlace = await exportOf(kind);
        const worker = fromWorker[i];
        expect(inPlace.statusCode).toBe(200);
        expect(inPlace.headers['content-type']).toBe(worker?.headers['content-type']);
        if (kind === 'challenges')
          expect(unzip(inPlace.rawPayload)).toEqual(unzip(worker?.rawPayload as Buffer));
        else expect(inPlace.body).toBe(worker?.body);
      }
      expect(
        (await t.log()).match(
          /Exported (judges|projects|rankings|projects by challenge|criteria scores) to CSV/g,
        ),
      ).toHaveLength(10);
    } finally {
      await t.close();
      await storage.remove();
      t = await createTestApp();
    }
  });
});
