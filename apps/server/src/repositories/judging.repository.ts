/**
 * The judgments judges make: finished views with their stars and notes (`judged_projects`),
 * rankings, each judge's `flagged` list (`judge_flagged`), the visits that led to them
 * (`judge_visits`: when each project was given and how it ended), and each judge's last finish
 * or skip, kept for an undo (`judge_undo`, issue 35).
 */
import type { JudgeReason } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type { JudgeUndoTable, JudgeVisitsTable } from '../db/schema.js';
import type { NewFlagRow } from './flag.repository.js';

/** How a visit ended. */
export type VisitEnd = Exclude<JudgeVisitsTable['outcome'], 'current'>;

/** A visit with the project's current name and table. */
export interface VisitRow {
  judge_id: string;
  project_id: string;
  name: string;
  location: number;
  started_at: number;
  ended_at: number | null;
  outcome: JudgeVisitsTable['outcome'];
  reason: string;
}

/** A judge's group and its finish counter there (R25). */
export interface GroupCount {
  group: number;
  group_finishes: number;
}

/**
 * What a finish or skip changed beyond the view and the visit (issue 35), kept with it so that an
 * undo reverses exactly that and nothing another write did since.
 */
export type UndoChanges =
  /** Done: the busy flags it deleted (R24); the judge's group before and after R25 (null: untouched). */
  | { kind: 'finish'; busyFlags: NewFlagRow[]; group: { before: GroupCount; after: GroupCount } | null }
  /**
   * A skip or flag (R18–R20): the flag it raised, whether it added the judge's `flagged` entry (it
   * may have been there), and when it was the absent skip that hid the project, what R20 did.
   */
  | {
      kind: 'skip';
      /**
       * Its reason, for the judge's Undo banner ("Flagged …", "Skipped … (Busy)"); absent in a
       * skip kept by a version before it (its window open across the upgrade).
       */
      reason?: JudgeReason;
      flagId: string;
      addedFlagged: boolean;
      hid: AbsentHiding | null;
    }
  /**
   * "I know this team" (issue 24): whether the conflict is the skip's to take back; false when the
   * organizer had declared it, or listed it since (`PUT /judge/conflicts/:id`): then it is theirs.
   */
  | { kind: 'conflict'; addedConflict: boolean };

/** R20's hiding: the system's `hidden-absent` flag, and the other judges' absent flags it replaced. */
export interface AbsentHiding {
  systemFlagId: string;
  absentFlags: NewFlagRow[];
  /** The organizer hid or showed the project since (R60): its visibility is theirs, the undo leaves it. */
  organizerSetVisibility?: true;
}

/** A judge's view of a project as stored (`judged_projects`), besides its scores. */
export interface JudgedView {
  notes: string;
  starred: number;
  feedback: string;
  /** 1: the organizer hid the feedback from the team (issue 35). */
  feedback_hidden: number;
}

/** A judge's kept finish or skip, with the project's current name. */
export interface KeptUndo {
  project_id: string;
  project_name: string;
  action: JudgeUndoTable['action'];
  at: number;
  changes: UndoChanges;
}

export class JudgingRepository {
  constructor(private readonly db: Database) {}

  /**
   * 5.2 "Dealt with": projects the judge finished or flagged, and those it skipped as busy or
   * absent while that flag still exists.
   */
  async dealtWith(judgeId: string): Promise<Set<string>> {
    const q = this.db.q;
    const rows = await this.db.all(
      q
        .selectFrom('judged_projects')
        .select('project_id')
        .where('judge_id', '=', judgeId)
        .unionAll(q.selectFrom('judge_flagged').select('project_id').where('judge_id', '=', judgeId))
        .unionAll(
          q
            .selectFrom('flags')
            .select('project_id')
            .where('judge_id', '=', judgeId)
            .where('reason', 'in', ['busy', 'absent']),
        ),
    );
    return new Set(rows.map((row) => row.project_id));
  }

  /** The judge's entry for a finished project, if it finished it. */
  async judged(judgeId: string, projectId: string): Promise<JudgedView | undefined> {
    return await this.db.first(
      this.db.q
        .selectFrom('judged_projects')
        .select(['notes', 'starred', 'feedback', 'feedback_hidden'])
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  async insertJudged(
    judgeId: string,
    projectId: string,
    notes: string,
    starred: boolean,
    feedback: string,
    now: number,
  ): Promise<void> {
    await this.db.runLater(
      this.db.q.insertInto('judged_projects').values({
        judge_id: judgeId,
        project_id: projectId,
        notes,
        starred: starred ? 1 : 0,
        finished_at: now,
        feedback,
        feedback_hidden: 0,
      }),
    );
  }

  /**
   * The judge's view of the project goes (issue 35), with its criteria scores (their foreign key
   * cascades) and its place in the judge's rankings.
   */
  async deleteView(judgeId: string, projectId: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .deleteFrom('judged_projects')
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
    await this.db.runLater(
      this.db.q.deleteFrom('rankings').where('judge_id', '=', judgeId).where('project_id', '=', projectId),
    );
  }

  /** Every finished view with its time, its judge and the judge's track (progress chart, results.zip). */
  async finishes(): Promise<{ judge_id: string; project_id: string; track: string; finished_at: number }[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.judge_id', 'jp.project_id', 'j.track', 'jp.finished_at']),
    );
  }

  async setStarred(judgeId: string, projectId: string, starred: boolean): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judged_projects')
        .set({ starred: starred ? 1 : 0 })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  async setNotes(judgeId: string, projectId: string, notes: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judged_projects')
        .set({ notes })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  /** Issue 35: the organizer hides one feedback from its team, or shows it again. */
  async setFeedbackHidden(judgeId: string, projectId: string, hidden: boolean): Promise<number> {
    return await this.db.run(
      this.db.q
        .updateTable('judged_projects')
        .set({ feedback_hidden: hidden ? 1 : 0 })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId)
        .where('feedback', '!=', ''),
    );
  }

  /** Adds a project to the judge's `flagged` list once (R19); whether it was not there yet. */
  async addFlagged(judgeId: string, projectId: string): Promise<boolean> {
    const added = await this.db.run(
      this.db.q
        .insertInto('judge_flagged')
        .values({ judge_id: judgeId, project_id: projectId })
        .onConflict((c) => c.columns(['judge_id', 'project_id']).doNothing()),
    );
    return added > 0;
  }

  /** The judges whose last visit of `projectId` they skipped as absent (R20). */
  async lastSkippedAbsent(projectId: string): Promise<Set<string>> {
    const rows = await this.db.all(
      this.db.q
        .selectFrom('judge_visits')
        .select(['judge_id', 'outcome', 'reason'])
        .where('project_id', '=', projectId)
        .orderBy('seq'),
    );
    const last = new Map(rows.map((row) => [row.judge_id, row]));
    return new Set(
      [...last.values()]
        .filter((visit) => visit.outcome === 'skipped' && visit.reason === 'absent')
        .map((visit) => visit.judge_id),
    );
  }

  /** An undone flag's `flagged` entry goes (issue 35). */
  async removeFlagged(judgeId: string, projectId: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .deleteFrom('judge_flagged')
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  async replaceRankings(judgeId: string, projectIds: readonly string[]): Promise<void> {
    await this.db.runLater(this.db.q.deleteFrom('rankings').where('judge_id', '=', judgeId));
    if (projectIds.length === 0) return;
    await this.db.runLater(
      this.db.q
        .insertInto('rankings')
        .values(
          projectIds.map((projectId, position) => ({ judge_id: judgeId, project_id: projectId, position })),
        ),
    );
  }

  /** A project given to the judge: its visit starts now. */
  async startVisit(judgeId: string, projectId: string, now: number): Promise<void> {
    await this.db.runLater(
      this.db.q.insertInto('judge_visits').values({
        judge_id: judgeId,
        project_id: projectId,
        started_at: now,
        outcome: 'current',
        reason: '',
      }),
    );
  }

  /** Ends the visits the judges hold (at most one each): finished, skipped for `reason`, or released. */
  async endVisits(judgeIds: readonly string[], outcome: VisitEnd, now: number, reason = ''): Promise<void> {
    if (judgeIds.length === 0) return;
    await this.db.runLater(
      this.db.q
        .updateTable('judge_visits')
        .set({ outcome, reason, ended_at: now })
        .where('judge_id', 'in', judgeIds)
        .where('outcome', '=', 'current'),
    );
  }

  /** Issue 35: the visit of an undone finish or skip (the judge's last of the project) is held again, its start unchanged. */
  async reopenVisit(judgeId: string, projectId: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judge_visits')
        .set({ outcome: 'current', reason: '', ended_at: null })
        .where('seq', '=', (eb) =>
          eb
            .selectFrom('judge_visits')
            .select((max) => max.fn.max('seq').as('seq'))
            .where('judge_id', '=', judgeId)
            .where('project_id', '=', projectId),
        ),
    );
  }

  /** Issue 35: the project given to the judge after the finish or skip it undoes is as never given. */
  async deleteCurrentVisit(judgeId: string): Promise<void> {
    await this.db.runLater(
      this.db.q.deleteFrom('judge_visits').where('judge_id', '=', judgeId).where('outcome', '=', 'current'),
    );
  }

  /** Issue 35: the organizer removed the judge's view of the project; its finished visits say so. */
  async markVisitsRemoved(judgeId: string, projectId: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judge_visits')
        .set({ outcome: 'removed' })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId)
        .where('outcome', '=', 'finished'),
    );
  }

  /** Keeps the judge's last finish or skip (issue 35), in place of the one before. */
  async keepUndo(judgeId: string, projectId: string, at: number, changes: UndoChanges): Promise<void> {
    const kept = {
      project_id: projectId,
      action: changes.kind === 'finish' ? ('finished' as const) : ('skipped' as const),
      at,
      changes: JSON.stringify(changes),
    };
    await this.db.runLater(
      this.db.q
        .insertInto('judge_undo')
        .values({ judge_id: judgeId, ...kept })
        .onConflict((c) => c.column('judge_id').doUpdateSet(kept)),
    );
  }

  /** The judge's kept finish or skip, however old. */
  async keptUndo(judgeId: string): Promise<KeptUndo | undefined> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('judge_undo as u')
        .innerJoin('projects as p', 'p.id', 'u.project_id')
        .select(['u.project_id', 'p.name as project_name', 'u.action', 'u.at', 'u.changes'])
        .where('u.judge_id', '=', judgeId),
    );
    // Written by keepUndo and setUndoChanges only, from the typed value.
    return row && { ...row, changes: JSON.parse(row.changes) as UndoChanges };
  }

  /**
   * Issue 35: the kept finishes and skips of these projects (of `judgeId` only, when given), for
   * the organizer's write that takes over a part of what their undo would reverse.
   */
  async keptUndosOf(
    projectIds: readonly string[],
    judgeId?: string,
  ): Promise<{ judge_id: string; changes: UndoChanges }[]> {
    if (projectIds.length === 0) return [];
    let query = this.db.q
      .selectFrom('judge_undo')
      .select(['judge_id', 'changes'])
      .where('project_id', 'in', projectIds);
    if (judgeId !== undefined) query = query.where('judge_id', '=', judgeId);
    const rows = await this.db.all(query);
    // Written by keepUndo and setUndoChanges only, from the typed value.
    return rows.map((row) => ({ judge_id: row.judge_id, changes: JSON.parse(row.changes) as UndoChanges }));
  }

  /** Issue 35: what the judge's kept finish or skip changed, as its undo is now to reverse it. */
  async setUndoChanges(judgeId: string, changes: UndoChanges): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judge_undo')
        .set({ changes: JSON.stringify(changes) })
        .where('judge_id', '=', judgeId),
    );
  }

  /** The judge's kept finish or skip goes (of `projectId` only, when given). */
  async forgetUndo(judgeId: string, projectId?: string): Promise<void> {
    let query = this.db.q.deleteFrom('judge_undo').where('judge_id', '=', judgeId);
    if (projectId !== undefined) query = query.where('project_id', '=', projectId);
    await this.db.runLater(query);
  }

  /** Every judge's visits (or `judgeId`'s), oldest first. */
  async visits(judgeId?: string): Promise<VisitRow[]> {
    let query = this.db.q
      .selectFrom('judge_visits as v')
      .innerJoin('projects as p', 'p.id', 'v.project_id')
      .select([
        'v.judge_id',
        'v.project_id',
        'p.name',
        'p.location',
        'v.started_at',
        'v.ended_at',
        'v.outcome',
        'v.reason',
      ])
      .orderBy('v.seq');
    if (judgeId !== undefined) query = query.where('v.judge_id', '=', judgeId);
    return await this.db.all(query);
  }

  /**
   * The `rankings` reset (R67): no judge ranks anything and nothing is starred; notes stay. No
   * undo outlives it (issue 35): it would bring back a judgment from before the reset.
   */
  async clearRankingsAndStars(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judge_undo'));
    await this.db.run(this.db.q.deleteFrom('rankings'));
    await this.db.run(this.db.q.updateTable('judged_projects').set({ starred: 0 }));
  }

  /** Every judgment goes: finished views, rankings, `flagged` lists, visits and kept undos. */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judge_undo'));
    await this.db.run(this.db.q.deleteFrom('judge_visits'));
    await this.db.run(this.db.q.deleteFrom('judged_projects'));
    await this.db.run(this.db.q.deleteFrom('rankings'));
    await this.db.run(this.db.q.deleteFrom('judge_flagged'));
  }
}
