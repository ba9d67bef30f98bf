import { describe, expect, it } from 'vitest';
import {
  COALESCED_EVENTS,
  EVENT_ORDER,
  EVENT_PAYLOADS,
  judgeRoom,
  type ServerToClientEvents,
} from './events.js';

describe('events (6.2, 6.3)', () => {
  it('orders every event exactly once', () => {
    expect([...EVENT_ORDER].sort()).toEqual(Object.keys(EVENT_PAYLOADS).sort());
    // API.md 6.2's events, including `login.guard` (R70c) and `layout.changed` (R92), issue 24's
    // two team events, issue 35's `feedback.changed` and `qr.changed` (a self-add code replaced).
    expect(EVENT_ORDER).toHaveLength(14);
    expect(EVENT_ORDER).toContain('qr.changed');
    expect(EVENT_ORDER).toContain('feedback.changed');
    expect(EVENT_ORDER).toContain('team.changed');
    expect(EVENT_ORDER).toContain('login.guard');
    expect(EVENT_ORDER).toContain('layout.changed');
  });

  it('coalesces stats and the *.changed events, not clock, deliberation, judge.updated, options.changed', () => {
    expect([...COALESCED_EVENTS].sort()).toEqual(
      ['flags.changed', 'judges.changed', 'projects.changed', 'stats'].sort(),
    );
  });

  it('gives every payload a seq', () => {
    for (const schema of Object.values(EVENT_PAYLOADS)) {
      expect(Object.keys(schema.shape)).toContain('seq');
    }
    expect(EVENT_PAYLOADS.clock.parse({ running: false, time: 0, seq: 1 })).toEqual({
      running: false,
      time: 0,
      seq: 1,
    });
    expect(EVENT_PAYLOADS['judge.updated'].safeParse({}).success).toBe(false);
    const stats = { projects: 1, judges: 2, avg_project_seen: 0.5, avg_judge_seen: 0 };
    expect(EVENT_PAYLOADS.stats.parse({ stats, seq: 3 })).toEqual({ stats, seq: 3 });
  });

  it('types the server → client map from the payload schemas', () => {
    const seen: unknown[] = [];
    const handlers: Pick<ServerToClientEvents, 'deliberation' | 'options.changed'> = {
      deliberation: (payload) => seen.push(payload.deliberation),
      'options.changed': (payload) => seen.push(payload.seq),
    };
    handlers.deliberation({ deliberation: true, seq: 1 });
    handlers['options.changed']({ seq: 2 });
    expect(seen).toEqual([true, 2]);
  });

  it('names the judge room after the judge', () => {
    expect(judgeRoom('abc')).toBe('judge:abc');
  });
});
