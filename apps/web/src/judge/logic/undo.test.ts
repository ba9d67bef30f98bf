import type { JudgeUndo } from '@podium/protocol';
import { UNDO_WINDOW_MS } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import type { JudgeSave } from '../stores/sync.store';
import type { UndoInputs } from './undo';
import { actionLead, clockText, undoButtonText, undoLeftMs, undoOffer } from './undo';

/** The server finished `Moonshot` at 1000 (its clock) and answered at 31_000: 90 s left. */
const AT = 1_000;
const answer: JudgeUndo = {
  undo: {
    project_id: 'p1',
    project_name: 'Moonshot',
    action: 'finished',
    at: AT,
    until: AT + UNDO_WINDOW_MS,
  },
  now: AT + 30_000,
};
/** This phone's clock is an hour off the server's: only time passed on it counts. */
const FETCHED_AT = 5_000_000;
const inputs = (over: Partial<UndoInputs> = {}): UndoInputs => ({
  answer,
  fetchedAt: FETCHED_AT,
  clock: FETCHED_AT,
  pending: [],
  offline: false,
  refused: null,
  landed: null,
  nameOf: (id) => `kept ${id}`,
  ...over,
});

describe("the undo's window", () => {
  it("counts down from the server's remainder, whatever the phone's clock says", () => {
    expect(undoLeftMs(answer.undo!, answer.now, FETCHED_AT, FETCHED_AT)).toBe(90_000);
    expect(undoLeftMs(answer.undo!, answer.now, FETCHED_AT, FETCHED_AT + 12_500)).toBe(77_500);
    // A clock set back after the answer never adds time.
    expect(undoLeftMs(answer.undo!, answer.now, FETCHED_AT, FETCHED_AT - 60_000)).toBe(90_000);
  });

  it('shows minutes and seconds, rounded up, and ends as 0:01 goes', () => {
    expect(clockText(120_000)).toBe('2:00');
    expect(clockText(102_001)).toBe('1:43');
    expect(clockText(102_000)).toBe('1:42');
    expect(clockText(9_000)).toBe('0:09');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(-5)).toBe('0:00');
  });
});

describe('what the banner offers', () => {
  it("is the server's action while its window lasts, with the time left on the button", () => {
    const offer = undoOffer(inputs({ clock: FETCHED_AT + 18_000 }));
    expect(offer).toEqual({ projectId: 'p1', name: 'Moonshot', action: 'finished', at: AT, leftMs: 72_000 });
    expect(undoButtonText(offer!)).toBe('Undo (1:12)');
    expect(undoOffer(inputs({ clock: FETCHED_AT + 89_999 }))?.leftMs).toBe(1);
  });

  it('is nothing once the window passed, without an action, or after the server refused its undo', () => {
    expect(undoOffer(inputs({ clock: FETCHED_AT + 90_000 }))).toBeNull();
    expect(undoOffer(inputs({ answer: { undo: null, now: 1 } }))).toBeNull();
    expect(undoOffer(inputs({ answer: undefined }))).toBeNull();
    expect(undoOffer(inputs({ refused: 'p1' }))).toBeNull();
    expect(undoOffer(inputs({ refused: 'p0' }))?.projectId).toBe('p1');
  });

  it('is the newest finish or skip waiting offline, without a countdown (its window starts on the server)', () => {
    const pending: JudgeSave[] = [
      { kind: 'notes', projectId: 'p1', notes: 'x' },
      { kind: 'finish', projectId: 'p2', notes: '', starred: false },
      { kind: 'skip', projectId: 'p3', reason: 'busy' },
      { kind: 'star', projectId: 'p2', starred: true },
    ];
    const offer = undoOffer(inputs({ pending, offline: true, refused: 'p3' }));
    expect(offer).toEqual({
      projectId: 'p3',
      name: 'kept p3',
      action: 'skipped',
      reason: 'busy',
      leftMs: null,
    });
    expect(undoButtonText(offer!)).toBe('Undo');
    expect(undoOffer(inputs({ pending: pending.slice(0, 2), offline: true }))).toMatchObject({
      action: 'finished',
    });
    // Being sent: neither it (the server answers in a moment) nor the server's older action.
    expect(undoOffer(inputs({ pending }))).toBeNull();
  });

  it('is nothing while an undo waits to be sent', () => {
    const pending: JudgeSave[] = [
      { kind: 'finish', projectId: 'p2', notes: '', starred: false },
      { kind: 'undo', projectId: 'p2', name: 'Moonshot' },
    ];
    expect(undoOffer(inputs({ pending, offline: true }))).toBeNull();
    expect(undoOffer(inputs({ pending: [pending[1]!], offline: true }))).toBeNull();
  });
});

describe("a finish or skip that landed after the server's answer was read", () => {
  const landed = { projectId: 'p2', action: 'skipped' as const, at: FETCHED_AT + 1_000 };

  it("is offered with its window counted from the landing, until the server's answer is read again", () => {
    expect(undoOffer(inputs({ landed, clock: landed.at + 20_000 }))).toEqual({
      projectId: 'p2',
      name: 'kept p2',
      action: 'skipped',
      leftMs: UNDO_WINDOW_MS - 20_000,
    });
    expect(undoOffer(inputs({ landed, clock: landed.at + UNDO_WINDOW_MS }))).toBeNull();
    expect(undoOffer(inputs({ landed, refused: 'p2' }))).toBeNull();
    // Read again since: the server's answer decides.
    expect(undoOffer(inputs({ landed, fetchedAt: landed.at + 500, clock: landed.at + 500 }))?.projectId).toBe(
      'p1',
    );
  });
});

describe('what the banner says', () => {
  it("carries a skip's reason from the server, from a landing and from the outbox", () => {
    const flagged: JudgeUndo = {
      ...answer,
      undo: { ...answer.undo!, action: 'skipped', reason: 'offensive' },
    };
    expect(undoOffer(inputs({ answer: flagged }))).toMatchObject({ action: 'skipped', reason: 'offensive' });
    const landed = { projectId: 'p4', action: 'skipped', reason: 'absent', at: FETCHED_AT + 1 } as const;
    expect(undoOffer(inputs({ landed, clock: FETCHED_AT + 2 }))).toMatchObject({ reason: 'absent' });
  });

  it('says Finished, Skipped or Flagged, and why', () => {
    const said = (...args: Parameters<typeof actionLead>) => `${actionLead(...args)} Moonshot.`;
    expect(said('finished', undefined)).toBe('Finished Moonshot.');
    expect(said('skipped', 'busy')).toBe('Skipped (Busy): Moonshot.');
    expect(said('skipped', 'absent')).toBe('Skipped (Absent): Moonshot.');
    expect(said('skipped', 'cannot-demo')).toBe("Flagged (Can't Demo): Moonshot.");
    expect(said('skipped', 'too-complex')).toBe('Flagged (Too Complex): Moonshot.');
    expect(said('skipped', 'conflict')).toBe('Skipped for good (you know this team): Moonshot.');
    // A skip kept by a server before reasons were said.
    expect(said('skipped', undefined)).toBe('Skipped Moonshot.');
  });
});
