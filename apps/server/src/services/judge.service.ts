/**
 * Judges: adding (single, CSV, QR self-add), editing, hiding, moving between groups, deleting,
 * and the admin's views (API.md 3.3, R2, R52–R54, R58, R61, R64, R74, R75).
 */
import { randomInt } from 'node:crypto';
import {
  INVALID_GROUP_NUMBER,
  JUDGE_ALREADY_REPLACED,
  JUDGE_EMAIL_EXISTS,
  JUDGE_NOT_FOUND,
  JUDGE_NOT_REPLACED,
  MULTI_GROUP_NOT_ENABLED,
  PAUSE_BEFORE_REASSIGNING,
  PROJECT_NOT_FOUND,
  quoted,
  unknownTrack,
  type JudgeAdmin,
  type JudgeImportPreview,
  type JudgeStats,
  type NewJudge,
} from '@podium/protocol';
import { ANY_WRITE, type Database } from '../db/database.js';
import { Derived } from '../db/derived.js';
import { judgeCsvLines } from '../io/csv-import.js';
import type { CsvRow } from '../io/csv-read.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { leastPopulatedGroup } from '../judging/groups.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { ConflictService } from './conflict.service.js';
import { judgeStats, readJudgeAdminViews, readSetAsideJudgeIds } from './judge-views.js';
import { newId } from '../util/secrets.js';
import { SerializedJson } from '../util/serialized-json.js';
import { targetIds, targetLogLine, type Target } from './target.js';

/** Sends the login email of R75 in the background; never throws. */
export interface LoginMailer {
  sendLoginEmail(message: { name: string; email: string; code: string; baseUrl: string }): void;
}

export interface JudgeServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'judges' | 'judging' | 'options' | 'clock' | 'projects'>;
  auditLog: AuditLogService;
  mailer: LoginMailer;
  now: () => number;
  /** The judge CSV's `Conflicts` column (issue 24). */
  conflicts: ConflictService;
}

export class JudgeService {
  /** The admin list, serialised once per write (see ProjectService's). */
  private readonly adminList: Derived<SerializedJson>;
  private readonly adminRows: Derived<JudgeAdmin[]>;
  private readonly db: Database;
  private readonly judges: Repositories['judges'];
  private readonly judging: Repositories['judging'];
  private readonly options: Repositories['options'];
  private readonly clock: Repositories['clock'];
  private readonly projects: Repositories['projects'];
  private readonly audit: AuditLogService;
  private readonly mailer: LoginMailer;
  private readonly now: () => number;
  private readonly conflicts: ConflictService;

  constructor({ db, repositories, auditLog, mailer, now, conflicts }: JudgeServiceContext) {
    const { judges, judging, options, clock, projects } = repositories;
    this.db = db;
    this.judges = judges;
    this.judging = judging;
    this.now = now;
    this.options = options;
    this.clock = clock;
    this.projects = projects;
    this.audit = auditLog;
    this.mailer = mailer;
    this.conflicts = conflicts;
    this.adminRows = new Derived(db, ANY_WRITE, () => readJudgeAdminViews(judges));
    this.adminList = new Derived(db, ANY_WRITE, async () => SerializedJson.of(await this.list()));
  }

  /** Every judge as the admin sees it (4.2); shared, do not modify. */
  async list(): Promise<readonly JudgeAdmin[]> {
    return await this.adminRows.get();
  }

  /** `list()` as the JSON body of `GET /judge/list`; shared, do not modify. */
  async listJson(): Promise<SerializedJson> {
    return await this.adminList.get();
  }

  async stats(): Promise<JudgeStats> {
    return judgeStats(await this.list());
  }

  /** `POST /judge/new`: returns the new ID; emails the code unless `noSend` (R75). */
  async create(judge: NewJudge, opts: { noSend: boolean; baseUrl: string }): Promise<string> {
    const created = await this.db.transaction(async () => {
      await this.assertTrackExists(judge.track);
      await this.assertEmailFree(judge.email);
      const row = await this.insertOne(judge);
      await this.audit.admin(
        `Added judge ${judge.name} (${judge.email}), track: ${judge.track || 'general'}`,
      );
      return row;
    });
    if (!opts.noSend) this.sendLoginEmail(created, opts.baseUrl);
    return created.id;
  }

  /**
   * `POST /judge/csv` (R85): all rows or none, in file order, each general judge into the least
   * populated group counting the rows placed before it (R52); emails unless `noSend` (R75).
   */
  /** Adds the file's judges (R85); with `skipExisting`, those already here are left out and counted. */
  async importCsv(
    csvRows: readonly CsvRow[],
    opts: { hasHeader: boolean; noSend: boolean; baseUrl: string; skipExisting: boolean },
  ): Promise<{ added: number; existing: number }> {
    const { created, existing } = await this.db.transaction(async () => {
      const lines = judgeCsvLines(csvRows, {
        hasHeader: opts.hasHeader,
        tracks: (await this.options.read()).tracks,
        emailTaken: await this.emailTakenCheck(),
        skipExisting: opts.skipExisting,
      });
      const rows = lines.filter((line) => !line.existing);
      const conflicts = await this.conflicts.projectsOfCsv(rows);
      const inserted = await this.insert(rows.map((row) => row.judge));
      await this.conflicts.declare(
        inserted.flatMap((judge, i) =>
          (conflicts[i] ?? []).map((p) => ({ judge_id: judge.id, project_id: p.id })),
        ),
      );
      await this.audit.admin(`Added ${rows.length} judges from CSV`);
      return { created: inserted, existing: lines.length - rows.length };
    });
    if (!opts.noSend) for (const row of created) this.sendLoginEmail(row, opts.baseUrl);
    return { added: created.length, existing };
  }

  /** Whether a judge has this email: R74 compares them case-insensitively, as the stored `email_key`. */
  private async emailTakenCheck(): Promise<(email: string) => boolean> {
    const taken = new Set((await this.judges.all()).map((row) => row.email_key));
    return (email) => taken.has(email.toLowerCase());
  }

  /**
   * The judge CSV's dry run (docs/api-extensions.md "Judge imports: the dry run"): the judges
   * `importCsv` would add, each with its line, and the tracks the file names that settings lack,
   * instead of refusing the file for them. Every other problem answers as the import would.
   * Reads only: changes nothing and logs nothing.
   */
  async previewCsv(
    csvRows: readonly CsvRow[],
    opts: { hasHeader: boolean; skipExisting: boolean },
  ): Promise<JudgeImportPreview> {
    const emailTaken = await this.emailTakenCheck();
    const { tracks } = await this.options.read();
    const lines = judgeCsvLines(csvRows, {
      hasHeader: opts.hasHeader,
      tracks,
      emailTaken,
      allowUnknownTracks: true,
      skipExisting: opts.skipExisting,
    });
    const added = lines.filter((line) => !line.existing);
    const conflicts = await this.conflicts.projectsOfCsv(lines);
    const missing = (track: string) => track !== '' && !tracks.includes(track);
    return {
      ok: 1,
      count: added.length,
      skipped: 0,
      existing: lines.length - added.length,
      missing_tracks: [...new Set(added.map(({ judge }) => judge.track).filter(missing))],
      rows: lines.map(({ line, judge, existing }, i) => ({
        line,
        name: judge.name,
        email: judge.email,
        track: judge.track,
        // A judge already here is left as it is: its track is not asked for.
        track_missing: !existing && missing(judge.track),
        existing,
        // Names cut as error texts cut a value (API.md 1.2): the answer stays bounded (issue 31).
        conflicts: (conflicts[i] ?? []).map(({ id, location, name }) => ({
          project_id: id,
          location,
          name: quoted(name),
        })),
      })),
    };
  }

  /**
   * A QR self-add (R73): always emailed; returns the new judge's code. The caller checked the
   * code, the track and the fields.
   */
  async selfAdd(judge: Omit<NewJudge, 'notes'>, baseUrl: string): Promise<string> {
    const created = await this.db.transaction(async () => {
      await this.assertEmailFree(judge.email);
      const row = await this.insertOne({ ...judge, notes: '' });
      const track = judge.track === '' ? '' : `, track ${judge.track}`;
      await this.audit.admin(`Added judge ${judge.name} (${judge.email}) from QR code${track}`);
      return row;
    });
    this.sendLoginEmail(created, baseUrl);
    return created.code;
  }

  /** Whether a judge already uses this email (case-insensitive, R74). */
  async emailTaken(email: string): Promise<boolean> {
    return (await this.judges.findByEmail(email)) !== undefined;
  }

  /** `PUT /judge/:id`: only the given fields change; the track never does. */
  async update(id: string, patch: { name?: string; email?: string; notes?: string }): Promise<void> {
    await this.db.transaction(async () => {
      await this.require(id);
      const applied = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (patch.email !== undefined) {
        const owner = await this.judges.findByEmail(patch.email);
        if (owner !== undefined && owner.id !== id) throw new ConflictError(JUDGE_EMAIL_EXISTS);
      }
      await this.judges.update(id, {
        ...applied,
        ...(patch.email === undefined ? {} : { email_key: patch.email.toLowerCase() }),
      });
      await this.audit.admin(`Edited judge ${id}: ${JSON.stringify(applied)}`);
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge', judgeId: id });
    });
  }

  /** R64: the judge, its tokens, flags and judgments go; its views stop counting (R30). */
  async delete(id: string): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.require(id);
      const hadFlags = await this.judges.hasFlags(id);
      await this.judges.delete(id);
      await this.audit.admin(`Deleted judge ${row.name} (${id})`);
      if (hadFlags) this.db.record({ kind: 'flags' });
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge-deleted', judgeId: id });
      this.db.record({ kind: 'stats' });
    });
  }

  /** R61: hiding also releases the project the judge held. */
  async hide(target: Target, hide: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const rows = await this.requireAll(target);
      const ids = rows.map((row) => row.id);
      if (hide) await this.judging.endVisits(ids, 'released', this.now());
      await this.judges.updateMany(ids, hide ? { active: 0, current_project_id: null } : { active: 1 });
      await this.audit.admin(targetLogLine(target, hide ? 'Hid' : 'Unhid', 'judge'));
      if (rows.some((row) => row.current_project_id !== null && hide)) {
        this.db.record({ kind: 'projects', public: false });
      }
      this.db.record({ kind: 'judges' });
      for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
      this.db.record({ kind: 'stats' });
    });
  }

  /**
   * Replacing a judge (docs/api-extensions.md, issue 24): hidden as by R61, so the project it held
   * is released at once, and its rankings and stars keep counting or are set aside.
   */
  async replace(id: string, keepRankings: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.require(id);
      if (row.replaced_at !== null) throw new ConflictError(JUDGE_ALREADY_REPLACED);
      const now = this.now();
      await this.judging.endVisits([id], 'released', now);
      await this.judges.update(id, {
        active: 0,
        current_project_id: null,
        replaced_at: now,
        judgments_set_aside: keepRankings ? 0 : 1,
      });
      await this.audit.admin(
        `Replaced judge ${row.name} (${id}), rankings and stars ${keepRankings ? 'kept' : 'set aside'}`,
      );
      this.recordJudgmentsChanged(id);
    });
  }

  /** Undoes `replace`: the judge is shown again and its rankings and stars count again. */
  async reinstate(id: string): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.require(id);
      if (row.replaced_at === null) throw new ConflictError(JUDGE_NOT_REPLACED);
      await this.judges.update(id, { active: 1, replaced_at: null, judgments_set_aside: 0 });
      await this.audit.admin(`Reinstated judge ${row.name} (${id})`);
      this.recordJudgmentsChanged(id);
    });
  }

  /**
   * `DELETE /admin/judge/:id/views/:project` (issue 35): the judge judged the wrong table. Its view
   * goes (scores, feedback, ranking, its undo); the visit stays, `removed`; what is derived from
   * views follows. Removing a view that is not there changes nothing.
   */
  async removeView(judgeId: string, projectId: string): Promise<void> {
    await this.db.transaction(async () => {
      const [judge, project, view] = await Promise.all([
        this.judges.findById(judgeId),
        this.projects.findById(projectId),
        this.judging.judged(judgeId, projectId),
      ]);
      if (judge === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
      if (project === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
      if (view === undefined) return;
      await this.judging.deleteView(judgeId, projectId);
      await this.judging.forgetUndo(judgeId, projectId);
      await this.judging.markVisitsRemoved(judgeId, projectId);
      await this.audit.admin(
        `Removed the view of project ${project.name} (${projectId}) by judge ${judge.name} (${judgeId})`,
      );
      this.recordJudgmentsChanged(judgeId);
      if (view.feedback !== '') this.db.record({ kind: 'feedback' });
    });
  }

  /** Judges replaced with their rankings and stars set aside: exports leave their rankings out. */
  setAsideIds(): Promise<ReadonlySet<string>> {
    return readSetAsideJudgeIds(this.judges);
  }

  /** A judge's state and what counts of its judgments changed: scores, lists and statistics. */
  private recordJudgmentsChanged(judgeId: string): void {
    this.db.record({ kind: 'projects', public: false });
    this.db.record({ kind: 'judges' });
    this.db.record({ kind: 'judge', judgeId });
    this.db.record({ kind: 'stats' });
  }

  /** R53: sets the group and restarts the judge's finish counter (R25). */
  async moveToGroup(target: Target, group: number): Promise<void> {
    await this.db.transaction(async () => {
      if (group >= (await this.options.read()).num_groups) throw new ValidationError(INVALID_GROUP_NUMBER);
      const ids = (await this.requireAll(target)).map((row) => row.id);
      await this.judges.updateMany(ids, { group, group_finishes: 0 });
      await this.audit.admin(targetLogLine(target, 'Moved', 'judge', ` to group ${group}`));
      this.db.record({ kind: 'judges' });
      for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
    });
  }

  /** R54: active general judges in creation order, then hidden ones, dealt round-robin. */
  async reassignGroups(): Promise<void> {
    await this.db.transaction(async () => {
      const { multi_group, num_groups } = await this.options.read();
      if (!multi_group) throw new ConflictError(MULTI_GROUP_NOT_ENABLED);
      if ((await this.clock.read()).running) throw new ConflictError(PAUSE_BEFORE_REASSIGNING);
      const general = (await this.judges.all()).filter((row) => row.track === '');
      const ordered = [
        ...general.filter((row) => row.active === 1),
        ...general.filter((row) => row.active === 0),
      ];
      for (const [i, row] of ordered.entries()) {
        await this.judges.update(row.id, { group: i % num_groups, group_finishes: 0 });
      }
      await this.audit.admin('Reassigned judge groups');
      this.db.record({ kind: 'judges' });
      for (const row of ordered) this.db.record({ kind: 'judge', judgeId: row.id });
    });
  }

  /** One judge added (`insert`). */
  private async insertOne(judge: NewJudge): Promise<JudgeRow> {
    const [row] = await this.insert([judge]);
    return row as JudgeRow; // one judge in, one row out
  }

  /**
   * Adds `judges` in order, each with a code unique among judges (R2), each general one into the
   * group with the fewest active general judges, counting those added before it (R52).
   */
  private async insert(judges: readonly NewJudge[]): Promise<JudgeRow[]> {
    if (judges.length === 0) return [];
    const existing = await this.judges.all();
    const perGroup = new Array<number>((await this.options.read()).num_groups).fill(0);
    for (const row of existing) {
      if (row.track === '' && row.active === 1 && row.group < perGroup.length) {
        perGroup[row.group] = (perGroup[row.group] ?? 0) + 1;
      }
    }
    const codes = new Set(existing.map((row) => row.code));
    const rows = judges.map((judge): JudgeRow => {
      const group = judge.track === '' ? leastPopulatedGroup(perGroup) : 0;
      if (judge.track === '') perGroup[group] = (perGroup[group] ?? 0) + 1;
      return {
        seq: 0,
        id: newId(),
        ...judge,
        email_key: judge.email.toLowerCase(),
        code: newCode(codes),
        group,
        active: 1,
        read_welcome: 0,
        current_project_id: null,
        last_location: null,
        group_finishes: 0,
        last_activity: 0,
        replaced_at: null,
        judgments_set_aside: 0,
        said_conflicts_refused: 0,
      };
    });
    await this.judges.insert(rows.map(({ seq: _seq, ...values }) => values));
    this.db.record({ kind: 'judges' });
    this.db.record({ kind: 'stats' });
    return rows;
  }

  /** R58: "" or a member of `tracks`. */
  private async assertTrackExists(track: string): Promise<void> {
    const { tracks } = await this.options.read();
    if (track !== '' && !tracks.includes(track)) throw new ValidationError(unknownTrack(track, tracks));
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.emailTaken(email)) throw new ConflictError(JUDGE_EMAIL_EXISTS);
  }

  private sendLoginEmail(row: JudgeRow, baseUrl: string): void {
    this.mailer.sendLoginEmail({ name: row.name, email: row.email, code: row.code, baseUrl });
  }

  private async require(id: string): Promise<JudgeRow> {
    const row = await this.judges.findById(id);
    if (row === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
    return row;
  }

  private async requireAll(target: Target): Promise<JudgeRow[]> {
    const rows: JudgeRow[] = [];
    for (const id of targetIds(target)) rows.push(await this.require(id));
    return rows;
  }
}

/** R2: 8 random digits, not in `taken` (every code in use), which it joins. */
function newCode(taken: Set<string>): string {
  for (;;) {
    const code = String(randomInt(10_000_000, 100_000_000));
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}
