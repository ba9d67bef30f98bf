/** The engine's cached snapshot must always equal what the database says (R7–R13 read it). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineSnapshots } from './engine-snapshot.js';
import { ConflictRepository } from '../repositories/conflict.repository.js';
import { LayoutRepository } from '../repositories/layout.repository.js';
import { JudgeRepository } from '../repositories/judge.repository.js';
import { ProjectRepository } from '../repositories/project.repository.js';
import { OptionsRepository } from '../repositories/options.repository.js';
import { seedCurrent, seedJudged, seedRanking, seedSettings } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let engine: EngineSnapshots;
beforeEach(async () => {
  t = await createTestApp();
  const db = t.app.db;
  engine = new EngineSnapshots({
    db,
    repositories: {
      projects: new ProjectRepository(db),
      judges: new JudgeRepository(db),
      layout: new LayoutRepository(db),
      conflicts: new ConflictRepository(db),
    },
    now: t.clock.now,
  });
});
afterEach(async () => {
  await t.close();
});

const ok = async (request: Parameters<TestApp['admin']>[0]) =>
  expect((await t.admin(request)).json()).toEqual({ ok: 1 });
const settings = () => new OptionsRepository(t.app.db).read();
const seen = async () =>
  Object.fromEntries((await engine.allProjects()).map((p) => [p.id, [p.seen, p.trackSeen]]));

describe('EngineSnapshots', () => {
  it('counts views as they are finished, by judge kind, and recounts after a judge is deleted', async () => {
    await seedSettings(t.app, { tracks: ['AI'], track_views: [2] });
    const [p1, p2] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    const general = await t.addJudge({ name: 'G', email: 'g@x.org' });
    const track = await t.addJudge({ name: 'T', email: 't@x.org', track: 'AI' });
    expect(await seen()).toEqual({ [p1]: [0, {}], [p2]: [0, {}] });
    await seedJudged(t.app, general, p1);
    await seedJudged(t.app, track, p1);
    expect(await seen()).toEqual({ [p1]: [1, { AI: 1 }], [p2]: [0, {}] });
    await seedJudged(t.app, general, p2);
    expect(await seen()).toEqual({ [p1]: [1, { AI: 1 }], [p2]: [1, {}] });
    await ok({ method: 'DELETE', url: `/api/judge/${general}` });
    expect(await seen()).toEqual({ [p1]: [0, { AI: 1 }], [p2]: [0, {}] });
  });

  it('counts a view once when requests read the snapshot at once', async () => {
    const p1 = await t.addProject({ name: 'A' });
    const judge = await t.addJudge({ name: 'G', email: 'g@x.org' });
    expect(await seen()).toEqual({ [p1]: [0, {}] });
    await seedJudged(t.app, judge, p1);
    await Promise.all([engine.allProjects(), engine.allProjects()]);
    expect(await seen()).toEqual({ [p1]: [1, {}] });
  });

  it('follows project edits: hidden, moved, added, deleted', async () => {
    const p1 = await t.addProject({ name: 'A' });
    expect((await engine.allProjects()).map((p) => [p.id, p.active, p.location])).toEqual([[p1, true, 1]]);
    await ok({ method: 'PUT', url: `/api/project/hide/${p1}`, payload: { hide: true } });
    await ok({ method: 'PUT', url: `/api/project/move/${p1}`, payload: { location: 7 } });
    const p2 = await t.addProject({ name: 'B' });
    expect((await engine.allProjects()).map((p) => [p.id, p.active, p.location])).toEqual([
      [p1, false, 7],
      [p2, true, 8],
    ]);
    await ok({ method: 'DELETE', url: `/api/project/${p1}` });
    expect((await engine.allProjects()).map((p) => p.id)).toEqual([p2]);
  });

  it('gives the engine the hall layout, reloaded when it is replaced (R93)', async () => {
    expect([...((await engine.read(await settings(), true)).positions ?? [])]).toEqual([]);
    await ok({
      method: 'PUT',
      url: '/api/admin/layout',
      payload: { tables: [{ table: 1, x: 3, y: 4, area: 'A' }] },
    });
    expect([...((await engine.read(await settings(), true)).positions ?? [])]).toEqual([
      [1, { x: 3, y: 4, area: 'A' }],
    ]);
    await ok({ method: 'PUT', url: '/api/admin/layout', payload: { tables: [] } });
    expect([...((await engine.read(await settings(), false)).positions ?? [])]).toEqual([]);
  });

  it("keeps every judge's conflicts of interest, reread after each write to them, deletes included", async () => {
    const [p1, p2] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const bob = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    const conflicts = async () => [
      [...(await engine.conflictsOf(ada))].sort(),
      [...(await engine.conflictsOf(bob))],
    ];
    expect(await conflicts()).toEqual([[], []]);
    const put = (judge: string, projects: string[]) =>
      t.admin({ method: 'PUT', url: `/api/judge/conflicts/${judge}`, payload: { projects } });
    await put(ada, [p1, p2]);
    await put(bob, [p2]);
    expect(await conflicts()).toEqual([[p1, p2].sort(), [p2]]);
    // The judge's own, said at a skip.
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await put(bob, []);
    const bobClient = await t.loginAs(bob);
    const held = (await bobClient({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>();
    await bobClient({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'conflict' } });
    expect(await conflicts()).toEqual([[p1, p2].sort(), [held.project_id]]);
    await ok({ method: 'DELETE', url: `/api/project/${p1}` });
    expect((await conflicts())[0]).toEqual([p2]);
    await ok({ method: 'DELETE', url: `/api/judge/${ada}` });
    expect((await conflicts())[0]).toEqual([]);
  });

  it('passes only the judges holding a project', async () => {
    const p1 = await t.addProject({ name: 'A' });
    const holder = await t.addJudge({ name: 'H', email: 'h@x.org' });
    await t.addJudge({ name: 'I', email: 'i@x.org' });
    await seedCurrent(t.app, holder, p1);
    expect((await engine.read(await settings(), true)).judges.map((j) => [j.id, j.current])).toEqual([
      [holder, p1],
    ]);
  });

  it('gives R13 an estimate only to general judges, once some active project has min_views', async () => {
    await seedSettings(t.app, { min_views: 1 });
    const [p1, p2] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    const judge = await t.addJudge({ name: 'G', email: 'g@x.org' });
    expect((await engine.read(await settings(), true)).estimate).toBeUndefined();
    await seedJudged(t.app, judge, p1);
    await seedJudged(t.app, judge, p2);
    await seedRanking(t.app, judge, [p2, p1]);
    expect((await engine.read(await settings(), false)).estimate).toBeUndefined();
    const estimate = (await engine.read(await settings(), true)).estimate;
    expect(estimate?.get(p2)?.score).toBeGreaterThan(estimate?.get(p1)?.score ?? Infinity);
  });

  it('refits the estimate only after new views and the minimum interval (R13 cost bound)', async () => {
    await seedSettings(t.app, { min_views: 1 });
    const [p1, p2, p3] = [
      await t.addProject({ name: 'A' }),
      await t.addProject({ name: 'B' }),
      await t.addProject({ name: 'C' }),
    ];
    const judge = await t.addJudge({ name: 'G', email: 'g@x.org' });
    await seedJudged(t.app, judge, p1);
    await seedJudged(t.app, judge, p2);
    await seedRanking(t.app, judge, [p2, p1]);
    const first = (await engine.read(await settings(), true)).estimate;
    await seedJudged(t.app, judge, p3);
    await seedRanking(t.app, judge, [p3, p2, p1]);
    expect((await engine.read(await settings(), true)).estimate).toBe(first); // within 10 s: the last fit
    t.clock.advance(10_000);
    const refit = (await engine.read(await settings(), true)).estimate;
    expect(refit).not.toBe(first);
    expect(refit?.get(p3)?.score).toBeGreaterThan(refit?.get(p2)?.score ?? Infinity);
    t.clock.advance(10_000);
    expect((await engine.read(await settings(), true)).estimate).toBe(refit); // no new views: nothing to refit
  });
});
