/**
 * Conflicts of interest (issue 24 item 3, docs/api-extensions.md): what the organizer declares
 * per judge. The judge's own ("I know this team") are added by `JudgingService.skip`; the engine
 * never assigns either kind (`Asker.conflicts`, judging/assignment.ts).
 */
import {
  JUDGE_NOT_FOUND,
  csvLineError,
  unknownConflictEntry,
  unknownConflictProject,
  type JudgeConflicts,
  type RefuseSaidConflictsResponse,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { JudgeProjectPair } from '../repositories/conflict.repository.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import type { ProjectRow } from '../repositories/project.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';

export interface ConflictServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'conflicts' | 'judges' | 'judging' | 'projects'>;
  auditLog: AuditLogService;
  now: () => number;
}

export class ConflictService {
  private readonly db: Database;
  private readonly conflicts: Repositories['conflicts'];
  private readonly judges: Repositories['judges'];
  private readonly judging: Repositories['judging'];
  private readonly projects: Repositories['projects'];
  private readonly audit: AuditLogService;
  private readonly now: () => number;

  constructor({ db, repositories, auditLog, now }: ConflictServiceContext) {
    this.db = db;
    this.conflicts = repositories.conflicts;
    this.judges = repositories.judges;
    this.judging = repositories.judging;
    this.projects = repositories.projects;
    this.audit = auditLog;
    this.now = now;
  }

  /** `GET /judge/conflicts/:id`. */
  async ofJudge(judgeId: string): Promise<JudgeConflicts> {
    await this.requireJudge(judgeId);
    return await this.view(judgeId);
  }

  /**
   * `PUT /judge/conflicts/:id`: the judge's conflicts become exactly `projectIds`. Those already
   * stored keep their source (a judge's own stays `judge`), the others are `declared`; a project
   * left out is no conflict any more, whoever said it. The project the judge holds, if now in
   * conflict, is released at once. A listed conflict is the organizer's even when the judge said
   * it (issue 35): the undo of the judge's conflict skip no longer takes it back, and is refused.
   */
  async set(judgeId: string, projectIds: readonly string[]): Promise<JudgeConflicts> {
    return await this.db.transaction(async () => {
      const judge = await this.requireJudge(judgeId);
      for (const id of projectIds)
        if ((await this.projects.findById(id)) === undefined)
          throw new ValidationError(unknownConflictProject(id));
      const [before, kept] = await Promise.all([
        this.conflicts.projectsOf(judgeId),
        this.judging.keptUndosOf(projectIds, judgeId),
      ]);
      const wanted = new Set(projectIds);
      for (const { changes } of kept)
        if (changes.kind === 'conflict' && changes.addedConflict)
          await this.judging.setUndoChanges(judgeId, { ...changes, addedConflict: false });
      const removed = [...before].filter((id) => !wanted.has(id));
      await this.conflicts.remove(judgeId, removed);
      const pairs = projectIds.map((projectId) => ({ judge_id: judgeId, project_id: projectId }));
      await this.conflicts.add(pairs, 'declared', this.now());
      await this.releaseIfHeld(judge, wanted);
      // The judges table shows the conflicts the judge said (GET /admin/judge/pace).
      if (removed.length > 0 || projectIds.some((id) => !before.has(id))) this.db.record({ kind: 'judges' });
      await this.audit.admin(`Set conflicts of judge ${judge.name} (${judgeId}): [${projectIds.join(', ')}]`);
      return await this.view(judgeId);
    });
  }

  /**
   * `PUT /judge/conflicts/refuse/:id` (issue 31): with `refuse`, the conflicts the judge said
   * ("I know this team") are removed, so the engine may give it those projects again, and its
   * further `conflict` skips are refused (`JudgingService.skip`); without, they are accepted again
   * (the removed ones stay removed). Declared conflicts are the organizer's and stay.
   */
  async refuseSaid(judgeId: string, refuse: boolean): Promise<RefuseSaidConflictsResponse> {
    return await this.db.transaction(async () => {
      const judge = await this.requireJudge(judgeId);
      const removed = refuse ? await this.conflicts.removeSaidBy(judgeId) : 0;
      await this.judges.update(judgeId, { said_conflicts_refused: refuse ? 1 : 0 });
      await this.audit.admin(
        refuse
          ? `Refused the conflicts of interest judge ${judge.name} (${judgeId}) says: ${removed} removed`
          : `Accepted the conflicts of interest judge ${judge.name} (${judgeId}) says again`,
      );
      // The judges table shows the count and the refusal (GET /admin/judge/pace).
      this.db.record({ kind: 'judges' });
      return { ok: 1, removed };
    });
  }

  /**
   * The projects of the judge CSV's `Conflicts` column, row by row: an entry of digits is a table
   * number, any other a project's name (case-insensitive; every project of that name). The first
   * entry that names no project refuses the file: `line <n>: unknown project in Conflicts: ...`.
   */
  async projectsOfCsv(
    rows: readonly { line: number; conflicts: readonly string[] }[],
  ): Promise<ProjectRow[][]> {
    if (rows.every((row) => row.conflicts.length === 0)) return rows.map(() => []);
    // Indexed once: each entry is one lookup, not a pass over every project (issue 31).
    const byTable = new Map<string, ProjectRow[]>();
    const byName = new Map<string, ProjectRow[]>();
    for (const project of await this.projects.all()) {
      pushTo(byTable, String(project.location), project);
      pushTo(byName, project.name.toLowerCase(), project);
    }
    return rows.map(({ line, conflicts }) => {
      const found = new Map<string, ProjectRow>();
      for (const entry of conflicts) {
        // Digits name a table (`007` is table 7), anything else a name.
        const named = /^\d+$/.test(entry)
          ? byTable.get(String(Number(entry)))
          : byName.get(entry.toLowerCase());
        if (named === undefined) throw new ValidationError(csvLineError(line, unknownConflictEntry(entry)));
        for (const project of named) found.set(project.id, project);
      }
      return [...found.values()];
    });
  }

  /** Declared conflicts of judges just added (the judge CSV's `Conflicts` column), in the import's transaction. */
  async declare(pairs: readonly JudgeProjectPair[]): Promise<void> {
    await this.conflicts.add(pairs, 'declared', this.now());
  }

  private async releaseIfHeld(judge: JudgeRow, conflicts: ReadonlySet<string>): Promise<void> {
    if (judge.current_project_id === null || !conflicts.has(judge.current_project_id)) return;
    await this.judging.endVisits([judge.id], 'released', this.now(), 'conflict');
    await this.judges.update(judge.id, { current_project_id: null });
    await this.audit.admin(
      `Released project ${judge.current_project_id} of judge ${judge.id}: conflict of interest`,
    );
    this.db.record({ kind: 'projects', public: false });
    this.db.record({ kind: 'judges' });
    this.db.record({ kind: 'judge', judgeId: judge.id });
  }

  private async view(judgeId: string): Promise<JudgeConflicts> {
    return {
      conflicts: (await this.conflicts.ofJudge(judgeId)).map(({ project_id, source, created_at }) => ({
        project_id,
        source,
        created_at,
      })),
    };
  }

  private async requireJudge(judgeId: string): Promise<JudgeRow> {
    const judge = await this.judges.findById(judgeId);
    if (judge === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
    return judge;
  }
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
