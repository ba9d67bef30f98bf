/** Issue 24 with real socket.io clients: each team's status page hears of its own changes only. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamCode } from '@podium/protocol';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
const open = async (auth: Parameters<typeof openSocket>[1]) => {
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

async function twoTeams() {
  const a = await t.addProject({ name: 'A' });
  const b = await t.addProject({ name: 'B' });
  const codes = (await t.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<TeamCode[]>();
  const codeOf = (id: string) => codes.find((c) => c.project_id === id)!.code;
  return { a, b, codeA: codeOf(a), codeB: codeOf(b) };
}
const changes = (socket: TestSocket) => socket.names().filter((name) => name === 'team.changed').length;

describe('team status pages (issue 24)', () => {
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
