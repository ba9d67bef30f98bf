/**
 * What the organizer reads of a judge's pace mark (issue 24, docs/api-extensions.md): a short
 * badge and the sentence that explains it, for its tooltip and accessible label. The marks
 * themselves come from the server (`GET /admin/judge/pace`, the Results view's `pace`).
 */
import type { JudgePace, PaceMark } from '@podium/protocol';
import { clockText } from '../../util/clock-text';

export const PACE_BADGES: Readonly<Record<PaceMark, string>> = {
  'short-visits': 'Fast visits',
  'many-skips': 'Many skips',
  'many-conflicts': 'Many conflicts',
};

/** The badge of a judge's marks, '' for none. */
export function paceBadge(marks: readonly PaceMark[]): string {
  return marks.map((mark) => PACE_BADGES[mark]).join(' · ');
}

/** Whole seconds as `m:ss` (a visit's length). */
export function visitLength(ms: number): string {
  return clockText(Math.round(ms / 1000), { padMinutes: false });
}

/** Why the mark is there, with the judge's figures when known. */
export function paceExplanation(
  mark: PaceMark,
  pace?: Pick<JudgePace, 'median_visit_ms' | 'skip_share' | 'skipped' | 'finished' | 'said_conflicts'>,
  judgingTimer?: number,
): string {
  if (mark === 'many-conflicts') {
    const figures = pace ? ` at ${pace.said_conflicts} projects` : '';
    return `Said "I know this team"${figures}: conflicts of interest can steer which projects the judge gets. Actions → Refuse conflicts gives them back.`;
  }
  if (mark === 'short-visits') {
    const figures =
      pace?.median_visit_ms != null && judgingTimer
        ? ` (median ${visitLength(pace.median_visit_ms)} of a ${visitLength(judgingTimer * 1000)} timer)`
        : '';
    return `Visits far shorter than the judging timer: the median visit is under a third of it${figures}.`;
  }
  const figures = pace ? ` (${pace.skipped} of ${pace.skipped + pace.finished} visits)` : '';
  return `Skips far more projects than the other judges${figures}.`;
}
