/**
 * Conflicts of interest (issue 24 item 3, docs/api-extensions.md): the judge's `conflict` skip,
 * the organizer's declared conflicts, and the engine never assigning either, in every mode.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PACE_MIN_SAID_CONFLICTS,
  SAID_CONFLICTS_REFUSED,
  type Flag,
  type JudgeConflicts,
  type JudgePace,
  type JudgesPace,
} from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  basicAuth,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const start = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const pause = () => t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string; reason?: string }>();
const skip = (judge: JudgeClient, reason: unknown) =>
  judge({ method: 'POST', url: '/api/judge/skip', payload: { reason } });
const finish = (judge: JudgeClient) => judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
const flags = async () => (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<Flag[]>();
/** Conflicts stored at the same time come in no set order: compared by project. */
const byProject = (conflicts: JudgeConflicts['conflicts']) =>
  [...conflicts].sort((x, y) => (x.project_id < y.project_id ? -1 : 1));
const conflictsOf = async (judgeId: string) => {
  const res = await t.admin({ method: 'GET', url: `/api/judge/conflicts/${judgeId}` });
  expect(res.statusCode, res.body).toBe(200);
  return byProject(res.json<JudgeConflicts>().conflicts);
};
const declare = async (judgeId: string, projects: unknown) => {
  const res = await t.admin({ method: 'PUT', url: `/api/judge/conflicts/${judgeId}`, payload: { projects } });
  expect(res.statusCode, res.body).toBe(200);
  return byProject(res.json<JudgeConflicts>().conflicts);
};
const addProjects = async (n: number, body: Record<string, unknown> = {}) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await t.addProject({ name: `P${i}`, ...body }));
  return ids;
};
const current = async (judgeId: string) => (await t.judges()).find((j) => j.id === judgeId)?.current ?? null;

/** Every project the judge is given, finishing each, until the engine has none left. */
async function judgeUntilDone(judge: JudgeClient): Promise<{ given: string[]; reason: string | undefined }> {
  const given: string[] = [];
  for (;;) {
    const answer = await next(judge);
    if (answer.project_id === undefined) return { given, reason: answer.reason };
    given.push(answer.project_id);
    expect((await finish(judge)).statusCode).toBe(200);
  }
}

describe('POST /judge/skip with reason conflict ("I know this team")', () => {
  it('releases the project, gives the next one, records a conflict and no flag, and never offers it again', async () => {
    const projects = await addProjects(3);
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await t.loginAs(adaId);
    await start();
    const known = (await next(ada)).project_id as string;
    expect((await skip(ada, 'conflict')).json()).toEqual({ ok: 1 });
    // R21: a new project at once, not the one skipped.
    const after = await current(adaId);
    expect(after).not.toBeNull();
    expect(after).not.toBe(known);
    expect(await flags()).toEqual([]);
    const project = (await t.projects()).find((p) => p.id === known);
    expect(project?.active).toBe(true);
    expect((await t.judges()).find((j) => j.id === adaId)?.flagged).toEqual([]);
    expect(await conflictsOf(adaId)).toEqual([
      { project_id: known, source: 'judge', created_at: t.clock.now() },
    ]);
    expect(await t.log()).toContain(`Skipped project ${known} due to a conflict of interest`);
    // Its visit was released, not skipped: no mark against the judge's pace either.
    const { visits } = (await t.admin({ method: 'GET', url: `/api/admin/judge/${adaId}/visits` })).json<{
      visits: { project_id: string; outcome: string; reason: string }[];
    }>();
    expect(visits.map(({ project_id, outcome, reason }) => [project_id, outcome, reason])).toEqual([
      [known, 'released', 'conflict'],
      [after, 'current', ''],
    ]);

    // Finishing (which clears busy skips, R22) does not bring it back: every other project, then done.
    expect((await finish(ada)).statusCode).toBe(200);
    const { given, reason } = await judgeUntilDone(ada);
    expect(new Set([after, ...given])).toEqual(new Set(projects.filter((id) => id !== known)));
    expect(reason).toBe('done');
  });

  it('works while paused without assigning; other reasons and their errors are unchanged', async () => {
    await addProjects(2);
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await t.loginAs(adaId);
    expect((await skip(ada, 'conflict')).json()).toEqual({ error: 'no current project' });
    await start();
    const known = (await next(ada)).project_id as string;
    await pause();
    for (const [reason, error] of [
      ['', 'Please select an option.'],
      [null, 'Please select an option.'],
      ['Conflict', 'reason field is invalid: Conflict'],
      ['hidden-absent', 'reason field is invalid: hidden-absent'],
      [['conflict'], 'reason field is invalid: ["conflict"]'],
    ] as const) {
      const res = await skip(ada, reason);
      expect(res.json()).toEqual({ error });
      expect(res.statusCode).toBe(400);
    }
    expect((await skip(ada, 'conflict')).json()).toEqual({ ok: 1 });
    expect(await current(adaId)).toBeNull();
    expect((await conflictsOf(adaId)).map((c) => c.project_id)).toEqual([known]);
    // A busy skip of the other project still flags as before.
    await start();
    await next(ada);
    expect((await skip(ada, 'busy')).json()).toEqual({ ok: 1 });
    expect((await flags()).map((f) => f.reason)).toEqual(['busy']);
  });
});

describe('conflicts a judge says beyond a few show, and the organizer can refuse them (issue 31)', () => {
  const paceOf = async (judgeId: string): Promise<JudgePace | undefined> => {
    const res = await t.admin({ method: 'GET', url: '/api/admin/judge/pace' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JudgesPace>().judges.find((pace) => pace.judge_id === judgeId);
  };
  const refuse = (judgeId: string, payload: unknown) =>
    t.admin({
      method: 'PUT',
      url: `/api/judge/conflicts/refuse/${judgeId}`,
      payload: payload as Record<string, unknown>,
    });

  it('marks the judge who steers to the project it wants by saying it knows the 19 others, live on the admin socket', async () => {
    const projects = await addProjects(20);
    const steerId = await t.addJudge({ name: 'Steer', email: 'steer@x.org' });
    const steer = await t.loginAs(steerId);
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    await start();
    const said: string[] = [];
    while (said.length < 19) {
      said.push((await next(steer)).project_id as string);
      expect((await skip(steer, 'conflict')).statusCode).toBe(200);
      expect((await paceOf(steerId))?.marks).toEqual(
        said.length >= PACE_MIN_SAID_CONFLICTS ? ['many-conflicts'] : [],
      );
      if (said.length === PACE_MIN_SAID_CONFLICTS) {
        // The dashboard hears it at once (judges.changed: it reads the pace again).
        await until(() => admin.names().includes('judges.changed'));
      }
    }
    // Where the 19 conflicts took it: the one project left.
    expect(projects.filter((id) => !said.includes(id))).toEqual([await current(steerId)]);
    admin.close();
    expect(await paceOf(steerId)).toMatchObject({
      said_conflicts: 19,
      said_conflicts_refused: false,
      skipped: 0,
      marks: ['many-conflicts'],
    });
    // A judge who knows a team or two is not marked; declared conflicts are not said ones.
    const twoId = await t.addJudge({ name: 'Two', email: 'two@x.org' });
    const two = await t.loginAs(twoId);
    await declare(twoId, projects.slice(0, 5));
    for (let i = 0; i < PACE_MIN_SAID_CONFLICTS - 1; i += 1) {
      await next(two);
      await skip(two, 'conflict');
    }
    expect(await paceOf(twoId)).toMatchObject({ said_conflicts: PACE_MIN_SAID_CONFLICTS - 1, marks: [] });
  });

  it('refusing removes the said conflicts (the projects come back), keeps the declared ones, and refuses further ones until accepted again', async () => {
    const [a, b, c, d] = (await addProjects(4)) as [string, string, string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await t.loginAs(adaId);
    await declare(adaId, [d]);
    await start();
    const said: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      said.push((await next(ada)).project_id as string);
      await skip(ada, 'conflict');
    }
    expect(new Set(said)).toEqual(new Set([a, b, c]));
    expect(await next(ada)).toEqual({ reason: 'done' });
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    await settle();

    const res = await refuse(adaId, { refuse: true });
    expect(res.json()).toEqual({ ok: 1, removed: 3 });
    expect(res.statusCode).toBe(200);
    await until(() => admin.names().includes('judges.changed'));
    admin.close();
    expect(await conflictsOf(adaId)).toEqual([
      expect.objectContaining({ project_id: d, source: 'declared' }),
    ]);
    expect(await paceOf(adaId)).toMatchObject({ said_conflicts: 0, said_conflicts_refused: true, marks: [] });
    expect(await t.log()).toContain(
      `ADMIN  | Refused the conflicts of interest judge Ada (${adaId}) says: 3 removed`,
    );

    // The projects come back to Ada; saying "I know this team" again is refused with a clear
    // message, and the judge keeps the project.
    const back = (await next(ada)).project_id as string;
    expect(said).toContain(back);
    const before = await snapshot(t.app);
    const refused = await skip(ada, 'conflict');
    expect(refused.json()).toEqual({ error: SAID_CONFLICTS_REFUSED });
    expect(refused.statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
    expect(await current(adaId)).toBe(back);
    // Other skips still work.
    expect((await skip(ada, 'busy')).statusCode).toBe(200);

    expect((await refuse(adaId, { refuse: false })).json()).toEqual({ ok: 1, removed: 0 });
    expect(await t.log()).toContain(
      `ADMIN  | Accepted the conflicts of interest judge Ada (${adaId}) says again`,
    );
    const held = (await next(ada)).project_id as string;
    expect((await skip(ada, 'conflict')).json()).toEqual({ ok: 1 });
    expect((await conflictsOf(adaId)).map((x) => x.project_id)).toContain(held);
  });

  it('refuses bad requests (400), an unknown judge (404) and no admin (401), changing nothing; a judging-data reset ends a refusal', async () => {
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const put = (id: string, payload: unknown) => ({
      method: 'PUT' as const,
      url: `/api/judge/conflicts/refuse/${id}`,
      payload: payload as Record<string, unknown>,
    });
    await t.refused(put(adaId, {}), 400, 'refuse is required');
    await t.refused(put(adaId, { refuse: null }), 400, 'refuse is required');
    await t.refused(put(adaId, { refuse: 'true' }), 400, 'refuse must be a boolean');
    await t.refused(put('nobody', { refuse: true }), 404, 'judge not found');
    const res = await t.app.inject({
      ...put(adaId, { refuse: true }),
      headers: { authorization: basicAuth('wrong') },
    });
    expect(res.statusCode).toBe(401);
    expect((await paceOf(adaId))?.said_conflicts_refused).toBe(false);

    expect((await refuse(adaId, { refuse: true })).statusCode).toBe(200);
    expect((await paceOf(adaId))?.said_conflicts_refused).toBe(true);
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'judging-data' } });
    expect((await paceOf(adaId))?.said_conflicts_refused).toBe(false);
  });
});

describe('GET and PUT /judge/conflicts/:id (declared conflicts)', () => {
  it('sets exactly the given projects, keeps a judge-said source, and logs', async () => {
    const [a, b, c] = (await addProjects(3)) as [string, string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    expect(await conflictsOf(adaId)).toEqual([]);
    expect(await declare(adaId, [b, a, b])).toEqual(
      byProject([
        { project_id: a, source: 'declared', created_at: t.clock.now() },
        { project_id: b, source: 'declared', created_at: t.clock.now() },
      ]),
    );
    expect(await t.log()).toContain(`ADMIN  | Set conflicts of judge Ada (${adaId}): [${b}, ${a}]`);
    t.clock.advance(1000);
    expect(await declare(adaId, [c, b])).toEqual(
      byProject([
        { project_id: b, source: 'declared', created_at: t.clock.now() - 1000 },
        { project_id: c, source: 'declared', created_at: t.clock.now() },
      ]),
    );
    expect(await declare(adaId, [])).toEqual([]);
  });

  it('tells the dashboards when the conflicts change (judges.changed), and not when they stay', async () => {
    const [a, b] = (await addProjects(2)) as [string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    try {
      await settle(300);
      const heard = () => admin.names().filter((name) => name === 'judges.changed').length;
      await declare(adaId, [a]);
      await until(() => heard() === 1);
      await declare(adaId, [a]);
      // Taken back (a judge's own would change the judges table's count and mark).
      await declare(adaId, [b]);
      await until(() => heard() === 2);
      await settle(300);
      expect(heard()).toBe(2);
    } finally {
      admin.close();
    }
  });

  it('refuses an unknown judge (404), an unknown or deleted project and bad bodies (400), and no admin (401)', async () => {
    const [a, gone] = (await addProjects(2)) as [string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    await declare(adaId, [a]);
    expect((await t.admin({ method: 'DELETE', url: `/api/project/${gone}` })).statusCode).toBe(200);
    const put = (id: string, payload: unknown) => ({
      method: 'PUT' as const,
      url: `/api/judge/conflicts/${id}`,
      payload: payload as Record<string, unknown>,
    });
    await t.refused({ method: 'GET', url: '/api/judge/conflicts/nobody' }, 404, 'judge not found');
    await t.refused(put('nobody', { projects: [a] }), 404, 'judge not found');
    await t.refused(put(adaId, { projects: [a, gone] }), 400, `no project has the id ${gone}`);
    await t.refused(put(adaId, { projects: ['nope'] }), 400, 'no project has the id nope');
    await t.refused(put(adaId, {}), 400, 'projects is required');
    await t.refused(put(adaId, { projects: null }), 400, 'projects is required');
    await t.refused(put(adaId, { projects: a }), 400, 'projects must be a list of strings');
    await t.refused(put(adaId, { projects: [1] }), 400, 'projects must be a list of strings');
    for (const request of [
      { method: 'GET' as const, url: `/api/judge/conflicts/${adaId}` },
      put(adaId, { projects: [] }),
    ]) {
      const res = await t.app.inject({ ...request, headers: { authorization: basicAuth('wrong') } });
      expect(res.statusCode).toBe(401);
    }
    expect((await conflictsOf(adaId)).map((c) => c.project_id)).toEqual([a]);
  });

  it('a conflict declared on the project the judge holds releases it; the judge then gets another', async () => {
    const [a, b] = (await addProjects(2)) as [string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await t.loginAs(adaId);
    await start();
    const held = (await next(ada)).project_id as string;
    await declare(adaId, [held]);
    expect(await current(adaId)).toBeNull();
    const visits = (await t.admin({ method: 'GET', url: `/api/admin/judge/${adaId}/visits` })).json<{
      visits: { outcome: string; reason: string }[];
    }>().visits;
    expect(visits.map((v) => [v.outcome, v.reason])).toEqual([['released', 'conflict']]);
    expect(await t.log()).toContain(`Released project ${held} of judge ${adaId}: conflict of interest`);
    expect((await next(ada)).project_id).toBe(held === a ? b : a);
    expect((await finish(ada)).statusCode).toBe(200);
    expect(await next(ada)).toEqual({ reason: 'done' });
  });

  it("deleting the judge or the project deletes its conflicts; a judging-data reset keeps only the organizer's", async () => {
    const [a, b, c] = (await addProjects(3)) as [string, string, string];
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const bobId = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    const ada = await t.loginAs(adaId);
    await declare(adaId, [a, b]);
    await declare(bobId, [a]);
    await start();
    const said = (await next(ada)).project_id as string;
    expect(said).toBe(c);
    await skip(ada, 'conflict');
    await pause();
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'judging-data' } }))
        .statusCode,
    ).toBe(200);
    expect((await conflictsOf(adaId)).map((x) => [x.project_id, x.source])).toEqual(
      [a, b].sort().map((id) => [id, 'declared']),
    );
    await t.admin({ method: 'DELETE', url: `/api/project/${a}` });
    expect((await conflictsOf(adaId)).map((x) => x.project_id)).toEqual([b]);
    expect(await conflictsOf(bobId)).toEqual([]);
    await t.admin({ method: 'DELETE', url: `/api/judge/${adaId}` });
    const rows = await t.app.db.all(t.app.db.q.selectFrom('judge_conflicts').selectAll());
    expect(rows).toEqual([]);
  });
});

describe("the judge CSV's Conflicts column", () => {
  const uploadJudges = (csv: string, fields: Record<string, string> = {}) =>
    t.admin({
      method: 'POST',
      url: '/api/judge/csv',
      ...multipart({ noSend: 'true', ...fields }, { content: csv }),
    });
  const CSV = [
    'Name,Email,Track,Notes,Conflicts',
    'Ada,ada@x.org,,,"1; Robot Arm"',
    'Bob,bob@x.org,,,',
    'Cy,cy@x.org,,,"2,3 , robot arm"',
    'Di,di@x.org',
  ].join('\n');

  it('declares the conflicts of each judge it adds, by table number or project name', async () => {
    const [p1, arm, p3] = (await addProjects(3)) as [string, string, string];
    await t.admin({ method: 'PUT', url: `/api/project/${arm}`, payload: { name: 'Robot Arm' } });
    expect((await uploadJudges(CSV, { headerRow: 'true' })).json()).toEqual({ ok: 1, count: 4, skipped: 0 });
    const id = async (name: string) => (await t.judges()).find((j) => j.name === name)?.id as string;
    const projectsOf = async (name: string) =>
      (await conflictsOf(await id(name))).map((c) => [c.project_id, c.source]);
    expect(await projectsOf('Ada')).toEqual([p1, arm].sort().map((p) => [p, 'declared']));
    expect(await projectsOf('Bob')).toEqual([]);
    expect(await projectsOf('Cy')).toEqual([arm, p3].sort().map((p) => [p, 'declared']));
    expect(await projectsOf('Di')).toEqual([]);
    // And the engine keeps to them.
    await start();
    expect(await judgeUntilDone(await t.loginAs(await id('Ada')))).toEqual({ given: [p3], reason: 'done' });
  });

  it('refuses an entry that names no project with its line, adding nothing, in the import and its dry run', async () => {
    await addProjects(2);
    const bad = 'Ada,ada@x.org,,,1\nBob,bob@x.org,,,"2;7"\n';
    const error = 'line 2: unknown project in Conflicts: 7 (give a table number or a project name)';
    for (const fields of [{}, { dry_run: 'true' }] as Record<string, string>[]) {
      const before = await snapshot(t.app);
      const res = await uploadJudges(bad, fields);
      expect(res.json()).toEqual({ error });
      expect(res.statusCode).toBe(400);
      expect(await snapshot(t.app)).toBe(before);
    }
    expect((await uploadJudges('Ada,ada@x.org,,,Nothing\n')).json()).toEqual({
      error: 'line 1: unknown project in Conflicts: Nothing (give a table number or a project name)',
    });
  });

  it("the dry run lists each judge's conflicts by table and name, and writes nothing", async () => {
    const [p1, p2] = (await addProjects(2)) as [string, string];
    const before = await snapshot(t.app);
    const res = await uploadJudges('Ada,ada@x.org,,,"2;1;P1"\nBob,bob@x.org\n', { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ rows: { name: string; conflicts: unknown[] }[] }>().rows;
    expect(rows.map((r) => [r.name, r.conflicts])).toEqual([
      [
        'Ada',
        [
          { project_id: p2, location: 2, name: 'P1' },
          { project_id: p1, location: 1, name: 'P0' },
        ],
      ],
      ['Bob', []],
    ]);
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('the engine never assigns a project in conflict (through HTTP)', () => {
  it('with groups on: not even the only project of the judge’s own group', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { multi_group: true } });
    await t.admin({ method: 'POST', url: '/api/admin/group-sizes', payload: { group_sizes: [2, 2, 2] } });
    const projects = await addProjects(6);
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const group = (await t.judges()).find((j) => j.id === adaId)?.group;
    const own = (await t.projects()).filter((p) => p.group === group).map((p) => p.id);
    expect(own).toHaveLength(2);
    await declare(adaId, own);
    await start();
    const { given, reason } = await judgeUntilDone(await t.loginAs(adaId));
    expect(new Set(given)).toEqual(new Set(projects.filter((id) => !own.includes(id))));
    expect(reason).toBe('done');
  });

  it('with tracks on: a track judge whose only track projects are in conflict is done', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { judge_tracks: true } });
    const [ai1, ai2] = (await addProjects(2, { challenge_list: 'AI' })) as [string, string];
    await addProjects(2);
    const tiaId = await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI' });
    await declare(tiaId, [ai1]);
    await start();
    const tia = await t.loginAs(tiaId);
    expect(await judgeUntilDone(tia)).toEqual({ given: [ai2], reason: 'done' });
    await declare(tiaId, [ai1, ai2]);
    const fresh = await t.loginAs(await t.addJudge({ name: 'Tom', email: 'tom@x.org', track: 'AI' }));
    await declare((await t.judges()).find((j) => j.name === 'Tom')?.id as string, [ai1, ai2]);
    expect(await next(fresh)).toEqual({ reason: 'done' });
  });

  it('a prioritized project (R10) in conflict goes to other judges, never to this one', async () => {
    const [hot, ...rest] = (await addProjects(3)) as [string, ...string[]];
    await t.admin({ method: 'PUT', url: `/api/project/prioritize/${hot}`, payload: { prioritize: true } });
    const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const bob = await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    await declare(adaId, [hot]);
    await start();
    const ada = await t.loginAs(adaId);
    const first = (await next(ada)).project_id as string;
    expect(rest).toContain(first);
    expect((await next(bob)).project_id).toBe(hot);
    expect((await finish(ada)).statusCode).toBe(200);
    const { given, reason } = await judgeUntilDone(ada);
    expect(given).not.toContain(hot);
    expect(reason).toBe('done');
  });
});
