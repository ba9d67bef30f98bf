import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterLog, localTime, parseLog, showLine } from './audit-log';

const LOG = [
  '[2026-11-25T09:00:00.000Z] SYSTEM | Server started',
  '[2026-11-25T09:01:00.000Z] ADMIN  | Log in',
  '[2026-11-25T09:02:30.000Z] JUDGE  | Judge Ada (abc) | Read welcome message',
  '[2026-11-25T09:03:00.000Z] ADMIN  | Added project Robot Arm (def)',
].join('\n');

afterEach(() => vi.unstubAllEnvs());

describe('audit log view', () => {
  it('parses time, type and message of every R76 line', () => {
    const lines = parseLog(LOG);
    expect(lines.map((l) => l.type)).toEqual(['SYSTEM', 'ADMIN', 'JUDGE', 'ADMIN']);
    expect(lines[1]).toEqual({ time: Date.UTC(2026, 10, 25, 9, 1), type: 'ADMIN', rest: 'ADMIN  | Log in' });
    expect(parseLog('')).toEqual([]);
    expect(parseLog('not a log line')).toEqual([{ time: null, type: null, rest: 'not a log line' }]);
  });

  it('filters by type and by text, in either order', () => {
    const lines = parseLog(LOG);
    const rests = (type: '' | 'ADMIN', text: string, newestFirst: boolean) =>
      filterLog(lines, { type, text, newestFirst }).map((l) => l.rest);
    expect(rests('ADMIN', '', false)).toEqual(['ADMIN  | Log in', 'ADMIN  | Added project Robot Arm (def)']);
    expect(rests('', 'ROBOT', false)).toEqual(['ADMIN  | Added project Robot Arm (def)']);
    expect(rests('', '', true)[0]).toBe('ADMIN  | Added project Robot Arm (def)');
    expect(lines.map((l) => l.rest)[0]).toBe('SYSTEM | Server started'); // the parsed list is left as it was
  });

  it("shows times in the viewer's time zone", () => {
    // The test runner's zone: whatever it is, the shown time is the local reading of the UTC instant.
    const time = Date.UTC(2026, 10, 25, 9, 2, 30);
    const local = new Date(time);
    expect(localTime(time)).toBe(
      `${local.getFullYear()}-11-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:30`,
    );
    expect(showLine(parseLog(LOG)[2]!)).toBe(
      `[${localTime(time)}] JUDGE  | Judge Ada (abc) | Read welcome message`,
    );
  });
});
