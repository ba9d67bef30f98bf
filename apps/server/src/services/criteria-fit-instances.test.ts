/**
 * The calibrated criteria scores are a function of the stored scores (docs/criteria-scoring.md,
 * "Every fit starts from the guesses"): two instances behind one address answer an organizer's
 * refreshes alike, though one of them fitted after every visit and the other never fitted before.
 * A review's test found them apart in the last decimal while each instance resumed its own fits.
 * PostgreSQL only: several instances share one database there (DESIGN.md §7).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../judging/random.js';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';
import {
  createTestApp,
  onDatabase,
  testEngine,
  type JudgeClient,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';

const CRITERIA = ['Impact', 'Design', 'Tech', 'Pitch', 'Fun'];

describe.skipIf(testEngine() !== 'postgres')('the criteria fit on two instances', () => {
  let url: string;
  let storage: TestStorage;
  const apps: TestApp[] = [];
  const start = async () => {
    const t = await createTestApp({ storage });
    apps.push(t);
    return t;
  };

  beforeEach(async () => {
    url = await freshDatabaseUrl();
    storage = onDatabase(url);
  });
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    await dropDatabase(url);
    await storage.remove();
  });

  it('gives the same figures on an instance that fitted after every visit and on one just started, at 2,000 scores and more', async () => {
    const a = await start();
    const random = seededRandom(7);
    const criteria: string[] = [];
    for (const name of CRITERIA)
      criteria.push(
        (await a.adminOk({ method: 'POST', url: '/api/admin/criteria', payload: { name } })).json<{
          id: string;
        }>().id,
      );
    const quality = new Map<string, number>();
    for (let i = 0; i < 60; i += 1) quality.set(await a.addProject({ name: `P${i}` }), random());
    await a.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judges: { client: JudgeClient; leniency: number }[] = [];
    for (let i = 0; i < 40; i += 1) {
      const id = await a.addJudge({ name: `J${i}`, email: `j${i}@x.org` });
      judges.push({ client: await a.loginAs(id), leniency: (random() - 0.5) * 0.4 });
    }
    /** The judge's next project, scored by its quality, the judge's leniency and some noise. */
    const visit = async ({ client, leniency }: (typeof judges)[number]) => {
      const next = await client({ method: 'POST', url: '/api/judge/next' });
      expect(next.statusCode, next.body).toBe(200);
      const q = quality.get(next.json<{ project_id: string }>().project_id) as number;
      const points = () =>
        Math.min(5, Math.max(1, Math.round(1 + 4 * (q + leniency + (random() - 0.5) * 0.3))));
      const scores = Object.fromEntries(criteria.map((c) => [c, points()]));
      const res = await client({ method: 'POST', url: '/api/judge/finish', payload: { scores } });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const judge of judges) for (let n = 0; n < 10; n += 1) await visit(judge);
    const scoresOn = async (t: TestApp) =>
      (await t.adminOk({ method: 'GET', url: '/api/admin/criteria/scores' })).body;
    await scoresOn(a);
    // The organizer's dashboard on A refetches after each judgment; B starts and is asked once.
    for (let n = 0; n < 6; n += 1) {
      await visit(judges[n] as (typeof judges)[number]);
      const onA = await scoresOn(a);
      const b = await start();
      expect(await scoresOn(b)).toBe(onA);
      await b.close();
      apps.pop();
    }
  }, 120_000);
});
