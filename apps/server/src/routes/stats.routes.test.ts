/** Statistics (R35, R36). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedJudgedEvent } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const get = async (url: string) => (await t.admin({ method: 'GET', url })).json();

describe('GET /admin/stats and /admin/stats/:track', () => {
  it('count active projects and active general judges (R35)', async () => {
    await seedJudgedEvent(t);
    // Active projects A (seen 2), B (seen 1); active general judges: Ada (seen 2).
    expect(await get('/api/admin/stats')).toEqual({
      projects: 2,
      judges: 1,
      avg_project_seen: 1.5,
      avg_judge_seen: 2,
    });
  });

  it('count a track with track views (R36), for any track name', async () => {
    await seedJudgedEvent(t);
    expect(await get('/api/admin/stats/AI%2FML')).toEqual({
      projects: 2,
      judges: 1,
      avg_project_seen: 0.5,
      avg_judge_seen: 1,
    });
    expect(await get('/api/admin/stats/Nope')).toEqual({
      projects: 0,
      judges: 0,
      avg_project_seen: 0,
      avg_judge_seen: 0,
    });
  });
});
