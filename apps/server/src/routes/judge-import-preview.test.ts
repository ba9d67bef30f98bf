/**
 * The judge CSV's dry run (docs/api-extensions.md "Judge imports: the dry run") over HTTP with the
 * sample judges of ../shared/data: what the import would add and which tracks settings lack,
 * changing nothing; then the web app's one click (add the tracks, import) succeeds. And the same
 * sheet uploaded again once it grew (`skip_existing`): only the judges not here yet are added.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JudgeImportPreview } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { snapshot } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const judgesCsv = readFileSync(new URL('../../../../../shared/data/judges.csv', import.meta.url));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const upload = async (file: Buffer | string, fields: Record<string, string>) => {
  const res = await t.admin({
    method: 'POST',
    url: '/api/judge/csv',
    ...multipart(fields, { content: file }),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

describe('POST /judge/csv with dry_run=true', () => {
  it('lists every judge and the tracks settings lack, and changes and logs nothing', async () => {
    const before = await snapshot(t.app);
    const logBefore = await t.log();
    const res = await upload(judgesCsv, { dry_run: 'true', noSend: 'true' });
    expect(res.status).toBe(200);
    const preview = JudgeImportPreview.strict().parse(res.body);
    expect(preview).toMatchObject({
      ok: 1,
      count: 20,
      skipped: 0,
      existing: 0,
      missing_tracks: ['AI/ML', 'Health.Tech'],
    });
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual({
      line: 1,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@judges.example',
      track: '',
      track_missing: false,
      conflicts: [],
      existing: false,
    });
    expect(preview.rows[3]).toMatchObject({ line: 4, track: 'AI/ML', track_missing: true });
    expect(await snapshot(t.app)).toBe(before);
    expect(await t.log()).toBe(logBefore);
  });

  it('marks only the tracks settings lack', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI/ML'] } });
    const { body } = await upload(judgesCsv, { dry_run: 'true' });
    const preview = JudgeImportPreview.parse(body);
    expect(preview.missing_tracks).toEqual(['Health.Tech']);
    expect(preview.rows.filter((row) => row.track_missing).every((row) => row.track === 'Health.Tech')).toBe(
      true,
    );
  });

  it('answers every other problem as the import does', async () => {
    const before = await snapshot(t.app);
    expect(await upload('A,a@x.org\nB,not-an-email\n', { dry_run: 'true' })).toEqual({
      status: 400,
      body: { error: 'line 2: invalid email: not-an-email' },
    });
    expect(await upload('A,a@x.org\n', { dry_run: 'maybe' })).toEqual({
      status: 400,
      body: { error: 'dry_run must be true or false' },
    });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('imports what it previewed once the missing tracks are added (the one click)', async () => {
    const { body } = await upload(judgesCsv, { dry_run: 'true' });
    const preview = JudgeImportPreview.parse(body);
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: preview.missing_tracks } });
    expect(await upload(judgesCsv, { noSend: 'true' })).toEqual({
      status: 200,
      body: { ok: 1, count: preview.count, skipped: 0 },
    });
    expect(await t.judges()).toHaveLength(20);
  });
});

describe('POST /judge/csv with skip_existing=true (the sheet uploaded again once it grew)', () => {
  const FIRST = 'Ada,ada@judges.example\nGrace,grace@judges.example,,Sponsor\nAlan,alan@judges.example\n';
  // Grace's email in capitals and her notes changed, Alan renamed and given a track nobody set up:
  // the judges already here stay as they are; Edsger and Barbara are new.
  const GROWN =
    'Ada,ada@judges.example\nGrace,GRACE@judges.example,,Keynote\nAlan Turing,alan@judges.example,Nowhere\n' +
    'Edsger,edsger@judges.example\nBarbara,barbara@judges.example\n';

  beforeEach(async () => {
    expect((await upload(FIRST, { noSend: 'true' })).status).toBe(200);
  });

  it('adds the judges not here yet, leaves those here as they were, and counts them', async () => {
    const before = await t.judges();
    expect(await upload(GROWN, { noSend: 'true', skip_existing: 'true' })).toEqual({
      status: 200,
      body: { ok: 1, count: 2, skipped: 0, existing: 3 },
    });
    const after = await t.judges();
    expect(after.map((judge) => judge.name)).toEqual(['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara']);
    expect(after.slice(0, 3)).toEqual(before);
    expect((await t.log()).split('\n').at(-1)).toMatch(/\| Added 2 judges from CSV$/);
  });

  it('previews the same: the rows of judges here are marked, their tracks asked for by none', async () => {
    const before = await snapshot(t.app);
    const { status, body } = await upload(GROWN, { dry_run: 'true', skip_existing: 'true' });
    expect(status).toBe(200);
    const preview = JudgeImportPreview.strict().parse(body);
    expect(preview).toMatchObject({ count: 2, skipped: 0, existing: 3, missing_tracks: [] });
    expect(preview.rows.map((row) => [row.line, row.existing, row.track_missing])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, true, false],
      [4, false, false],
      [5, false, false],
    ]);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('without it, refuses the file as R85 says; with it, still refuses a judge twice in the file', async () => {
    const before = await snapshot(t.app);
    expect(await upload(GROWN, { noSend: 'true' })).toEqual({
      status: 400,
      body: { error: 'line 1: a judge with this email already exists' },
    });
    expect(
      await upload('New,new@judges.example\nAgain,NEW@judges.example\n', { skip_existing: 'true' }),
    ).toEqual({ status: 400, body: { error: 'line 2: a judge with this email already exists' } });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('takes only true or false, checked before dry_run and the rows', async () => {
    const before = await snapshot(t.app);
    expect(await upload('bad row\n', { skip_existing: 'yes', dry_run: 'maybe' })).toEqual({
      status: 400,
      body: { error: 'skip_existing must be true or false' },
    });
    expect(await snapshot(t.app)).toBe(before);
  });
});
