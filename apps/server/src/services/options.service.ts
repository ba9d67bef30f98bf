/**
 * Settings (API.md 3.5, 4.7, R51, R55, R57, R87–R89). The schemas of the protocol checked every
 * field on its own; here are the rules that need the stored state: counts that must match, the
 * lock while judging runs (R88), and the side effects of R89.
 */
import {
  DEFAULT_GROUP_SIZE,
  DEFAULT_TRACK_VIEWS,
  GROUP_SWAP_NOT_ALLOWED,
  PAUSE_BEFORE_CHANGING_SETTING,
  SETTINGS_ERRORS,
  defaultGroupName,
  type GroupInfo,
  type Options,
  type OptionsChanges,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError, ValidationError } from '../errors.js';
import { groupTableNumbers } from '../judging/groups.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { ClockService } from './clock.service.js';
import type { ProjectService } from './project.service.js';
import type { QrService } from './qr.service.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface OptionsServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'options' | 'projects' | 'judges'>;
  auditLog: AuditLogService;
  projects: ProjectService;
  clock: ClockService;
  qr: QrService;
}

export class OptionsService {
  private readonly db: Database;
  private readonly options: Repositories['options'];
  private readonly projectRows: Repositories['projects'];
  private readonly judgeRows: Repositories['judges'];
  private readonly projects: ProjectService;
  private readonly clock: ClockService;
  private readonly qr: QrService;
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog, projects, clock, qr }: OptionsServiceContext) {
    this.db = db;
    this.options = repositories.options;
    this.projectRows = repositories.projects;
    this.judgeRows = repositories.judges;
    this.projects = projects;
    this.clock = clock;
    this.qr = qr;
    this.audit = auditLog;
  }

  /** Options (4.7) with the clock and the fields derived from the projects (R51). */
  async get(): Promise<Options> {
    const settings = await this.options.read();
    const locations = (await this.projectRows.all()).map((row) => row.location);
    return {
      ...settings,
      clock: await this.clock.state(),
      curr_table_num: locations.length === 0 ? 0 : Math.max(...locations),
      group_table_nums: groupTableNumbers(locations, settings.group_sizes),
    };
  }

  /** `GET /group-info`: whether groups are on, and their names (for the expo). */
  async groupInfo(): Promise<GroupInfo> {
    const { multi_group, group_names } = await this.options.read();
    return { enabled: multi_group, names: group_names };
  }

  async judgingTimer(): Promise<number> {
    return (await this.options.read()).judging_timer;
  }

  async deliberation(): Promise<boolean> {
    return (await this.options.read()).deliberation;
  }

  /** `POST /admin/options`: every present field validated, then all applied together (R87). */
  async update(update: OptionsChanges): Promise<void> {
    const applied = Object.fromEntries(
      Object.entries(update).filter(([, v]) => v !== undefined),
    ) as OptionsChanges;
    if (Object.keys(applied).length === 0) return;
    await this.db.transaction(async () => {
      const current = await this.options.read();
      if (applied.group_names !== undefined && applied.group_names.length !== current.num_groups) {
        throw new ValidationError(SETTINGS_ERRORS.groupNamesCount);
      }
      await this.assertUnlocked(
        (applied.multi_group !== undefined && applied.multi_group !== current.multi_group) ||
          (applied.judge_tracks !== undefined && applied.judge_tracks !== current.judge_tracks),
      );
      await this.options.write(applied);
      await this.audit.admin(`Updated options: ${JSON.stringify(applied)}`);
      const expoSees =
        (applied.multi_group !== undefined && applied.multi_group !== current.multi_group) ||
        (applied.group_names !== undefined && !sameJson(applied.group_names, current.group_names));
      this.db.record({ kind: 'options', public: expoSees });
      // rank_score rests on it (the admin list, Results).
      if (applied.results_basis !== undefined && applied.results_basis !== current.results_basis)
        this.db.record({ kind: 'projects', public: false });
    });
  }

  /** R57: views follow their track by name (new tracks get 3); a removed track loses its QR code. */
  async setTracks(tracks: string[]): Promise<void> {
    await this.db.transaction(async () => {
      const current = await this.options.read();
      await this.assertUnlocked(!sameJson(tracks, current.tracks));
      const views = new Map(
        current.tracks.map((track, i) => [track, current.track_views[i] ?? DEFAULT_TRACK_VIEWS]),
      );
      await this.options.write({
        tracks,
        track_views: tracks.map((track) => views.get(track) ?? DEFAULT_TRACK_VIEWS),
      });
      for (const removed of current.tracks.filter((track) => !tracks.includes(track)))
        await this.qr.forgetTrack(removed);
      await this.audit.admin(`Updated tracks to ${JSON.stringify(tracks)}`);
      this.db.record({ kind: 'options', public: false });
    });
  }

  /** Allowed while judging runs (R88). */
  async setTrackViews(trackViews: number[]): Promise<void> {
    await this.db.transaction(async () => {
      if (trackViews.length !== (await this.options.read()).tracks.length) {
        throw new ValidationError(SETTINGS_ERRORS.trackViewsCount);
      }
      await this.options.write({ track_views: trackViews });
      await this.audit.admin(`Updated track views to ${JSON.stringify(trackViews)}`);
      this.db.record({ kind: 'options', public: false });
    });
  }

  /** R89: resizes sizes and names, folds judges of removed groups back, regroups projects. */
  async setNumGroups(numGroups: number): Promise<void> {
    await this.db.transaction(async () => {
      const current = await this.options.read();
      await this.assertUnlocked(numGroups !== current.num_groups);
      const group_sizes = Array.from(
        { length: numGroups },
        (_, g) => current.group_sizes[g] ?? DEFAULT_GROUP_SIZE,
      );
      const group_names = Array.from(
        { length: numGroups },
        (_, g) => current.group_names[g] ?? defaultGroupName(g + 1),
      );
      await this.options.write({ num_groups: numGroups, group_sizes, group_names });
      let judgesMoved = false;
      for (const judge of await this.judgeRows.all()) {
        if (judge.group < numGroups) continue;
        await this.judgeRows.update(judge.id, { group: judge.group % numGroups, group_finishes: 0 });
        this.db.record({ kind: 'judge', judgeId: judge.id });
        judgesMoved = true;
      }
      if (judgesMoved) this.db.record({ kind: 'judges' });
      await this.projects.recomputeGroups(group_sizes);
      await this.audit.admin(`Set num groups to ${numGroups}`);
      this.db.record({ kind: 'options', public: !sameJson(group_names, current.group_names) });
    });
  }

  async setGroupSizes(groupSizes: number[]): Promise<void> {
    await this.db.transaction(async () => {
      const current = await this.options.read();
      if (groupSizes.length !== current.num_groups)
        throw new ValidationError(SETTINGS_ERRORS.groupSizesCount);
      await this.assertUnlocked(!sameJson(groupSizes, current.group_sizes));
      await this.options.write({ group_sizes: groupSizes });
      await this.projects.recomputeGroups(groupSizes);
      await this.audit.admin(`Set group sizes to ${JSON.stringify(groupSizes)}`);
      this.db.record({ kind: 'options', public: false });
    });
  }

  /** R68; takes effect at once because the limiter reads the setting on every login (R70). */
  async setBlockRequests(block: boolean): Promise<void> {
    await this.db.transaction(async () => {
      await this.options.write({ block_reqs: block });
      await this.audit.admin(`Updated block requests to ${block}`);
      this.db.record({ kind: 'options', public: false });
    });
  }

  async setMaxRequests(max: number): Promise<void> {
    await this.db.transaction(async () => {
      await this.options.write({ max_req_per_min: max });
      await this.audit.admin(`Updated max requests to ${max}`);
      this.db.record({ kind: 'options', public: false });
    });
  }

  /** R55: every judge to the next group, in manual multi-group mode only; allowed while running. */
  async swapGroups(): Promise<void> {
    await this.db.transaction(async () => {
      const { multi_group, switching_mode, num_groups, manual_switches } = await this.options.read();
      if (!multi_group || switching_mode !== 'manual') throw new ConflictError(GROUP_SWAP_NOT_ALLOWED);
      for (const judge of await this.judgeRows.all()) {
        await this.judgeRows.update(judge.id, { group: (judge.group + 1) % num_groups, group_finishes: 0 });
        this.db.record({ kind: 'judge', judgeId: judge.id });
      }
      await this.options.write({ manual_switches: manual_switches + 1 });
      await this.audit.admin('Swapped judge groups');
      this.db.record({ kind: 'options', public: false });
      this.db.record({ kind: 'judges' });
    });
  }

  /** R88: a change of a locked setting is refused while the clock runs. */
  private async assertUnlocked(changes: boolean): Promise<void> {
    if (changes && (await this.clock.running())) throw new ConflictError(PAUSE_BEFORE_CHANGING_SETTING);
  }
}
