/**
 * The judge CSV's dry run (docs/api-extensions.md "Judge imports: the dry run") over HTTP with the
 * sample judges of ../shared/data: what the import would add and which tracks settings lack,
 * changing nothing; then the web app's one click (add the tracks, import) succeeds.
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
    expect(preview).toMatchObject({ ok: 1, count: 20, skipped: 0, missing_tracks: ['AI/ML', 'Health.Tech'] });
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual({
      line: 1,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@judges.example',
      track: '',
      track_missing: false,
      conflicts: [],
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
