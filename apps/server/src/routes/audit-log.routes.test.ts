/**
 * The audit log route (R76): the whole log as API.md says, now streamed, and the paged read of
 * docs/api-storage.md. Lines are written through the audit-log service, as actions write them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogLine, LogPage } from '@podium/protocol';
import { formatLogLine } from '../services/audit-log.service.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/**
 * For the tests that write tens of thousands of lines, one statement each: on PostgreSQL each is a
 * round trip (~5 s for 25,000 alone, over 20 s while other test runs share the machine).
 */
const MANY_LINES_TIMEOUT_MS = 60_000;

/** Writes `count` lines (JUDGE for odd i, ADMIN for even i) one ms apart; returns their texts. */
async function writeLines(count: number, message: (i: number) => string = (i) => `line ${i}`): Promise<void> {
  await t.app.db.transaction(async () => {
    for (let i = 0; i < count; i += 1) {
      t.clock.advance(1);
      if (i % 2 === 1) await t.app.services.auditLog.judge({ id: 'j1', name: 'Ada' }, message(i));
      else await t.app.services.auditLog.admin(message(i));
    }
  });
}

/** Every stored line as R76 formats it, oldest first. */
const stored = async () =>
  (
    await t.app.db.all(
      t.app.db.q.selectFrom('audit_log').select(['seq', 'time', 'type', 'message']).orderBy('seq'),
    )
  ).map((row) => ({ seq: row.seq, line: formatLogLine(row.time, row.type, row.message) }));

const page = async (query: string) => {
  const res = await t.admin({ method: 'GET', url: `/api/admin/log?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogPage>();
};

describe('GET /admin/log (R76)', () => {
  it(
    'answers every line, oldest first, joined with \\n, byte for byte as one JSON string',
    async () => {
      // Several stream pieces, and texts JSON must escape.
      await writeLines(12_345, (i) =>
        i % 1000 === 7 ? `quote " back\\slash\ttab ünï ✓ line ${i}` : `line ${i}`,
      );
      const res = await t.admin({ method: 'GET', url: '/api/admin/log' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = (await stored()).map((l) => l.line);
      expect(lines).toHaveLength(12_346);
      expect(res.body).toBe(JSON.stringify({ log: lines.join('\n') }));
    },
    MANY_LINES_TIMEOUT_MS,
  );

  it('answers the one start line of a fresh event without a trailing newline', async () => {
    const res = await t.admin({ method: 'GET', url: '/api/admin/log' });
    expect(res.json()).toEqual({ log: (await stored())[0]?.line });
    expect(res.json<{ log: string }>().log).toMatch(/^\[.*\] SYSTEM \| Server started$/);
  });
});

describe('GET /admin/log?… (pages)', () => {
  it('pages newest first by default, 200 lines, with a cursor to the end', async () => {
    await writeLines(450);
    const all = (await stored()).reverse();
    const first = await page('limit=200');
    expect(first.lines).toEqual(all.slice(0, 200));
    const second = await page(`before=${first.next}`);
    expect(second.lines).toEqual(all.slice(200, 400));
    const third = await page(`before=${second.next}`);
    expect(third).toEqual({ lines: all.slice(400), next: null });
    expect(await page('order=desc')).toEqual({ lines: all.slice(0, 200), next: all[199]?.seq });
  });

  it('pages oldest first with order=asc and after', async () => {
    await writeLines(30);
    const all = await stored();
    const first = await page('order=asc&limit=20');
    expect(first).toEqual({ lines: all.slice(0, 20), next: all[19]?.seq });
    expect(await page(`order=asc&limit=20&after=${first.next}`)).toEqual({
      lines: all.slice(20),
      next: null,
    });
  });

  it('filters by type and by text, case-insensitive, with % and _ taken literally', async () => {
    await writeLines(40, (i) => (i % 10 === 0 ? `Granted 100% of_it to P${i}` : `Finished project P${i}`));
    const judges = await page('type=JUDGE&limit=1000');
    expect(judges.lines).toHaveLength(20);
    expect(judges.lines.every((l: LogLine) => l.line.includes('] JUDGE  | Judge Ada (j1) | '))).toBe(true);
    const percent = await page(`q=${encodeURIComponent('100% OF_IT')}&order=asc`);
    expect(percent.lines.map((l) => l.line.split('| ').at(-1))).toEqual(
      [0, 10, 20, 30].map((i) => `Granted 100% of_it to P${i}`),
    );
    // `_` and `%` are not wildcards: "100X" and "of-it" match nothing.
    expect((await page('q=100X')).lines).toEqual([]);
    expect((await page('q=of-it')).lines).toEqual([]);
    expect((await page('type=SYSTEM')).lines.map((l) => l.line.slice(27))).toEqual([
      'SYSTEM | Server started',
    ]);
  });

  it('finds text as the log shows it, and a control character nowhere (issue 22)', async () => {
    await writeLines(
      4,
      (i) => ['Renamed to Kite\nTwo', 'Notes: a\\nb', 'plain line', 'Tab\there'][i] as string,
    );
    const shown = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}&order=asc`)).lines.map((l) => l.line.split(' | ').at(-1));
    // A newline shows as \n, as does a stored backslash and n: the search finds both.
    expect(await shown('\\n')).toEqual(['Renamed to Kite\\nTwo', 'Notes: a\\nb']);
    expect(await shown('KITE\\nTWO')).toEqual(['Renamed to Kite\\nTwo']);
    expect(await shown('tab\\there')).toEqual(['Tab\\there']);
    // \x0a is not how a newline shows: it finds nothing; a NUL (%00) shows in no line either
    // (it matched every line on SQLite, and failed on PostgreSQL).
    expect(await shown('\\x0a')).toEqual([]);
    expect((await page('q=%00')).lines).toEqual([]);
    expect((await page('q=line%00')).lines).toEqual([]);
  });

  it(
    'looks at a bounded stretch per page: a rare text is found by following next',
    async () => {
      await writeLines(25_000, (i) => (i === 100 ? 'the needle' : `hay ${i}`));
      const first = await page('q=needle');
      // The newest 20,000 lines hold no needle: an empty page that says where to go on.
      expect(first.lines).toEqual([]);
      expect(first.next).not.toBeNull();
      const second = await page(`q=needle&before=${first.next}`);
      expect(second.lines.map((l) => l.line.slice(27))).toEqual(['ADMIN  | the needle']);
      expect(second.next).toBeNull();
    },
    MANY_LINES_TIMEOUT_MS,
  );

  it.each([
    ['limit=0', 'limit must be an integer between 1 and 1000'],
    ['limit=1001', 'limit must be an integer between 1 and 1000'],
    ['limit=abc', 'limit must be an integer between 1 and 1000'],
    ['limit=1&limit=2', 'limit must be an integer between 1 and 1000'],
    ['before=0', 'before must be an integer between 1 and 9007199254740991'],
    ['type=WARN', 'type must be SYSTEM, ADMIN or JUDGE'],
    ['order=up', 'order must be asc or desc'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['before=5&order=asc', 'before pages newest first: it cannot be combined with order=asc'],
    ['after=5', 'after pages oldest first: it needs order=asc'],
    ['page=2', 'unknown query parameter page'],
  ])('refuses %s with 400', async (query, error) => {
    const res = await t.admin({ method: 'GET', url: `/api/admin/log?${query}` });
    expect([res.statusCode, res.json()]).toEqual([400, { error }]);
  });
});
