/** `GET /admin/progress` and `GET /admin/email` (docs/api-extensions.md, "Command center"). */
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailStatus, Progress } from '@podium/protocol';
import { startSmtp, type TestSmtp } from '../test-support/smtp.js';
import { seedSettings } from '../test-support/seed.js';
import { createTestApp, type JudgeClient, type TestApp } from '../test-support/test-app.js';

const MINUTE = 60_000;
let t: TestApp;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await t.close();
  await smtp?.close();
  smtp = undefined;
});

const progress = async () => {
  const res = await t.admin({ method: 'GET', url: '/api/admin/progress' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Progress>();
};

/** The judge takes its next project and finishes it `minutes` later. */
async function judgeOne(judge: JudgeClient, minutes: number): Promise<void> {
  expect((await judge({ method: 'POST', url: '/api/judge/next' })).json()).toHaveProperty('project_id');
  t.clock.advance(minutes * MINUTE);
  const res = await judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /admin/progress', () => {
  it('answers 401 without the admin password', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/progress' });
    expect(res.statusCode).toBe(401);
  });

  it('has nothing to project before judging starts', async () => {
    t = await createTestApp();
    await t.addProject({ name: 'A' });
    const body = await progress();
    expect(body.buckets).toEqual([]);
    expect(body.event).toEqual({
      target: 3,
      projects: 1,
      reached: 0,
      views: 0,
      remaining: 3,
      rate_per_minute: 0,
      projected_at: null,
    });
    expect(body.groups).toEqual([]);
    expect(body.tracks).toEqual([]);
  });

  it('projects from the views finished in the running clock, and stops projecting when paused', async () => {
    t = await createTestApp();
    await seedSettings(t.app, { min_views: 2 });
    for (const name of ['A', 'B', 'C']) await t.addProject({ name });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    // Two views in 10 minutes: 0.2 views a minute; 6 − 2 = 4 views to go → 20 minutes.
    await judgeOne(judge, 5);
    await judgeOne(judge, 5);
    const body = await progress();
    expect(body.event).toMatchObject({ views: 2, remaining: 4, reached: 0, rate_per_minute: 0.2 });
    expect(body.event.projected_at).toBe(t.clock.now() + 20 * MINUTE);
    expect(body.now).toBe(t.clock.now());
    expect(body.bucket_ms).toBe(MINUTE);
    expect(body.buckets.at(-1)).toEqual({ end: t.clock.now(), views: 2 });
    expect(body.buckets[0]?.views).toBe(1);

    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    expect((await progress()).event).toMatchObject({ remaining: 4, rate_per_minute: 0, projected_at: null });
  });

  it('reports groups when multi-group judging is on, and tracks against their track views', async () => {
    t = await createTestApp();
    await seedSettings(t.app, {
      multi_group: true,
      num_groups: 2,
      group_sizes: [1, 1],
      group_names: ['Hall A', 'Hall B'],
      judge_tracks: true,
      tracks: ['AI'],
      track_views: [1],
    });
    await t.addProject({ name: 'A', challenge_list: 'AI' });
    await t.addProject({ name: 'B' });
    const body = await progress();
    expect(body.groups.map(({ group, name, projects }) => ({ group, name, projects }))).toEqual([
      { group: 0, name: 'Hall A', projects: 1 },
      { group: 1, name: 'Hall B', projects: 1 },
    ]);
    expect(body.tracks).toEqual([
      expect.objectContaining({ track: 'AI', target: 1, projects: 1, remaining: 1, projected_at: null }),
    ]);
  });

  it('changes nothing and logs nothing', async () => {
    t = await createTestApp();
    const before = await t.log();
    await progress();
    expect(await t.log()).toBe(before);
  });
});

describe('GET /admin/email', () => {
  it('is off without SMTP_URL and MAIL_FROM', async () => {
    t = await createTestApp();
    const res = await t.admin({ method: 'GET', url: '/api/admin/email' });
    expect(res.json<EmailStatus>()).toEqual({ enabled: false });
  });

  it('is on when both are set', async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'judging@example.org' } });
    expect((await t.admin({ method: 'GET', url: '/api/admin/email' })).json()).toEqual({ enabled: true });
  });

  it('answers 401 without the admin password', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/email' })).statusCode).toBe(401);
  });
});
