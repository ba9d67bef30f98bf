/**
 * What teams, judges and visitors can read or change of others' data: a team page holds nothing of
 * a judge and no set-aside feedback, a judge's routes reach only its own views, and no public,
 * judge or team socket hears an admin event (API.md 6.2, docs/api-extensions.md's issue 35).
 * Real HTTP and real socket.io clients.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamCode, TeamStatus } from '@podium/protocol';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

const MINUTE = 60_000;
const startJudging = () => t.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });
const pauseJudging = () => t.adminOk({ method: 'POST', url: '/api/admin/clock/pause' });
const release = (released: boolean) =>
  t.adminOk({ method: 'POST', url: '/api/admin/options', payload: { feedback_released: released } });
const codeOf = async (projectId: string) => {
  const codes = (await t.adminOk({ method: 'GET', url: '/api/admin/team-codes' })).json<TeamCode[]>();
  return codes.find((c) => c.project_id === projectId)!.code;
};
const teamPage = async (code: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/team/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const teamFeedback = async (code: string) => (await teamPage(code)).json<TeamStatus>().feedback;

async function judgeNamed(name: string, track = ''): Promise<{ id: string; judge: JudgeClient }> {
  const id = await t.addJudge({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@x.org`, track });
  return { id, judge: await t.loginAs(id) };
}
async function ok(judge: JudgeClient, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  const res = await judge({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
}
async function next(judge: JudgeClient): Promise<string> {
  return (await ok(judge, 'POST', '/api/judge/next')).json<{ project_id: string }>().project_id;
}

describe('team status page and feedback (issue 35)', () => {
  it('a replaced judge whose judgments are set aside stays withheld from the team after the organizer merely unhides it', async () => {
    const p = await t.addProject({ name: 'Alpha', location: 1 });
    await startJudging();
    const { id, judge } = await judgeNamed('Ada Lovelace');
    expect(await next(judge)).toBe(p);
    await ok(judge, 'POST', '/api/judge/finish', { notes: 'PRIVATE NOTE', feedback: 'Set aside words' });
    await release(true);
    const code = await codeOf(p);
    expect(await teamFeedback(code)).toEqual(['Set aside words']);
    await t.adminOk({ method: 'POST', url: `/api/judge/replace/${id}`, payload: { keep_rankings: false } });
    expect(await teamFeedback(code)).toEqual([]);
    // R61's unhide shows the judge again, but its judgments stay set aside until reinstated.
    await t.adminOk({ method: 'PUT', url: `/api/judge/hide/${id}`, payload: { hide: false } });
    expect(await teamFeedback(code)).toEqual([]);
    // The rankings reset ends no replacement (only judging-data and all do).
    await pauseJudging();
    await t.adminOk({ method: 'POST', url: '/api/admin/reset', payload: { type: 'rankings' } });
    const page = await teamPage(code);
    expect(page.json<TeamStatus>().feedback).toEqual([]);
    expect(page.body).not.toContain('PRIVATE NOTE');
    expect(page.body).not.toContain(id);
    expect(page.body).not.toContain('Ada');
  });

  it('a team page shows nothing of a judge: no notes, names, ids, stars, other projects', async () => {
    const a = await t.addProject({ name: 'Alpha', location: 1 });
    const b = await t.addProject({ name: 'Beta', location: 2 });
    await startJudging();
    const judges = [await judgeNamed('Ada Lovelace'), await judgeNamed('Bo Diddley')];
    for (const { judge } of judges) {
      t.clock.advance(MINUTE);
      await next(judge);
      await ok(judge, 'POST', '/api/judge/finish', {
        notes: 'PRIVATE NOTE',
        starred: true,
        feedback: 'Feedback text',
      });
    }
    await release(true);
    for (const p of [a, b]) {
      const body = (await teamPage(await codeOf(p))).body;
      for (const secret of [
        'PRIVATE NOTE',
        'Ada',
        'Bo',
        ...judges.map((j) => j.id),
        p === a ? b : a,
        p === a ? 'Beta' : 'Alpha',
      ])
        expect(body, secret).not.toContain(secret);
    }
  });
});

describe("a judge's routes act on its own data only", () => {
  it("another judge's project id gives neither its notes, nor its undo, nor a change of its view", async () => {
    const a = await t.addProject({ name: 'Alpha', location: 1 });
    await t.addProject({ name: 'Beta', location: 2 });
    await startJudging();
    const ada = await judgeNamed('Ada Lovelace');
    const bo = await judgeNamed('Bo Diddley');
    const adaProject = await next(ada.judge);
    await ok(ada.judge, 'POST', '/api/judge/finish', { notes: 'ADA SECRET', feedback: 'Ada feedback' });
    // Bo is given the other project first; it never saw Ada's.
    const boProject = await next(bo.judge);
    expect(boProject).not.toBe(adaProject);
    const tries = [
      await bo.judge({ method: 'GET', url: `/api/judge/project/${adaProject}` }),
      await bo.judge({
        method: 'PUT',
        url: `/api/judge/notes/${adaProject}`,
        payload: { notes: 'overwritten' },
      }),
      await bo.judge({ method: 'PUT', url: `/api/judge/star/${adaProject}`, payload: { starred: true } }),
      await bo.judge({ method: 'POST', url: '/api/judge/undo', payload: { project_id: adaProject } }),
      await bo.judge({ method: 'GET', url: '/api/judge/undo' }),
      await bo.judge({ method: 'GET', url: `/api/judge/visit/${adaProject}` }),
      await bo.judge({ method: 'GET', url: '/api/judge/scores' }),
      await bo.judge({ method: 'GET', url: '/api/judge' }),
      await bo.judge({ method: 'GET', url: '/api/judge/projects' }),
    ];
    for (const res of tries) {
      expect(res.body).not.toContain('ADA SECRET');
      expect(res.body).not.toContain('Ada feedback');
      expect(res.body).not.toContain(ada.id);
    }
    expect(tries[0]!.statusCode).toBe(400);
    expect(tries[1]!.statusCode).toBe(400);
    expect(tries[2]!.statusCode).toBe(400);
    expect(tries[3]!.statusCode).toBe(400);
    expect(tries[4]!.json()).toMatchObject({ undo: null });
    expect(tries[5]!.json()).toEqual({ ended_by: null });
    const adaSelf = (
      await ok(ada.judge, 'GET', `/api/judge/project/${a === adaProject ? a : adaProject}`)
    ).json<{
      notes: string;
      starred: boolean;
    }>();
    expect(adaSelf).toMatchObject({ notes: 'ADA SECRET', starred: false });
  });
});

describe('socket audiences (API.md 6.2)', () => {
  it('public, judge and team sockets never get admin events; judging activity reaches no visitor', async () => {
    const url = await listen(t);
    const open = async (auth: Parameters<typeof openSocket>[1]) => {
      const socket = await openSocket(url, auth);
      sockets.push(socket);
      return socket;
    };
    const p = await t.addProject({ name: 'Alpha', location: 1 });
    await t.addProject({ name: 'Beta', location: 2 });
    const code = await codeOf(p);
    const ada = await judgeNamed('Ada Lovelace');
    await settle(1100); // the setup's coalesced events are out
    const admin = await open({ admin_password: TEST_ADMIN_PASSWORD });
    const visitor = await open(undefined);
    const judgeSocket = await open({ token: ada.judge.token });
    const team = await open({ team: code });
    await startJudging();
    await next(ada.judge);
    await ok(ada.judge, 'POST', '/api/judge/skip', { reason: 'busy' });
    await settle(1100);
    await next(ada.judge);
    await ok(ada.judge, 'POST', '/api/judge/finish', { feedback: 'x', notes: 'n' });
    await t.adminOk({ method: 'POST', url: '/api/admin/qr' });
    await t.app.inject({ method: 'POST', url: `/api/team/${code}/alert` });
    await release(true);
    await settle(1300);
    await until(() => admin.names().includes('feedback.changed'));
    const adminOnly = [
      'stats',
      'flags.changed',
      'judges.changed',
      'feedback.changed',
      'team-alerts.changed',
      'qr.changed',
      'login.guard',
      'projects.changed',
    ];
    for (const [who, socket] of [
      ['visitor', visitor],
      ['judge', judgeSocket],
      ['team', team],
    ] as const) {
      for (const name of adminOnly)
        expect([who, name, socket.names().includes(name)]).toEqual([who, name, false]);
      for (const e of socket.events) expect(Object.keys(e.payload)).not.toContain('stats');
    }
    expect(team.names().filter((n) => n !== 'team.changed' && n !== 'clock')).toEqual([]);
  });
});
