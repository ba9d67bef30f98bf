/**
 * A whole event built through HTTP, with a row in every table, and what a server
 * answers about it: for the tests that carry an event to another database (the move to
 * PostgreSQL, a pg_dump restore) and check that nothing changed on the way.
 */
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { JudgeAdmin } from '@podium/protocol';
import { multipart } from './multipart.js';
import type { TestApp } from './test-app.js';
import { unzip } from './unzip.js';

const sample = (name: string) => readFileSync(new URL(`../../../../../shared/data/${name}`, import.meta.url));

/** A judge write sent with an Idempotency-Key (R91), and the answer it got. */
export interface KeptWrite {
  request: InjectOptions;
  status: number;
  body: string;
}

export interface BuiltEvent {
  /** An admin session token (R70b), used as Basic auth's password. */
  adminSession: string;
  /** Bearer tokens of the judges who logged in. */
  tokens: string[];
  /** The last finish: sent again, it must get the kept answer instead of "no current project". */
  keptFinish: KeptWrite;
}

/** Expects a 200 and returns the answer. */
async function ok(answer: Promise<{ statusCode: number; body: string }>): Promise<string> {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/**
 * An admin session, tracks, options, criteria, a hall layout with its plan, QR codes, projects and judges
 * from the sample CSVs and one of each by hand, a hidden project and judge, a prioritized project;
 * then rounds of judging (next, finish with notes, stars and scores, rank, a star and a note changed
 * afterwards, skips that flag), with the clock running, and the clock paused at the end.
 */
export async function buildEvent(t: TestApp): Promise<BuiltEvent> {
  const upload = (url: string, file: Buffer, fields: Record<string, string> = {}) =>
    ok(t.admin({ method: 'POST', url, ...multipart(fields, { content: file }) }));
  const post = (url: string, payload?: Record<string, unknown>) =>
    ok(t.admin({ method: 'POST', url, ...(payload && { payload }) }));

  const session = await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { password: t.app.config.adminPassword },
    }),
  );
  await post('/api/admin/tracks', { tracks: ['AI/ML', 'Health.Tech'] });
  await post('/api/admin/track-views', { track_views: [2, 3] });
  await post('/api/admin/options', { min_views: 4, judging_timer: 300 });
  // Criteria (issue 34): every finish below scores both.
  const criteria = [
    JSON.parse(
      await post('/api/admin/criteria', { name: 'Impact', description: '1: none, 5: huge', weight: 2 }),
    ),
    JSON.parse(await post('/api/admin/criteria', { name: 'Design', scale: 10 })),
  ] as { id: string }[];
  await upload('/api/project/csv', sample('projects.csv'));
  await upload('/api/judge/csv', sample('judges.csv'), { noSend: 'true' });
  const extra = await t.addProject({ name: 'Late Entry', description: 'Ünïcode "quoted", and a comma' });
  await ok(t.admin({ method: 'PUT', url: `/api/project/hide/${extra}`, payload: { hide: true } }));
  const hiddenJudge = await t.addJudge({ name: 'Away Judge', email: 'away@x.org' });
  await ok(t.admin({ method: 'PUT', url: `/api/judge/hide/${hiddenJudge}`, payload: { hide: true } }));
  await ok(
    t.admin({
      method: 'PUT',
      url: '/api/admin/layout',
      payload: {
        tables: Array.from({ length: 60 }, (_, i) => ({
          table: i + 1,
          x: (i % 10) * 2.5,
          y: Math.floor(i / 10) * 6,
          area: i < 30 ? 'Hall A' : 'Hall B',
        })),
        plan: [
          {
            name: 'Hall A',
            rows: 3,
            tablesPerRow: 10,
            tableSpacing: 2.5,
            rowSpacing: 6,
            serpentine: false,
            gaps: [],
            placement: { kind: 'at', x: 0, y: 0 },
          },
        ],
      },
    }),
  );
  const qr = JSON.parse(await post('/api/admin/qr')) as { qr_code: string };
  await post(`/api/admin/qr/${encodeURIComponent('AI/ML')}`);
  await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/qr/add',
      payload: { code: qr.qr_code, name: 'Walk-in Judge', email: 'walkin@x.org' },
    }),
  );

  const projects = await t.projects();
  const prioritized = projects[projects.length - 2]?.id;
  await ok(
    t.admin({ method: 'PUT', url: `/api/project/prioritize/${prioritized}`, payload: { prioritize: true } }),
  );

  const judges = (await t.judges()).filter((judge: JudgeAdmin) => judge.active).slice(0, 8);
  // Conflicts of interest (issue 24): declared by the organizer, and said by judges below.
  await ok(
    t.admin({
      method: 'PUT',
      url: `/api/judge/conflicts/${judges[0]?.id}`,
      payload: { projects: [projects[0]?.id, projects[1]?.id] },
    }),
  );
  await post('/api/admin/clock/unpause');
  const clients = await Promise.all(judges.map((judge) => t.loginAs(judge.id)));
  let keptFinish: KeptWrite | undefined;
  for (let round = 0; round < 3; round += 1) {
    for (const [i, judge] of clients.entries()) {
      t.clock.advance(37_000);
      const key = (name: string) => ({ 'idempotency-key': `${name}-${round}-${i}` });
      const next = JSON.parse(
        await ok(judge({ method: 'POST', url: '/api/judge/next', headers: key('next') })),
      );
      if (next.project_id === undefined) continue;
      // Now and then a skip: an absent project (a flag) in the first round, a conflict of
      // interest in the second, offensive ones in the last (also the judge's flagged list).
      if ((i + round) % 7 === 3) {
        const reason = ['absent', 'conflict', 'offensive'][round];
        await ok(
          judge({ method: 'POST', url: '/api/judge/skip', payload: { reason }, headers: key('skip') }),
        );
        continue;
      }
      const finish: InjectOptions = {
        method: 'POST',
        url: '/api/judge/finish',
        payload: {
          notes: `round ${round}: clear demo, ünïcode ✓`,
          starred: (i + round) % 3 === 0,
          scores: {
            [criteria[0]?.id ?? '']: 1 + ((i + round) % 5),
            [criteria[1]?.id ?? '']: 1 + ((3 * i + round) % 10),
          },
        },
        headers: { authorization: `Bearer ${judge.token}`, ...key('finish') },
      };
      const answer = await t.app.inject(finish);
      expect(answer.statusCode, answer.body).toBe(200);
      keptFinish = { request: finish, status: answer.statusCode, body: answer.body };
      const seen = JSON.parse(await ok(judge({ method: 'GET', url: '/api/judge' }))) as {
        seen_projects: { project_id: string }[];
      };
      const ranking = seen.seen_projects.map((view) => view.project_id).reverse();
      await ok(judge({ method: 'POST', url: '/api/judge/rank', payload: { ranking }, headers: key('rank') }));
      if (round === 2 && ranking[0] !== undefined) {
        await ok(judge({ method: 'PUT', url: `/api/judge/star/${ranking[0]}`, payload: { starred: true } }));
        await ok(
          judge({ method: 'PUT', url: `/api/judge/notes/${ranking[0]}`, payload: { notes: 'seen again' } }),
        );
      }
    }
  }
  // Issue 24: the table cards' codes, and a team's alert.
  const [team] = JSON.parse(await ok(t.admin({ method: 'GET', url: '/api/admin/team-codes' }))) as {
    code: string;
  }[];
  await ok(t.app.inject({ method: 'POST', url: `/api/team/${team?.code}/alert` }));
  t.clock.advance(60_000);
  await post('/api/admin/clock/pause');
  if (keptFinish === undefined) throw new Error('no judge finished a project');
  return {
    adminSession: (JSON.parse(session) as { session: string }).session,
    tokens: clients.map((client) => client.token),
    keptFinish,
  };
}

/**
 * Judging goes on where the event was carried (a move, a restore): with the clock unpaused, the
 * first judge, still signed in with its token, is given a project.
 */
export async function expectJudgingGoesOn(t: TestApp, event: BuiltEvent): Promise<void> {
  await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
  const next = await t.app.inject({
    method: 'POST',
    url: '/api/judge/next',
    headers: { authorization: `Bearer ${event.tokens[0]}` },
  });
  expect([next.statusCode, next.json()], next.body).toEqual([200, { project_id: expect.any(String) }]);
}

/**
 * What the admin and the public see of the event, URL → body: every export (ZIPs by their
 * entries, whose bytes are compared; the archive's own timestamps are the time of the download),
 * the lists, settings, clock, flags, layout, QR codes, stats, results and every judge's conflicts
 * of interest. The audit log is apart
 * (every start adds a line).
 */
export async function eventAnswers(t: TestApp): Promise<Record<string, unknown>> {
  const urls = [
    '/api/admin/export/judges',
    '/api/admin/export/projects',
    '/api/admin/export/rankings',
    '/api/admin/export/challenges',
    '/api/admin/export/results',
    '/api/admin/export/scores',
    '/api/project/list',
    '/api/project/list/public',
    '/api/project/stats',
    '/api/judge/list',
    '/api/judge/stats',
    '/api/admin/options',
    '/api/admin/criteria',
    '/api/admin/criteria/scores',
    '/api/admin/clock',
    '/api/admin/flags',
    '/api/admin/stats',
    `/api/admin/stats/${encodeURIComponent('AI/ML')}`,
    '/api/admin/results',
    '/api/admin/progress',
    '/api/admin/layout',
    '/api/admin/layout/plan',
    '/api/admin/qr',
    `/api/admin/qr/${encodeURIComponent('AI/ML')}`,
    '/api/challenges',
    '/api/group-info',
  ];
  for (const judge of await t.judges()) urls.push(`/api/judge/conflicts/${judge.id}`);
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await t.admin({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    answers[url] =
      res.headers['content-type'] === 'application/zip'
        ? unzip(res.rawPayload).map(({ name, content }) => [name, content.toString('base64')])
        : res.body;
  }
  return answers;
}
