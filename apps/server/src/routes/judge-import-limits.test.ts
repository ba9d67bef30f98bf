/**
 * What one judge CSV may ask (issue 31 item 10, docs/api-extensions.md "Limits of one CSV
 * import"): a 9.5 MB file of 13,226 judges × 200 conflicts blocked the server 26.7 s, answered its
 * dry run with 186 MB and grew the database by 487 MB. Each limit is a 400 naming the row or the
 * file and the limit, changing nothing, and the server keeps answering while a file is evaluated.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CSV_ROW_MAX_BYTES,
  JUDGE_CSV_MAX_CONFLICTS_PER_FILE,
  JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE,
  JUDGE_CSV_MAX_JUDGES,
  TOO_MANY_CONFLICTS_IN_CSV,
  csvLineError,
  csvRowTooLong,
  tooManyConflictsOfJudge,
  tooManyJudgesInCsv,
} from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { snapshot } from '../test-support/seed.js';
import { listen } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const TABLES = 200;
/** Projects at tables 1..TABLES, in one import. */
async function seedTables(): Promise<void> {
  const rows = Array.from({ length: TABLES }, (_, i) => `Project ${i + 1},About it,https://x.org/${i}`);
  const res = await t.admin({
    method: 'POST',
    url: '/api/project/csv',
    ...multipart({}, { content: rows.join('\n') }),
  });
  expect(res.json()).toEqual({ ok: 1, count: TABLES, skipped: 0 });
}

/** A judge CSV of `judges` rows, each in conflict with `conflicts` tables (1, 2, …). */
function judgeCsv(judges: number, conflicts: number): Buffer {
  const cell = Array.from({ length: conflicts }, (_, i) => (i % TABLES) + 1).join(';');
  const rows: string[] = [];
  for (let i = 0; i < judges; i += 1) rows.push(`Judge ${i},judge-${i}@x.org,,,"${cell}"`);
  return Buffer.from(rows.join('\n'));
}

const upload = (file: Buffer | string, fields: Record<string, string> = {}) =>
  t.admin({
    method: 'POST',
    url: '/api/judge/csv',
    ...multipart({ noSend: 'true', ...fields }, { content: file }),
  });

/** Both the import and its dry run refuse `file` with `error` (400), in a short answer, changing nothing. */
async function refusedBoth(file: Buffer | string, error: string): Promise<void> {
  for (const fields of [{}, { dry_run: 'true' }] as Record<string, string>[]) {
    const before = await snapshot(t.app);
    const res = await upload(file, fields);
    expect(res.json()).toEqual({ error });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(300);
    expect(await snapshot(t.app)).toBe(before);
  }
}

describe('POST /judge/csv: the limits of one import (issue 31)', () => {
  it("refuses the attacker's 9.5 MB file (13,226 judges × 200 conflicts) with a short 400, import and dry run", async () => {
    await seedTables();
    const file = judgeCsv(13_226, TABLES);
    expect(file.length).toBeGreaterThan(9_000_000);
    await refusedBoth(file, csvLineError(JUDGE_CSV_MAX_JUDGES + 1, tooManyJudgesInCsv(13_226)));
  });

  it('refuses a row of more than CSV_ROW_MAX_BYTES while parsing, naming its line and column', async () => {
    await seedTables();
    const cell = Array.from({ length: 1_250_000 }, (_, i) => (i % TABLES) + 1).join(';');
    const file = `Ada,ada@x.org\nBob,bob@x.org,,,"${cell}"\n`;
    expect(file.length).toBeGreaterThan(4_000_000);
    await refusedBoth(file, csvLineError(2, csvRowTooLong(5)));
    // Any column, in every CSV import: a project's description.
    const res = await t.admin({
      method: 'POST',
      url: '/api/project/csv',
      ...multipart(
        {},
        { content: `A,short,https://a.org\nB,${'x'.repeat(CSV_ROW_MAX_BYTES + 10)},https://b.org\n` },
      ),
    });
    expect(res.json()).toEqual({ error: csvLineError(2, csvRowTooLong(2)) });
  });

  it('refuses more conflicts than one judge or one file may have, naming the line', async () => {
    await seedTables();
    const perJudge = JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE + 1;
    await refusedBoth(
      `Ada,ada@x.org,,,1\nBob,bob@x.org,,,"${Array.from({ length: perJudge }, () => '7').join(';')}"\n`,
      csvLineError(2, tooManyConflictsOfJudge(perJudge)),
    );
    const judgesAtLimit = JUDGE_CSV_MAX_CONFLICTS_PER_FILE / JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE;
    await refusedBoth(
      judgeCsv(judgesAtLimit + 1, JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE),
      csvLineError(judgesAtLimit + 1, TOO_MANY_CONFLICTS_IN_CSV),
    );
  });

  it('imports a file at the conflicts limit; its dry run answers in a bounded size, long names cut', async () => {
    await seedTables();
    const longName = 'N'.repeat(50_000);
    await t.admin({ method: 'POST', url: '/api/project/new', payload: { name: longName } });
    const judges = JUDGE_CSV_MAX_CONFLICTS_PER_FILE / JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE;
    const cell = [
      ...Array.from({ length: JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE - 1 }, (_, i) => i + 1),
      longName,
    ];
    const rows = Array.from(
      { length: judges },
      (_, i) => `Judge ${i},judge-${i}@x.org,,,"${cell.join(';')}"`,
    );
    const file = rows.join('\n');
    expect(file.length).toBeGreaterThan(5_000_000);
    const preview = await upload(file, { dry_run: 'true' });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    // Each conflict's project name is cut to 64 characters, as error texts cut a value.
    expect(preview.body.length).toBeLessThan(2_000_000);
    expect(preview.json<{ count: number }>().count).toBe(judges);
    expect((await upload(file)).json()).toEqual({ ok: 1, count: judges, skipped: 0 });
    // Written 500 to a statement: each judge has all of its own, none of another's.
    const stored = await t.app.db.all(
      t.app.db.q
        .selectFrom('judge_conflicts')
        .innerJoin('judges', 'judges.id', 'judge_conflicts.judge_id')
        .select(['judges.name', (eb) => eb.fn.countAll<number>().as('conflicts')])
        .groupBy('judges.name'),
    );
    expect(stored.map((row) => Number(row.conflicts))).toEqual(
      Array.from({ length: judges }, () => JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE),
    );
  });

  it(`refuses more than JUDGE_CSV_MAX_JUDGES judges, and imports ${JUDGE_CSV_MAX_JUDGES}`, async () => {
    await refusedBoth(
      judgeCsv(JUDGE_CSV_MAX_JUDGES + 1, 0),
      csvLineError(JUDGE_CSV_MAX_JUDGES + 1, tooManyJudgesInCsv(JUDGE_CSV_MAX_JUDGES + 1)),
    );
    expect((await upload(judgeCsv(JUDGE_CSV_MAX_JUDGES, 0))).json()).toEqual({
      ok: 1,
      count: JUDGE_CSV_MAX_JUDGES,
      skipped: 0,
    });
    // Written 500 to a statement: every judge, in file order, each with a code of its own (R2).
    const stored = await t.judges();
    expect(stored.map((judge) => [judge.name, judge.email])).toEqual(
      Array.from({ length: JUDGE_CSV_MAX_JUDGES }, (_, i) => [`Judge ${i}`, `judge-${i}@x.org`]),
    );
    expect(stored.every((judge) => /^\d{8}$/.test(judge.code))).toBe(true);
    expect(new Set(stored.map((judge) => judge.code)).size).toBe(JUDGE_CSV_MAX_JUDGES);
  });

  it('keeps answering other requests while a large judge CSV is evaluated', async () => {
    await seedTables();
    const base = await listen(t);
    // The server runs in this process: a blocked event loop also delays this loop, so the
    // longest gap between two answers is what a judge would have waited.
    const answeredAt: number[] = [performance.now()];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        expect((await fetch(`${base}/api/`)).status).toBe(200);
        answeredAt.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    for (const file of [judgeCsv(13_226, TABLES), judgeCsv(JUDGE_CSV_MAX_JUDGES, 5)]) {
      for (const fields of [{ dry_run: 'true' }, {}] as Record<string, string>[]) {
        const body = multipart({ noSend: 'true', ...fields }, { content: file });
        const res = await fetch(`${base}/api/judge/csv`, {
          method: 'POST',
          headers: { ...body.headers, authorization: basicAuth(TEST_ADMIN_PASSWORD) },
          body: body.payload,
        });
        await res.arrayBuffer();
      }
    }
    uploading = false;
    await probe;
    const gaps = answeredAt.slice(1).map((at, i) => at - (answeredAt[i] as number));
    expect(gaps.length).toBeGreaterThan(5);
    // A generous bound: the unbounded import held the event loop for tens of seconds.
    expect(Math.max(...gaps)).toBeLessThan(3_000);
  });
});
