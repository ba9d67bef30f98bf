import { describe, expect, it } from 'vitest';
import { countText, LOG_PAGE_LINES, localTime, pageQuery, parseLine, showLine } from './audit-log';

const STORED = [
  '[2026-11-25T09:00:00.000Z] SYSTEM | Server started',
  '[2026-11-25T09:01:00.000Z] ADMIN  | Log in',
  '[2026-11-25T09:02:30.000Z] JUDGE  | Judge Ada (abc) | Read welcome message',
].map((line, i) => ({ seq: i + 1, line }));

describe('audit log view', () => {
  it('parses sequence, time, type and message of every R76 line', () => {
    const lines = STORED.map(parseLine);
    expect(lines.map((l) => l.type)).toEqual(['SYSTEM', 'ADMIN', 'JUDGE']);
    expect(lines[1]).toEqual({
      seq: 2,
      time: Date.UTC(2026, 10, 25, 9, 1),
      type: 'ADMIN',
      rest: 'ADMIN  | Log in',
    });
    expect(parseLine({ seq: 7, line: 'not a log line' })).toEqual({
      seq: 7,
      time: null,
      type: null,
      rest: 'not a log line',
    });
  });

  it('asks the server for a page, older than a cursor, of a type and a trimmed text', () => {
    expect(pageQuery({ type: '', text: '' })).toEqual({ limit: String(LOG_PAGE_LINES) });
    expect(pageQuery({ type: 'JUDGE', text: '  a: b%c  ' }, 42)).toEqual({
      limit: String(LOG_PAGE_LINES),
      before: '42',
      type: 'JUDGE',
      q: 'a: b%c',
    });
    expect('q' in pageQuery({ type: '', text: '   ' })).toBe(false);
  });

  it('says how many lines are shown, of how many, in which order', () => {
    const base = { shown: 3, complete: true, searched: false, total: undefined, newestFirst: false };
    expect(countText(base)).toBe('3 lines, oldest first');
    expect(countText({ ...base, shown: 1, newestFirst: true })).toBe('1 line, newest first');
    expect(countText({ ...base, shown: 500, complete: false })).toBe('Last 500 lines, oldest first');
    expect(countText({ ...base, searched: true, total: 40 })).toBe('3 of 40 lines, oldest first');
    expect(countText({ ...base, searched: true })).toBe('3 matching lines, oldest first');
    expect(countText({ ...base, searched: true, complete: false })).toBe(
      'Last 3 matching lines, oldest first',
    );
  });

  it("shows times in the viewer's time zone", () => {
    // The test runner's zone: whatever it is, the shown time is the local reading of the UTC instant.
    const time = Date.UTC(2026, 10, 25, 9, 2, 30);
    const local = new Date(time);
    expect(localTime(time)).toBe(
      `${local.getFullYear()}-11-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:30`,
    );
    expect(showLine(parseLine(STORED[2]!))).toBe(
      `[${localTime(time)}] JUDGE  | Judge Ada (abc) | Read welcome message`,
    );
  });
});
