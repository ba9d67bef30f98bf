/**
 * The files of the exports (R79–R82): judges, projects with scores, rankings, and one CSV per
 * challenge in a ZIP, built from the same views as the admin lists, in the export worker
 * (`export-worker.ts`) or, for a small event, in place (`export.service.ts`); they come out as
 * a stream of pieces.
 */
import { Readable } from 'node:stream';
import type { CriteriaScores, JudgeAdmin, Project } from '@podium/protocol';
import { ANY_WRITE, type Database } from '../../db/database.js';
import { Derived } from '../../db/derived.js';
import { challengeEntryNames, csvChunks, zipStream, type Cell, type ZipEntry } from '../../io/csv-export.js';
import { CriteriaRepository, type CriterionScoreRow } from '../../repositories/criteria.repository.js';
import { JudgeRepository } from '../../repositories/judge.repository.js';
import { OptionsRepository } from '../../repositories/options.repository.js';
import { ProjectRepository } from '../../repositories/project.repository.js';
import { rankedThenUnranked, readJudgeAdminViews, readSetAsideJudgeIds } from '../judge-views.js';
import { criteriaColumns, criteriaScoresView } from '../criteria-views.js';
import { ProjectEstimator } from '../project-estimates.js';
import { readProjectViews } from '../project-views.js';

export type ExportKind = 'judges' | 'projects' | 'rankings' | 'challenges' | 'scores';

/** What the exports read; `exportSources` makes them. */
export interface ExportSources {
  /** Every project as the admin list shows it (4.4). */
  projects: () => Promise<readonly Project[]>;
  /** Every judge as the admin list shows it (4.2). */
  judges: () => Promise<readonly JudgeAdmin[]>;
  /** The judges replaced with their judgments set aside (issue 24). */
  setAsideJudges: () => Promise<ReadonlySet<string>>;
  options: OptionsRepository;
  /** The criteria and every project's scores (issue 34), as `GET /admin/criteria/scores` gives them. */
  criteriaScores: () => Promise<CriteriaScores>;
  /** Every judge's criterion scores (issue 34). */
  scores: () => Promise<readonly CriterionScoreRow[]>;
  /** Runs the reads of one export on one consistent snapshot of the database. */
  snapshot: <T>(read: () => Promise<T>) => Promise<T>;
}

/**
 * The export worker's sources over its own connection, nothing else (an export built in place
 * reads the services' lists instead). Each list is kept until the next write, so back-to-back
 * exports (projects.csv, then the challenges' ZIP) build it once.
 */
export function exportSources(db: Database): ExportSources {
  const projects = new ProjectRepository(db);
  const judges = new JudgeRepository(db);
  const options = new OptionsRepository(db);
  const criteria = new CriteriaRepository(db);
  const estimator = new ProjectEstimator(db, { projects, criteria, options, judges });
  const projectList = new Derived(db, ANY_WRITE, () => readProjectViews(projects, estimator));
  const judgeList = new Derived(db, ANY_WRITE, () => readJudgeAdminViews(judges));
  return {
    projects: async () => (await projectList.get()).projects,
    judges: () => judgeList.get(),
    setAsideJudges: () => readSetAsideJudgeIds(judges),
    options,
    criteriaScores: async () => {
      const { projects: list, estimates } = await projectList.get();
      return criteriaScoresView(list, await judgeList.get(), estimates, await criteria.all());
    },
    scores: () => criteria.allScores(),
    snapshot: (read) => db.transaction(read, { readOnly: true }),
  };
}

const JUDGES_HEADER = [
  'Name',
  'Email',
  'Notes',
  'Code',
  'Active',
  'ReadWelcome',
  'Seen',
  'LastActivity',
  'Track',
  'Group',
];
const PROJECTS_HEADER = [
  'Name',
  'Table',
  'Description',
  'URL',
  'TryLink',
  'VideoLink',
  'ChallengeList',
  'Seen',
  'Active',
  'LastActivity',
  'Score',
  'Stars',
];
const RANKINGS_HEADER = ['Name', 'Code', 'Ranked', 'Unranked'];

/**
 * scores.csv (issue 34): one row per judge and project it scored, judges in the admin list's
 * order, projects in the order the judge saw them; a criterion the judge left out is empty, and a
 * score given on another scale than the criterion's now reads "4 of 5".
 */
function* scoreRows(
  judges: readonly JudgeAdmin[],
  criteria: CriteriaScores['criteria'],
  scores: readonly CriterionScoreRow[],
): Generator<Cell[]> {
  const byView = new Map<string, Map<string, CriterionScoreRow>>();
  for (const score of scores) {
    const key = `${score.judge_id}:${score.project_id}`;
    const view = byView.get(key) ?? new Map<string, CriterionScoreRow>();
    view.set(score.criterion_id, score);
    byView.set(key, view);
  }
  for (const judge of judges)
    for (const seen of judge.seen_projects) {
      const view = byView.get(`${judge.id}:${seen.project_id}`);
      if (view === undefined) continue;
      yield [
        judge.name,
        judge.code,
        judge.track,
        `Table ${seen.location}`,
        seen.name,
        ...criteria.map((criterion) => {
          const score = view.get(criterion.id);
          // A score given before the criterion's scale changed says which scale it was on.
          if (score === undefined) return '';
          return score.scale === criterion.scale ? score.score : `${score.score} of ${score.scale}`;
        }),
      ];
    }
}

function projectCells(project: Project): Cell[] {
  return [
    project.name,
    `Table ${project.location}`,
    project.description,
    project.url,
    project.try_link,
    project.video_link,
    project.challenge_list.join(','),
    project.seen,
    project.active,
    project.last_activity,
    project.score,
    project.stars,
  ];
}

function judgeCells(judge: JudgeAdmin): Cell[] {
  return [
    judge.name,
    judge.email,
    judge.notes,
    judge.code,
    judge.active,
    judge.read_welcome,
    judge.seen,
    judge.last_activity,
    judge.track,
    judge.group,
  ];
}

/** rankings.csv's row of a judge who ranked something: tables in rank order, then the unranked seen. */
function rankingCells(judge: JudgeAdmin): Cell[] {
  const { ranked, unranked } = rankedThenUnranked(judge);
  return [
    judge.name,
    judge.code,
    ranked.map((seen) => seen.location).join(','),
    unranked.map((seen) => seen.location).join(','),
  ];
}

/** Cells made one row at a time, as the CSV writer asks for them. */
function* cellsOf<T>(items: readonly T[], cells: (item: T) => Cell[]): Generator<Cell[]> {
  for (const item of items) yield cells(item);
}

/**
 * challenge-projects.zip's entries (R82): one projects.csv-style entry per distinct challenge,
 * hidden projects included; challenges that are tracks get TrackSeen and TrackStars columns.
 */
function* challengeEntries(projects: readonly Project[], tracks: readonly string[]): Generator<ZipEntry> {
  const challenges = [...new Set(projects.flatMap((project) => project.challenge_list))];
  const names = challengeEntryNames(challenges);
  for (const [i, challenge] of challenges.entries()) {
    const isTrack = tracks.includes(challenge);
    const header = isTrack ? [...PROJECTS_HEADER, 'TrackSeen', 'TrackStars'] : PROJECTS_HEADER;
    const entered = projects.filter((project) => project.challenge_list.includes(challenge));
    const cells = (project: Project): Cell[] =>
      isTrack
        ? [...projectCells(project), project.track_seen[challenge] ?? 0, project.track_stars[challenge] ?? 0]
        : projectCells(project);
    yield { name: names[i] as string, content: [...csvChunks(header, cellsOf(entered, cells))].join('') };
  }
}

/** One export's file as a stream of pieces: CSV text (R79–R81) or the ZIP's bytes (R82). */
export async function exportFile(kind: ExportKind, sources: ExportSources): Promise<Readable> {
  const { snapshot } = sources;
  switch (kind) {
    case 'judges': {
      const judges = await snapshot(() => sources.judges());
      return Readable.from(csvChunks(JUDGES_HEADER, cellsOf(judges, judgeCells)));
    }
    case 'projects': {
      const { projects, criteriaScores } = await snapshot(async () => ({
        projects: await sources.projects(),
        criteriaScores: await sources.criteriaScores(),
      }));
      const columns = criteriaColumns(criteriaScores);
      const cells = (project: Project) => [...projectCells(project), ...columns.cells(project)];
      return Readable.from(csvChunks([...PROJECTS_HEADER, ...columns.header], cellsOf(projects, cells)));
    }
    case 'scores': {
      // A judge replaced with its judgments set aside scores nothing that counts, as in rankings.csv.
      const { all, setAside, criteria, scores } = await snapshot(async () => ({
        all: await sources.judges(),
        setAside: await sources.setAsideJudges(),
        criteria: (await sources.criteriaScores()).criteria,
        scores: await sources.scores(),
      }));
      const judges = all.filter((judge) => !setAside.has(judge.id));
      const header = [
        'Judge',
        'Code',
        'Track',
        'Table',
        'Project',
        ...criteria.map((criterion) => `${criterion.name} (1–${criterion.scale})`),
      ];
      return Readable.from(csvChunks(header, scoreRows(judges, criteria, scores)));
    }
    case 'rankings': {
      // A judge replaced with its judgments set aside ranks nothing that counts (issue 24).
      const { judges: all, setAside } = await snapshot(async () => ({
        judges: await sources.judges(),
        setAside: await sources.setAsideJudges(),
      }));
      const judges = all.filter((judge) => judge.rankings.length > 0 && !setAside.has(judge.id));
      return Readable.from(csvChunks(RANKINGS_HEADER, cellsOf(judges, rankingCells)));
    }
    case 'challenges': {
      const { projects, tracks } = await snapshot(async () => ({
        projects: await sources.projects(),
        tracks: (await sources.options.read()).tracks,
      }));
      return await zipStream(challengeEntries(projects, tracks));
    }
  }
}
