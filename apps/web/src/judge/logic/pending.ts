/**
 * The judge's screen is the server's last answer with the changes still in the outbox laid over
 * it (judge/stores/sync.store.ts): a ranking, a star or notes show at once, and a change the
 * server refuses leaves the outbox, so the screen falls back to the server's answer by itself.
 */
import type {
  CriterionScales,
  CriterionScores,
  JudgedProject,
  JudgeScores,
  JudgeSelf,
  ProjectSummary,
} from '@podium/protocol';
import { JUDGE_FLAG_REASONS } from '@podium/protocol';
import type { JudgeSave } from '../stores/sync.store';

/** One project as a star or notes change leaves it (unchanged object when nothing changes). */
export function projectWithSave(project: JudgedProject, save: JudgeSave): JudgedProject {
  if ((save.kind !== 'star' && save.kind !== 'notes') || save.projectId !== project.project_id)
    return project;
  if (save.kind === 'star')
    return project.starred === save.starred ? project : { ...project, starred: save.starred };
  return project.notes === save.notes ? project : { ...project, notes: save.notes };
}

/** The judge without its view of `projectId` (undone): not seen, flagged or ranked any more. */
export function judgeWithoutView(judge: JudgeSelf, projectId: string): JudgeSelf {
  const other = (id: string) => id !== projectId;
  return {
    ...judge,
    seen_projects: judge.seen_projects.filter((project) => other(project.project_id)),
    flagged: judge.flagged.filter(other),
    rankings: judge.rankings.filter(other),
  };
}

/** The judge once the visit of `projectId` ended: not holding it any more. */
const withVisitEnded = (judge: JudgeSelf, projectId: string): JudgeSelf =>
  judge.current === projectId ? { ...judge, current: null } : judge;

/** A project as this phone keeps it (the live page read it), if it does. */
export type KeptSummary = (projectId: string) => ProjectSummary | undefined;

/**
 * The judge as one change leaves it. A finish or skip of the held project ends the visit: no
 * current project (the dashboard offers the next one, not "Resume Project"). A finish's project
 * joins the seen ones, from the project as this phone keeps it (`keptSummary`), so that offline
 * the Unranked list shows what 'Seen' counts (`seenWithPending`). An undo takes the project out
 * of the lists; the project held stays the server's until it lands (the live page waits for it).
 */
export function judgeWithSave(
  judge: JudgeSelf,
  save: JudgeSave,
  keptSummary: KeptSummary = () => undefined,
): JudgeSelf {
  if (save.kind === 'rank') return { ...judge, rankings: [...save.ranking] };
  if (save.kind === 'undo') return judgeWithoutView(judge, save.projectId);
  if (save.kind === 'skip') return withVisitEnded(judge, save.projectId);
  if (save.kind === 'finish') {
    const ended = withVisitEnded(judge, save.projectId);
    const summary = keptSummary(save.projectId);
    if (!summary || judge.seen_projects.some((p) => p.project_id === save.projectId)) return ended;
    const { name, url, location, area, description } = summary;
    const { projectId, notes, starred } = save;
    const view = { project_id: projectId, name, url, location, area, description, notes, starred };
    return { ...ended, seen_projects: [...judge.seen_projects, view] };
  }
  if (save.kind !== 'star' && save.kind !== 'notes') return judge;
  const seen_projects = judge.seen_projects.map((p) => projectWithSave(p, save));
  return seen_projects.every((p, i) => p === judge.seen_projects[i]) ? judge : { ...judge, seen_projects };
}

/** The judge with every waiting change laid over, oldest first. */
export function judgeWithPending(
  judge: JudgeSelf,
  pending: readonly JudgeSave[],
  keptSummary?: KeptSummary,
): JudgeSelf {
  return pending.reduce((shown, save) => judgeWithSave(shown, save, keptSummary), judge);
}

/** One project with its waiting notes and star laid over. */
export function projectWithPending(project: JudgedProject, pending: readonly JudgeSave[]): JudgedProject {
  return pending.reduce(projectWithSave, project);
}

/**
 * The dashboard's 'Seen' (seen projects plus flagged, R59) with the finishes and flags still in the
 * outbox counted: after an offline Done the count goes up at once, as the visit ended, and down
 * again after an undo of it.
 */
export function seenWithPending(judge: JudgeSelf, pending: readonly JudgeSave[]): number {
  const seen = new Set(judge.seen_projects.map((p) => p.project_id));
  const flagged = new Set(judge.flagged);
  for (const save of pending) {
    if (save.kind === 'finish') seen.add(save.projectId);
    // Only a flag's reasons add to `flagged` (R19); a busy or absent skip is no view.
    if (save.kind === 'skip' && (JUDGE_FLAG_REASONS as readonly string[]).includes(save.reason))
      flagged.add(save.projectId);
    if (save.kind === 'undo') {
      seen.delete(save.projectId);
      flagged.delete(save.projectId);
    }
  }
  return seen.size + flagged.size;
}

const NO_SCORES: JudgeScores = { scores: {}, scales: {} };

/**
 * The kept `GET /judge/scores` answer, none before it came. One kept on the phone by an older
 * build has `old_scales` instead (only the scores given on another scale than their criterion's
 * then; the others were on it), or neither.
 */
export function keptScores(kept: JudgeScores | undefined): JudgeScores {
  if (!kept) return NO_SCORES;
  const older = kept as Partial<JudgeScores> & { old_scales?: JudgeScores['scales'] };
  return older.scales ? kept : { scores: kept.scores, scales: older.old_scales ?? {} };
}

/**
 * `scales` of one project after the criteria of `given` were given anew: each on the scale it
 * was given on (`givenOn`), else on the criterion's scale now (off the list, as in an older
 * build's entries). judge/logic/criteria.ts compares a listed scale with the criterion's.
 */
function scalesAfter(
  scales: JudgeScores['scales'],
  projectId: string,
  given: CriterionScores,
  givenOn: CriterionScales = {},
): JudgeScores['scales'] {
  const project = scales[projectId];
  const listed = Object.fromEntries(
    Object.keys(given).flatMap((id) => (givenOn[id] === undefined ? [] : [[id, givenOn[id]]])),
  );
  if (!project && Object.keys(listed).length === 0) return scales;
  const others = Object.fromEntries(Object.entries(scales).filter(([id]) => id !== projectId));
  const left = {
    ...Object.fromEntries(Object.entries(project ?? {}).filter(([id]) => !(id in given))),
    ...listed,
  };
  return Object.keys(left).length === 0 ? others : { ...others, [projectId]: left };
}

/**
 * The judge's scores (`GET /judge/scores`) as one change leaves them: a finish with scores, or a
 * correction, whose criteria replace the project's and leave the others as they were. Each is
 * given on the scale it names in the save's `scales` (a finish's score tapped before the
 * organizer changed the scale is asked again), else on the criterion's scale now.
 */
export function scoresWithSave(kept: JudgeScores, save: JudgeSave): JudgeScores {
  if (save.kind !== 'scores' && save.kind !== 'finish') return kept;
  const { projectId, scores: given, scales: givenOn } = save;
  if (!given || Object.keys(given).length === 0) return kept;
  const { scores, scales } = keptScores(kept);
  return {
    scores: { ...scores, [projectId]: { ...scores[projectId], ...given } },
    scales: scalesAfter(scales, projectId, given, givenOn),
  };
}

/** The judge's scores with every waiting finish and correction laid over, oldest first. */
export function scoresWithPending(kept: JudgeScores, pending: readonly JudgeSave[]): JudgeScores {
  return pending.reduce(scoresWithSave, kept);
}

/**
 * A new correction of one criterion's score, with the scale it was tapped on. It names only what
 * the judge changed, so a score given on a criterion's earlier scale is never sent again as if
 * given on the current one; it carries the correction still waiting for this project (with the
 * scales its scores were tapped on), which it replaces in the outbox.
 */
export function scoreCorrection(
  pending: readonly JudgeSave[],
  projectId: string,
  criterionId: string,
  score: number,
  scale: number,
): Extract<JudgeSave, { kind: 'scores' }> {
  const waiting = pending.find(
    (save): save is Extract<JudgeSave, { kind: 'scores' }> =>
      save.kind === 'scores' && save.projectId === projectId,
  );
  const scores: CriterionScores = { ...waiting?.scores, [criterionId]: score };
  const scales: CriterionScales = { ...waiting?.scales, [criterionId]: scale };
  return { kind: 'scores', projectId, scores, scales };
}
