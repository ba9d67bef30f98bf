/**
 * Projects: adding (single and imports), editing, hiding, prioritizing, moving between tables
 * and groups, deleting, and the derived lists (API.md 3.1, 3.4, R43–R51, R60, R62, R63).
 */
import {
  GROUP_FULL_PROJECT,
  GROUP_FULL_PROJECTS,
  INVALID_GROUP_NUMBER,
  LOCATION_TAKEN,
  PAUSE_BEFORE_REASSIGNING,
  PROJECT_IN_IGNORED_TRACK,
  PROJECT_NOT_FOUND,
  type Project,
  type ProjectContent,
  type ProjectStats,
  type ProjectSummary,
} from '@podium/protocol';
import { ANY_WRITE, type Database } from '../db/database.js';
import { Derived } from '../db/derived.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { groupOfTable, lastTableOfGroup, tablesBefore } from '../judging/groups.js';
import type { ProjectRow } from '../repositories/project.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import { ProjectEstimator, type ProjectEstimates } from './project-estimates.js';
import {
  projectStats,
  projectSummary,
  readProjectViews,
  type ProjectViewsWithEstimates,
} from './project-views.js';
import { newId } from '../util/secrets.js';
import { PublicListVersions, type PublicListVersion } from './public-list-versions.js';
import { SerializedJson } from '../util/serialized-json.js';
import { targetIds, targetLogLine, type Target } from './target.js';

export interface ProjectServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'projects' | 'options' | 'clock' | 'criteria' | 'judges' | 'judging'>;
  auditLog: AuditLogService;
}

export class ProjectService {
  /** rank_score's fits (R34), refit only when the judgments change. */
  private readonly estimator: ProjectEstimator;
  /**
   * The public list, also serialised: every expo phone and lobby screen polls it, and it only
   * changes when a project or the hall layout (its areas, R94) does. Its recent versions are
   * kept, so that screens are sent what changed since the one they hold.
   */
  private readonly publicList: Derived<PublicListVersion>;
  private readonly publicVersions = new PublicListVersions();
  /**
   * The admin list, serialised once per write: every dashboard refetches it on each change, and
   * building it per read (and a copy of its JSON per response) is what ran the server out of
   * memory with many dashboards open.
   */
  private readonly adminList: Derived<SerializedJson>;
  private readonly adminRows: Derived<ProjectViewsWithEstimates>;
  private readonly db: Database;
  private readonly projects: Repositories['projects'];
  private readonly options: Repositories['options'];
  private readonly clock: Repositories['clock'];
  private readonly judging: Repositories['judging'];
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog }: ProjectServiceContext) {
    const { projects, options, clock, judging } = repositories;
    this.db = db;
    this.projects = projects;
    this.options = options;
    this.clock = clock;
    this.judging = judging;
    this.audit = auditLog;
    this.estimator = new ProjectEstimator(db, repositories);
    this.publicList = new Derived(db, ['projects', 'layout'], async () =>
      this.publicVersions.add((await projects.all()).filter((row) => row.active === 1).map(projectSummary)),
    );
    this.adminRows = new Derived(db, ANY_WRITE, () => readProjectViews(projects, this.estimator));
    this.adminList = new Derived(db, ANY_WRITE, async () => SerializedJson.of(await this.list()));
  }

  /** Every project with its derived counts and scores (4.4, R34); shared, do not modify. */
  async list(): Promise<readonly Project[]> {
    return (await this.adminRows.get()).projects;
  }

  /** `list()` as the JSON body of `GET /project/list`; shared, do not modify. */
  async listJson(): Promise<SerializedJson> {
    return await this.adminList.get();
  }

  /**
   * rank_score's estimates (R34) of the current judgments, with the verdicts and scores they were
   * fit to: `list()`'s own, kept with it until the next write; shared, do not modify.
   */
  async estimates(): Promise<ProjectEstimates> {
    return (await this.adminRows.get()).estimates;
  }

  /** Active projects for the public expo (3.1); shared, do not modify. */
  async listPublic(): Promise<readonly ProjectSummary[]> {
    return (await this.publicList.get()).projects;
  }

  /** `listPublic()` as the JSON body of `GET /project/list/public`. */
  async listPublicJson(): Promise<SerializedJson> {
    return (await this.publicList.get()).json;
  }

  /**
   * The body of `GET /project/list/public/changes`: what changed in the public list since the
   * revision `since`, or the whole list when this instance cannot bridge from it (or `since` is
   * absent).
   */
  async publicListChanges(since: string | undefined): Promise<SerializedJson> {
    return this.publicVersions.changes(await this.publicList.get(), since);
  }

  /** Any project, hidden included (3.2). */
  async summary(id: string): Promise<ProjectSummary> {
    return projectSummary(await this.require(id));
  }

  /** Distinct challenge names of active projects, in order of first appearance (3.1). */
  async challenges(): Promise<string[]> {
    const names = new Set<string>();
    for (const project of await this.listPublic()) for (const name of project.challenge_list) names.add(name);
    return [...names];
  }

  async stats(): Promise<ProjectStats> {
    return projectStats(await this.list(), await this.projects.generalRankings());
  }

  /** `POST /project/new` (R45): the next table after the highest. */
  async create(content: ProjectContent): Promise<string> {
    return await this.db.transaction(async () => {
      const ignored = await this.ignoredTracks();
      if (content.challenge_list.some((name) => ignored.includes(name))) {
        throw new ValidationError(PROJECT_IN_IGNORED_TRACK);
      }
      const [id] = await this.insertAll([content]);
      await this.audit.admin(`Added project ${content.name} (${id})`);
      return id as string;
    });
  }

  /** `PUT /project/:id`: only the given fields change. */
  async update(id: string, patch: Partial<ProjectContent>): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.require(id);
      const { challenge_list, ...text } = patch;
      const changes = Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined));
      await this.projects.update(id, {
        ...changes,
        ...(challenge_list === undefined ? {} : { challenge_list: JSON.stringify(challenge_list) }),
      });
      await this.audit.admin(`Edited project ${id}: ${patch.name ?? row.name}`);
      this.db.record({ kind: 'projects', public: true });
      await this.tellHolders([id]);
    });
  }

  /**
   * R63: the project leaves every judge's seen list, ranking and flagged list, its flags go, and
   * judges holding it hold nothing (foreign keys cascade; see the migration).
   */
  async delete(id: string): Promise<void> {
    await this.db.transaction(async () => {
      await this.require(id);
      const holders = await this.projects.holders([id]);
      const hadFlags = await this.projects.hasFlags(id);
      await this.projects.delete(id);
      await this.audit.admin(`Deleted project ${id}`);
      this.db.record({ kind: 'projects', public: true });
      if (hadFlags) this.db.record({ kind: 'flags' });
      this.db.record({ kind: 'judges' });
      for (const judgeId of holders) this.db.record({ kind: 'judge', judgeId });
      this.db.record({ kind: 'stats' });
    });
  }

  /**
   * R60. A single ID (the single route) or a batch of distinct IDs; the log line says which. The
   * projects' visibility is the organizer's from now on (issue 35): the undo of a judge's absent
   * skip that hid one of them (R20) leaves it as set here, or is refused while it is hidden.
   */
  async hide(target: Target, hide: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const ids = (await this.requireAll(target)).map((row) => row.id);
      for (const { judge_id, changes } of await this.judging.keptUndosOf(ids))
        if (changes.kind === 'skip' && changes.hid !== null && changes.hid.organizerSetVisibility !== true)
          await this.judging.setUndoChanges(judge_id, {
            ...changes,
            hid: { ...changes.hid, organizerSetVisibility: true },
          });
      await this.projects.updateMany(ids, { active: hide ? 0 : 1 });
      await this.audit.admin(targetLogLine(target, hide ? 'Hid' : 'Unhid', 'project'));
      this.db.record({ kind: 'projects', public: true });
      this.db.record({ kind: 'stats' });
    });
  }

  /** R62. */
  async prioritize(target: Target, prioritize: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const ids = (await this.requireAll(target)).map((row) => row.id);
      await this.projects.updateMany(ids, { prioritized: prioritize ? 1 : 0 });
      await this.audit.admin(targetLogLine(target, prioritize ? 'Prioritized' : 'Unprioritized', 'project'));
      this.db.record({ kind: 'projects', public: true });
    });
  }

  /** R46: refused when another project sits there; its own table is a no-op. */
  async moveToTable(id: string, location: number): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.require(id);
      if (row.location === location) return;
      if (await this.projects.locationTaken(location, id)) throw new ConflictError(LOCATION_TAKEN);
      const { group_sizes } = await this.options.read();
      await this.projects.update(id, { location, group: groupOfTable(location, group_sizes) });
      await this.audit.admin(`Moved project ${id} to table ${location}`);
      this.db.record({ kind: 'projects', public: true });
      await this.tellHolders([id]);
    });
  }

  /**
   * R47/R48: the projects not already in `group` get consecutive tables after the group's highest
   * (or from its first table); refused when that passes the group's last table (not the last group).
   */
  async moveToGroup(target: Target, group: number): Promise<void> {
    await this.db.transaction(async () => {
      const { num_groups, group_sizes } = await this.options.read();
      if (group >= num_groups) throw new ValidationError(INVALID_GROUP_NUMBER);
      const rows = await this.requireAll(target);
      const moving = rows.filter((row) => row.group !== group);
      if (moving.length === 0) return;
      const all = await this.projects.all();
      const inGroup = all.filter((row) => row.group === group).map((row) => row.location);
      const first = inGroup.length > 0 ? Math.max(...inGroup) + 1 : tablesBefore(group, group_sizes) + 1;
      const last = lastTableOfGroup(group, group_sizes);
      if (last !== undefined && first + moving.length - 1 > last) {
        throw new ConflictError(typeof target === 'string' ? GROUP_FULL_PROJECT : GROUP_FULL_PROJECTS);
      }
      for (const [i, row] of moving.entries()) {
        const location = first + i;
        await this.projects.update(row.id, { location, group: groupOfTable(location, group_sizes) });
      }
      await this.audit.admin(targetLogLine(target, 'Moved', 'project', ` to group ${group}`));
      this.db.record({ kind: 'projects', public: true });
      await this.tellHolders(moving.map((row) => row.id));
    });
  }

  /** R49: tables 1..N in current order; refused while the clock runs. */
  async reassignTables(): Promise<void> {
    await this.db.transaction(async () => {
      if ((await this.clock.read()).running) throw new ConflictError(PAUSE_BEFORE_REASSIGNING);
      const { group_sizes } = await this.options.read();
      const moved: string[] = [];
      for (const [i, row] of (await this.projects.all()).entries()) {
        const location = i + 1;
        if (row.location !== location) moved.push(row.id);
        await this.projects.update(row.id, { location, group: groupOfTable(location, group_sizes) });
      }
      await this.audit.admin('Reassigned project numbers');
      this.db.record({ kind: 'projects', public: true });
      await this.tellHolders(moved);
    });
  }

  /**
   * R44/R50: every project's group from its table after the group sizes changed (inside the
   * caller's transaction).
   */
  async recomputeGroups(groupSizes: readonly number[]): Promise<void> {
    let changed = false;
    for (const row of await this.projects.all()) {
      const group = groupOfTable(row.location, groupSizes);
      if (group === row.group) continue;
      await this.projects.update(row.id, { group });
      changed = true;
    }
    if (changed) this.db.record({ kind: 'projects', public: true });
  }

  private async ignoredTracks(): Promise<string[]> {
    return (await this.options.read()).ignore_tracks;
  }

  private async insertAll(rows: readonly ProjectContent[]): Promise<string[]> {
    const { group_sizes } = await this.options.read();
    let location = await this.projects.maxLocation();
    const ids: string[] = [];
    for (const content of rows) {
      const id = newId();
      location += 1;
      await this.projects.insert({
        id,
        ...content,
        challenge_list: JSON.stringify(content.challenge_list),
        location,
        group: groupOfTable(location, group_sizes),
        active: 1,
        prioritized: 0,
        last_activity: 0,
      });
      ids.push(id);
    }
    if (ids.length > 0) {
      this.db.record({ kind: 'projects', public: true });
      this.db.record({ kind: 'stats' });
    }
    return ids;
  }

  /**
   * Judges holding one of these projects see its name, table and description on their live page:
   * they read it again (`judge.updated`, docs/api-extensions.md).
   */
  private async tellHolders(ids: readonly string[]): Promise<void> {
    for (const judgeId of await this.projects.holders(ids)) this.db.record({ kind: 'judge', judgeId });
  }

  private async require(id: string): Promise<ProjectRow> {
    const row = await this.projects.findById(id);
    if (row === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
    return row;
  }

  /** Every project of the target, or 404 before anything changes (batches are all or nothing). */
  private async requireAll(target: Target): Promise<ProjectRow[]> {
    const rows: ProjectRow[] = [];
    for (const id of targetIds(target)) rows.push(await this.require(id));
    return rows;
  }
}
