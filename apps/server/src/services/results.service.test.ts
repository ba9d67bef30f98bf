/** The Results view's cache: a projector re-reading unchanged data costs neither a refit nor new draws. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedJudged, seedRanking } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('ResultsService cache', () => {
  it('reuses the fit and the draws until a judgment changes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await t.addProject({ name: `P${i}` }));
    const judge = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    for (const id of ids) await seedJudged(t.app, judge, id);
    await seedRanking(t.app, judge, ids);
    const { projects, results } = t.app.services;

    const fit = (await projects.estimates()).rankFit;
    const first = await results.results();
    expect((await projects.estimates()).rankFit).toBe(fit);
    const again = await results.results();
    // The very same odds objects: nothing was drawn again.
    again.projects.forEach((project, i) => expect(project.odds).toBe(first.projects[i]?.odds));

    await seedRanking(t.app, judge, [...ids].reverse());
    const changed = await results.results();
    expect((await projects.estimates()).rankFit).not.toBe(fit);
    expect(changed.projects[0]?.id).toBe(ids[4]);
    expect(changed.projects[0]?.odds).not.toBe(first.projects[0]?.odds);
  });
});
