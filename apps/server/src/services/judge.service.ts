/**
 * Judges: adding (single, CSV, QR self-add), editing, hiding, moving between groups, deleting,
 * and the admin's views (API.md 3.3, R2, R52–R54, R58, R61, R64, R74, R75).
 */
import { randomInt } from 'node:crypto';
import {
  INVALID_GROUP_NUMBER,
  JUDGE_EMAIL_EXISTS,
  JUDGE_NOT_FOUND,
  MULTI_GROUP_NOT_ENABLED,
  PAUSE_BEFORE_REASSIGNING,
  unknownTrack,
  type JudgeAdmin,
  type JudgeStats,
  type NewJudge,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ANY_WRITE, Derived } from '../db/derived.js';
import { judgeCsvRows } from '../io/csv-import.js';
import type { CsvRow } from '../io/csv-read.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { leastPopulatedGroup } from '../judging/groups.js';
import type { ClockRepository } from '../repositories/clock.repository.js';
import type { JudgeRepository, JudgeRow } from '../repositories/judge.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { AuditLog } from './audit-log.service.js';
import { judgeAdminViews, judgeStats } from './judge-views.js';
import { newId } from './secrets.js';
import { SerializedJson } from './serialized-json.js';
import { targetIds, targetLogLine, type Target } from './target.js';

/** Sends the login email of R75 in the background; never throws. */
export interface LoginMailer {
  sendLoginEmail(message: { name: string; email: string; code: string; baseUrl: string }): void;
}

export class JudgeService {
  /** The admin list, serialised once per write (see ProjectService's). */
  private readonly adminList: Derived<SerializedJson>;
  private readonly adminRows: Derived<JudgeAdmin[]>;

  constructor(
    private readonly db: Database,
    private readonly judges: JudgeRepository,
    private readonly settings: SettingsRepository,
    private readonly clock: ClockRepository,
    private readonly audit: AuditLog,
    private readonly mailer: LoginMailer,
  ) {
    this.adminRows = new Derived(db, ANY_WRITE, () =>
      judgeAdminViews(judges.all(), {
        judged: judges.judged(),
        flagged: judges.flagged(),
        rankings: judges.rankings(),
      }),
    );
    this.adminList = new Derived(db, ANY_WRITE, () => new SerializedJson(this.list()));
  }

  /** Every judge as the admin sees it (4.2); shared, do not modify. */
  list(): readonly JudgeAdmin[] {
    return this.adminRows.get();
  }

  /** `list()` as the JSON body of `GET /judge/list`; shared, do not modify. */
  listJson(): SerializedJson {
    return this.adminList.get();
  }

  stats(): JudgeStats {
    return judgeStats(this.list());
  }

  /** `POST /judge/new`: returns the new ID; emails the code unless `noSend` (R75). */
  create(judge: NewJudge, opts: { noSend: boolean; baseUrl: string }): string {
    const created = this.db.transaction(() => {
      this.assertTrackExists(judge.track);
      this.assertEmailFree(judge.email);
      const row = this.insert(judge);
      this.audit.admin(`Added judge ${judge.name} (${judge.email}), track: ${judge.track || 'general'}`);
      return row;
    });
    if (!opts.noSend) this.sendLoginEmail(created, opts.baseUrl);
    return created.id;
  }

  /**
   * `POST /judge/csv` (R85): all rows or none, in file order, each general judge into the least
   * populated group counting the rows placed before it (R52); emails unless `noSend` (R75).
   */
  importCsv(
    csvRows: readonly CsvRow[],
    opts: { hasHeader: boolean; noSend: boolean; baseUrl: string },
  ): number {
    const created = this.db.transaction(() => {
      const rows = judgeCsvRows(csvRows, {
        hasHeader: opts.hasHeader,
        tracks: this.settings.read().tracks,
        emailTaken: (email) => this.emailTaken(email),
      });
      // Counted once and kept up to date: counting per row read every judge for each new one.
      const perGroup = this.generalJudgesPerGroup();
      const inserted = rows.map((row) => this.insert(row, perGroup));
      this.audit.admin(`Added ${rows.length} judges from CSV`);
      return inserted;
    });
    if (!opts.noSend) for (const row of created) this.sendLoginEmail(row, opts.baseUrl);
    return created.length;
  }

  /**
   * A QR self-add (R73): always emailed; returns the new judge's code. The caller checked the
   * code, the track and the fields.
   */
  selfAdd(judge: Omit<NewJudge, 'notes'>, baseUrl: string): string {
    const created = this.db.transaction(() => {
      this.assertEmailFree(judge.email);
      const row = this.insert({ ...judge, notes: '' });
      const track = judge.track === '' ? '' : `, track ${judge.track}`;
      this.audit.admin(`Added judge ${judge.name} (${judge.email}) from QR code${track}`);
      return row;
    });
    this.sendLoginEmail(created, baseUrl);
    return created.code;
  }

  /** Whether a judge already uses this email (case-insensitive, R74). */
  emailTaken(email: string): boolean {
    return this.judges.findByEmail(email) !== undefined;
  }

  /** `PUT /judge/:id`: only the given fields change; the track never does. */
  update(id: string, patch: { name?: string; email?: string; notes?: string }): void {
    this.db.transaction(() => {
      this.require(id);
      const applied = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (patch.email !== undefined) {
        const owner = this.judges.findByEmail(patch.email);
        if (owner !== undefined && owner.id !== id) throw new ConflictError(JUDGE_EMAIL_EXISTS);
      }
      this.judges.update(id, {
        ...applied,
        ...(patch.email === undefined ? {} : { email_key: patch.email.toLowerCase() }),
      });
      this.audit.admin(`Edited judge ${id}: ${JSON.stringify(applied)}`);
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge', judgeId: id });
    });
  }

  /** R64: the judge, its tokens, flags and judgments go; its views stop counting (R30). */
  delete(id: string): void {
    this.db.transaction(() => {
      const row = this.require(id);
      const hadFlags = this.judges.hasFlags(id);
      this.judges.delete(id);
      this.audit.admin(`Deleted judge ${row.name} (${id})`);
      if (hadFlags) this.db.record({ kind: 'flags' });
      this.db.record({ kind: 'projects', public: false });
      this.db.record({ kind: 'judges' });
      this.db.record({ kind: 'judge-deleted', judgeId: id });
      this.db.record({ kind: 'stats' });
    });
  }

  /** R61: hiding also releases the project the judge held. */
  hide(target: Target, hide: boolean): void {
    this.db.transaction(() => {
      const rows = this.requireAll(target);
      const ids = rows.map((row) => row.id);
      this.judges.updateMany(ids, hide ? { active: 0, current_project_id: null } : { active: 1 });
      this.audit.admin(targetLogLine(target, hide ? 'Hid' : 'Unhid', 'judge'));
      if (rows.some((row) => row.current_project_id !== null && hide)) {
        this.db.record({ kind: 'projects', public: false });
      }
      this.db.record({ kind: 'judges' });
      for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
      this.db.record({ kind: 'stats' });
    });
  }

  /** R53: sets the group and restarts the judge's finish counter (R25). */
  moveToGroup(target: Target, group: number): void {
    this.db.transaction(() => {
      if (group >= this.settings.read().num_groups) throw new ValidationError(INVALID_GROUP_NUMBER);
      const ids = this.requireAll(target).map((row) => row.id);
      this.judges.updateMany(ids, { group, group_finishes: 0 });
      this.audit.admin(targetLogLine(target, 'Moved', 'judge', ` to group ${group}`));
      this.db.record({ kind: 'judges' });
      for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
    });
  }

  /** R54: active general judges in creation order, then hidden ones, dealt round-robin. */
  reassignGroups(): void {
    this.db.transaction(() => {
      const { multi_group, num_groups } = this.settings.read();
      if (!multi_group) throw new ConflictError(MULTI_GROUP_NOT_ENABLED);
      if (this.clock.read().running) throw new ConflictError(PAUSE_BEFORE_REASSIGNING);
      const general = this.judges.all().filter((row) => row.track === '');
      const ordered = [
        ...general.filter((row) => row.active === 1),
        ...general.filter((row) => row.active === 0),
      ];
      ordered.forEach((row, i) => this.judges.update(row.id, { group: i % num_groups, group_finishes: 0 }));
      this.audit.admin('Reassigned judge groups');
      this.db.record({ kind: 'judges' });
      for (const row of ordered) this.db.record({ kind: 'judge', judgeId: row.id });
    });
  }

  /** `perGroup`: the active general judges of each group, counted again if not given; updated. */
  private insert(judge: NewJudge, perGroup = this.generalJudgesPerGroup()): JudgeRow {
    const group = judge.track === '' ? leastPopulatedGroup(perGroup) : 0;
    if (judge.track === '') perGroup[group] = (perGroup[group] ?? 0) + 1;
    const row: JudgeRow = {
      seq: 0,
      id: newId(),
      ...judge,
      email_key: judge.email.toLowerCase(),
      code: this.newCode(),
      group,
      active: 1,
      read_welcome: 0,
      current_project_id: null,
      last_location: null,
      group_finishes: 0,
      last_activity: 0,
    };
    const { seq: _seq, ...values } = row;
    this.judges.insert(values);
    this.db.record({ kind: 'judges' });
    this.db.record({ kind: 'stats' });
    return row;
  }

  /** R52: a new general judge joins the group with the fewest active ones, multi-group or not. */
  private generalJudgesPerGroup(): number[] {
    const counts = new Array<number>(this.settings.read().num_groups).fill(0);
    for (const row of this.judges.all()) {
      if (row.track === '' && row.active === 1 && row.group < counts.length) {
        counts[row.group] = (counts[row.group] ?? 0) + 1;
      }
    }
    return counts;
  }

  /** R2: 8 random digits, unique among judges. */
  private newCode(): string {
    for (;;) {
      const code = String(randomInt(10_000_000, 100_000_000));
      if (!this.judges.codeExists(code)) return code;
    }
  }

  /** R58: "" or a member of `tracks`. */
  private assertTrackExists(track: string): void {
    const { tracks } = this.settings.read();
    if (track !== '' && !tracks.includes(track)) throw new ValidationError(unknownTrack(track, tracks));
  }

  private assertEmailFree(email: string): void {
    if (this.emailTaken(email)) throw new ConflictError(JUDGE_EMAIL_EXISTS);
  }

  private sendLoginEmail(row: JudgeRow, baseUrl: string): void {
    this.mailer.sendLoginEmail({ name: row.name, email: row.email, code: row.code, baseUrl });
  }

  private require(id: string): JudgeRow {
    const row = this.judges.findById(id);
    if (row === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
    return row;
  }

  private requireAll(target: Target): JudgeRow[] {
    return targetIds(target).map((id) => this.require(id));
  }
}
