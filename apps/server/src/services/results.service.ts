/**
 * The Results view and its export (docs/api-extensions.md, "Results and deliberation"): the
 * rank_score order (R34) with the prize odds of judging/results.ts, each general judge's
 * reliability, and the track prizes' stars and views. Admin only.
 *
 * The estimates are the project list's own (ProjectService.estimates: the rankings, the
 * calibrated criteria scores or both, refit only when the judgments change) and the odds are kept until the standings they were drawn for change, so a projector
 * refreshing after every event costs neither a refit nor new draws.
 */
import type {
  CriteriaScores,
  JudgePace,
  JudgeAdmin,
  Project,
  ProjectOdds,
  Results,
  ResultsJudge,
  ResultsProject,
  ResultsTrack,
} from '@podium/protocol';
import { byRankScore, inPrizeOrder } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { toCsv, zipFiles, type Cell } from '../io/csv-export.js';
import type { BasisEstimate, WeightedEstimate } from '../judging/criteria-scores.js';
import {
  MAX_LOOKS,
  PLACES,
  SD_SCALE,
  judgeReviews,
  prizeOdds,
  type JudgeReview,
  samplesFor,
  type Standing,
} from '../judging/results.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { CriteriaService } from './criteria.service.js';
import { criteriaColumns, criteriaScoresView, habitColumns } from './criteria-views.js';
import { fitStoredScores } from './project-estimates.js';
import type { JudgePaceService } from './judge-pace.service.js';
import type { JudgeService } from './judge.service.js';
import { rankedThenUnranked } from './judge-views.js';
import { roundScore } from './project-views.js';
import type { ProjectService } from './project.service.js';

export interface ResultsContext {
  db: Database;
  projects: ProjectService;
  judges: JudgeService;
  judgePace: JudgePaceService;
  criteria: CriteriaService;
  repositories: Pick<Repositories, 'flags' | 'judging' | 'options' | 'criteria'>;
  auditLog: AuditLogService;
  now: () => number;
}

export class ResultsService {
  private odds: { key: string; value: ProjectOdds[] } | undefined;

  private readonly db: Database;
  private readonly projects: ProjectService;
  private readonly judges: JudgeService;
  private readonly judgePace: JudgePaceService;
  private readonly criteria: CriteriaService;
  private readonly repositories: ResultsContext['repositories'];
  private readonly audit: AuditLogService;
  private readonly now: () => number;

  constructor({ db, projects, judges, judgePace, criteria, repositories, auditLog, now }: ResultsContext) {
    this.db = db;
    this.projects = projects;
    this.judges = judges;
    this.judgePace = judgePace;
    this.criteria = criteria;
    this.repositories = repositories;
    this.audit = auditLog;
    this.now = now;
  }

  /** `GET /admin/results`. */
  async results(): Promise<Results> {
    const list = await this.projects.list();
    const paces = new Map((await this.judgePace.pace()).judges.map((pace) => [pace.judge_id, pace]));
    const { verdicts, rankFit, estimate } = await this.projects.estimates();
    const reviews = new Map(judgeReviews(verdicts, rankFit).map((review) => [review.judge, review]));
    return {
      generated_at: this.now(),
      places: PLACES,
      samples: samplesFor(list.filter((project) => project.active).length),
      sd_scale: SD_SCALE,
      max_looks: MAX_LOOKS,
      projects: await this.ranking(list, estimate ?? { projects: new Map(), priorSd: rankFit.priorSd }),
      judges: (await this.judges.list())
        .filter((judge) => judge.track === '')
        .map((judge) => resultsJudge(judge, reviews.get(judge.id), paces.get(judge.id))),
      tracks: await this.tracks(list),
    };
  }

  /** `GET /admin/criteria/scores` (issue 34), from rank_score's own fit (ProjectService.estimates). */
  async criteriaScores(): Promise<CriteriaScores> {
    return criteriaScoresView(
      await this.projects.list(),
      await this.judges.list(),
      await this.projects.estimates(),
      await this.criteria.all(),
    );
  }

  /**
   * `GET /admin/export/results`: results.zip with projects.csv, judges.csv, tracks.csv and
   * judge-rankings.csv; while criteria exist, the projects' criteria scores and the judges'
   * scoring habits too.
   */
  async exportZip(): Promise<Buffer> {
    const results = await this.results();
    const scores = await this.criteriaScores();
    const [criteria, habits] = [criteriaColumns(scores), habitColumns(scores)];
    const finishedAt = new Map(
      (await this.repositories.judging.finishes()).map((finish) => [
        `${finish.judge_id}:${finish.project_id}`,
        finish.finished_at,
      ]),
    );
    const setAside = await this.judges.setAsideIds();
    const judgeRankings = (await this.judges.list())
      .filter((judge) => !setAside.has(judge.id))
      .flatMap((judge) => judgeRankingRows(judge, (projectId) => finishedAt.get(`${judge.id}:${projectId}`)));
    await this.db.transaction(() => this.audit.admin('Exported results to CSV'));
    return zipFiles([
      {
        name: 'projects.csv',
        content: toCsv(
          [...PROJECTS_HEADER, ...criteria.header],
          results.projects.map((project) => [...projectCells(project), ...criteria.cells(project)]),
        ),
      },
      {
        name: 'judges.csv',
        content: toCsv(
          [...JUDGES_HEADER, ...habits.header],
          results.judges.map((judge) => [...judgeCells(judge), ...habits.cells(judge)]),
        ),
      },
      { name: 'tracks.csv', content: tracksCsv(results.tracks) },
      { name: 'judge-rankings.csv', content: toCsv(JUDGE_RANKINGS_HEADER, judgeRankings) },
    ]);
  }

  /** Active projects (judged ones by rank, then unseen ones) with their odds, then hidden ones. */
  private async ranking(
    list: readonly Project[],
    estimate: Pick<BasisEstimate, 'projects' | 'priorSd'>,
  ): Promise<ResultsProject[]> {
    const flags = new Map<string, number>();
    for (const flag of await this.repositories.flags.all()) {
      if (flag.reason !== 'busy') flags.set(flag.project_id, (flags.get(flag.project_id) ?? 0) + 1);
    }
    const active = inPrizeOrder(list);
    const hidden = list.filter((project) => !project.active).sort(byRankScore);
    const odds = this.oddsFor(
      active.map((project) => ({
        id: project.id,
        score: estimate.projects.get(project.id)?.score ?? 0,
        sd: estimate.projects.get(project.id)?.sd ?? estimate.priorSd,
        views: project.seen,
      })),
      estimate.priorSd,
    );
    const row = (project: Project, rank: number | null, projectOdds: ProjectOdds | null) => ({
      id: project.id,
      name: project.name,
      location: project.location,
      active: project.active,
      prioritized: project.prioritized,
      rank,
      rank_score: project.rank_score ?? 0,
      score: project.score,
      seen: project.seen,
      stars: project.stars,
      flags: flags.get(project.id) ?? 0,
      last_activity: project.last_activity,
      odds: projectOdds,
    });
    // A project no general judge has seen has only the prior's odds, which say nothing of it: it
    // is listed as not judged yet (no odds, no contender: the assignment gives it first anyway),
    // and still counts in the others' draws, since it may yet beat them.
    return [
      ...active.map((project, i) => row(project, i + 1, project.seen === 0 ? null : (odds[i] ?? null))),
      ...hidden.map((project) => row(project, null, null)),
    ];
  }

  /**
   * Each track of `tracks` (R57) with its projects; once criteria exist, each track's projects'
   * weighted calibrated score from that track's judges' scores (issue 34).
   */
  private async tracks(list: readonly Project[]): Promise<ResultsTrack[]> {
    const criteria = await this.criteria.all();
    const tracks: ResultsTrack[] = [];
    for (const track of (await this.repositories.options.read()).tracks) {
      const entered = list.filter((project) => project.challenge_list.includes(track));
      const scores = criteria.length === 0 ? [] : await this.repositories.criteria.scoresOfTrack(track);
      const fit =
        scores.length === 0
          ? undefined
          : fitStoredScores(
              criteria,
              scores,
              entered.map((project) => project.id),
            );
      tracks.push(resultsTrack(track, entered, (id) => fit?.projects.get(id)?.weighted));
    }
    return tracks;
  }

  /** The odds of these standings: drawn again only when a standing changed. */
  private oddsFor(standings: readonly Standing[], priorSd: number): ProjectOdds[] {
    const key = standings.map((s) => `${s.id}:${s.score}:${s.sd}:${s.views}`).join(';');
    if (this.odds?.key === key) return this.odds.value;
    const value = prizeOdds(standings, { priorSd }).map((odds) => ({
      p_first: odds.pFirst,
      p_top: odds.pTop,
      rank_low: odds.rankLow,
      rank_high: odds.rankHigh,
      score_low: roundScore(odds.scoreLow),
      score_high: roundScore(odds.scoreHigh),
      contender: odds.contender,
      open: odds.open,
      more_looks: odds.moreLooks,
    }));
    this.odds = { key, value };
    return value;
  }
}

function resultsJudge(
  judge: JudgeAdmin,
  review: JudgeReview | undefined,
  pace: JudgePace | undefined,
): ResultsJudge {
  return {
    id: judge.id,
    name: judge.name,
    active: judge.active,
    seen: judge.seen,
    ranked: judge.rankings.length,
    comparisons: review?.comparisons ?? 0,
    reliability: review?.reliability == null ? null : roundScore(review.reliability),
    agreement: review?.agreement == null ? null : roundScore(review.agreement),
    worth_a_word: review?.worthAWord ?? false,
    pace: pace?.marks ?? [],
    replaced: (pace?.replaced_at ?? null) !== null,
    judgments_count: pace?.judgments_count ?? true,
    last_activity: judge.last_activity,
  };
}

/**
 * The track's projects (`entered`), by criteria score once there is one, then stars and table. The
 * order rests on the unbounded quality: projects beyond the top of the scales show 100 % each but
 * keep their order.
 */
function resultsTrack(
  track: string,
  entered: readonly Project[],
  weightedOf: (id: string) => WeightedEstimate | undefined,
): ResultsTrack {
  const projects = entered
    .map((project) => {
      const weighted = weightedOf(project.id);
      const calibrated = weighted?.calibrated ?? null;
      const entry = {
        id: project.id,
        name: project.name,
        location: project.location,
        active: project.active,
        track_seen: project.track_seen[track] ?? 0,
        track_stars: project.track_stars[track] ?? 0,
        criteria_score: calibrated === null ? null : roundScore(100 * calibrated),
      };
      return { entry, quality: weighted?.quality ?? null };
    })
    .sort(
      (a, b) =>
        byQuality(a.quality, b.quality) ||
        b.entry.track_stars - a.entry.track_stars ||
        a.entry.location - b.entry.location,
    )
    .map(({ entry }) => entry);
  return { track, projects };
}

/** Higher quality first, projects without one last; 0 between two without (the next key decides). */
function byQuality(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return b - a;
}

/** ISO 8601 in UTC (R76's form), empty for "never" (0). */
const isoTime = (ms: number): string => (ms === 0 ? '' : new Date(ms).toISOString());
const optional = (value: number | null | undefined): Cell => value ?? '';

const PROJECTS_HEADER = [
  'Rank',
  'Name',
  'Table',
  'RankScore',
  'RankLow',
  'RankHigh',
  'ScoreLow',
  'ScoreHigh',
  'PTop10',
  'PFirst',
  'Contender',
  'OpenFor',
  'MoreLooks',
  'Seen',
  'Stars',
  'Flags',
  'Active',
  'Prioritized',
  'Copeland',
  'LastActivity',
];
const JUDGES_HEADER = [
  'Name',
  'Active',
  'Seen',
  'Ranked',
  'Comparisons',
  'Reliability',
  'Agreement',
  'WorthAWord',
  'LastActivity',
];
const TRACKS_HEADER = ['Track', 'Name', 'Table', 'Active', 'TrackSeen', 'TrackStars'];
const JUDGE_RANKINGS_HEADER = ['Judge', 'Code', 'Rank', 'Table', 'Project', 'Finished'];

function projectCells(project: ResultsProject): Cell[] {
  const { odds } = project;
  return [
    optional(project.rank),
    project.name,
    `Table ${project.location}`,
    project.rank_score,
    optional(odds?.rank_low),
    optional(odds?.rank_high),
    optional(odds?.score_low),
    optional(odds?.score_high),
    optional(odds?.p_top),
    optional(odds?.p_first),
    odds?.contender ?? false,
    (odds?.open ?? []).join('+'),
    optional(odds?.more_looks),
    project.seen,
    project.stars,
    project.flags,
    project.active,
    project.prioritized,
    project.score,
    isoTime(project.last_activity),
  ];
}

function judgeCells(judge: ResultsJudge): Cell[] {
  return [
    judge.name,
    judge.active,
    judge.seen,
    judge.ranked,
    judge.comparisons,
    optional(judge.reliability),
    optional(judge.agreement),
    judge.worth_a_word,
    isoTime(judge.last_activity),
  ];
}

/** tracks.csv; a `CriteriaScore` column once a track's judges gave criterion scores (issue 34). */
function tracksCsv(tracks: readonly ResultsTrack[]): string {
  const scored = tracks.some((track) => track.projects.some((project) => project.criteria_score !== null));
  const rows = tracks.flatMap((track) =>
    track.projects.map((project) => [
      track.track,
      project.name,
      `Table ${project.location}`,
      project.active,
      project.track_seen,
      project.track_stars,
      ...(scored ? [optional(project.criteria_score)] : []),
    ]),
  );
  return toCsv(scored ? [...TRACKS_HEADER, 'CriteriaScore'] : TRACKS_HEADER, rows);
}

/**
 * judge-rankings.csv's rows of one judge: its ranked projects in rank order, then its seen but
 * unranked ones in finish order (rankings.csv's R81 order, with names and times instead of tables only).
 */
function judgeRankingRows(
  judge: JudgeAdmin,
  finishedAt: (projectId: string) => number | undefined,
): Cell[][] {
  const { ranked, unranked } = rankedThenUnranked(judge);
  const ranks = new Map(ranked.map((seen, i) => [seen.project_id, i + 1]));
  return [...ranked, ...unranked].map((seen) => [
    judge.name,
    judge.code,
    optional(ranks.get(seen.project_id)),
    `Table ${seen.location}`,
    seen.name,
    isoTime(finishedAt(seen.project_id) ?? 0),
  ]);
}
