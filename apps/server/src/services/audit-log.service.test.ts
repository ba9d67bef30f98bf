import { describe, expect, it } from 'vitest';
import { formatLogLine } from './audit-log.service.js';

describe('formatLogLine (R76)', () => {
  it('writes ISO time with milliseconds, the type padded to 6 and the message', () => {
    const time = Date.UTC(2025, 6, 14, 14, 52, 13, 123);
    expect(formatLogLine(time, 'SYSTEM', 'Server started')).toBe(
      '[2025-07-14T14:52:13.123Z] SYSTEM | Server started',
    );
    expect(formatLogLine(time, 'ADMIN', 'Log in')).toBe('[2025-07-14T14:52:13.123Z] ADMIN  | Log in');
    expect(formatLogLine(time, 'JUDGE', 'Judge Ada (66f0) | Read welcome message')).toBe(
      '[2025-07-14T14:52:13.123Z] JUDGE  | Judge Ada (66f0) | Read welcome message',
    );
  });
});
