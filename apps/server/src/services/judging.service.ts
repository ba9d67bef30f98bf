/**
 * Judging (API.md 5.2–5.5): next project, skip and flag, finish, rank, star, notes, and the undo
 * of a finish or skip (issue 35). Each call is one synchronous transaction, so selection and
 * assignment can never interleave (R8).
 */
import {
  AUTO_HIDE_ABSENT_SKIPS,
  DELIBERATION_BLOCKS_SCORING,
  JUDGE_CONFLICT_REASON,
  JUDGE_FLAG_REASONS,
  JUDGE_HIDDEN,
  JUDGE_NOT_FOUND,
  JUDGE_REPLACED,
  NO_CURRENT_PROJECT,
  NOT_CURRENT_PROJECT,
  NOTHING_TO_UNDO,
  PROJECT_NOT_FOUND,
  PROJECT_NOT_SEEN,
  SAID_CONFLICTS_REFUSED,
  UNDO_DURING_DELIBERATION,
  UNDO_EXPIRED,
  UNDO_FEEDBACK_HIDDEN,
  UNDO_PROJECT_CONFLICT,
  UNDO_PROJECT_HIDDEN,
  UNDO_REDONE,
  UNDO_SUPERSEDED,
  UNDO_WINDOW_MS,
  duplicateRanking,
  type CriterionScales,
  type CriterionScores,
  type JudgedProject,
  type JudgeFinish,
  type JudgeReason,
  type JudgeScores,
  type JudgeUndo,
  type JudgeUndone,
  type JudgeVisitEnd,
  type Next,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError, DomainError, JudgeReplacedError, NotFoundError, ValidationError } from '../errors.js';
import { chooseProject } from '../judging/assignment.js';
import { afterFinish } from '../judging/groups.js';
import { scoreEntries, type ScoreEntry } from '../judging/score-entry.js';
import type { NewFlagRow } from '../repositories/flag.repository.js';
import type { JudgePatch, JudgeRow } from '../repositories/judge.repository.js';
import type {
  AbsentHiding,
  GroupCount,
  KeptUndo,
  UndoChanges,
  JudgedView,
} from '../repositories/judging.repository.js';
import type { ProjectRow } from '../repositories/project.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { CriteriaService } from './criteria.service.js';
import { stillAuthenticated } from './judge-auth.service.js';
import type { EngineSnapshots } from './engine-snapshot.js';
import { judgedProject } from './judge-views.js';
import { newId } from '../util/secrets.js';

const FLAG_REASONS_OF_JUDGES: readonly string[] = JUDGE_FLAG_REASONS;
/** What an undone skip gives back to write: nothing. */
const NOTHING_STORED: Omit<JudgeUndone, 'ok'> = {
  notes: '',
  feedback: '',
  starred: false,
  scores: {},
  scales: {},
};

/** What an undo changed besides the view or flag it took back, for its events. */
interface Reversal {
  /** The judge's group and counter as before the finish (R25), when they are still its doing. */
  group: JudgePatch;
  flagsMoved: boolean;
  /** What the undone finish stored (nothing after a skip), gone with its view: words, star, scores. */
  stored: Omit<JudgeUndone, 'ok'>;
  /** The project the skip hid (R20) is shown again: the expo's list changes. */
  shown: boolean;
}

export interface JudgingServiceContext {
  db: Database;
  repositories: Pick<
    Repositories,
    'judges' | 'projects' | 'judging' | 'flags' | 'options' | 'clock' | 'conflicts' | 'criteria'
  >;
  auditLog: AuditLogService;
  criteria: CriteriaService;
  engine: EngineSnapshots;
  now: () => number;
}

export class JudgingService {
  private readonly db: Database;
  private readonly judges: Repositories['judges'];
  private readonly projects: Repositories['projects'];
  private readonly judging: Repositories['judging'];
  private readonly flags: Repositories['flags'];
  private readonly options: Repositories['options'];
  private readonly clock: Repositories['clock'];
  private readonly conflicts: Repositories['conflicts'];
  private readonly scores: Repositories['criteria'];
  private readonly criteria: CriteriaService;
  private readonly audit: AuditLogService;
  private readonly engine: EngineSnapshots;
  private readonly now: () => number;

  constructor({ db, repositories, auditLog, criteria, engine, now }: JudgingServiceContext) {
    this.db = db;
    this.judges = repositories.judges;
    this.projects = repositories.projects;
    this.judging = repositories.judging;
    this.flags = repositories.flags;
    this.options = repositories.options;
    this.clock = repositories.clock;
    this.conflicts = repositories.conflicts;
    this.scores = repositories.criteria;
    this.criteria = criteria;
    this.audit = auditLog;
    this.engine = engine;
    this.now = now;
  }

  /** `POST /judge/next` (R5–R17): the held project, a new one, or why there is none. */
  async next(judgeId: string): Promise<Next> {
    return await this.db.transaction(async () => {
      const judge = await this.requireActive(judgeId);
      if (judge.current_project_id !== null) return { project_id: judge.current_project_id };
      if ((await this.options.read()).deliberation) return { reason: 'deliberation' };
      if ((await this.clock.read()).running === 0) return { reason: 'paused' };
      return await this.assign(judge);
    });
  }

  /**
   * `POST /judge/skip` (R18–R22): skip (busy, absent) or flag; or, for `conflict` (issue 24), no
   * flag but a conflict of interest of the judge. Then a new project if judging runs.
   */
  async skip(judgeId: string, reason: JudgeReason, meantFor?: string): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.requireActive(judgeId);
      const projectId = heldProject(judge, meantFor);
      const now = this.now();
      const changes =
        reason === JUDGE_CONFLICT_REASON
          ? await this.skipForConflict(judge, projectId, now)
          : await this.skipWithFlag(judge, projectId, reason, now);
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge', judgeId });
      await this.judging.keepUndo(judge.id, projectId, now, changes);
      const { deliberation } = await this.options.read();
      if ((await this.clock.read()).running === 1 && !deliberation)
        await this.assign(await this.requireActive(judgeId));
    });
  }

  /** The conflict skip of issue 24: the judge's conflict of interest, and no flag. */
  private async skipForConflict(judge: JudgeRow, projectId: string, now: number): Promise<UndoChanges> {
    // The organizer refused this judge's say-so (issue 31): it keeps the project.
    if (judge.said_conflicts_refused === 1) throw new ConflictError(SAID_CONFLICTS_REFUSED);
    const added = await this.conflicts.add([{ judge_id: judge.id, project_id: projectId }], 'judge', now);
    // Released, not skipped: a judge who knows a team is not judging carelessly (pace marks).
    await this.judging.endVisits([judge.id], 'released', now, JUDGE_CONFLICT_REASON);
    await this.judges.update(judge.id, { current_project_id: null, last_activity: now });
    await this.audit.judge(judge, `Skipped project ${projectId} due to a conflict of interest`);
    return { kind: 'conflict', addedConflict: added > 0 };
  }

  /** R18–R20: a skip (busy, absent) or a flag, and the hiding a third absent skip does. */
  private async skipWithFlag(
    judge: JudgeRow,
    projectId: string,
    reason: JudgeReason,
    now: number,
  ): Promise<UndoChanges> {
    const flagId = newId();
    await this.flags.insert({ id: flagId, project_id: projectId, judge_id: judge.id, reason, time: now });
    const addedFlagged =
      FLAG_REASONS_OF_JUDGES.includes(reason) && (await this.judging.addFlagged(judge.id, projectId));
    await this.judging.endVisits([judge.id], 'skipped', now, reason);
    await this.judges.update(judge.id, { current_project_id: null, last_activity: now });
    await this.audit.judge(
      judge,
      reason === 'busy'
        ? `Skipped busy project ${projectId}`
        : `Flagged project ${projectId} due to ${reason}`,
    );
    this.db.record({ kind: 'flags' });
    const hid = reason === 'absent' ? await this.hideIfAbsent(projectId, flagId) : null;
    return { kind: 'skip', reason, flagId, addedFlagged, hid };
  }

  /**
   * `POST /judge/finish` (R23–R25), with a score per criterion when there are criteria (issue 34)
   * and feedback for the team (issue 35).
   */
  async finish(judgeId: string, finish: JudgeFinish): Promise<void> {
    const { notes, starred, scores = {}, feedback = '', scales = {}, project_id: meantFor } = finish;
    await this.db.transaction(async () => {
      const judge = await this.requireActive(judgeId);
      const { deliberation, criteria_required } = await this.options.read();
      if (deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      const projectId = heldProject(judge, meantFor);
      const entries = await this.checkedScores(scores, scales, criteria_required);
      const now = this.now();
      // Before the first write: what they read (the settings, the busy flags) came with BEGIN.
      const group = await this.groupAfterFinish(judge);
      const busyFlags = await this.flags.ofJudge(judge.id, 'busy');
      await this.judging.insertJudged(judge.id, projectId, notes, starred, feedback, now);
      await this.scores.setScores(judge.id, projectId, entries, now);
      await this.judging.endVisits([judge.id], 'finished', now);
      await this.judges.update(judge.id, { current_project_id: null, last_activity: now, ...group });
      await this.projects.update(projectId, { last_activity: now });
      if (busyFlags.length > 0) {
        await this.flags.deleteOfJudge(judge.id, 'busy');
        this.db.record({ kind: 'flags' });
      }
      const before = { group: judge.group, group_finishes: judge.group_finishes };
      await this.judging.keepUndo(judge.id, projectId, now, {
        kind: 'finish',
        busyFlags,
        group: group === null ? null : { before, after: group },
      });
      await this.audit.judge(
        judge,
        `Finished judging project ${projectId}${starred ? ' and starred project' : ''}`,
      );
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'stats' });
      if (feedback !== '') this.db.record({ kind: 'feedback' });
      // The judge's other phones and tabs follow (docs/api-extensions.md, "The judge's own changes").
      this.db.record({ kind: 'judge', judgeId });
    });
  }

  /**
   * `GET /judge/undo` (issue 35): the judge's last finish or skip while `POST /judge/undo` of it
   * would be accepted, so a phone never offers an undo the organizer has made impossible since.
   */
  async undoable(judgeId: string): Promise<JudgeUndo> {
    const judge = await this.requireJudge(judgeId);
    const now = this.now();
    const kept = await this.judging.keptUndo(judgeId);
    if (kept === undefined) return { undo: null, now };
    const { project_id, project_name, action, at, changes } = kept;
    if ((await this.checkUndo(judge, project_id, at)) instanceof DomainError) return { undo: null, now };
    const until = at + UNDO_WINDOW_MS;
    return { undo: { project_id, project_name, action, ...reasonOf(changes), at, until }, now };
  }

  /**
   * `POST /judge/undo` (issue 35): the judge's last finish or skip, of `projectId`, is reversed as
   * if it never happened, and the judge holds the project again; a project given since goes
   * back to the pool. Answers what the finish stored (words, star, scores), for the phone's drafts.
   */
  async undo(judgeId: string, projectId: string, at?: number): Promise<Omit<JudgeUndone, 'ok'>> {
    return await this.db.transaction(async () => {
      const judge = await this.requireJudge(judgeId);
      const undoable = await this.checkUndo(judge, projectId, at);
      if (undoable instanceof DomainError) throw undoable;
      const { kept, project, view } = undoable;
      const { changes } = kept;
      const reversal =
        changes.kind === 'finish'
          ? await this.reverseFinish(judge, projectId, changes, view)
          : await this.reverseSkip(judge, projectId, changes);
      await this.judging.forgetUndo(judge.id);
      await this.judging.deleteCurrentVisit(judge.id);
      await this.judging.reopenVisit(judge.id, projectId);
      await this.judges.update(judge.id, {
        current_project_id: projectId,
        last_location: project.location,
        last_activity: this.now(),
        ...reversal.group,
      });
      const done = kept.action === 'finished' ? 'finishing' : 'skipping';
      await this.audit.judge(judge, `Undid ${done} project ${projectId}`);
      this.db.record({ kind: 'projects', public: reversal.shown });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'stats' });
      if (reversal.flagsMoved) this.db.record({ kind: 'flags' });
      if (reversal.stored.feedback !== '') this.db.record({ kind: 'feedback' });
      this.db.record({ kind: 'judge', judgeId });
      return reversal.stored;
    });
  }

  /**
   * The one rule of the undo (docs/api-extensions.md "Undo"): what `POST /judge/undo` of `projectId`
   * (and `at`) undoes, or its refusal, the first of the documented checks that fails; `GET /judge/undo`
   * offers only what passes. The last three keep what the organizer changed since: the project's
   * visibility, the judge's conflicts (the engine never gives a judge a project in conflict with it,
   * nor does an undo), a hidden feedback.
   */
  private async checkUndo(
    judge: JudgeRow,
    projectId: string,
    at: number | undefined,
  ): Promise<{ kept: KeptUndo; project: ProjectRow; view: JudgedView | undefined } | DomainError> {
    const refusedWrite = writeRefusal(judge);
    if (refusedWrite !== undefined) return refusedWrite;
    if ((await this.options.read()).deliberation) return new ConflictError(UNDO_DURING_DELIBERATION);
    const [project, kept, conflicts, view] = await Promise.all([
      this.projects.findById(projectId),
      this.judging.keptUndo(judge.id),
      this.engine.conflictsOf(judge.id),
      this.judging.judged(judge.id, projectId),
    ]);
    // Deleting a project deletes the undo of it (foreign key): its 404 comes first.
    if (project === undefined) return new NotFoundError(PROJECT_NOT_FOUND);
    if (kept === undefined) return new ConflictError(NOTHING_TO_UNDO);
    if (kept.project_id !== projectId) return new ConflictError(UNDO_SUPERSEDED);
    // The other phone undid that finish or skip and judged the project again: this is not the one meant.
    if (at !== undefined && kept.at !== at) return new ConflictError(UNDO_REDONE);
    if (!withinUndoWindow(kept, this.now())) return new ConflictError(UNDO_EXPIRED);
    const { changes } = kept;
    // R20's hiding is the skip's until the organizer hides or shows the project (ProjectService.hide).
    const hiddenBySkip =
      changes.kind === 'skip' && changes.hid !== null && changes.hid.organizerSetVisibility !== true;
    if (project.active === 0 && !hiddenBySkip) return new ConflictError(UNDO_PROJECT_HIDDEN);
    // A conflict skip's own conflict goes with the undo, unless the organizer listed it since.
    const conflictOfSkip = changes.kind === 'conflict' && changes.addedConflict;
    if (conflicts.has(projectId) && !conflictOfSkip) return new ConflictError(UNDO_PROJECT_CONFLICT);
    // The view would go with its hidden feedback, and a Done again would show the team the text.
    if (changes.kind === 'finish' && view?.feedback_hidden === 1)
      return new ConflictError(UNDO_FEEDBACK_HIDDEN);
    return { kept, project, view };
  }

  /** Undoes R24–R25: the view goes (scores, feedback, ranking), the busy flags come back. */
  private async reverseFinish(
    judge: JudgeRow,
    projectId: string,
    changes: Extract<UndoChanges, { kind: 'finish' }>,
    view: JudgedView | undefined,
  ): Promise<Reversal> {
    const scores = await this.scores.scoresOfView(judge.id, projectId);
    await this.judging.deleteView(judge.id, projectId);
    await this.flags.restore(changes.busyFlags);
    const { group } = changes;
    // The organizer may have moved the judge since (R53): then its move stays.
    const unmoved =
      group !== null &&
      group.after.group === judge.group &&
      group.after.group_finishes === judge.group_finishes;
    return {
      group: unmoved ? group.before : {},
      flagsMoved: changes.busyFlags.length > 0,
      stored: {
        notes: view?.notes ?? '',
        feedback: view?.feedback ?? '',
        starred: view?.starred === 1,
        scores: Object.fromEntries(scores.map((row) => [row.criterion_id, row.score])),
        scales: Object.fromEntries(scores.map((row) => [row.criterion_id, row.scale])),
      },
      shown: false,
    };
  }

  /** Undoes R18–R20 or a conflict skip: the flag, the `flagged` entry or conflict it added, R20's hiding. */
  private async reverseSkip(
    judge: JudgeRow,
    projectId: string,
    changes: Exclude<UndoChanges, { kind: 'finish' }>,
  ): Promise<Reversal> {
    const reversal: Reversal = { group: {}, flagsMoved: false, stored: NOTHING_STORED, shown: false };
    if (changes.kind === 'conflict') {
      if (changes.addedConflict) await this.conflicts.remove(judge.id, [projectId]);
      return reversal;
    }
    await this.flags.deleteIds([changes.flagId, ...(changes.hid ? [changes.hid.systemFlagId] : [])]);
    if (changes.addedFlagged) await this.judging.removeFlagged(judge.id, projectId);
    // The organizer hid or showed the project since: it stays so (requireUndoable refused it hidden).
    const shown = changes.hid !== null && changes.hid.organizerSetVisibility !== true;
    if (changes.hid !== null)
      await this.flags.restore(await this.standingSkips(projectId, changes.hid.absentFlags));
    if (shown) await this.projects.update(projectId, { active: 1 });
    return { ...reversal, flagsMoved: true, shown };
  }

  /**
   * Of the absent flags R20's hiding deleted, those whose skips still stand: once the organizer has
   * shown the project, the other judges' undos are not refused, and a judge may be given it again.
   * A flag comes back if its judge's last visit of the project is still that absent skip, and the
   * judge has not flagged it absent again since.
   */
  private async standingSkips(projectId: string, deleted: readonly NewFlagRow[]): Promise<NewFlagRow[]> {
    const [skippedLast, absentNow] = await Promise.all([
      this.judging.lastSkippedAbsent(projectId),
      this.flags.ofProject(projectId, 'absent'),
    ]);
    const flaggedAgain = new Set(absentNow.map((flag) => flag.judge_id));
    return deleted.filter(
      ({ judge_id: judge }) => !!judge && skippedLast.has(judge) && !flaggedAgain.has(judge),
    );
  }

  /** `POST /judge/rank` (R27): duplicates refused; unknown and unseen entries dropped. */
  async rank(judgeId: string, ranking: readonly string[]): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.requireNotReplaced(judgeId);
      if ((await this.options.read()).deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      const seen = new Set<string>();
      for (const id of ranking) {
        if (seen.has(id)) throw new ConflictError(duplicateRanking(id));
        seen.add(id);
      }
      const inputs = await this.judges.rankingInputs(judgeId);
      const judged = new Set(inputs.judged);
      const kept = ranking.filter((id) => judged.has(id));
      const before = inputs.ranked;
      await this.judging.replaceRankings(judgeId, kept);
      await this.audit.judge(judge, `Updated rankings from [${before.join(', ')}] to [${kept.join(', ')}]`);
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      // Also when entries were dropped (R27), and for the judge's other phones and tabs.
      this.db.record({ kind: 'judge', judgeId });
    });
  }

  /** `PUT /judge/star/:id` and `PUT /judge/star` (R28). */
  async star(judgeId: string, projectId: string, starred: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.requireNotReplaced(judgeId);
      await this.requireProject(projectId);
      if ((await this.options.read()).deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      await this.requireJudged(judgeId, projectId);
      await this.judging.setStarred(judgeId, projectId, starred);
      await this.audit.judge(
        judge,
        `${starred ? 'Added star for' : 'Removed star for'} project ${projectId}`,
      );
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge', judgeId });
    });
  }

  /**
   * `GET /judge/scores` (issue 34): the judge's own scores, by project and criterion, each with the
   * scale it was given on; the phone compares that with the criterion's scale as it knows it, so a
   * score given before a rescale is asked again even while the phone has the new criteria and not
   * yet this answer.
   */
  async scoresOf(judgeId: string): Promise<JudgeScores> {
    await this.requireJudge(judgeId);
    return await this.scoresByProject(judgeId);
  }

  /** `GET /admin/judge/:id/scores`: a judge's scores, as its phone reads them, for the Judge Scores dialog. */
  async scoresForAdmin(judgeId: string): Promise<JudgeScores> {
    if ((await this.judges.findById(judgeId)) === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
    return await this.scoresByProject(judgeId);
  }

  private async scoresByProject(judgeId: string): Promise<JudgeScores> {
    const rows = await this.scores.scoresOf(judgeId);
    const scores: JudgeScores['scores'] = {};
    const scales: JudgeScores['scales'] = {};
    for (const row of rows) {
      (scores[row.project_id] ??= {})[row.criterion_id] = row.score;
      (scales[row.project_id] ??= {})[row.criterion_id] = row.scale;
    }
    return { scores, scales };
  }

  /**
   * `PUT /judge/scores/:id` (issue 34): a judge corrects the scores of a project it saw, until
   * deliberation, as it stars one (R28); the criteria named change, the others keep theirs.
   */
  async setScores(
    judgeId: string,
    projectId: string,
    scores: CriterionScores,
    scales: CriterionScales = {},
  ): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.requireNotReplaced(judgeId);
      await this.requireProject(projectId);
      if ((await this.options.read()).deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      await this.requireJudged(judgeId, projectId);
      const entries = await this.checkedScores(scores, scales, false);
      // Only scores of criteria deleted since: nothing to correct.
      if (entries.length === 0) return;
      await this.scores.setScores(judgeId, projectId, entries, this.now());
      await this.audit.judge(judge, `Updated scores for project ${projectId}`);
      this.db.record({ kind: 'projects', public: false });
      // The judge's other phone shows the scores too, as after an undo: it reads them again.
      this.db.record({ kind: 'judge', judgeId });
    });
  }

  /** `PUT /judge/notes/:id` (R29): always allowed, never logged. */
  async notes(judgeId: string, projectId: string, notes: string): Promise<void> {
    await this.db.transaction(async () => {
      await this.requireNotReplaced(judgeId);
      await this.requireProject(projectId);
      await this.requireJudged(judgeId, projectId);
      await this.judging.setNotes(judgeId, projectId, notes);
    });
  }

  /**
   * `GET /judge/visit/:id`: who ended the judge's latest visit of the project. A Done, a Skip or a
   * flag is the judge's; a release is the organizer's (a conflict declared, the judge hidden or
   * moved), except the judge's own "I know this team", whose conflict the judge said.
   */
  async visitEnd(judgeId: string, projectId: string): Promise<JudgeVisitEnd> {
    await this.requireJudge(judgeId);
    await this.requireProject(projectId);
    const latest = (await this.judging.visits(judgeId)).findLast((visit) => visit.project_id === projectId);
    if (latest === undefined || latest.outcome === 'current') return { ended_by: null };
    if (latest.outcome !== 'released') return { ended_by: 'judge' };
    const said = (await this.conflicts.ofJudge(judgeId)).some(
      (conflict) => conflict.project_id === projectId && conflict.source === 'judge',
    );
    return { ended_by: latest.reason === JUDGE_CONFLICT_REASON && said ? 'judge' : 'organizer' };
  }

  /** `GET /judge/project/:id` (4.3). */
  async judgedProject(judgeId: string, projectId: string): Promise<JudgedProject> {
    await this.requireJudge(judgeId);
    await this.requireProject(projectId);
    const row = (await this.judges.judged(judgeId)).find((entry) => entry.project_id === projectId);
    if (row === undefined) throw new ConflictError(PROJECT_NOT_SEEN);
    return judgedProject(row);
  }

  /** R6–R16 and R14 for a judge holding nothing while judging runs (inside a transaction). */
  private async assign(judge: JudgeRow): Promise<Next> {
    // Reads that do not depend on each other, together: one round trip on PostgreSQL (db/README.md).
    const [snapshot, dealtWith, conflicts] = await Promise.all([
      this.engine.read(await this.options.read(), judge.track === ''),
      this.judging.dealtWith(judge.id),
      this.engine.conflictsOf(judge.id),
    ]);
    const choice = chooseProject(snapshot, {
      judge: { id: judge.id, track: judge.track, group: judge.group, active: true, current: null },
      dealtWith,
      conflicts,
      lastLocation: judge.last_location,
    });
    if ('reason' in choice) {
      if (choice.reason === 'done' && (await this.projectCount(judge.id)) === 0)
        return { reason: 'no-projects' };
      return { reason: choice.reason };
    }
    // The snapshot the engine chose from is the transaction's: its row needs no read of its own.
    const project = this.engine.projectSeen(choice.projectId);
    if (project === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
    const now = this.now();
    await this.judges.update(judge.id, {
      current_project_id: project.id,
      last_location: project.location,
      last_activity: now,
    });
    await this.judging.startVisit(judge.id, project.id, now);
    // Written only when set: every projects write invalidates the engine's cached snapshot.
    if (project.prioritized) await this.projects.update(project.id, { prioritized: 0 });
    await this.audit.judge(judge, `Picked new project ${project.name} (${project.id})`);
    this.db.record({ kind: 'projects', public: false });
    this.db.record({ kind: 'judges' });
    return { project_id: project.id };
  }

  /** R59 (also R15's `no-projects`): active projects; for a track judge with tracks on, its track's. */
  async projectCount(judgeId: string): Promise<number> {
    const judge = await this.requireJudge(judgeId);
    const { judge_tracks } = await this.options.read();
    const active = (await this.engine.allProjects()).filter((p) => p.active);
    if (judge.track === '' || !judge_tracks) return active.length;
    return active.filter((p) => p.challenges.includes(judge.track)).length;
  }

  /**
   * R20: the third absent skip (its flag `flagId`) hides the project and replaces its absent flags
   * by one of the system. Returns what it did, for an undo of the skip (null: it did nothing).
   */
  private async hideIfAbsent(projectId: string, flagId: string): Promise<AbsentHiding | null> {
    const absent = await this.flags.ofProject(projectId, 'absent');
    if (absent.length < AUTO_HIDE_ABSENT_SKIPS) return null;
    const project = await this.requireProject(projectId);
    await this.projects.update(projectId, { active: 0 });
    await this.flags.deleteOfProject(projectId, 'absent');
    const systemFlagId = newId();
    await this.flags.insert({
      id: systemFlagId,
      project_id: projectId,
      judge_id: null,
      reason: 'hidden-absent',
      time: this.now(),
    });
    await this.audit.system(
      `Hid project ${project.name} (${projectId}) after ${AUTO_HIDE_ABSENT_SKIPS} absent skips`,
    );
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
    // The skip's own flag goes with the undo; the others' come back.
    return { systemFlagId, absentFlags: absent.filter((flag) => flag.id !== flagId) };
  }

  /** R25 for a general judge in automatic multi-group mode; otherwise nothing changes (null). */
  private async groupAfterFinish(judge: JudgeRow): Promise<GroupCount | null> {
    const { multi_group, switching_mode, auto_switch_prop, num_groups } = await this.options.read();
    if (!multi_group || switching_mode !== 'auto' || judge.track !== '') return null;
    const inGroup = (await this.engine.allProjects()).filter(
      (p) => p.active && p.group === judge.group,
    ).length;
    const next = afterFinish(
      { group: judge.group, finishes: judge.group_finishes },
      inGroup,
      auto_switch_prop,
      num_groups,
    );
    return { group: next.group, group_finishes: next.finishes };
  }

  /**
   * `scores` as stored, or the first reason they cannot be (a 400). Each is checked against, and
   * stored with, the scale it was given on (`scales`; the criterion's now when left out): a score
   * tapped before the organizer changed the scale stays on its earlier scale and is asked again.
   */
  private async checkedScores(
    scores: CriterionScores,
    scales: CriterionScales,
    complete: boolean,
  ): Promise<ScoreEntry[]> {
    const givenOn = (await this.criteria.all()).map((criterion) => ({
      ...criterion,
      scale: scales[criterion.id] ?? criterion.scale,
    }));
    const checked = scoreEntries(givenOn, scores, complete);
    if ('error' in checked) throw new ValidationError(checked.error);
    return checked.entries;
  }

  private async requireJudge(judgeId: string): Promise<JudgeRow> {
    return stillAuthenticated(this.judges, judgeId);
  }

  /** A judge's writes: a replaced judge is frozen until reinstated (issue 31 item 7). */
  private async requireNotReplaced(judgeId: string): Promise<JudgeRow> {
    const judge = await this.requireJudge(judgeId);
    if (judge.replaced_at !== null) throw new JudgeReplacedError(JUDGE_REPLACED);
    return judge;
  }

  /** R4: hidden judges may not take, skip or finish projects. */
  private async requireActive(judgeId: string): Promise<JudgeRow> {
    const judge = await this.requireJudge(judgeId);
    const refusal = writeRefusal(judge);
    if (refusal !== undefined) throw refusal;
    return judge;
  }

  private async requireProject(projectId: string): Promise<ProjectRow> {
    const project = await this.projects.findById(projectId);
    if (project === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
    return project;
  }

  private async requireJudged(judgeId: string, projectId: string): Promise<void> {
    if ((await this.judging.judged(judgeId, projectId)) === undefined)
      throw new ConflictError(PROJECT_NOT_SEEN);
  }
}

/** Why `judge` may not take, skip, finish or undo: replaced (issue 31), then hidden (R4); else undefined. */
function writeRefusal(judge: JudgeRow): DomainError | undefined {
  if (judge.replaced_at !== null) return new JudgeReplacedError(JUDGE_REPLACED);
  if (judge.active === 0) return new ConflictError(JUDGE_HIDDEN);
  return undefined;
}

/** The reason `GET /judge/undo` says of a kept skip, when it is known; none for a finish. */
function reasonOf(changes: UndoChanges): { reason?: JudgeReason } {
  if (changes.kind === 'conflict') return { reason: JUDGE_CONFLICT_REASON };
  return changes.kind === 'skip' && changes.reason !== undefined ? { reason: changes.reason } : {};
}

/** Whether a kept finish or skip may still be undone at `now` (UNDO_WINDOW_MS after it). */
function withinUndoWindow(kept: KeptUndo, now: number): boolean {
  return now < kept.at + UNDO_WINDOW_MS;
}

/**
 * The project a finish or skip ends: the judge's held one, if it is the one the page or phone
 * `meantFor` (when it says): one that is behind never ends the project given since.
 */
function heldProject(judge: JudgeRow, meantFor: string | undefined): string {
  const projectId = judge.current_project_id;
  if (projectId === null) throw new ConflictError(NO_CURRENT_PROJECT);
  if (meantFor !== undefined && meantFor !== projectId) throw new ConflictError(NOT_CURRENT_PROJECT);
  return projectId;
}
