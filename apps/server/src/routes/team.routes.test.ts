/** Teams (issue 24, docs/api-extensions.md "Teams"): status page, alerts, codes, the floor view. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEAM_ALERT_INTERVAL_MS,
  TEAM_CODE_FAILURES_PER_MIN,
  type TeamCode,
  type TeamFloor,
  type TeamStatus,
} from '@podium/protocol';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

const MINUTE = 60_000;
const INVALID = { error: 'team code not valid' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const codes = async () => {
  const res = await t.admin({ method: 'GET', url: '/api/admin/team-codes' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeamCode[]>();
};
const codeOf = async (projectId: string) => (await codes()).find((c) => c.project_id === projectId)!.code;
const status = (code: string) => t.app.inject({ method: 'GET', url: `/api/team/${code}` });
const alert = (code: string) => t.app.inject({ method: 'POST', url: `/api/team/${code}/alert` });
const floor = async () => (await t.admin({ method: 'GET', url: '/api/admin/team-alerts' })).json<TeamFloor>();
const startJudging = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const pauseJudging = () => t.admin({ method: 'POST', url: '/api/admin/clock/pause' });

async function next(judge: JudgeClient): Promise<string> {
  const res = await judge({ method: 'POST', url: '/api/judge/next' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ project_id: string }>().project_id;
}
async function finish(judge: JudgeClient): Promise<void> {
  const res = await judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
  expect(res.statusCode, res.body).toBe(200);
}

describe('team codes and table cards', () => {
  it('every project gets its own unguessable code, which stays until replaced', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    const b = await t.addProject({ name: 'B', location: 2 });
    const first = await codes();
    expect(first.map(({ project_id, project_name, table }) => ({ project_id, project_name, table }))).toEqual(
      [
        { project_id: a, project_name: 'A', table: 1 },
        { project_id: b, project_name: 'B', table: 2 },
      ],
    );
    for (const { code } of first) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(first.map((c) => c.code)).size).toBe(2);
    expect(first.map((c) => c.code)).not.toContain(a);
    expect(await codes()).toEqual(first);
    await t.addProject({ name: 'C', location: 3 });
    expect((await codes()).slice(0, 2)).toEqual(first);
  });

  it('replacing a code makes the old one invalid, and is logged', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    const old = await codeOf(a);
    const res = await t.admin({ method: 'POST', url: `/api/admin/project/${a}/team-code` });
    expect(res.statusCode, res.body).toBe(200);
    const { code } = res.json<TeamCode>();
    expect(code).not.toBe(old);
    expect(await codeOf(a)).toBe(code);
    expect((await status(old)).json()).toEqual(INVALID);
    expect((await status(old)).statusCode).toBe(404);
    expect((await status(code)).statusCode).toBe(200);
    expect(await t.log()).toContain(`ADMIN  | Replaced the team code of project ${a}`);
  });

  it('replacing a code tells the admins (projects.changed), whose table cards print it; no visitor', async () => {
    const url = await listen(t);
    const a = await t.addProject({ name: 'A', location: 1 });
    await codes();
    const [admin, visitor] = await Promise.all([
      openSocket(url, { admin_password: TEST_ADMIN_PASSWORD }),
      openSocket(url),
    ]);
    try {
      await settle(1100); // what the setup sent goes by first
      const heard = admin.names().length;
      expect((await t.admin({ method: 'POST', url: `/api/admin/project/${a}/team-code` })).statusCode).toBe(
        200,
      );
      await until(() => admin.names().slice(heard).includes('projects.changed'));
      await t.refused({ method: 'POST', url: '/api/admin/project/nope/team-code' }, 404, 'project not found');
      await settle(1100); // past projects.changed's coalescing window
      expect(admin.names().slice(heard)).toEqual(['projects.changed']);
      expect(visitor.names()).toEqual([]);
    } finally {
      admin.close();
      visitor.close();
    }
  });

  it('refuses the admin routes without the password, and an unknown project', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/team-codes'],
      ['POST', '/api/admin/project/p/team-code'],
      ['GET', '/api/admin/team-alerts'],
      ['POST', '/api/admin/team-alerts/x/dismiss'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    await t.refused({ method: 'POST', url: '/api/admin/project/nope/team-code' }, 404, 'project not found');
  });
});

describe('GET /team/:code', () => {
  it('shows views against the minimum, a judge on the way, and never anything about judging', async () => {
    const a = await t.addProject({ name: 'A' });
    const code = await codeOf(a);
    const before = (await status(code)).json<TeamStatus>();
    expect(before).toEqual({
      project_name: 'A',
      table: 1,
      views: 0,
      min_views: 3,
      judge_on_the_way: false,
      judging: false,
      estimate: null,
      may_leave: false,
      alert_available_at: null,
      now: t.clock.now(),
      feedback: [],
    });
    await startJudging();
    const judge = await t.loginAs(await t.addJudge({ name: 'Secret Judge', email: 's@x.org' }));
    expect(await next(judge)).toBe(a);
    const held = await status(code);
    expect(held.json<TeamStatus>()).toMatchObject({ judge_on_the_way: true, views: 0, judging: true });
    await judge({ method: 'PUT', url: `/api/judge/star/${a}`, payload: { starred: true } });
    await finish(judge);
    const after = await status(code);
    expect(after.json<TeamStatus>()).toMatchObject({ judge_on_the_way: false, views: 1 });
    for (const word of ['Secret Judge', 'score', 'rank', 'star', 'note', 'flag', 'judge_id', a]) {
      expect(after.body).not.toContain(word);
    }
  });

  it('estimates when the minimum is reached from the current pace', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    await t.addProject({ name: 'B', location: 2 });
    const code = await codeOf(a);
    await startJudging();
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const seen = await next(judge);
    t.clock.advance(5 * MINUTE);
    await finish(judge);
    // One view in 5 minutes. Seen, A misses 2 and so does B before it (4 views, 20 minutes);
    // unseen, A misses 3 and B 2 (5 views, 25 minutes).
    const { estimate, now, views } = (await status(code)).json<TeamStatus>();
    expect(views).toBe(seen === a ? 1 : 0);
    expect(estimate).toBe(now + (seen === a ? 20 : 25) * MINUTE);
    await pauseJudging();
    expect((await status(code)).json<TeamStatus>().estimate).toBeNull();
  });

  it('says "you may leave" only once the minimum is reached and the organizer allows it', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { min_views: 1 } });
    const a = await t.addProject({ name: 'A', location: 1 });
    const code = await codeOf(a);
    await startJudging();
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await next(judge);
    await finish(judge);
    expect((await status(code)).json<TeamStatus>()).toMatchObject({ views: 1, may_leave: false });
    const options = await t.admin({ method: 'GET', url: '/api/admin/options' });
    expect(options.json()).toMatchObject({ teams_may_leave: false });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { teams_may_leave: true } });
    expect((await status(code)).json<TeamStatus>()).toMatchObject({ may_leave: true, estimate: null });
    await t.refused(
      { method: 'POST', url: '/api/admin/options', payload: { teams_may_leave: 'yes' } },
      400,
      'teams_may_leave must be a boolean',
    );
  });

  it('a wrong code, a hidden project, a deleted project and a reset all get the same 404', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    const b = await t.addProject({ name: 'B', location: 2 });
    const [codeA, codeB] = [await codeOf(a), await codeOf(b)];
    expect((await status('not-a-code')).json()).toEqual(INVALID);
    await t.admin({ method: 'PUT', url: `/api/project/hide/${a}`, payload: { hide: true } });
    expect((await status(codeA)).json()).toEqual(INVALID);
    expect((await alert(codeA)).json()).toEqual(INVALID);
    await t.admin({ method: 'PUT', url: `/api/project/hide/${a}`, payload: { hide: false } });
    expect((await status(codeA)).statusCode).toBe(200);
    await t.admin({ method: 'DELETE', url: `/api/project/${a}` });
    expect((await status(codeA)).json()).toEqual(INVALID);
    // A judging-data reset keeps the projects and their codes; a projects reset takes both.
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'judging-data' } });
    expect((await status(codeB)).statusCode).toBe(200);
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'projects' } });
    const res = await status(codeB);
    expect([res.statusCode, res.json()]).toEqual([404, INVALID]);
  });

  it('refuses an address that keeps trying wrong codes (429); its right codes are answered (issue 31 item 5)', async () => {
    const code = await codeOf(await t.addProject({ name: 'A', location: 1 }));
    for (let i = 0; i < TEAM_CODE_FAILURES_PER_MIN; i += 1)
      expect((await status(`wrong${i}`)).statusCode).toBe(404);
    const refused = await status('wrong');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many requests with a wrong team code. Try again in a minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await status(code)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await status('wrong')).statusCode).toBe(404);
  });

  it('regression (issue 31 item 5): ten stale pages behind a venue address lock no valid team out, its alert included', async () => {
    const [hidden, replaced, valid] = [
      await t.addProject({ name: 'Hidden', location: 1 }),
      await t.addProject({ name: 'Replaced', location: 2 }),
      await t.addProject({ name: 'Valid', location: 3 }),
    ];
    const stale = [await codeOf(hidden), await codeOf(replaced)];
    const code = await codeOf(valid);
    await t.admin({ method: 'PUT', url: `/api/project/hide/${hidden}`, payload: { hide: true } });
    await t.admin({ method: 'POST', url: `/api/admin/project/${replaced}/team-code` });
    const refusedValid: string[] = [];
    // Five minutes: each stale page polls every 5 s (as a socket retry would), the valid team every 15 s.
    for (let ms = 5000; ms <= 5 * MINUTE; ms += 5000) {
      t.clock.advance(5000);
      for (let page = 0; page < 10; page += 1) await status(stale[page % 2]!);
      if (ms % 15_000 === 0 && (await status(code)).statusCode !== 200) refusedValid.push(`status at ${ms}`);
    }
    const raised = await alert(code);
    if (raised.statusCode !== 200) refusedValid.push('alert');
    expect(refusedValid).toEqual([]);
  });
});

describe('team alerts', () => {
  it('one per team per 10 minutes; a second press gets 429 and changes nothing', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    const b = await t.addProject({ name: 'B', location: 2 });
    const [codeA, codeB] = [await codeOf(a), await codeOf(b)];
    const raised = await alert(codeA);
    expect(raised.json()).toEqual({ ok: 1, alert_available_at: t.clock.now() + TEAM_ALERT_INTERVAL_MS });
    expect((await status(codeA)).json<TeamStatus>().alert_available_at).toBe(
      t.clock.now() + TEAM_ALERT_INTERVAL_MS,
    );
    t.clock.advance(9 * MINUTE);
    const again = await alert(codeA);
    expect([again.statusCode, again.json()]).toEqual([
      429,
      { error: 'an alert was raised less than 10 minutes ago' },
    ]);
    expect(again.headers['retry-after']).toBe('60');
    expect((await alert(codeB)).statusCode).toBe(200);
    expect((await floor()).alerts.map((x) => x.project_name)).toEqual(['B', 'A']);
    t.clock.advance(MINUTE);
    expect((await alert(codeA)).statusCode).toBe(200);
    expect((await floor()).alerts.map((x) => x.project_name)).toEqual(['A', 'B', 'A']);
  });

  it("raising one tells that team's other open pages at once (team.changed), no other team's", async () => {
    const url = await listen(t);
    const a = await t.addProject({ name: 'A', location: 1 });
    const b = await t.addProject({ name: 'B', location: 2 });
    const [codeA, codeB] = [await codeOf(a), await codeOf(b)];
    const otherPhone = await openSocket(url, { team: codeA });
    const otherTeam = await openSocket(url, { team: codeB });
    try {
      // What the setup sent goes by first: only the alert's own team.changed counts.
      await settle(1100);
      const heard = otherPhone.names().length;
      expect((await alert(codeA)).statusCode).toBe(200);
      await until(() => otherPhone.names().slice(heard).includes('team.changed'));
      expect((await status(codeA)).json<TeamStatus>().alert_available_at).toBe(
        t.clock.now() + TEAM_ALERT_INTERVAL_MS,
      );
      await settle(1100); // past team.changed's coalescing window
      expect(otherTeam.names()).toEqual([]);
    } finally {
      otherPhone.close();
      otherTeam.close();
    }
  });

  it('each alert raised and dismissed is logged; unknown or dismissed IDs get 404', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    await alert(await codeOf(a));
    const [open] = (await floor()).alerts;
    expect(open).toEqual({
      id: expect.any(String),
      project_id: a,
      project_name: 'A',
      table: 1,
      prioritized: false,
      time: t.clock.now(),
    });
    const res = await t.admin({ method: 'POST', url: `/api/admin/team-alerts/${open!.id}/dismiss` });
    expect(res.json()).toEqual({ ok: 1 });
    expect((await floor()).alerts).toEqual([]);
    expect(await t.log()).toContain(`SYSTEM | Team alert ${open!.id} raised for project A (${a}) at table 1`);
    expect(await t.log()).toContain(`ADMIN  | Dismissed team alert ${open!.id}`);
    await t.refused(
      { method: 'POST', url: `/api/admin/team-alerts/${open!.id}/dismiss` },
      404,
      'team alert not found',
    );
    await t.refused(
      { method: 'POST', url: '/api/admin/team-alerts/nope/dismiss' },
      404,
      'team alert not found',
    );
    // Dismissing does not let the team raise another within its 10 minutes.
    expect((await alert(await codeOf(a))).statusCode).toBe(429);
  });

  it('every reset clears the alerts', async () => {
    const a = await t.addProject({ name: 'A', location: 1 });
    await alert(await codeOf(a));
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'rankings' } });
    expect((await floor()).alerts).toEqual([]);
    expect((await alert(await codeOf(a))).statusCode).toBe(200);
  });
});

describe('the floor view', () => {
  it('lists, while judging runs, the teams under the minimum not held, longest wait first', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push(await t.addProject({ name }));
    expect((await floor()).waiting).toEqual([]);
    await startJudging();
    const start = t.clock.now();
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const a = await next(judge);
    t.clock.advance(5 * MINUTE);
    await finish(judge);
    const seenAt = t.clock.now();
    const held = await next(judge);
    const never = ids.find((id) => id !== a && id !== held);
    const { waiting } = await floor();
    expect(waiting.map((w) => [w.project_id, w.views, w.waiting_since])).toEqual([
      [never, 0, start],
      [a, 1, seenAt],
    ]);
    await t.admin({ method: 'PUT', url: `/api/project/prioritize/${a}`, payload: { prioritize: true } });
    expect((await floor()).waiting.find((w) => w.project_id === a)?.prioritized).toBe(true);
    await pauseJudging();
    expect((await floor()).waiting).toEqual([]);
  });
});
