/**
 * The judge's Undo (issue 35, docs/api-extensions.md "Undo"): what the banner offers, from the
 * server's `GET /judge/undo` and the finishes, skips and undos still in the outbox. The server is
 * the source of truth: its window (`until`) is counted against its own clock (`now`), so a phone
 * whose clock is wrong still shows the right time left.
 */
import type { JudgeReason, JudgeUndo, UndoableAction } from '@podium/protocol';
import {
  FLAG_REASON_LABELS,
  JUDGE_CONFLICT_LABEL,
  JUDGE_CONFLICT_REASON,
  JUDGE_FLAG_REASONS,
  UNDO_WINDOW_MS,
} from '@podium/protocol';
import type { LandedAction } from '../stores/undo.store';
import type { JudgeSave, VisitEnd } from '../stores/sync.store';
import { isVisitEnd } from '../stores/sync.store';

export interface UndoOffer {
  projectId: string;
  /** The project's name (the server's, or as this phone keeps it for an action still waiting here). */
  name: string;
  action: UndoableAction['action'];
  /** A skip's reason (a Flag's too), when known. */
  reason?: JudgeReason;
  /**
   * When the server recorded it (`GET /judge/undo`'s `at`); none while it waits on this phone, nor
   * when it landed after the server's answer was read.
   */
  at?: number;
  /**
   * What is left of the window in ms; null while the finish or skip waits on this phone: its
   * window starts when the server records it.
   */
  leftMs: number | null;
}

/**
 * What is left of the server's window at `clock` (this phone's `Date.now()`): the server's
 * remainder when it answered, minus the time since (`fetchedAt`, this phone's clock too).
 */
export function undoLeftMs(
  action: UndoableAction,
  serverNow: number,
  fetchedAt: number,
  clock: number,
): number {
  return action.until - serverNow - Math.max(0, clock - fetchedAt);
}

/** The newest finish, skip or undo waiting in the outbox, if any. */
const lastVisitEnd = (pending: readonly JudgeSave[]): VisitEnd | undefined =>
  pending.filter(isVisitEnd).at(-1);

export interface UndoInputs {
  /** The server's answer, and when this phone received it. */
  answer: JudgeUndo | undefined;
  fetchedAt: number;
  clock: number;
  pending: readonly JudgeSave[];
  /** The outbox waits for the network (its last attempt failed). */
  offline: boolean;
  /** The project whose undo the server refused (judge/stores/undo.store.ts). */
  refused: string | null;
  /** The finish or skip this phone saw land last (judge/stores/undo.store.ts). */
  landed: LandedAction | null;
  /** A project's name as this phone keeps it. */
  nameOf: (projectId: string) => string;
}

/**
 * The undo to offer now, or null. A finish or skip waiting on the phone is the newest action:
 * offline it is offered (and its undo queued behind it); while it is being sent, nothing is (the
 * server's answer follows in a moment). An undo waiting offers nothing more. Otherwise the
 * action that landed since the server's answer was read, or the server's action, while its window
 * lasts, unless its undo was refused.
 */
export function undoOffer(inputs: UndoInputs): UndoOffer | null {
  const { answer, fetchedAt, clock, pending, offline, refused, landed, nameOf } = inputs;
  const waiting = lastVisitEnd(pending);
  if (waiting?.kind === 'undo' || (waiting && !offline)) return null;
  if (waiting) {
    const { projectId } = waiting;
    if (waiting.kind === 'finish')
      return { projectId, name: nameOf(projectId), action: 'finished', leftMs: null };
    return { projectId, name: nameOf(projectId), action: 'skipped', reason: waiting.reason, leftMs: null };
  }
  // Landed after the server's answer was read: its window counted from the landing on this phone's
  // clock, until the answer is read again (the network dropped as it landed, say).
  if (landed && fetchedAt < landed.at) {
    const leftMs = UNDO_WINDOW_MS - Math.max(0, clock - landed.at);
    if (leftMs <= 0 || landed.projectId === refused) return null;
    const { projectId, action, reason } = landed;
    return { projectId, name: nameOf(projectId), action, reason, leftMs };
  }
  const kept = answer?.undo;
  if (!kept || kept.project_id === refused) return null;
  const leftMs = undoLeftMs(kept, answer.now, fetchedAt, clock);
  if (leftMs <= 0) return null;
  const { project_id: projectId, project_name: name, action, reason, at } = kept;
  return { projectId, name, action, reason, at, leftMs };
}

/** `1:42`: minutes and seconds left, rounded up (the window ends as `0:01` goes). */
export function clockText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A skip's or flag's reason as the judge reads it (the Skip and Flag popups, the Undo banner). */
export const reasonLabel = (reason: JudgeReason): string =>
  reason === JUDGE_CONFLICT_REASON ? JUDGE_CONFLICT_LABEL : FLAG_REASON_LABELS[reason];

/**
 * What the judge is told of a finish, skip or flag, before the project's name: "Finished X.",
 * "Skipped (Busy): X.", "Flagged (Can't Demo): X.", "Skipped for good (you know this team): X."
 * The Undo banner says it: the phone's one confirmation of the tap. The reason comes first, so
 * that a long name cut on a small screen never takes the reason with it.
 */
export function actionLead(action: UndoableAction['action'], reason: JudgeReason | undefined): string {
  if (action === 'finished') return 'Finished';
  if (reason === undefined) return 'Skipped';
  if (reason === JUDGE_CONFLICT_REASON) return 'Skipped for good (you know this team):';
  const flagged = (JUDGE_FLAG_REASONS as readonly string[]).includes(reason);
  return `${flagged ? 'Flagged' : 'Skipped'} (${reasonLabel(reason)}):`;
}

/** The button: `Undo (1:42)`, or `Undo` while the action waits on this phone. */
export const undoButtonText = (offer: UndoOffer): string =>
  offer.leftMs === null ? 'Undo' : `Undo (${clockText(offer.leftMs)})`;
