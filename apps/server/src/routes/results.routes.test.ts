/** The Results view and its export over HTTP (docs/api-extensions.md, "Results and deliberation"). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_ERRORS, type Criterion, type JudgeSelf, type Results } from '@podium/protocol';
import { seedFlag, seedJudged, seedRanking } from '../test-support/seed.js';
import { createTestApp, type JudgeClient, type TestApp } from '../test-support/test-app.js';
import { unzip } from '../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const results = async () => {
  const res = await t.admin({ method: 'GET', url: '/api/admin/results' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Results>();
};
const seenBy = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge' }))
    .json<JudgeSelf>()
    .seen_projects.map((s) => s.project_id);

/** Judges every project through the API (next, finish) and ranks what it saw in `order`. */
async function judgeAll(judge: JudgeClient, order: readonly string[], starred: ReadonlySet<string>) {
  for (;;) {
    const next = (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string }>();
    if (next.project_id === undefined) break;
    const finish = await judge({
      method: 'POST',
      url: '/api/judge/finish',
      payload: { starred: starred.has(next.project_id) },
    });
    expect(finish.statusCode, finish.body).toBe(200);
  }
  const seen = new Set(await seenBy(judge));
  const ranking = order.filter((id) => seen.has(id));
  const rank = await judge({ method: 'POST', url: '/api/judge/rank', payload: { ranking } });
  expect(rank.statusCode, rank.body).toBe(200);
}

/**
 * Eight projects whose true order is their creation order (the first named `=best` to meet the
 * formula guard), a hidden one, five judges who rank them in that order, one who ranks them
 * reversed, and a track judge who starred one project of the track.
 */
async function seedEvent() {
  await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
  const ids: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    ids.push(await t.addProject({ name: i === 0 ? '=best' : `P${i}`, challenge_list: i % 2 ? 'AI' : '' }));
  }
  const hidden = await t.addProject({ name: 'Hidden' });
  const honest: JudgeClient[] = [];
  for (let j = 0; j < 5; j += 1) {
    honest.push(await t.loginAs(await t.addJudge({ name: `Judge ${j}`, email: `j${j}@x.org` })));
  }
  const contrarianId = await t.addJudge({ name: 'Contrarian', email: 'c@x.org' });
  const contrarian = await t.loginAs(contrarianId);
  const trackJudge = await t.addJudge({ name: 'Tracker', email: 't@x.org', track: 'AI' });
  await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
  for (const judge of honest) await judgeAll(judge, ids, new Set([ids[0] as string]));
  await judgeAll(contrarian, [...ids].reverse(), new Set());
  await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
  await t.admin({ method: 'PUT', url: `/api/project/hide/${hidden}`, payload: { hide: true } });
  await seedJudged(t.app, trackJudge, ids[3] as string, { starred: true });
  await seedJudged(t.app, trackJudge, ids[1] as string);
  await seedFlag(t.app, ids[2] as string, contrarianId, 'cannot-demo');
  await seedFlag(t.app, ids[2] as string, contrarianId, 'busy');
  return { ids, hidden, contrarianId };
}

describe('GET /admin/results', () => {
  it('ranks active projects by rank_score with their odds, then the hidden one', async () => {
    const { ids, hidden } = await seedEvent();
    const body = await results();
    expect(body).toMatchObject({ places: 10, samples: 2000, max_looks: 20 });
    expect(body.generated_at).toBe(t.clock.now());
    expect(body.projects.map((p) => p.id)).toEqual([...ids, hidden]);
    // The same order as the project list's rank_score.
    const listed = (await t.projects()).filter((p) => p.active);
    listed.sort((a, b) => (b.rank_score ?? 0) - (a.rank_score ?? 0));
    expect(listed.map((p) => p.id)).toEqual(ids);
    expect(body.projects.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, null]);

    const [best, second] = body.projects;
    expect(best).toMatchObject({ name: '=best', location: 1, active: true, seen: 6, stars: 5, flags: 0 });
    expect(best?.rank_score).toBe(listed[0]?.rank_score);
    expect(body.projects[2]?.flags).toBe(1); // the busy flag does not count
    const odds = body.projects.flatMap((p) => (p.odds ? [p.odds] : []));
    expect(odds).toHaveLength(8);
    expect(odds.reduce((sum, o) => sum + o.p_first, 0)).toBeCloseTo(1, 9);
    // Eight active projects: every one is in the top 10.
    expect(odds.every((o) => o.p_top === 1)).toBe(true);
    expect(best?.odds?.p_first).toBeGreaterThan(second?.odds?.p_first as number);
    expect(best?.odds?.rank_low).toBe(1);
    expect(best?.odds?.score_low).toBeLessThan(best?.rank_score as number);
    expect(best?.odds?.score_high).toBeGreaterThan(best?.rank_score as number);
    for (const o of odds) {
      expect(o.more_looks === null).toBe(!o.contender);
      expect(o.contender).toBe(o.open.length > 0);
      // Eight projects: the top 10 is settled; only first place can be open.
      expect(o.open.every((prize) => prize === 'first')).toBe(true);
      expect(o.open.includes('first')).toBe(o.p_first >= 0.05 && o.p_first <= 0.95);
    }
    expect(body.projects[8]).toMatchObject({ id: hidden, active: false, rank: null, odds: null });
  });

  it('marks the judge who contradicts the others and leaves track judges out', async () => {
    const { contrarianId } = await seedEvent();
    const { judges } = await results();
    expect(judges.map((j) => j.name)).toEqual([
      'Judge 0',
      'Judge 1',
      'Judge 2',
      'Judge 3',
      'Judge 4',
      'Contrarian',
    ]);
    const contrarian = judges.find((j) => j.id === contrarianId);
    // It saw the nine projects (one hidden later) and ranked the eight it was given: 28 + 8 pairs.
    expect(contrarian).toMatchObject({ seen: 9, ranked: 8, comparisons: 36, worth_a_word: true });
    expect(contrarian?.agreement).toBeLessThan(0.3);
    for (const judge of judges.filter((j) => j.id !== contrarianId)) {
      expect(judge.worth_a_word).toBe(false);
      expect(judge.reliability).toBeGreaterThan(contrarian?.reliability as number);
      expect(judge.agreement).toBeGreaterThan(0.9);
    }
  });

  it('says nothing of the reliability or agreement of judges who share no project: the fit has only their own orders', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) ids.push(await t.addProject({ name }));
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    const first = await t.addJudge({ name: 'First', email: 'f@x.org' });
    const second = await t.addJudge({ name: 'Second', email: 's@x.org' });
    for (const id of [a, b]) await seedJudged(t.app, first, id);
    await seedRanking(t.app, first, [b, a]);
    for (const id of [c, d, e]) await seedJudged(t.app, second, id);
    await seedRanking(t.app, second, [c, d]);
    const { judges } = await results();
    expect(judges.map((j) => [j.name, j.comparisons, j.reliability, j.agreement, j.worth_a_word])).toEqual([
      ['First', 1, null, null, false],
      ['Second', 3, null, null, false],
    ]);
  });

  it("gives each track its projects by the track judges' stars", async () => {
    const { ids } = await seedEvent();
    const { tracks } = await results();
    expect(tracks).toHaveLength(1);
    expect(tracks[0]?.track).toBe('AI');
    expect(tracks[0]?.projects.map((p) => [p.id, p.track_seen, p.track_stars])).toEqual([
      [ids[3], 1, 1],
      [ids[1], 1, 0],
      [ids[5], 0, 0],
      [ids[7], 0, 0],
    ]);
  });

  it('answers the same numbers on every read of the same data, and follows new judgments', async () => {
    const { ids } = await seedEvent();
    const before = await results();
    expect(await results()).toEqual(before);
    // Six more judges rank the second project first and the first last: the order follows.
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const [first, second, ...rest] = ids as [string, string, ...string[]];
    for (let j = 0; j < 6; j += 1) {
      const judge = await t.loginAs(await t.addJudge({ name: `Late ${j}`, email: `l${j}@x.org` }));
      await judgeAll(judge, [second, ...rest, first], new Set());
    }
    const after = await results();
    expect(after.projects[0]?.id).toBe(ids[1]);
    expect(after.projects[0]?.odds?.p_first).toBeGreaterThan(before.projects[1]?.odds?.p_first as number);
  });

  it('answers the same numbers for the same judgments, whatever was judged in between', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 14; i += 1) ids.push(await t.addProject({ name: `P${i}` }));
    // Seven judges' noisy rankings, one of them contrary to the rest, from a fixed seed.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const judges: string[] = [];
    for (let j = 0; j < 7; j += 1) {
      const id = await t.addJudge({ name: `J${j}`, email: `j${j}@x.org` });
      judges.push(id);
      const seen = ids.filter(() => random() < 0.6);
      for (const project of seen) await seedJudged(t.app, id, project);
      const sign = j === 6 ? -1 : 1;
      const noisy = [...seen].sort((a, b) => sign * (ids.indexOf(a) + 12 * random() - ids.indexOf(b)));
      await seedRanking(t.app, id, noisy.slice(0, Math.max(1, noisy.length - 2)));
    }
    const first = await results();
    // A judge reverses its ranking (the dashboard reads the Results), then puts it back.
    const judge = await t.loginAs(judges[0] as string);
    const { rankings } = (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
    for (const ranking of [[...rankings].reverse(), rankings]) {
      const rank = await judge({ method: 'POST', url: '/api/judge/rank', payload: { ranking } });
      expect(rank.statusCode, rank.body).toBe(200);
      await results();
    }
    expect((await results()).projects).toEqual(first.projects);
  });

  it('works before any judging: no project has odds yet, since nobody has seen one', async () => {
    for (let i = 0; i < 4; i += 1) await t.addProject({ name: `P${i}` });
    const body = await results();
    expect(body.projects.map((p) => p.rank_score)).toEqual([0, 0, 0, 0]);
    expect(body.projects.map((p) => p.odds)).toEqual([null, null, null, null]);
    expect(body.judges).toEqual([]);
    expect(body.tracks).toEqual([]);
  });

  it('numbers the seen projects 1…k without gaps, before the ones nobody has seen', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await t.addProject({ name: `P${i}` }));
    const ada = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const next = (await ada({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>();
      expect((await ada({ method: 'POST', url: '/api/judge/finish', payload: {} })).statusCode).toBe(200);
      seen.push(next.project_id);
    }
    expect(
      (await ada({ method: 'POST', url: '/api/judge/rank', payload: { ranking: seen } })).statusCode,
    ).toBe(200);
    const body = await results();
    // The last of Ada's three scores below the prior's 0 that the unseen project keeps.
    const last = body.projects.find((p) => p.id === seen[2]);
    expect(last?.rank_score).toBeLessThan(0);
    expect(body.projects.map((p) => [p.id, p.rank])).toEqual([
      [seen[0], 1],
      [seen[1], 2],
      [seen[2], 3],
      [ids.find((id) => !seen.includes(id)), 4],
    ]);
    // The unseen one has no odds, so it is no contender; it still counts in the others' draws:
    // it may yet come first.
    expect(body.projects[3]?.odds).toBeNull();
    const pFirst = body.projects.slice(0, 3).map((p) => p.odds?.p_first ?? 0);
    expect(pFirst.reduce((sum, p) => sum + p, 0)).toBeLessThan(1);
    expect(pFirst.reduce((sum, p) => sum + p, 0)).toBeGreaterThan(0.5);
  });

  it('is refused without admin credentials, and does not log', async () => {
    for (const url of ['/api/admin/results', '/api/admin/export/results']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ADMIN_AUTH_ERRORS.missing });
    }
    await results();
    expect(await t.log()).not.toContain('Exported results');
  });
});

/** A project a judge finished through the API, and when (ISO 8601). */
interface Finish {
  id: string;
  at: string;
}

describe("a track's order by its judges' criteria scores (issue 34)", () => {
  it('keeps projects beyond the top of the scale apart: both show 100 %, the one more judges put there first', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    const [alpha, beta, weak, mid] = [
      await t.addProject({ name: 'Alpha', challenge_list: 'AI' }),
      await t.addProject({ name: 'Beta', challenge_list: 'AI' }),
      await t.addProject({ name: 'Weak', challenge_list: 'AI' }),
      await t.addProject({ name: 'Mid', challenge_list: 'AI' }),
    ] as [string, string, string, string];
    const added = await t.admin({ method: 'POST', url: '/api/admin/criteria', payload: { name: 'Impact' } });
    const impact = added.json<Criterion>().id;
    const give = async (judge: string, project: string, score: number) => {
      await seedJudged(t.app, judge, project);
      const { db } = t.app;
      await db.transaction(async () =>
        db.run(
          db.q.insertInto('criterion_scores').values({
            judge_id: judge,
            project_id: project,
            criterion_id: impact,
            score,
            scale: 5,
            scored_at: 1,
          }),
        ),
      );
    };
    // Seven track judges give Beta 5 of 5; three of them give Alpha 5 too.
    for (let j = 0; j < 7; j += 1) {
      const judge = await t.addJudge({ name: `J${j}`, email: `j${j}@x.org`, track: 'AI' });
      await give(judge, weak, 1);
      await give(judge, mid, 2);
      await give(judge, beta, 5);
      if (j < 3) await give(judge, alpha, 5);
    }
    const track = (await results()).tracks[0]?.projects ?? [];
    expect(track.map((p) => [p.name, p.criteria_score])).toEqual([
      ['Beta', 100],
      ['Alpha', 100],
      ['Mid', expect.any(Number)],
      ['Weak', 0],
    ]);
  });
});

describe('GET /admin/export/results', () => {
  it('is results.zip with the projects, judges, tracks and rankings as formula-guarded CSV, and logs', async () => {
    const { ids } = await seedEvent();
    const view = await results();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/results' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename=results.zip');
    const entries = unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'projects.csv',
      'judges.csv',
      'tracks.csv',
      'judge-rankings.csv',
    ]);
    const [projects, judges, tracks] = entries.map((e) => e.content.toString('utf8').split('\n'));

    expect(projects?.[0]).toBe(
      'Rank,Name,Table,RankScore,RankLow,RankHigh,ScoreLow,ScoreHigh,PTop10,PFirst,Contender,OpenFor,MoreLooks,' +
        'Seen,Stars,Flags,Active,Prioritized,Copeland,LastActivity',
    );
    const best = view.projects[0];
    const o = best?.odds;
    const finished = new Date(best?.last_activity as number).toISOString();
    expect(projects?.[1]).toBe(
      `1,'=best,Table 1,${best?.rank_score},${o?.rank_low},${o?.rank_high},${o?.score_low},${o?.score_high},` +
        `1,${o?.p_first},${o?.contender},${o?.open.join('+')},${o?.more_looks ?? ''},6,5,0,true,false,` +
        `${best?.score},${finished}`,
    );
    expect(finished).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const hidden = view.projects[8];
    expect(projects?.[9]).toBe(
      `,Hidden,Table 9,${hidden?.rank_score},,,,,,,false,,,6,0,0,false,false,${hidden?.score},` +
        new Date(hidden?.last_activity as number).toISOString(),
    );
    expect(projects).toHaveLength(11);
    expect(projects?.[10]).toBe('');

    expect(judges?.[0]).toBe(
      'Name,Active,Seen,Ranked,Comparisons,Reliability,Agreement,WorthAWord,LastActivity',
    );
    const contrarian = view.judges[5];
    expect(judges?.[6]).toBe(
      `Contrarian,true,9,8,36,${contrarian?.reliability},${contrarian?.agreement},true,` +
        new Date(contrarian?.last_activity as number).toISOString(),
    );
    expect(tracks).toEqual([
      'Track,Name,Table,Active,TrackSeen,TrackStars',
      'AI,P3,Table 4,true,1,1',
      'AI,P1,Table 2,true,1,0',
      'AI,P5,Table 6,true,0,0',
      'AI,P7,Table 8,true,0,0',
      '',
    ]);
    expect(ids).toHaveLength(8);
    expect(await t.log()).toMatch(/ADMIN {2}\| Exported results to CSV$/);
  });

  it("names each judge's ranked, then unranked, projects with tables and finish times", async () => {
    const names = ['=Robot, "arm"', 'Garden', 'Kiln'];
    const ids: string[] = [];
    for (const name of names) ids.push(await t.addProject({ name }));
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await t.loginAs(adaId);
    await t.addJudge({ name: 'Idle', email: 'idle@x.org' });
    const boId = await t.addJudge({ name: '@Bo', email: 'bo@x.org' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    // Ada finishes the three a minute apart, then ranks the last one first, the first one second.
    const finished: Finish[] = [];
    for (;;) {
      const next = (await ada({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string }>();
      if (next.project_id === undefined) break;
      t.clock.advance(60_000);
      const finish = await ada({ method: 'POST', url: '/api/judge/finish', payload: { starred: false } });
      expect(finish.statusCode, finish.body).toBe(200);
      finished.push({ id: next.project_id, at: new Date(t.clock.now()).toISOString() });
    }
    expect(finished).toHaveLength(3);
    const [first, middle, last] = finished as [Finish, Finish, Finish];
    const ranking = [last.id, first.id];
    const rank = await ada({ method: 'POST', url: '/api/judge/rank', payload: { ranking } });
    expect(rank.statusCode, rank.body).toBe(200);
    await seedJudged(t.app, boId, ids[0] as string);
    const code = new Map((await t.judges()).map((judge) => [judge.id, judge.code]));
    const cells = ['Table 1,"\'=Robot, ""arm"""', 'Table 2,Garden', 'Table 3,Kiln'];
    const project = (id: string) => cells[ids.indexOf(id)];

    const res = await t.admin({ method: 'GET', url: '/api/admin/export/results' });
    expect(res.statusCode).toBe(200);
    const entry = unzip(res.rawPayload).find((e) => e.name === 'judge-rankings.csv');
    expect(entry?.content.toString('utf8')).toBe(
      [
        'Judge,Code,Rank,Table,Project,Finished',
        `Ada,${code.get(adaId)},1,${project(last.id)},${last.at}`,
        `Ada,${code.get(adaId)},2,${project(first.id)},${first.at}`,
        `Ada,${code.get(adaId)},,${project(middle.id)},${middle.at}`,
        `'@Bo,${code.get(boId)},,${cells[0]},1970-01-01T00:00:00.001Z`,
        '',
      ].join('\n'),
    );
  });
});
