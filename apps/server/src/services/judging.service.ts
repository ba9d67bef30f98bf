/**
 * Judging (API.md 5.2–5.5): next project, skip and flag, finish, rank, star, notes. Each call is
 * one synchronous transaction, so selection and assignment can never interleave (R8).
 */
import {
  AUTO_HIDE_ABSENT_SKIPS,
  DELIBERATION_BLOCKS_SCORING,
  JUDGE_FLAG_REASONS,
  JUDGE_HIDDEN,
  NO_CURRENT_PROJECT,
  PROJECT_NOT_FOUND,
  PROJECT_NOT_SEEN,
  duplicateRanking,
  type JudgedProject,
  type JudgeReason,
  type Next,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { chooseProject, type Random } from '../judging/assignment.js';
import { afterFinish } from '../judging/groups.js';
import type { ClockRepository } from '../repositories/clock.repository.js';
import type { JudgeRepository, JudgeRow } from '../repositories/judge.repository.js';
import type { JudgingRepository } from '../repositories/judging.repository.js';
import type { ProjectRepository, ProjectRow } from '../repositories/project.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { AuditLog } from './audit-log.service.js';
import { stillAuthenticated } from './judge-auth.service.js';
import type { EngineSnapshots } from './engine-snapshot.js';
import { judgedProject } from './judge-views.js';
import { newId } from './secrets.js';

const FLAG_REASONS_OF_JUDGES: readonly string[] = JUDGE_FLAG_REASONS;

export class JudgingService {
  constructor(
    private readonly db: Database,
    private readonly judges: JudgeRepository,
    private readonly projects: ProjectRepository,
    private readonly judging: JudgingRepository,
    private readonly settings: SettingsRepository,
    private readonly clock: ClockRepository,
    private readonly audit: AuditLog,
    private readonly engine: EngineSnapshots,
    private readonly now: () => number,
    private readonly random: Random = Math.random,
  ) {}

  /** `POST /judge/next` (R5–R17): the held project, a new one, or why there is none. */
  next(judgeId: string): Next {
    return this.db.transaction(() => {
      const judge = this.requireActive(judgeId);
      if (judge.current_project_id !== null) return { project_id: judge.current_project_id };
      if (this.settings.read().deliberation) return { reason: 'deliberation' };
      if (this.clock.read().running === 0) return { reason: 'paused' };
      return this.assign(judge);
    });
  }

  /** `POST /judge/skip` (R18–R22): skip (busy, absent) or flag; then a new project if judging runs. */
  skip(judgeId: string, reason: JudgeReason): void {
    this.db.transaction(() => {
      const judge = this.requireActive(judgeId);
      const projectId = judge.current_project_id;
      if (projectId === null) throw new ConflictError(NO_CURRENT_PROJECT);
      const now = this.now();
      this.judging.insertFlag({ id: newId(), project_id: projectId, judge_id: judge.id, reason, time: now });
      if (FLAG_REASONS_OF_JUDGES.includes(reason)) this.judging.addFlagged(judge.id, projectId);
      this.judges.update(judge.id, { current_project_id: null, last_activity: now });
      this.audit.judge(
        judge,
        reason === 'busy'
          ? `Skipped busy project ${projectId}`
          : `Flagged project ${projectId} due to ${reason}`,
      );
      this.db.record({ kind: 'flags' });
      this.db.record({ kind: 'judges' });
      if (reason === 'absent') this.hideIfAbsent(projectId);
      const { deliberation } = this.settings.read();
      if (this.clock.read().running === 1 && !deliberation) this.assign(this.requireActive(judgeId));
    });
  }

  /** `POST /judge/finish` (R23–R25). */
  finish(judgeId: string, notes: string, starred: boolean): void {
    this.db.transaction(() => {
      const judge = this.requireActive(judgeId);
      if (this.settings.read().deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      const projectId = judge.current_project_id;
      if (projectId === null) throw new ConflictError(NO_CURRENT_PROJECT);
      const now = this.now();
      this.judging.insertJudged(judge.id, projectId, notes, starred, now);
      this.judges.update(judge.id, {
        current_project_id: null,
        last_activity: now,
        ...this.groupAfterFinish(judge),
      });
      this.projects.update(projectId, { last_activity: now });
      if (this.judging.deleteJudgeFlags(judge.id, 'busy') > 0) this.db.record({ kind: 'flags' });
      this.audit.judge(
        judge,
        `Finished judging project ${projectId}${starred ? ' and starred project' : ''}`,
      );
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'stats' });
    });
  }

  /** `POST /judge/rank` (R27): duplicates refused; unknown and unseen entries dropped. */
  rank(judgeId: string, ranking: readonly string[]): void {
    this.db.transaction(() => {
      const judge = this.requireJudge(judgeId);
      if (this.settings.read().deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      const seen = new Set<string>();
      for (const id of ranking) {
        if (seen.has(id)) throw new ConflictError(duplicateRanking(id));
        seen.add(id);
      }
      const judged = new Set(this.judges.judged(judgeId).map((row) => row.project_id));
      const kept = ranking.filter((id) => judged.has(id));
      const before = this.judges.rankings(judgeId).map((row) => row.project_id);
      this.judging.replaceRankings(judgeId, kept);
      this.audit.judge(judge, `Updated rankings from [${before.join(', ')}] to [${kept.join(', ')}]`);
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      if (kept.length < ranking.length) this.db.record({ kind: 'judge', judgeId });
    });
  }

  /** `PUT /judge/star/:id` and `PUT /judge/star` (R28). */
  star(judgeId: string, projectId: string, starred: boolean): void {
    this.db.transaction(() => {
      const judge = this.requireJudge(judgeId);
      this.requireProject(projectId);
      if (this.settings.read().deliberation) throw new ConflictError(DELIBERATION_BLOCKS_SCORING);
      this.requireJudged(judgeId, projectId);
      this.judging.setStarred(judgeId, projectId, starred);
      this.audit.judge(judge, `${starred ? 'Added star for' : 'Removed star for'} project ${projectId}`);
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
    });
  }

  /** `PUT /judge/notes/:id` (R29): always allowed, never logged. */
  notes(judgeId: string, projectId: string, notes: string): void {
    this.db.transaction(() => {
      this.requireJudge(judgeId);
      this.requireProject(projectId);
      this.requireJudged(judgeId, projectId);
      this.judging.setNotes(judgeId, projectId, notes);
    });
  }

  /** `GET /judge/project/:id` (4.3). */
  judgedProject(judgeId: string, projectId: string): JudgedProject {
    this.requireJudge(judgeId);
    this.requireProject(projectId);
    const row = this.judges.judged(judgeId).find((entry) => entry.project_id === projectId);
    if (row === undefined) throw new ConflictError(PROJECT_NOT_SEEN);
    return judgedProject(row);
  }

  /** R6–R16 and R14 for a judge holding nothing while judging runs (inside a transaction). */
  private assign(judge: JudgeRow): Next {
    const choice = chooseProject(
      this.engine.read(this.settings.read(), judge.track === ''),
      {
        judge: { id: judge.id, track: judge.track, group: judge.group, active: true, current: null },
        dealtWith: this.judging.dealtWith(judge.id),
        lastLocation: judge.last_location,
      },
      this.random,
    );
    if ('reason' in choice) {
      if (choice.reason === 'done' && this.projectCount(judge.id) === 0) return { reason: 'no-projects' };
      return { reason: choice.reason };
    }
    const project = this.requireProject(choice.projectId);
    this.judges.update(judge.id, {
      current_project_id: project.id,
      last_location: project.location,
      last_activity: this.now(),
    });
    // Written only when set: every projects write invalidates the engine's cached snapshot.
    if (project.prioritized === 1) this.projects.update(project.id, { prioritized: 0 });
    this.audit.judge(judge, `Picked new project ${project.name} (${project.id})`);
    this.db.record({ kind: 'projects', public: false });
    this.db.record({ kind: 'judges' });
    return { project_id: project.id };
  }

  /** R59 (also R15's `no-projects`): active projects; for a track judge with tracks on, its track's. */
  projectCount(judgeId: string): number {
    const judge = this.requireJudge(judgeId);
    const { judge_tracks } = this.settings.read();
    const active = this.engine.allProjects().filter((p) => p.active);
    if (judge.track === '' || !judge_tracks) return active.length;
    return active.filter((p) => p.challenges.includes(judge.track)).length;
  }

  /** R20: the third absent skip hides the project and replaces its absent flags by one of the system. */
  private hideIfAbsent(projectId: string): void {
    if (this.judging.countFlags(projectId, 'absent') < AUTO_HIDE_ABSENT_SKIPS) return;
    const project = this.requireProject(projectId);
    this.projects.update(projectId, { active: 0 });
    this.judging.deleteProjectFlags(projectId, 'absent');
    this.judging.insertFlag({
      id: newId(),
      project_id: projectId,
      judge_id: null,
      reason: 'hidden-absent',
      time: this.now(),
    });
    this.audit.system(
      `Hid project ${project.name} (${projectId}) after ${AUTO_HIDE_ABSENT_SKIPS} absent skips`,
    );
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }

  /** R25 for a general judge in automatic multi-group mode; otherwise nothing changes. */
  private groupAfterFinish(judge: JudgeRow): Partial<JudgeRow> {
    const { multi_group, switching_mode, auto_switch_prop, num_groups } = this.settings.read();
    if (!multi_group || switching_mode !== 'auto' || judge.track !== '') return {};
    const inGroup = this.engine.allProjects().filter((p) => p.active && p.group === judge.group).length;
    const next = afterFinish(
      { group: judge.group, finishes: judge.group_finishes },
      inGroup,
      auto_switch_prop,
      num_groups,
    );
    return { group: next.group, group_finishes: next.finishes };
  }

  private requireJudge(judgeId: string): JudgeRow {
    return stillAuthenticated(this.judges, judgeId);
  }

  /** R4: hidden judges may not take, skip or finish projects. */
  private requireActive(judgeId: string): JudgeRow {
    const judge = this.requireJudge(judgeId);
    if (judge.active === 0) throw new ConflictError(JUDGE_HIDDEN);
    return judge;
  }

  private requireProject(projectId: string): ProjectRow {
    const project = this.projects.findById(projectId);
    if (project === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
    return project;
  }

  private requireJudged(judgeId: string, projectId: string): void {
    if (this.judging.judged(judgeId, projectId) === undefined) throw new ConflictError(PROJECT_NOT_SEEN);
  }
}
