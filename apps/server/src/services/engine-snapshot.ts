/**
 * The event as the judging engine sees it (R7–R13), read inside the `next` transaction.
 * Projects are cached until a write moves their revision and view counts are kept up to date
 * from the views finished since (db/derived.ts), so a `next` reads only what changed and who
 * holds what. The rank_score estimate for R13 is refit now and then.
 */
import { hallPositions, type HallPositions } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { Derived } from '../db/derived.js';
import type { EngineProject, EngineSnapshot } from '../judging/assignment.js';
import { RankScoreCache, verdictsFrom, type ProjectEstimate } from '../judging/rank-score.js';
import type { StoredSettings } from '../repositories/options.repository.js';
import type { Repositories } from '../repositories/index.js';
import { countsByTrack } from './project-views.js';

/**
 * The estimate is refit once this share of the active general judges finished a visit since the
 * last fit (what `npm run bench:judging` measured), and at most this often: a fit at 600 projects
 * × 100 judges takes tens of milliseconds, which must stay rare on the request path.
 */
const REFIT_SHARE_OF_JUDGES = 0.5;
const REFIT_MIN_INTERVAL_MS = 10_000;

const NO_CONFLICTS: ReadonlySet<string> = new Set();

/** A project as the engine sees it, but for its view counts. */
type ProjectBase = Omit<EngineProject, 'seen' | 'trackSeen'> & {
  /** For the audit line of an assignment, which then needs no read of its own. */
  name: string;
};

/** The engine's projects, built once per change of the projects and then kept counting views. */
interface Built {
  rows: readonly ProjectBase[];
  removals: string;
  projects: EngineProject[];
  byId: Map<string, ProjectBase & { seen: number; trackSeen: Record<string, number> }>;
  lastSeq: number;
}

export interface EngineSnapshotsContext {
  db: Database;
  /**
   * Projects and judges; the hall layout, for the walking distance of R93; conflicts of interest
   * (issue 24), never eligible for their judge.
   */
  repositories: Pick<Repositories, 'projects' | 'judges' | 'layout' | 'conflicts'>;
  now: () => number;
}

export class EngineSnapshots {
  private readonly db: Database;
  private readonly projectRows: Repositories['projects'];
  private readonly judgeRows: Repositories['judges'];
  private readonly now: () => number;
  private readonly rows: Derived<ProjectBase[]>;
  /** Reloaded when the layout is replaced (its revision counter, migration 005). */
  private readonly positions: Derived<HallPositions>;
  /** Every judge's conflicts, reloaded after a write to them (their revision counter, migration 011). */
  private readonly conflicts: Derived<ReadonlyMap<string, ReadonlySet<string>>>;
  private built: Built | undefined;
  private readonly rankScores = new RankScoreCache({ tolerance: 1e-2 });
  private estimate: { map: ReadonlyMap<string, ProjectEstimate>; at: number } | undefined;

  constructor({ db, repositories, now }: EngineSnapshotsContext) {
    const { projects: projectRows, judges: judgeRows, layout, conflicts } = repositories;
    this.db = db;
    this.projectRows = projectRows;
    this.judgeRows = judgeRows;
    this.now = now;
    this.positions = new Derived(db, ['layout'], async () => hallPositions(await layout.all()));
    this.conflicts = new Derived(db, ['conflicts'], () => conflicts.byJudge());
    this.rows = new Derived(db, ['projects'], async () =>
      (await projectRows.engineRows()).map((row) => ({
        id: row.id,
        name: row.name,
        location: row.location,
        group: row.group,
        active: row.active === 1,
        prioritized: row.prioritized === 1,
        challenges: JSON.parse(row.challenge_list) as string[],
      })),
    );
  }

  /**
   * Every project with its view counts (R30), by location; shared, do not modify. Views are
   * counted once and then extended by those finished since (their `seq` only grows); everything
   * is rebuilt when a project changed, a view was removed or a transaction rolled back.
   */
  async allProjects(): Promise<readonly EngineProject[]> {
    const rows = await this.rows.get();
    const removals = await this.db.revisionKey(['view_removals']);
    let built = this.built;
    if (built === undefined || built.rows !== rows || built.removals !== removals) {
      const projects = rows.map((row) => ({ ...row, seen: 0, trackSeen: countsByTrack() }));
      built = { rows, removals, projects, byId: new Map(projects.map((p) => [p.id, p])), lastSeq: 0 };
      this.built = built;
    }
    for (const { seq, project_id, track } of await this.projectRows.viewsAfter(built.lastSeq)) {
      // Callers may read at once (one outside a transaction beside a `next`): a view another
      // one counted meanwhile is not counted again.
      if (seq <= built.lastSeq) continue;
      const project = built.byId.get(project_id);
      if (project !== undefined && track === '') project.seen += 1;
      else if (project !== undefined) project.trackSeen[track] = (project.trackSeen[track] ?? 0) + 1;
      built.lastSeq = seq;
    }
    return built.projects;
  }

  /** Project `id` as the last `allProjects` saw it (inside a transaction: as it is now). */
  projectSeen(id: string): Readonly<ProjectBase> | undefined {
    return this.built?.byId.get(id);
  }

  /** The projects the judge must never be assigned (issue 24); shared, do not modify. */
  async conflictsOf(judgeId: string): Promise<ReadonlySet<string>> {
    return (await this.conflicts.get()).get(judgeId) ?? NO_CONFLICTS;
  }

  /** The snapshot for one assignment; `forGeneralJudge` asks for R13's estimate too. */
  async read(settings: StoredSettings, forGeneralJudge: boolean): Promise<EngineSnapshot> {
    const [projects, holders, positions] = await Promise.all([
      this.allProjects(),
      this.judgeRows.holders(),
      this.positions.get(),
    ]);
    return {
      projects,
      judges: holders.map((row) => ({
        id: row.id,
        track: row.track,
        group: row.group,
        active: row.active === 1,
        current: row.current_project_id,
      })),
      options: {
        minViews: settings.min_views,
        multiGroup: settings.multi_group,
        numGroups: settings.num_groups,
        judgeTracks: settings.judge_tracks,
        tracks: settings.tracks,
        trackViews: settings.track_views,
      },
      estimate: forGeneralJudge ? await this.recentEstimate(projects, settings.min_views) : undefined,
      positions,
    };
  }

  /**
   * R13 uses an estimate only once candidates have min_views, so none is fitted before some
   * active project has them. Afterwards `recent` keeps the last fit until half the active general
   * judges finished a visit (as `npm run bench:judging` measured it), and the judgments are read
   * only then; a refit also waits the minimum interval.
   */
  private async recentEstimate(
    projects: readonly EngineProject[],
    minViews: number,
  ): Promise<ReadonlyMap<string, ProjectEstimate> | undefined> {
    if (!projects.some((p) => p.active && p.seen >= minViews)) return undefined;
    const now = this.now();
    if (this.estimate !== undefined && now - this.estimate.at < REFIT_MIN_INTERVAL_MS)
      return this.estimate.map;
    const views = projects.reduce((total, p) => total + p.seen, 0);
    const staleViews = Math.max(1, REFIT_SHARE_OF_JUDGES * (await this.judgeRows.countActiveGeneral()));
    const fit = await this.rankScores.recent(
      views,
      async () => verdictsFrom(await this.projectRows.views(), await this.projectRows.generalRankings()),
      staleViews,
    );
    if (fit.projects !== this.estimate?.map) this.estimate = { map: fit.projects, at: now };
    return fit.projects;
  }
}
