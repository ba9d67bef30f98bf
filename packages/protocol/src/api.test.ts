import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './api.js';
import { buildPath, type Endpoint } from './endpoint.js';

/**
 * Every row of API.md §3 (3.1–3.6), transcribed: auth, method, path, and what the row sends or
 * answers (`body`: a JSON request; `csv`: a multipart upload; `file`: a CSV or ZIP download).
 */
const ROWS = `
none   GET     /                          -
none   GET     /event                     -
none   GET     /health                    -
admin  GET     /admin/links               -
none   POST    /judge/login               body
none   POST    /admin/login               body
none   GET     /admin/started             -
none   GET     /admin/deliberation        -
none   GET     /project/list/public       -
none   GET     /challenges                -
none   GET     /group-info                -
judge  POST    /judge/auth                -
judge  GET     /judge                     -
judge  GET     /judge/welcome             -
judge  POST    /judge/welcome             -
judge  GET     /judge/projects            -
judge  POST    /judge/next                -
judge  POST    /judge/skip                body
judge  POST    /judge/finish              body
judge  POST    /judge/rank                body
judge  PUT     /judge/star/:id            body
judge  PUT     /judge/star                body
judge  PUT     /judge/notes/:id           body
judge  GET     /judge/project/:id         -
judge  GET     /project/:id               -
judge  GET     /project/count             -
judge  GET     /judge/deliberation        -
judge  GET     /admin/timer               -
admin  POST    /admin/auth                -
admin  POST    /judge/new                 body
admin  POST    /judge/csv                 csv
admin  GET     /judge/list                -
admin  GET     /judge/stats               -
admin  PUT     /judge/:id                 body
admin  DELETE  /judge/:id                 -
admin  PUT     /judge/hide/:id            body
admin  POST    /judge/hide                body
admin  PUT     /judge/move/group/:id      body
admin  POST    /judge/move/group          body
admin  POST    /judge/reassign            -
admin  GET     /judge/conflicts/:id       -
admin  PUT     /judge/conflicts/:id       body
admin  PUT     /judge/conflicts/refuse/:id body
admin  POST    /admin/groups/swap         -
admin  POST    /project/new               body
admin  POST    /project/csv               csv
admin  POST    /project/devpost           csv
admin  GET     /project/list              -
admin  GET     /project/stats             -
admin  PUT     /project/:id               body
admin  DELETE  /project/:id               -
admin  PUT     /project/hide/:id          body
admin  POST    /project/hide              body
admin  PUT     /project/prioritize/:id    body
admin  POST    /project/prioritize        body
admin  PUT     /project/move/:id          body
admin  PUT     /project/move/group/:id    body
admin  POST    /project/move/group        body
admin  POST    /project/reassign          -
admin  GET     /admin/stats               -
admin  GET     /admin/stats/:track        -
admin  GET     /admin/flags               -
admin  DELETE  /admin/flag/:id            -
admin  GET     /admin/clock               -
admin  POST    /admin/clock/pause         -
admin  POST    /admin/clock/unpause       -
admin  POST    /admin/clock/reset         -
admin  POST    /admin/clock/backup        -
admin  POST    /admin/deliberation        body
admin  GET     /admin/options             -
admin  POST    /admin/options             body
admin  POST    /admin/tracks              body
admin  POST    /admin/track-views         body
admin  POST    /admin/num-groups          body
admin  POST    /admin/group-sizes         body
admin  POST    /admin/block-reqs          body
admin  POST    /admin/max-reqs            body
admin  POST    /admin/reset               body
admin  GET     /admin/reset/copies        -
admin  POST    /admin/reset/copies/restore body
admin  GET     /admin/log                 -
admin  GET     /admin/export/judges       file
admin  GET     /admin/export/projects     file
admin  GET     /admin/export/rankings     file
admin  GET     /admin/export/challenges   file
admin  GET     /admin/qr                  -
admin  POST    /admin/qr                  -
admin  GET     /admin/qr/:track           -
admin  POST    /admin/qr/:track           -
none   POST    /qr/check                  body
none   POST    /qr/check/:track           body
none   POST    /qr/add                    body
admin  GET     /admin/backup              file
none   POST    /admin/session             body
admin  POST    /admin/logout              -
admin  GET     /admin/login-guard         -
admin  POST    /admin/login-guard         body
admin  GET     /admin/login-proofs        -
none   GET     /layout                    -
admin  GET     /admin/layout              -
admin  GET     /admin/layout/plan         -
admin  PUT     /admin/layout              body
admin  POST    /admin/layout/csv          csv
admin  GET     /admin/results             -
admin  GET     /admin/export/results      file
admin  GET     /admin/progress            -
admin  GET     /admin/email               -
none   POST    /qr/add/code               body
none   GET     /project/list/public/changes -
admin  POST    /judge/replace/:id         body
admin  POST    /judge/reinstate/:id       -
admin  GET     /admin/judge/pace          -
admin  GET     /admin/judge/:id/visits    -
admin  GET     /admin/judge/:id/scores    -
judge  GET     /judge/visit/:id           -
none   GET     /team/:code                -
none   POST    /team/:code/alert          -
admin  GET     /admin/team-codes          -
admin  POST    /admin/project/:id/team-code -
admin  GET     /admin/team-alerts         -
admin  POST    /admin/team-alerts/:id/dismiss -
judge  GET     /judge/criteria            -
judge  GET     /judge/scores              -
judge  PUT     /judge/scores/:id          body
admin  GET     /admin/criteria            -
admin  GET     /admin/criteria/scores     -
judge  GET     /judge/undo                -
judge  POST    /judge/undo                body
admin  DELETE  /admin/judge/:id/views/:project -
admin  GET     /admin/feedback            -
admin  PUT     /admin/feedback/:judge/:project body
admin  GET     /admin/export/scores       file
admin  POST    /admin/criteria            body
admin  PUT     /admin/criteria/:id        body
admin  DELETE  /admin/criteria/:id        -
admin  POST    /admin/criteria/order      body
`
  .trim()
  .split('\n')
  .map((line) => {
    const [auth, method, path, kind] = line.split(/\s+/);
    return { auth, method, path, kind };
  });

const all: [string, Endpoint][] = Object.entries(endpoints);
const key = (e: { method?: string; path?: string }) => `${e.method} ${e.path}`;

describe('endpoints (API.md §3)', () => {
  it('has one descriptor per row, with a unique method and path', () => {
    // API.md §3's 85 rows, plus the database backup download of issue 10 (docs/operations.md),
    // the admin session and login-guard routes of issue 15 (R70b, R70c, docs/security.md), the
    // four hall-layout routes of R92 (5.24) and the builder's plan (docs/hall-layout.md), the Results view's two and the command center's
    // three, the public list's changes, and the guard's action and the login links' proofs
    // (docs/api-extensions.md), issue 24's replace, reinstate, pace, visits, conflicts and six team
    // routes, issue 31's health check and refusal of the conflicts a judge says, issue 32's base
    // of printed links, issue 34's nine criteria routes and its scores export, and issue 35's
    // undo (its state and the act), the organizer's removal of a view and feedback's two, and who
    // ended a judge's visit (its phone's notice), and the copies a reset keeps first (their list,
    // and putting one back), and a judge's scores for the organizer's Judge Scores dialog.
    expect(ROWS).toHaveLength(136);
    expect(all).toHaveLength(ROWS.length);
    expect(new Set(all.map(([, e]) => key(e))).size).toBe(all.length);
    expect(new Set(all.map(([, e]) => key(e)))).toEqual(new Set(ROWS.map(key)));
  });

  it.each(ROWS)('$method $path: auth $auth, $kind', (row) => {
    const e = all.find(([, d]) => key(d) === key(row))?.[1];
    if (!e) throw new Error(`no descriptor for ${key(row)}`);
    expect(e.auth).toBe(row.auth);
    expect(e.body !== undefined).toBe(row.kind === 'body');
    expect(e.multipart === true).toBe(row.kind === 'csv');
    expect(e.response === undefined).toBe(row.kind === 'file');
  });

  it('fills and percent-encodes path parameters', () => {
    expect(buildPath(endpoints.adminTrackStats.path, { track: 'AI/ML +x' })).toBe(
      '/admin/stats/AI%2FML%20%2Bx',
    );
    expect(() => buildPath(endpoints.judgeStar.path)).toThrow('missing path parameter id');
  });
});

describe('request bodies never answer with a default zod text', () => {
  // Any message zod would fall back to becomes this marker: schema-level texts take precedence.
  const DEFAULT = 'DEFAULT ZOD MESSAGE';
  const values: unknown[] = [
    null,
    true,
    0,
    -1,
    1.5,
    1e300,
    '',
    ' ',
    'x',
    [],
    [''],
    [1],
    ['a', 'a'],
    [-1],
    {},
  ];
  const bodies = all.filter((entry): entry is [string, Endpoint & { body: z.ZodType }] => !!entry[1].body);

  it.each(bodies)('%s', (_, e) => {
    expect(e.body).toBeInstanceOf(z.ZodObject);
    const fields = Object.keys((e.body as z.ZodObject).shape);
    const candidates: unknown[] = [{}];
    for (const value of values) {
      candidates.push(Object.fromEntries(fields.map((field) => [field, value])));
      for (const field of fields) candidates.push({ [field]: value });
    }
    for (const body of candidates) {
      const result = e.body.safeParse(body, { error: () => DEFAULT });
      if (!result.success) expect(result.error.issues[0]?.message, JSON.stringify(body)).not.toBe(DEFAULT);
    }
  });
});
