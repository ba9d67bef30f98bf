/**
 * Feedback for the team (issue 35, docs/api-extensions.md "Feedback for the team"): written with
 * Done, read and hidden by the organizer, released to each team's status page (its own, without
 * judges' names), and nothing of it leaving the server before release, over HTTP or the socket.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FEEDBACK_MAX_CHARS,
  FEEDBACK_NOT_FOUND,
  FEEDBACK_TOO_LONG,
  type FeedbackList,
  type JudgeSelf,
  type TeamCode,
  type TeamStatus,
} from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

const MINUTE = 60_000;

let t: TestApp;
const sockets: TestSocket[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

const startJudging = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const setOptions = async (payload: Record<string, unknown>) => {
  const res = await t.admin({ method: 'POST', url: '/api/admin/options', payload });
  expect(res.statusCode, res.body).toBe(200);
};
const release = (released: boolean) => setOptions({ feedback_released: released });
const list = async () => {
  const res = await t.admin({ method: 'GET', url: '/api/admin/feedback' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedbackList>();
};
const setHidden = (judgeId: string, projectId: string, payload: unknown) =>
  t.admin({ method: 'PUT', url: `/api/admin/feedback/${judgeId}/${projectId}`, payload: payload as object });
const codeOf = async (projectId: string) => {
  const codes = (await t.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<TeamCode[]>();
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
async function next(judge: JudgeClient): Promise<string> {
  const res = await judge({ method: 'POST', url: '/api/judge/next' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ project_id: string }>().project_id;
}
async function finish(judge: JudgeClient, payload: Record<string, unknown>): Promise<void> {
  const res = await judge({ method: 'POST', url: '/api/judge/finish', payload });
  expect(res.statusCode, res.body).toBe(200);
}
/** The judge is given a project and finishes it with this feedback; the project's ID. */
async function view(judge: JudgeClient, feedback?: string): Promise<string> {
  const project = await next(judge);
  await finish(judge, feedback === undefined ? {} : { feedback });
  return project;
}

describe('POST /judge/finish with feedback', () => {
  it('stores it trimmed, apart from the notes, up to the limit', async () => {
    const a = await t.addProject({ name: 'A' });
    await startJudging();
    const { id, judge } = await judgeNamed('Ada');
    await next(judge);
    const longest = 'x'.repeat(FEEDBACK_MAX_CHARS);
    await finish(judge, { notes: 'private', feedback: `  ${longest}\n` });
    const [entry] = (await list()).feedback;
    expect(entry).toMatchObject({ judge_id: id, project_id: a, text: longest });
    const me = (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
    expect(me.seen_projects[0]?.notes).toBe('private');
    expect(await t.log()).toContain(`Finished judging project ${a}`);
  });

  it('refuses feedback that is too long or not a string, and keeps the project with the judge', async () => {
    const a = await t.addProject({ name: 'A' });
    await startJudging();
    const { judge } = await judgeNamed('Ada');
    await next(judge);
    const finishing = (feedback: unknown) => ({
      method: 'POST' as const,
      url: '/api/judge/finish',
      payload: { notes: 'n', feedback },
    });
    await t.refused(finishing('x'.repeat(FEEDBACK_MAX_CHARS + 1)), 400, FEEDBACK_TOO_LONG, judge);
    await t.refused(finishing(5), 400, 'feedback must be a string', judge);
    await t.refused(finishing(['text']), 400, 'feedback must be a string', judge);
    const me = (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
    expect([me.current, me.seen_projects]).toEqual([a, []]);
    expect((await list()).feedback).toEqual([]);
  });
});

describe('GET /admin/feedback', () => {
  it("lists every judge's non-empty feedback, track judges' too, by table then finish", async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    await setOptions({ judge_tracks: true });
    const a = await t.addProject({ name: 'Alpha', location: 1 });
    const b = await t.addProject({ name: 'Beta', location: 2 });
    const c = await t.addProject({ name: 'Gamma', location: 3, challenge_list: 'AI' });
    await startJudging();
    const ada = await judgeNamed('Ada');
    const bo = await judgeNamed('Bo');
    const cy = await judgeNamed('Cy');
    const tia = await judgeNamed('Tia', 'AI');
    const made: { judge: { id: string; name: string }; project: string; text: string; time: number }[] = [];
    // Tia's (table 3) first: the list's order is not the finish order.
    for (const [{ id, judge }, name, text] of [
      [tia, 'Tia', 'Tia: a sharp model'],
      [ada, 'Ada', 'Ada on her first'],
      [bo, 'Bo', 'Bo liked the demo'],
      [cy, 'Cy', 'Cy wants tests'],
      [ada, 'Ada', '   '], // nothing but blanks: no feedback
      [bo, 'Bo', undefined], // none sent
    ] as const) {
      t.clock.advance(MINUTE);
      const project = await view(judge, text);
      if (text?.trim()) made.push({ judge: { id, name }, project, text, time: t.clock.now() });
    }
    expect(made.find((m) => m.judge.name === 'Tia')?.project).toBe(c);
    const names = new Map([
      [a, ['Alpha', 1]],
      [b, ['Beta', 2]],
      [c, ['Gamma', 3]],
    ] as const);
    const expected = made
      .map(({ judge, project, text, time }) => ({
        judge_id: judge.id,
        judge_name: judge.name,
        project_id: project,
        project_name: names.get(project)![0],
        table: names.get(project)![1],
        text,
        hidden: false,
        set_aside: false,
        time,
      }))
      .sort((x, y) => x.table - y.table || x.time - y.time);
    expect(expected[0]?.judge_name).not.toBe('Tia');
    expect(await list()).toEqual({ released: false, feedback: expected });
  });

  it('needs the admin password', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/feedback' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/feedback/j/p',
      payload: { hidden: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /admin/feedback/:judge/:project', () => {
  async function oneFeedback() {
    const project = await t.addProject({ name: 'Alpha' });
    await startJudging();
    const ada = await judgeNamed('Ada Lovelace');
    expect(await view(ada.judge, 'Great pitch')).toBe(project);
    return { project, judgeId: ada.id };
  }

  it('hides one feedback (still listed) and shows it again, each logged', async () => {
    const { project, judgeId } = await oneFeedback();
    expect((await setHidden(judgeId, project, { hidden: true })).json()).toEqual({ ok: 1 });
    expect((await list()).feedback.map((f) => [f.text, f.hidden])).toEqual([['Great pitch', true]]);
    expect(await t.log()).toContain(
      `ADMIN  | Hid feedback of judge Ada Lovelace (${judgeId}) for project Alpha (${project})`,
    );
    expect((await setHidden(judgeId, project, { hidden: false })).json()).toEqual({ ok: 1 });
    expect((await list()).feedback.map((f) => f.hidden)).toEqual([false]);
    expect(await t.log()).toContain(
      `ADMIN  | Showed feedback of judge Ada Lovelace (${judgeId}) for project Alpha (${project})`,
    );
  });

  it('setting the value it already has is ok and changes and logs nothing', async () => {
    const { project, judgeId } = await oneFeedback();
    const again = async (hidden: boolean) => {
      const before = await snapshot(t.app); // every row, the audit log included
      const res = await setHidden(judgeId, project, { hidden });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: 1 }]);
      expect(await snapshot(t.app)).toBe(before);
    };
    await again(false);
    await setHidden(judgeId, project, { hidden: true });
    await again(true);
  });

  it('404 for a judge or project that does not exist, or a view without feedback; 400 for a bad body', async () => {
    const { project, judgeId } = await oneFeedback();
    const other = await t.addProject({ name: 'Beta' });
    const bo = await judgeNamed('Bo');
    expect(await view(bo.judge)).toBe(other); // Bo's view of Beta has no feedback
    const put = (judge: string, proj: string, payload: unknown = { hidden: true }) => ({
      method: 'PUT' as const,
      url: `/api/admin/feedback/${judge}/${proj}`,
      payload: payload as object,
    });
    await t.refused(put('nobody', project), 404, FEEDBACK_NOT_FOUND);
    await t.refused(put(judgeId, 'nothing'), 404, FEEDBACK_NOT_FOUND);
    await t.refused(put(judgeId, other), 404, FEEDBACK_NOT_FOUND); // Ada never saw Beta
    await t.refused(put(bo.id, other), 404, FEEDBACK_NOT_FOUND);
    await t.refused(put(judgeId, project, {}), 400, 'hidden is required');
    await t.refused(put(judgeId, project, { hidden: 'yes' }), 400, 'hidden must be a boolean');
    await t.refused(put(judgeId, project, { hidden: 1 }), 400, 'hidden must be a boolean');
  });
});

describe('Options feedback_released', () => {
  it('is off by default, set and logged like the other options, refused when not a boolean', async () => {
    const options = async () => (await t.admin({ method: 'GET', url: '/api/admin/options' })).json();
    expect(await options()).toMatchObject({ feedback_released: false });
    await release(true);
    expect(await options()).toMatchObject({ feedback_released: true });
    expect((await list()).released).toBe(true);
    expect(await t.log()).toContain('ADMIN  | Updated options: {"feedback_released":true}');
    await t.refused(
      { method: 'POST', url: '/api/admin/options', payload: { feedback_released: 'yes' } },
      400,
      'feedback_released must be a boolean',
    );
  });

  it('the all reset turns it off again', async () => {
    await release(true);
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    expect((await list()).released).toBe(false);
  });
});

const JUDGES = ['Ada Lovelace', 'Bo Diddley', 'Cy Twombly', 'Di Prima'];

/**
 * Two projects, four judges finishing one after another a minute apart, Cy without feedback: one
 * project has two feedbacks and the other one.
 */
async function threeFeedbacks() {
  const a = await t.addProject({ name: 'Alpha', location: 1 });
  const b = await t.addProject({ name: 'Beta', location: 2 });
  await startJudging();
  const made: { judgeId: string; project: string; text: string }[] = [];
  for (const name of JUDGES) {
    const { id, judge } = await judgeNamed(name);
    t.clock.advance(MINUTE);
    const text = name.startsWith('Cy') ? undefined : `Feedback ${made.length + 1}`;
    const project = await view(judge, text);
    if (text !== undefined) made.push({ judgeId: id, project, text });
  }
  // Three feedbacks on two projects: one has two, the other one.
  const twice = made.filter((m) => m.project === a).length === 2 ? a : b;
  const once = twice === a ? b : a;
  expect(made.filter((m) => m.project === twice).length).toBe(2);
  return {
    twice,
    once,
    ofTwice: made.filter((m) => m.project === twice),
    ofOnce: made.filter((m) => m.project === once),
    codeTwice: await codeOf(twice),
    codeOnce: await codeOf(once),
  };
}

describe("GET /team/:code's feedback", () => {
  it('is empty until released, then its own texts oldest first without judges; un-release empties it', async () => {
    const { ofTwice, ofOnce, codeTwice, codeOnce } = await threeFeedbacks();
    const before = await teamPage(codeTwice);
    expect(before.json<TeamStatus>().feedback).toEqual([]);
    for (const { text } of ofTwice) expect(before.body).not.toContain(text);
    await release(true);
    const after = await teamPage(codeTwice);
    expect(after.json<TeamStatus>().feedback).toEqual(ofTwice.map((m) => m.text));
    for (const word of [
      ...JUDGES,
      'judge_id',
      'judge_name',
      ...ofTwice.map((m) => m.judgeId),
      ofOnce[0]!.text,
    ]) {
      expect(after.body).not.toContain(word);
    }
    expect(await teamFeedback(codeOnce)).toEqual([ofOnce[0]!.text]);
    await release(false);
    expect(await teamFeedback(codeTwice)).toEqual([]);
    expect(await teamFeedback(codeOnce)).toEqual([]);
  });

  it('leaves out a hidden feedback, and shows it again when shown', async () => {
    const { twice, ofTwice, codeTwice } = await threeFeedbacks();
    await release(true);
    const [first, second] = ofTwice as [(typeof ofTwice)[0], (typeof ofTwice)[0]];
    await setHidden(first.judgeId, twice, { hidden: true });
    expect(await teamFeedback(codeTwice)).toEqual([second.text]);
    await setHidden(first.judgeId, twice, { hidden: false });
    expect(await teamFeedback(codeTwice)).toEqual([first.text, second.text]);
  });
});

describe('a judge replaced with its judgments set aside (docs/api-extensions.md "Feedback for the team")', () => {
  const replace = (id: string, keep_rankings: boolean) =>
    t.adminOk({ method: 'POST', url: `/api/judge/replace/${id}`, payload: { keep_rankings } });
  const reinstate = (id: string) => t.adminOk({ method: 'POST', url: `/api/judge/reinstate/${id}` });
  const setAsideOf = async () => (await list()).feedback.map((f) => [f.text, f.hidden, f.set_aside]);

  it("withholds its feedback from the team while the replacement stands; the organizer's list marks it", async () => {
    const { twice, ofTwice, ofOnce, codeTwice, codeOnce } = await threeFeedbacks();
    await release(true);
    const [first, second] = ofTwice as [(typeof ofTwice)[0], (typeof ofTwice)[0]];
    const listed = await setAsideOf();

    await replace(first.judgeId, false);
    expect(await teamFeedback(codeTwice)).toEqual([second.text]);
    expect(await teamFeedback(codeOnce)).toEqual(
      ofOnce[0]!.judgeId === first.judgeId ? [] : [ofOnce[0]!.text],
    );
    // Every one of its feedbacks is marked, and nobody else's; hiding stays apart.
    const entries = (await list()).feedback;
    expect(entries.find((f) => f.judge_id === first.judgeId && f.project_id === twice)).toMatchObject({
      text: first.text,
      hidden: false,
      set_aside: true,
    });
    for (const entry of entries) expect(entry.set_aside).toBe(entry.judge_id === first.judgeId);

    await reinstate(first.judgeId);
    expect(await teamFeedback(codeTwice)).toEqual([first.text, second.text]);
    expect(await setAsideOf()).toEqual(listed);
  });

  it('stays withheld after a plain unhide (R61) or a rankings reset, which end no replacement', async () => {
    const { ofTwice, codeTwice } = await threeFeedbacks();
    await release(true);
    const [first, second] = ofTwice as [(typeof ofTwice)[0], (typeof ofTwice)[0]];
    await replace(first.judgeId, false);
    await t.adminOk({ method: 'PUT', url: `/api/judge/hide/${first.judgeId}`, payload: { hide: false } });
    expect(await teamFeedback(codeTwice)).toEqual([second.text]);
    await t.adminOk({ method: 'POST', url: '/api/admin/clock/pause' });
    await t.adminOk({ method: 'POST', url: '/api/admin/reset', payload: { type: 'rankings' } });
    expect(await teamFeedback(codeTwice)).toEqual([second.text]);
  });

  it('a judge replaced with its judgments kept, or only hidden, still has its feedback reach the team', async () => {
    const { ofTwice, codeTwice } = await threeFeedbacks();
    await release(true);
    const [first] = ofTwice as [(typeof ofTwice)[0]];
    await replace(first.judgeId, true);
    expect(await teamFeedback(codeTwice)).toEqual(ofTwice.map((m) => m.text));
    expect((await list()).feedback.some((f) => f.set_aside)).toBe(false);
  });

  it("the team's page is told at the replacement and at the reinstatement", async () => {
    const url = await listen(t);
    const { ofTwice, codeTwice } = await threeFeedbacks();
    await release(true);
    const [first, second] = ofTwice as [(typeof ofTwice)[0], (typeof ofTwice)[0]];
    const team = await openSocket(url, { team: codeTwice });
    sockets.push(team);
    const changes = () => team.names().filter((n) => n === 'team.changed').length;
    await replace(first.judgeId, false);
    await until(() => changes() === 1);
    expect(await teamFeedback(codeTwice)).toEqual([second.text]);
    await settle(1100); // past team.changed's coalescing window
    await reinstate(first.judgeId);
    await until(() => changes() === 2);
    expect(await teamFeedback(codeTwice)).toEqual([first.text, second.text]);
  });
});

describe('resets', () => {
  it.each(['judging-data', 'all'] as const)(
    'the %s reset removes the feedback with the views',
    async (type) => {
      const { codeTwice } = await threeFeedbacks();
      await release(true);
      expect((await list()).feedback.length).toBe(3);
      await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
      const res = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await list()).feedback).toEqual([]);
      if (type === 'judging-data') expect(await teamFeedback(codeTwice)).toEqual([]);
    },
  );
});

describe('realtime (issue 35: nothing before release, over HTTP and socket)', () => {
  const teamChanges = (socket: TestSocket) => socket.names().filter((n) => n === 'team.changed').length;
  const feedbackChanges = (socket: TestSocket) =>
    socket.names().filter((n) => n === 'feedback.changed').length;

  it("release, hiding and a new feedback reach that team's room only; the admin hears of each feedback", async () => {
    const url = await listen(t);
    const open = async (auth: Parameters<typeof openSocket>[1]) => {
      const socket = await openSocket(url, auth);
      sockets.push(socket);
      return socket;
    };
    const a = await t.addProject({ name: 'Alpha', location: 1 });
    const b = await t.addProject({ name: 'Beta', location: 2 });
    await startJudging();
    const admin = await open({ admin_password: TEST_ADMIN_PASSWORD });
    const { id: adaId, judge: ada } = await judgeNamed('Ada Lovelace');
    const seen = await next(ada);
    const other = seen === a ? b : a;
    const [code, otherCode] = [await codeOf(seen), await codeOf(other)];
    const team = await open({ team: code });
    const otherTeam = await open({ team: otherCode });

    // Before release: the finish changes the team's page (a view), but nothing of the feedback.
    await finish(ada, { feedback: 'Secret until released' });
    await until(() => feedbackChanges(admin) === 1);
    await until(() => teamChanges(team) === 1);
    await settle(1100); // past team.changed's coalescing window
    expect(
      team.events.every((e) => e.name === 'team.changed' && Object.keys(e.payload).join() === 'seq'),
    ).toBe(true);
    expect(JSON.stringify(team.events)).not.toContain('Secret');
    const page = await teamPage(code);
    expect(page.json<TeamStatus>()).toMatchObject({ views: 1, feedback: [] });
    expect(page.body).not.toContain('Secret');

    // Release and hiding: that team's room only.
    await release(true);
    await until(() => teamChanges(team) === 2);
    expect(await teamFeedback(code)).toEqual(['Secret until released']);
    await settle(1100);
    expect((await setHidden(adaId, seen, { hidden: true })).statusCode).toBe(200);
    await until(() => teamChanges(team) === 3);
    await until(() => feedbackChanges(admin) === 2);
    expect(await teamFeedback(code)).toEqual([]);
    await settle(1100);
    expect(otherTeam.events).toEqual([]);

    // After release, a new finish with feedback tells its team.
    expect((await setHidden(adaId, seen, { hidden: false })).statusCode).toBe(200);
    await until(() => teamChanges(team) === 4);
    await settle(1100);
    const { judge: bo } = await judgeNamed('Bo');
    const boSaw = await next(bo);
    const [boTeam, boCode] = boSaw === seen ? [team, code] : [otherTeam, otherCode];
    await settle(1100);
    const heard = teamChanges(boTeam);
    await finish(bo, { feedback: 'Bo was here' });
    await until(() => feedbackChanges(admin) === 4);
    await until(() => teamChanges(boTeam) === heard + 1);
    expect(await teamFeedback(boCode)).toContain('Bo was here');
  });
});
