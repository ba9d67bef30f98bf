/**
 * Judges' pace (issue 24): a judge whose visits are far shorter than the judging timer, who
 * skips far more than the others, or who says it knows many teams (issue 31), is marked for the
 * organizer. Pure: visits and said conflicts in, marks out.
 */
import { PACE_MIN_SAID_CONFLICTS, type PaceMark } from '@podium/protocol';

/** Finished visits needed before their median says anything. */
export const PACE_MIN_FINISHED = 3;
/** A median visit under this share of the judging timer is "far shorter". */
export const SHORT_VISIT_SHARE = 1 / 3;
/** Skips needed before a judge's skip share says anything. */
export const PACE_MIN_SKIPS = 3;
/**
 * "Far more than others": a skip share at least twice the other judges' together, and at least
 * this much above it (so that 2 % against 1 % marks nobody).
 */
export const SKIP_SHARE_MARGIN = 0.25;

/** A visit that ended, as the rule reads it. */
export interface EndedVisit {
  judge: string;
  outcome: 'finished' | 'skipped';
  /** ended − started, in ms. */
  length: number;
}

export interface Pace {
  finished: number;
  skipped: number;
  /** null without a finished visit. */
  medianVisitMs: number | null;
  /** skipped / (finished + skipped); 0 without visits. */
  skipShare: number;
  /** Conflicts of interest the judge said ("I know this team"). */
  saidConflicts: number;
  marks: PaceMark[];
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

const share = (skipped: number, total: number): number => (total === 0 ? 0 : skipped / total);

/**
 * Each judge's pace, for every judge in `judges` (those without visits get zeros and no mark).
 * `timerMs` 0 (no timer) marks no visit as short. `saidConflicts`: each judge's conflicts said
 * with "I know this team" (absent = none). They are no skips: a judge who knows one team is not
 * careless, but one who "knows" most of them chooses what it judges.
 */
export function judgesPace(
  judges: readonly string[],
  visits: readonly EndedVisit[],
  timerMs: number,
  saidConflicts: ReadonlyMap<string, number> = new Map(),
): Map<string, Pace> {
  const lengths = new Map<string, number[]>(judges.map((judge) => [judge, []]));
  const skips = new Map<string, number>(judges.map((judge) => [judge, 0]));
  for (const visit of visits) {
    if (visit.outcome === 'finished') lengths.get(visit.judge)?.push(visit.length);
    else if (skips.has(visit.judge)) skips.set(visit.judge, (skips.get(visit.judge) ?? 0) + 1);
  }
  let allFinished = 0;
  let allSkipped = 0;
  for (const judge of judges) {
    allFinished += lengths.get(judge)?.length ?? 0;
    allSkipped += skips.get(judge) ?? 0;
  }
  return new Map(
    judges.map((judge) => {
      const own = lengths.get(judge) ?? [];
      const finished = own.length;
      const skipped = skips.get(judge) ?? 0;
      const medianVisitMs = median(own);
      const skipShare = share(skipped, finished + skipped);
      const othersShare = share(allSkipped - skipped, allFinished - finished + allSkipped - skipped);
      const marks: PaceMark[] = [];
      if (timerMs > 0 && finished >= PACE_MIN_FINISHED && (medianVisitMs ?? 0) < timerMs * SHORT_VISIT_SHARE)
        marks.push('short-visits');
      if (
        skipped >= PACE_MIN_SKIPS &&
        skipShare >= 2 * othersShare &&
        skipShare - othersShare >= SKIP_SHARE_MARGIN
      )
        marks.push('many-skips');
      const said = saidConflicts.get(judge) ?? 0;
      if (said >= PACE_MIN_SAID_CONFLICTS) marks.push('many-conflicts');
      return [judge, { finished, skipped, medianVisitMs, skipShare, saidConflicts: said, marks }];
    }),
  );
}
