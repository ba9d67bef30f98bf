/**
 * API.md §6 with real socket.io clients: handshake, audiences, order, seq, coalescing; and each
 * team's status page hearing of its own changes only (issue 24).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEQ_HEADER, TEAM_CODE_FAILURES_PER_MIN, type TeamCode } from '@podium/protocol';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
const open = async (auth?: Parameters<typeof openSocket>[1]) => {
  const socket = await openSocket(url, auth);
  sockets.push(socket);
  return socket;
};

beforeEach(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

/** An admin, a judge and a public socket, and the judge's HTTP client. */
async function audiences() {
  const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const judge: JudgeClient = await t.loginAs(judgeId);
  return {
    judgeId,
    judge,
    admin: await open({ admin_password: TEST_ADMIN_PASSWORD }),
    judgeSocket: await open({ token: judge.token }),
    visitor: await open(),
  };
}

describe('handshake (6.1)', () => {
  it('accepts the admin, a judge and the public', async () => {
    const { admin, judgeSocket, visitor } = await audiences();
    expect([admin.socket.connected, judgeSocket.socket.connected, visitor.socket.connected]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it.each([
    ['a wrong admin password', { admin_password: 'nope' }],
    ['an empty admin password', { admin_password: '' }],
    ['an unknown token', { token: 'nope' }],
    ['an empty token', { token: '' }],
    ['a wrong password with a valid-looking token', { admin_password: 'x', token: 'y' }],
  ])('refuses %s with "unauthorized", never downgrading', async (_label, auth) => {
    await expect(openSocket(url, auth)).rejects.toThrow('unauthorized');
  });

  it('regression (issue 32): a failure to check the credentials is "unavailable", which clients retry, not "unauthorized"', async () => {
    const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const { token } = await t.loginAs(judgeId);
    const unreachable = new Error('the database cannot be reached');
    vi.spyOn(t.app.services.judgeAuth, 'authenticate').mockRejectedValueOnce(unreachable);
    vi.spyOn(t.app.services.adminAuth, 'verify').mockRejectedValueOnce(unreachable);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(openSocket(url, { token })).rejects.toThrow('unavailable');
    await expect(openSocket(url, { admin_password: TEST_ADMIN_PASSWORD })).rejects.toThrow('unavailable');
    logged.mockRestore();
    // Checked again, the same credentials are admitted.
    await open({ token });
    await open({ admin_password: TEST_ADMIN_PASSWORD });
  });

  it('refuses admin handshakes from a client over the admin limit with "rate limited" (R70a)', async () => {
    for (let i = 0; i < 20; i += 1)
      await expect(openSocket(url, { admin_password: `bad${i}` })).rejects.toThrow('unauthorized');
    await expect(openSocket(url, { admin_password: TEST_ADMIN_PASSWORD })).rejects.toThrow('rate limited');
  });
});

describe('audiences (6.2)', () => {
  it('clock and deliberation reach everyone, in order, with increasing seq', async () => {
    const { admin, judgeSocket, visitor } = await audiences();
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    t.clock.advance(2_000);
    await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    for (const s of [admin, judgeSocket, visitor]) {
      await until(() => s.names().includes('deliberation'));
      const relevant = s.events.filter((e) => e.name === 'clock' || e.name === 'deliberation');
      expect(relevant.map((e) => e.name)).toEqual(['clock', 'clock', 'deliberation']);
      expect(relevant[1]?.payload).toMatchObject({ running: false, time: 2_000 });
      expect(relevant[2]?.payload).toMatchObject({ deliberation: true });
      const seqs = relevant.map((e) => e.payload.seq as number);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    }
    // The same emission has the same seq everywhere.
    expect(admin.events.find((e) => e.name === 'deliberation')?.payload.seq).toBe(
      visitor.events.find((e) => e.name === 'deliberation')?.payload.seq,
    );
  });

  it('options.changed reaches admin and judges, and the public only for group changes', async () => {
    const { admin, judgeSocket, visitor } = await audiences();
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { min_views: 4 } });
    await until(
      () => admin.names().includes('options.changed') && judgeSocket.names().includes('options.changed'),
    );
    await settle();
    expect(visitor.names()).not.toContain('options.changed');
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { multi_group: true } });
    await until(() => visitor.names().includes('options.changed'));
  });

  it('a new project: projects.changed to admin and public, stats to the admin only', async () => {
    const { admin, judgeSocket, visitor } = await audiences();
    await t.addProject({ name: 'P' });
    await until(() => admin.names().includes('projects.changed') && admin.names().includes('stats'));
    await until(() => visitor.names().includes('projects.changed'));
    await settle();
    expect(visitor.names()).not.toContain('stats');
    expect(judgeSocket.names()).not.toContain('projects.changed');
    expect(admin.events.find((e) => e.name === 'stats')?.payload).toMatchObject({
      stats: { projects: 1, judges: 1, avg_project_seen: 0, avg_judge_seen: 0 },
    });
  });

  it('judging activity reaches the admin only; judge.updated only the judge concerned', async () => {
    const { admin, judge, judgeId, judgeSocket, visitor } = await audiences();
    const other = await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    const otherSocket = await open({ token: other.token });
    await t.addProject({ name: 'P' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await until(() => visitor.names().includes('projects.changed'));
    await settle(1100); // let the coalescing windows of the setup pass
    for (const s of [admin, visitor, judgeSocket, otherSocket]) s.events.length = 0;

    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/finish' });
    await until(() => admin.names().includes('judges.changed') && admin.names().includes('projects.changed'));
    await t.admin({ method: 'PUT', url: `/api/judge/${judgeId}`, payload: { notes: 'x' } });
    await until(() => judgeSocket.names().includes('judge.updated'));
    await settle(1100);
    expect(visitor.names()).not.toContain('projects.changed');
    expect(otherSocket.names()).not.toContain('judge.updated');
  });

  it("the judge's own finish, skip, ranking and star reach its other phones (judge.updated); an assignment and notes do not", async () => {
    const { judge, judgeId, judgeSocket } = await audiences();
    const otherPhone = await open({ token: (await t.loginAs(judgeId)).token });
    const otherJudge = await open({
      token: (await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }))).token,
    });
    for (const name of ['A', 'B', 'C']) await t.addProject({ name });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await settle(300);
    const heard = async (write: () => Promise<unknown>) => {
      const before = [judgeSocket, otherPhone, otherJudge].map((s) => s.names().length);
      await write();
      await until(() => otherPhone.names().length > before[1]! && judgeSocket.names().length > before[0]!);
      await settle(100);
      expect(otherPhone.names().slice(before[1])).toEqual(['judge.updated']);
      expect(otherJudge.names().length).toBe(before[2]);
    };
    const next = async () =>
      ((await judge({ method: 'POST', url: '/api/judge/next' })).json() as { project_id: string }).project_id;
    /**
     * Not heard: the page asking for a project shows it (its other phone reads it once it follows
     * the Done before it, or asks itself); notes go out a second after typing stops, and the
     * other phone reads them when it opens the project.
     */
    const notHeard = async (write: () => Promise<unknown>) => {
      const before = otherPhone.names().length;
      await write();
      await settle(300);
      expect(otherPhone.names().length).toBe(before);
    };
    const first = await next();
    await heard(() =>
      judge({ method: 'POST', url: '/api/judge/finish', payload: { notes: '', starred: false } }),
    );
    await notHeard(next);
    await heard(() => judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } }));
    await heard(() => judge({ method: 'POST', url: '/api/judge/rank', payload: { ranking: [first] } }));
    await heard(() => judge({ method: 'PUT', url: `/api/judge/star/${first}`, payload: { starred: true } }));
    await notHeard(() =>
      judge({ method: 'PUT', url: `/api/judge/notes/${first}`, payload: { notes: 'Good demo' } }),
    );
  });

  it('editing or moving a project tells the judges holding it (judge.updated), no other judge', async () => {
    const { judge, judgeSocket } = await audiences();
    const bob = await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    const bobSocket = await open({ token: bob.token });
    for (const name of ['A', 'B', 'C']) await t.addProject({ name });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const held = ((await judge({ method: 'POST', url: '/api/judge/next' })).json() as { project_id: string })
      .project_id;
    const other = (await t.admin({ method: 'GET', url: '/api/project/list' }))
      .json<{ id: string; location: number }[]>()
      .find((project) => project.id !== held)!;
    await settle(300);
    const tells = async (write: () => Promise<{ statusCode: number }>, holderHears: boolean) => {
      const [mine, bobs] = [judgeSocket.names().length, bobSocket.names().length];
      expect((await write()).statusCode).toBe(200);
      if (holderHears) await until(() => judgeSocket.names().slice(mine).includes('judge.updated'));
      await settle(300);
      if (!holderHears) expect(judgeSocket.names().slice(mine)).not.toContain('judge.updated');
      expect(bobSocket.names().slice(bobs)).not.toContain('judge.updated');
    };
    const edit = (id: string, name: string) =>
      t.admin({ method: 'PUT', url: `/api/project/${id}`, payload: { name } });
    await tells(() => edit(held, 'Renamed'), true);
    await tells(() => edit(other.id, 'Not held'), false);
    await tells(
      () => t.admin({ method: 'PUT', url: `/api/project/move/${held}`, payload: { location: 40 } }),
      true,
    );
    await tells(
      () => t.admin({ method: 'PUT', url: `/api/project/move/${other.id}`, payload: { location: 41 } }),
      false,
    );
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    await tells(() => t.admin({ method: 'POST', url: '/api/project/reassign' }), true);
  });

  it('a finish that deletes busy flags tells the admin (flags.changed); one that deletes none does not', async () => {
    const { admin, judge } = await audiences();
    for (const name of ['A', 'B', 'C']) await t.addProject({ name });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
    await until(() => admin.names().includes('flags.changed'));
    await settle(1100); // the coalescing window of the skip's flags.changed
    admin.events.length = 0;

    // R22: finishing deletes the judge's busy flag.
    expect((await judge({ method: 'POST', url: '/api/judge/finish', payload: {} })).statusCode).toBe(200);
    await until(() => admin.names().includes('flags.changed'));
    await settle(1100);
    admin.events.length = 0;

    await judge({ method: 'POST', url: '/api/judge/next' });
    expect((await judge({ method: 'POST', url: '/api/judge/finish', payload: {} })).statusCode).toBe(200);
    await until(() => admin.names().includes('judges.changed'));
    await settle(1100);
    expect(admin.names()).not.toContain('flags.changed');
  });

  it('deleting a judge disconnects its sockets', async () => {
    const { judgeId, judgeSocket } = await audiences();
    await t.admin({ method: 'DELETE', url: `/api/judge/${judgeId}` });
    await until(() => !judgeSocket.socket.connected);
  });
});

describe('admin events reach no one else (6.2)', () => {
  it('through judging, a QR code, a team alert and a release: none to a visitor, a judge or a team', async () => {
    const { codeA } = await twoTeams();
    await settle(1100); // the projects' coalesced projects.changed is out before the sockets open
    const { judge, judgeSocket, visitor, admin } = await audiences();
    const team = await open({ team: codeA });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
    await settle(1100); // the skip's coalesced events are out before the next ones
    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/finish', payload: { feedback: 'x', notes: 'n' } });
    await t.admin({ method: 'POST', url: '/api/admin/qr' });
    await t.app.inject({ method: 'POST', url: `/api/team/${codeA}/alert` });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { feedback_released: true } });
    await until(() => admin.names().includes('feedback.changed'));
    await settle(1100);
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
    for (const socket of [visitor, judgeSocket, team])
      expect(socket.names().filter((name) => adminOnly.includes(name))).toEqual([]);
    expect(team.names().filter((name) => name !== 'team.changed' && name !== 'clock')).toEqual([]);
  });
});

describe('delivery rules (6.3)', () => {
  it('a refused request emits nothing', async () => {
    const { admin, visitor } = await audiences();
    const [a] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    await settle(1100);
    admin.events.length = 0;
    visitor.events.length = 0;
    const res = await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 2 } });
    expect(res.statusCode).toBe(400);
    await settle(300);
    expect([...admin.names(), ...visitor.names()]).toEqual([]);
  });

  it('coalesces busy events: the first at once, the rest in one emission at the end of the second', async () => {
    const { admin } = await audiences();
    await settle(1100);
    admin.events.length = 0;
    for (let i = 0; i < 5; i += 1) await t.addProject({ name: `P${i}` });
    await until(() => admin.names().filter((n) => n === 'projects.changed').length === 1);
    await until(() => admin.names().filter((n) => n === 'projects.changed').length === 2, 2000);
    await settle(1200);
    expect(admin.names().filter((n) => n === 'projects.changed')).toHaveLength(2);
    expect(admin.names().filter((n) => n === 'stats')).toHaveLength(2);
    const [, last] = admin.events.filter((e) => e.name === 'stats');
    expect(last?.payload).toMatchObject({ stats: { projects: 5 } });
  });

  it('a coalesced event held to the end of its window never goes out with a seq below one sent before it (issue 31)', async () => {
    const { admin } = await audiences();
    await settle(1100);
    admin.events.length = 0;
    // Two project changes: the second's projects.changed, judges… and stats wait for the window's
    // end; meanwhile the clock changes twice, sent at once with higher seqs.
    await t.addProject({ name: 'P1' });
    await t.addProject({ name: 'P2' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    t.clock.advance(1_000);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    await until(() => admin.names().filter((n) => n === 'projects.changed').length === 2, 2500);
    await settle(200);
    const seqs = admin.events.map((event) => `${event.name}:${String(event.payload.seq)}`);
    const numbers = admin.events.map((event) => event.payload.seq as number);
    expect(admin.names().indexOf('clock')).toBeLessThan(admin.names().lastIndexOf('projects.changed'));
    expect(numbers, seqs.join(' ')).toEqual([...numbers].sort((a, b) => a - b));
    // The held stats says what the state is when it goes out: both projects.
    expect(admin.events.filter((e) => e.name === 'stats').at(-1)?.payload).toMatchObject({
      stats: { projects: 2 },
    });
  });

  it('events of one request keep the fixed order', async () => {
    const { admin } = await audiences();
    await settle(1100);
    admin.events.length = 0;
    // Reset judging-data of a running-then-paused clock: clock, options, flags, projects, judges, stats.
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    t.clock.advance(1_000);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    await settle(100);
    admin.events.length = 0;
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'judging-data' } });
    await until(() => admin.names().includes('stats'));
    const order = [
      'clock',
      'deliberation',
      'options.changed',
      'flags.changed',
      'projects.changed',
      'judges.changed',
      'judge.updated',
      'stats',
    ];
    const names = admin.names();
    expect(names).toEqual([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(names[0]).toBe('clock');
  });
});

describe('catching up at the first connect (docs/api-extensions.md)', () => {
  /** The seq an API read answers (`x-podium-seq`). */
  const seqOfRead = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return Number(res.headers['x-podium-seq']);
  };

  it('every API read answers the seq of the last event emitted before it', async () => {
    expect(await seqOfRead('/api/project/list/public')).toBe(0);
    const admin = await open({ admin_password: TEST_ADMIN_PASSWORD });
    await t.addProject({ name: 'P' });
    await until(() => admin.names().includes('stats'));
    const last = Math.max(...admin.events.map((e) => Number(e.payload.seq)));
    expect(await seqOfRead('/api/project/list/public')).toBe(last);
    const write = await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    expect(write.headers['x-podium-seq']).toBeUndefined();
  });

  it('a socket saying what its page shows gets the latest event of each name since, once', async () => {
    const shown = await seqOfRead('/api/project/list/public');
    // Changes between the page's read and its socket: two project changes, a clock change.
    await t.addProject({ name: 'A' });
    await t.addProject({ name: 'B' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await settle(1100); // the coalesced second change goes out before the socket connects
    const late = await open({ since: shown });
    await until(() => late.names().includes('clock') && late.names().includes('projects.changed'));
    await settle(300);
    // Once each, oldest first; the second project change (coalesced) is the one kept.
    expect(late.names().sort()).toEqual(['clock', 'projects.changed']);
    const seqs = late.events.map((e) => Number(e.payload.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(late.events.find((e) => e.name === 'clock')?.payload).toMatchObject({ running: true });

    // A page that read after those changes, and a client that says nothing, get nothing again.
    const upToDate = await open({ since: await seqOfRead('/api/project/list/public') });
    const plain = await open();
    await settle(300);
    expect([...upToDate.names(), ...plain.names()]).toEqual([]);
  });

  it('catches up on the rooms the socket joins only', async () => {
    const ada = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const bobId = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    const bob = await t.loginAs(bobId);
    const shown = await seqOfRead('/api/project/list/public');
    await t.admin({ method: 'PUT', url: `/api/judge/${bobId}`, payload: { notes: 'x' } });
    await t.addProject({ name: 'P' });
    const adaSocket = await open({ token: ada.token, since: shown });
    const bobSocket = await open({ token: bob.token, since: shown });
    const visitor = await open({ since: shown });
    const admin = await open({ admin_password: TEST_ADMIN_PASSWORD, since: shown });
    await until(() => bobSocket.names().includes('judge.updated'));
    await until(() => admin.names().includes('stats') && visitor.names().includes('projects.changed'));
    await settle(300);
    expect(adaSocket.names()).toEqual([]);
    expect(bobSocket.names()).toEqual(['judge.updated']);
    expect(visitor.names()).toEqual(['projects.changed']);
    expect(admin.names()).toEqual(expect.arrayContaining(['judges.changed', 'projects.changed', 'stats']));
    expect(admin.names()).not.toContain('judge.updated');
  });

  it('a seq above the last one (another database) gets one event of each name its rooms get; a bad one, nothing', async () => {
    await t.addProject({ name: 'P' });
    const last = await seqOfRead('/api/project/list/public');
    const restored = await open({ since: last + 1000 });
    const names = ['clock', 'deliberation', 'options.changed', 'layout.changed', 'projects.changed'];
    await until(() => restored.events.length === names.length);
    expect(restored.names()).toEqual(names);
    expect(restored.events.map((e) => Number(e.payload.seq))).toEqual(names.map(() => last));
    for (const since of [-1, 1.5, '3', null]) {
      const odd = await open({ since } as never);
      await settle(200);
      expect(odd.names()).toEqual([]);
    }
  });
});

describe('shutdown', () => {
  it('waits for the emissions under way (they read the database, which closes next): no error', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      await t.addProject({ name: 'P' }); // projects.changed and stats go out at once
      await t.close();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      t = await createTestApp(); // for afterEach
    }
  });
});

async function twoTeams() {
  const a = await t.addProject({ name: 'A' });
  const b = await t.addProject({ name: 'B' });
  const codes = (await t.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<TeamCode[]>();
  const codeOf = (id: string) => codes.find((c) => c.project_id === id)!.code;
  return { a, b, codeA: codeOf(a), codeB: codeOf(b) };
}
const changes = (socket: TestSocket) => socket.names().filter((name) => name === 'team.changed').length;

describe('team status pages (issue 24, docs/api-extensions.md "Teams")', () => {
  it("a team's socket gets its status changes; another team's socket does not", async () => {
    const { a, b, codeA, codeB } = await twoTeams();
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const teamA = await open({ team: codeA });
    const teamB = await open({ team: codeB });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await t.admin({ method: 'PUT', url: `/api/project/hide/${b}`, payload: { hide: true } });
    await until(() => changes(teamB) === 1);
    await settle(1100); // past the coalescing window
    const held = (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>();
    expect(held.project_id).toBe(a);
    await until(() => changes(teamA) === 1);
    await settle(1100);
    await judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
    await until(() => changes(teamA) === 2);
    await settle();
    expect(changes(teamB)).toBe(1); // only its own hiding
    expect(teamA.events.every(({ name }) => name === 'team.changed')).toBe(true);
    expect(Object.keys(teamA.events[0]!.payload)).toEqual(['seq']);
  });

  it('a replaced code tells its page; a wrong code is refused', async () => {
    const { a, codeA } = await twoTeams();
    const teamA = await open({ team: codeA });
    await t.admin({ method: 'POST', url: `/api/admin/project/${a}/team-code` });
    await until(() => changes(teamA) === 1);
    await expect(open({ team: codeA })).rejects.toThrow('unauthorized');
    await expect(open({ team: 'wrong' })).rejects.toThrow('unauthorized');
  });

  it('regression (issue 31 item 5): an address over its wrong codes still opens a valid team page', async () => {
    const { codeA } = await twoTeams();
    for (let i = 0; i < TEAM_CODE_FAILURES_PER_MIN; i += 1)
      await expect(open({ team: `wrong${i}` })).rejects.toThrow('unauthorized');
    await expect(open({ team: 'wrong' })).rejects.toThrow('rate limited');
    const teamA = await open({ team: codeA });
    expect(teamA.socket.connected).toBe(true);
  });

  /** Project A with its team code, judging running, and judge Ada logged in. */
  async function oneTeamJudging() {
    const a = await t.addProject({ name: 'A' });
    const codes = (await t.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<TeamCode[]>();
    const code = codes.find((c) => c.project_id === a)!.code;
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    return { a, code, judge };
  }

  it('a team page whose project was taken between its read and its first connect is told (since)', async () => {
    const { a, code, judge } = await oneTeamJudging();
    await settle(1100);
    const read = await t.app.inject({ method: 'GET', url: `/api/team/${code}` });
    expect(read.json().judge_on_the_way).toBe(false);
    const shown = Number(read.headers[SEQ_HEADER]);
    const next = (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>();
    expect(next.project_id).toBe(a);
    const team = await open({ team: code, since: shown });
    await settle(1500);
    expect(team.names()).toContain('team.changed');
    // Once: the page refetches once, and the seq is one this instance sent (not below its read).
    expect(changes(team)).toBe(1);
    expect(Number(team.events[0]!.payload.seq)).toBeGreaterThan(shown);
  });

  it('a team page whose project was taken while another page of its code was open is told once (since)', async () => {
    const { code, judge } = await oneTeamJudging();
    const otherTab = await open({ team: code });
    await settle(1100);
    const shown = Number(
      (await t.app.inject({ method: 'GET', url: `/api/team/${code}` })).headers[SEQ_HEADER],
    );
    await judge({ method: 'POST', url: '/api/judge/next' });
    await until(() => changes(otherTab) === 1);
    const team = await open({ team: code, since: shown });
    await settle(1500);
    expect(changes(team)).toBe(1); // its room's team.changed, caught up on: no second one
  });

  it('a team page whose since is current is told nothing at connect (no needless refetch)', async () => {
    const { codeA, codeB } = await twoTeams();
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await settle(1100);
    const otherTab = await open({ team: codeB });
    const shown = Number(
      (await t.app.inject({ method: 'GET', url: `/api/team/${codeA}` })).headers[SEQ_HEADER],
    );
    const team = await open({ team: codeA, since: shown });
    const followed = Number(
      (await t.app.inject({ method: 'GET', url: `/api/team/${codeB}` })).headers[SEQ_HEADER],
    );
    const again = await open({ team: codeB, since: followed });
    await settle(1500);
    expect([...team.names(), ...again.names(), ...otherTab.names()]).toEqual([]);
  });

  it('a page that read "nobody on the way" between one judge leaving the project and another taking it is told', async () => {
    const { a, code, judge } = await oneTeamJudging();
    const grace = await t.loginAs(await t.addJudge({ name: 'Grace', email: 'grace@x.org' }));
    const team = await open({ team: code });
    await settle(1100); // past the coalescing window: the next change is told at once
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/team/${code}` })).json<{ judge_on_the_way: boolean }>();
    await judge({ method: 'POST', url: '/api/judge/next' });
    await until(() => changes(team) === 1);
    // Within the window that emission opened: Ada knows the team, the page's refetch reads nobody
    // on the way, and Grace takes the project. The next look sees "on the way" as at the last one.
    await judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'conflict' } });
    expect((await status()).judge_on_the_way).toBe(false);
    const next = (await grace({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>();
    expect(next.project_id).toBe(a);
    await until(() => changes(team) === 2);
    expect((await status()).judge_on_the_way).toBe(true);
  });

  it('alerts reach the admin room', async () => {
    const { codeA } = await twoTeams();
    const admin = await open({ admin_password: TEST_ADMIN_PASSWORD });
    const teamA = await open({ team: codeA });
    await t.app.inject({ method: 'POST', url: `/api/team/${codeA}/alert` });
    await until(() => admin.names().includes('team-alerts.changed'));
    await settle();
    expect(teamA.names()).not.toContain('team-alerts.changed');
  });
});
