/** CSV imports over HTTP with the sample files of ../shared/data (R83–R86). */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../test-support/multipart.js';
import { seedSettings, snapshot } from '../test-support/seed.js';
import { createTestApp, IN_WORKERS, type TestApp } from '../test-support/test-app.js';

const sample = (name: string) => readFileSync(new URL(`../../../../../shared/data/${name}`, import.meta.url));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const upload = (url: string, file: Buffer | string | undefined, fields: Record<string, string> = {}) => {
  const body = multipart(fields, file === undefined ? undefined : { content: file });
  return t.admin({ method: 'POST', url, ...body });
};
const refusedUpload = async (
  url: string,
  file: Buffer | string | undefined,
  fields: Record<string, string>,
  status: number,
  error: string,
) => {
  const before = await snapshot(t.app);
  const res = await upload(url, file, fields);
  expect(res.json()).toEqual({ error });
  expect(res.statusCode).toBe(status);
  expect(await snapshot(t.app)).toBe(before);
};

describe('POST /project/csv (R84)', () => {
  it('imports all 50 sample projects at tables 1..50, verbatim', async () => {
    const res = await upload('/api/project/csv', sample('projects.csv'));
    expect(res.json()).toEqual({ ok: 1, count: 50, skipped: 0 });
    const list = await t.projects();
    expect(list.map((p) => p.location)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(list[0]).toMatchObject({ name: 'CivicCanvas', challenge_list: ['Ünïcode Prize'] });
    expect(list.some((p) => p.name.startsWith('=HYPERLINK('))).toBe(true);
    expect(list.find((p) => p.name === 'DeepLens')?.description).toContain(
      '\nSecond paragraph: it also has "quotes"',
    );
    expect(await t.log()).toContain('ADMIN  | Added 50 projects from CSV');
  });

  it('continues after the highest table', async () => {
    await t.admin({ method: 'POST', url: '/api/project/new', payload: { name: 'First' } });
    await upload('/api/project/csv', sample('projects-with-header.csv'), { headerRow: 'true' });
    expect((await t.projects()).map((p) => p.location)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it.each([
    ['headerRow', 'true'],
    ['headerRow', 'ON'],
    ['hasHeader', '1'],
  ])('skips the header row with %s=%s', async (field, value) => {
    expect(
      (await upload('/api/project/csv', sample('projects-with-header.csv'), { [field]: value })).json(),
    ).toEqual({
      ok: 1,
      count: 12,
      skipped: 0,
    });
  });

  it('refuses the file with a bad row, naming its physical line, and imports nothing', async () => {
    await refusedUpload(
      '/api/project/csv',
      sample('projects-bad-row.csv'),
      {},
      400,
      'line 6: expected at least 3 columns (name, description, url)',
    );
  });

  it('skips and counts rows in ignored tracks', async () => {
    await seedSettings(t.app, { ignore_tracks: ['Ünïcode Prize'] });
    const res = (await upload('/api/project/csv', sample('projects.csv'))).json<{
      count: number;
      skipped: number;
    }>();
    expect(res.count + res.skipped).toBe(50);
    expect(res.skipped).toBeGreaterThan(0);
    expect((await t.projects()).some((p) => p.challenge_list.includes('Ünïcode Prize'))).toBe(false);
  });

  it('refuses uploads without a usable file', async () => {
    await refusedUpload('/api/project/csv', undefined, { headerRow: 'true' }, 400, 'csv file is required');
    await refusedUpload('/api/project/csv', '', {}, 400, 'CSV file has no rows');
    await refusedUpload('/api/project/csv', '\n\n  \n', {}, 400, 'CSV file has no rows');
    const json = await t.admin({ method: 'POST', url: '/api/project/csv', payload: { csv: 'a,b,c' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'csv file is required' });
    const other = multipart({}, { field: 'file', content: 'a,b,c' });
    const wrongField = await t.admin({ method: 'POST', url: '/api/project/csv', ...other });
    expect(wrongField.json()).toEqual({ error: 'csv file is required' });
  });

  it('refuses a file over 10 MB with 413, importing nothing', async () => {
    const big = Buffer.alloc(10_485_761, 'a');
    await refusedUpload('/api/project/csv', big, {}, 413, 'request too large (limit 10 MB)');
  });

  it('needs admin credentials before anything else', async () => {
    const body = multipart({}, { content: sample('projects.csv') });
    const res = await t.app.inject({ method: 'POST', url: '/api/project/csv', ...body });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /project/devpost (R86)', () => {
  it('imports the platform export: BOM, CRLF, extra columns, drafts skipped', async () => {
    expect((await upload('/api/project/devpost', sample('devpost-export.csv'))).json()).toEqual({
      ok: 1,
      count: 27,
      skipped: 3,
    });
    const [first] = await t.projects();
    expect(first).toMatchObject({ name: 'CivicCanvas', url: 'https://devpost.example/software/civiccanvas' });
    expect(await t.log()).toContain('Added 27 projects from hackathon-platform CSV');
  });

  it('finds columns by name when they move', async () => {
    expect((await upload('/api/project/devpost', sample('devpost-export-shifted.csv'))).json()).toEqual({
      ok: 1,
      count: 9,
      skipped: 1,
    });
  });

  it('refuses a file without the title column', async () => {
    await refusedUpload(
      '/api/project/devpost',
      sample('projects.csv'),
      {},
      400,
      'missing column: Project Title',
    );
  });
});

describe('POST /judge/csv (R85)', () => {
  const unknownTrack =
    'line 4: unknown track: AI/ML (tracks in settings: none; add it under Track Judging first)';

  it('refuses judges.csv while its tracks are not in settings', async () => {
    await refusedUpload('/api/judge/csv', sample('judges.csv'), { noSend: 'true' }, 400, unknownTrack);
  });

  it('imports the 20 sample judges with balanced groups once the tracks exist', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML', 'Health.Tech'] });
    expect((await upload('/api/judge/csv', sample('judges.csv'), { noSend: 'true' })).json()).toEqual({
      ok: 1,
      count: 20,
      skipped: 0,
    });
    const list = await t.judges();
    expect(list).toHaveLength(20);
    expect(new Set(list.map((j) => j.code)).size).toBe(20);
    const general = list.filter((j) => j.track === '');
    const perGroup = [0, 1, 2].map((g) => general.filter((j) => j.group === g).length);
    expect(Math.max(...perGroup) - Math.min(...perGroup)).toBeLessThanOrEqual(1);
    expect(list.filter((j) => j.track !== '').every((j) => j.group === 0)).toBe(true);
    const text = await t.log();
    expect(text).toContain('ADMIN  | Added 20 judges from CSV');
    expect(text).not.toContain('Email disabled');
  });

  it('logs one disabled-email line per judge without noSend', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML'] });
    const res = await upload('/api/judge/csv', sample('judges-with-header.csv'), { headerRow: 'true' });
    expect(res.json()).toEqual({ ok: 1, count: 6, skipped: 0 });
    await t.app.services.mailer.idle();
    expect((await t.log()).match(/Email disabled, login email not sent to/g)).toHaveLength(6);
  });

  it('refuses an invalid email, an existing email and a repeat within the file', async () => {
    await refusedUpload(
      '/api/judge/csv',
      sample('judges-bad-email.csv'),
      {},
      400,
      'line 4: invalid email: not-an-email',
    );
    await t.admin({
      method: 'POST',
      url: '/api/judge/new',
      payload: { name: 'X', email: 'B@x.org', no_send: true },
    });
    await refusedUpload(
      '/api/judge/csv',
      'A,a@x.org\nB,b@x.org\n',
      {},
      400,
      'line 2: a judge with this email already exists',
    );
    await refusedUpload(
      '/api/judge/csv',
      'A,a@x.org\nC,c@x.org\nA2,A@X.org\n',
      {},
      400,
      'line 3: a judge with this email already exists',
    );
    await refusedUpload(
      '/api/judge/csv',
      'A\n',
      {},
      400,
      'line 1: expected at least 2 columns (name, email)',
    );
  });

  it('spreads its general judges over the groups as it adds them, after those already there (R52)', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML'] });
    await t.addJudge({ name: 'G0', email: 'g0@x.org' });
    const file = [
      'G1,g1@x.org,,',
      'T,t@x.org,AI/ML,',
      'G2,g2@x.org,,',
      'G3,g3@x.org,,',
      'G4,g4@x.org,,',
    ].join('\n');
    expect((await upload('/api/judge/csv', file, { no_send: 'true' })).json()).toEqual({
      ok: 1,
      count: 5,
      skipped: 0,
    });
    expect((await t.judges()).map((judge) => [judge.name, judge.group])).toEqual([
      ['G0', 0],
      ['G1', 1],
      ['T', 0],
      ['G2', 2],
      ['G3', 0],
      ['G4', 1],
    ]);
  });
});

describe('in the import worker', () => {
  beforeEach(async () => {
    await t.close();
    t = await createTestApp({ app: { inPlace: IN_WORKERS } });
  });

  it('a judge CSV of more rows than one message carries arrives whole and in order', async () => {
    // One row more than a message of the worker carries (import-jobs.ts, ROWS_PER_MESSAGE): the
    // header and the most judges one file may add (JUDGE_CSV_MAX_JUDGES).
    const names = Array.from({ length: 2_000 }, (_, i) => `Judge ${i}`);
    const file = ['Name,Email', ...names.map((name, i) => `${name},judge${i}@example.org`)].join('\n');
    const res = await upload('/api/judge/csv', file, { no_send: 'true', headerRow: 'true' });
    expect(res.json()).toEqual({ ok: 1, count: names.length, skipped: 0 });
    const listed = await t.admin({ method: 'GET', url: '/api/judge/list' });
    expect(listed.json<{ name: string }[]>().map((judge) => judge.name)).toEqual(names);
  }, 30_000);
});
