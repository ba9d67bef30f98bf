/**
 * A seeded discrete-event simulation of an expo, driving the real judging engine
 * (apps/server/src/judging: candidatesFor, chooseProject) and the real scoring (copelandScores,
 * fitRankScores).
 *
 * The hall: tables numbered along rows of round(sqrt(2.4·P)) tables (table 1 at the front left,
 * each row left to right), 2.5 m between tables and 6 m between rows, or the scenario's own hall
 * (layout-worlds.ts); judges walk R93's distance over the true positions at 50 m/min. The engine
 * is given the positions only when the scenario says so. About 5% of teams are absent: a judge who reaches one skips it as
 * `absent` after half a minute and gets its next project at once (R21); the third absent skip
 * hides the project (R20). A visit lasts 5 ± 0.75 min (normal, clipped to 3–7). At the end of a
 * visit the judge perceives quality + N(0, σ²) (σ = 0.8, or 2 for the ~15% careless judges),
 * re-ranks everything it has seen by what it perceived, stars a project only when it perceived
 * it above 2.2 (rare), and calls `next` 0.1–0.5 min later. Judges log in over the first 2 minutes.
 * Calls are served in time order from one event queue, as the server serialises them (R8).
 *
 * The engine's policy gets the estimate as the service would build it: `RankScoreCache.recent`
 * over the general judges' verdicts, refit after every ⌈J/2⌉ finished visits, once some active
 * project has min_views. The perception noise of a (judge, project) pair, the qualities, the
 * absences and the judges' timings come from streams of their own, so both policies meet the
 * same expo on the same seed.
 *
 * With `criteria` the judges also score five criteria at each visit (criteria-world.ts): the truth
 * is then the weighted criteria quality and the judges rank by their weighted perception.
 *
 * The expo (`expoOf`) and its run (`runExpo`) do not care who assigns: `simulate` runs the engine
 * in process (`EngineInProcess`); bench/judging-server runs the same expo against the real server
 * over HTTP.
 */
import {
  R13_TUNING,
  candidatesFor,
  chooseProject,
  type Asker,
  type EngineJudge,
  type EngineOptions,
  type EngineProject,
  type EngineSnapshot,
  type R13Tuning,
} from '../../apps/server/src/judging/assignment.js';
import {
  RankScoreCache,
  fitRankScores,
  totalViews,
  type RankVerdict,
} from '../../apps/server/src/judging/rank-score.js';
import type { CriterionScore } from '../../apps/server/src/judging/criteria-scores.js';
import { copelandScores } from '../../apps/server/src/judging/scoring.js';
import { hallPositions, walkingDistance, type HallPositions, type LayoutTable } from '@podium/protocol';
import {
  CRITERIA,
  SCALE,
  criteriaEstimates,
  criterionQualities,
  scoreVisit,
  scoringHabits,
  weighted,
  type CriteriaEstimator,
  type ScoringHabits,
} from './criteria-world.js';
import { rowsHall } from './layout-worlds.js';
import { quality, type Quality } from './metrics.js';
import { normal, stream } from './random.js';

export interface Scenario {
  name: string;
  projects: number;
  judges: number;
  /** `rows`: each row numbered left to right (default); `serpentine`: every other row right to left. */
  layout?: 'rows' | 'serpentine';
  /** Share of absent teams (default 0.05). */
  absentShare?: number;
  /** Where tables 1..P stand (default: the rows hall of `layout`). */
  hall?: LayoutTable[];
  /** The engine is given the hall's positions (R92), not only table numbers. */
  engineKnowsLayout?: boolean;
  /** The judges also score criteria (criteria-world.ts); the truth is the weighted criteria quality. */
  criteria?: boolean;
  /**
   * In the criteria world, what a judge ranks by: its weighted perception of the criteria, the
   * perceptions its scores come from (`criteria`, the default), or the project's overall quality,
   * perceived apart from them, as issue 34 §2 words the world (`overall`).
   */
  rankingsSee?: 'criteria' | 'overall';
}

/**
 * `baseline`: a random least-seen candidate (after R6–R12), scored by the Copeland count.
 * `podium`: the engine's own R13 choice (chooseProject with the estimate), scored by rank_score.
 * `oracle`: a reference that cheats twice, to show what is reachable at all: among the same
 * candidates (R6–R12) it picks by true walking distance, and after coverage it sends judges to
 * the true top 25 (nearest first) whenever it can; scored by rank_score.
 */
export type Policy = 'baseline' | 'podium' | 'oracle';

/** How many of the truly best projects the oracle focuses on. */
const ORACLE_FOCUS = 25;

export const MIN_VIEWS = 3;
const ABSENT_SHARE = 0.05;
const CARELESS_SHARE = 0.15;
const SIGMA = 0.8;
const CARELESS_SIGMA = 2;
const WALK_SPEED = 50;
const VISIT = 5;
const VISIT_SD = 0.75;
const ABSENT_CHECK = 0.5;
const STAR_ABOVE = 2.2;
/** Ranking and tapping `next` after a finish: 0.1–0.5 min. */
const RANK_DELAY = 0.1;
const RANK_DELAY_SPREAD = 0.4;

/** The event's settings as the engine sees them: min_views 3, no groups, no tracks. */
export const EXPO_OPTIONS: EngineOptions = {
  minViews: MIN_VIEWS,
  multiGroup: false,
  numGroups: 1,
  judgeTracks: false,
  tracks: [],
  trackViews: [],
};

/** The estimators at one moment, each against the truth (the criteria's only in their world). */
export interface Checkpoint {
  copeland: Quality;
  rank: Quality;
  criteria?: Record<CriteriaEstimator, Quality>;
}

export interface RunResult {
  scenario: string;
  seed: number;
  policy: Policy;
  present: number;
  /** Minutes until every present project had MIN_VIEWS finished views (null: never). */
  makespan: number | null;
  /** ceil(MIN_VIEWS · present / judges) · 5 min. */
  bound: number;
  /** Metres walked between tables (first walk to the hall excluded) per finished visit. */
  metresPerVisit: number;
  metresPerVisitCoverage: number;
  /** At MIN_VIEWS and at 2 · MIN_VIEWS finished visits per present project. */
  at3: Checkpoint | null;
  at6: Checkpoint | null;
  /** Estimate refits during the run and their total time (podium only). */
  fits: number;
  fitMs: number;
  engineMs: number;
  nextCalls: number;
}

export interface SimProject extends EngineProject {
  /** The truth: the overall quality, or in the criteria world the weighted criteria quality. */
  quality: number;
  /** The criteria world: the true quality per criterion, and the overall quality they correlate with. */
  criterionQualities?: number[];
  overall?: number;
  present: boolean;
  absentSkips: number;
}

export interface SimJudge extends EngineJudge {
  sigma: number;
  /** The criteria world: how the judge uses the scale. */
  habits?: ScoringHabits;
  lastLocation: number | null;
  dealtWith: Set<string>;
  seen: string[];
  perceived: Map<string, number>;
  rankings: string[];
  starred: Set<string>;
  visits: number;
  random: () => number;
}

type Event =
  | { time: number; order: number; kind: 'next'; judge: SimJudge }
  | { time: number; order: number; kind: 'arrive'; judge: SimJudge; project: SimProject }
  | { time: number; order: number; kind: 'skip'; judge: SimJudge; project: SimProject }
  | { time: number; order: number; kind: 'finish'; judge: SimJudge; project: SimProject };

type WithoutOrder<T> = T extends unknown ? Omit<T, 'order'> : never;
type NewEvent = WithoutOrder<Event>;

/** A binary heap of events by time, then by insertion. */
class EventQueue {
  private heap: Event[] = [];
  private counter = 0;

  push(event: NewEvent): void {
    const item = { ...event, order: this.counter } as Event;
    this.counter += 1;
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(item, heap[parent] as Event)) break;
      heap[i] = heap[parent] as Event;
      i = parent;
    }
    heap[i] = item;
  }

  pop(): Event | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child =
        right < heap.length && this.before(heap[right] as Event, heap[left] as Event) ? right : left;
      if (!this.before(heap[child] as Event, last)) break;
      heap[i] = heap[child] as Event;
      i = child;
    }
    heap[i] = last;
    return top;
  }

  private before(a: Event, b: Event): boolean {
    return a.time < b.time || (a.time === b.time && a.order < b.order);
  }
}

export interface SimulationOptions {
  /** Podium: the estimate is refit once this many visits were finished since the last fit (default ⌈J/2⌉). */
  refreshEvery?: number;
  /** Podium: R13 tuning other than the engine's defaults (for the trade-off table). */
  tuning?: Partial<R13Tuning>;
  /** Called at each checkpoint with the judgments and the present projects' true qualities. */
  onCheckpoint?: (
    visitsPerProject: number,
    verdicts: RankVerdict[],
    truth: Map<string, number>,
    scores: readonly CriterionScore[],
  ) => void;
  /** Called for each walk between two tables; `covered`: every present project had min_views. */
  onWalk?: (walk: { from: number; to: number; metres: number; covered: boolean }) => void;
  /** Stop once every present project has min_views (no checkpoint at 6 views then). */
  untilCoverage?: boolean;
}

/** One expo drawn from a seed: the hall, the teams and the judges, the same whoever assigns. */
export interface Expo {
  scenario: Scenario;
  seed: number;
  /** Tables 1..P: `projects[i]` stands at table i + 1 (its `location`). */
  projects: SimProject[];
  present: SimProject[];
  judges: SimJudge[];
  /** Where tables stand, by table number: what judges walk, and the layout an organizer would save. */
  hall: LayoutTable[];
  positions: HallPositions;
  /** R93's walking distance between two tables, in metres. */
  walk: (from: number, to: number) => number;
  /** The criteria world: every score given so far. */
  scores: CriterionScore[];
}

export function expoOf(scenario: Scenario, seed: number): Expo {
  const P = scenario.projects;
  const J = scenario.judges;
  const hall = scenario.hall ?? rowsHall(P, scenario.layout === 'serpentine');
  const positions = hallPositions(hall);
  const projectRandom = stream(seed, 'projects');
  const projects: SimProject[] = Array.from({ length: P }, (_, i) => {
    const overall = normal(projectRandom);
    const criterionQuality = scenario.criteria
      ? criterionQualities(overall, stream(seed, `criteria:${i}`))
      : null;
    return {
      id: `p${i + 1}`,
      location: i + 1,
      group: 0,
      active: true,
      prioritized: false,
      seen: 0,
      trackSeen: {},
      challenges: [],
      quality: criterionQuality ? weighted(criterionQuality) : overall,
      ...(criterionQuality && { criterionQualities: criterionQuality, overall }),
      present: projectRandom() >= (scenario.absentShare ?? ABSENT_SHARE),
      absentSkips: 0,
    };
  });
  const judgeRandom = stream(seed, 'judges');
  const judges: SimJudge[] = Array.from({ length: J }, (_, j) => ({
    id: `j${j + 1}`,
    track: '',
    group: 0,
    active: true,
    current: null,
    sigma: judgeRandom() < CARELESS_SHARE ? CARELESS_SIGMA : SIGMA,
    ...(scenario.criteria && { habits: scoringHabits(stream(seed, `habits:${j}`)) }),
    lastLocation: null,
    dealtWith: new Set<string>(),
    seen: [],
    perceived: new Map<string, number>(),
    rankings: [],
    starred: new Set<string>(),
    visits: 0,
    random: stream(seed, `judge:${j}`),
  }));
  return {
    scenario,
    seed,
    projects,
    present: projects.filter((p) => p.present),
    judges,
    hall,
    positions,
    walk: (from, to) => walkingDistance(positions, from, to),
    scores: [],
  };
}

/**
 * Who gives the judges their projects: the engine in this process (`EngineInProcess`), or the
 * server over HTTP (bench/judging-server). The simulation keeps its own count of views, holds and
 * hidden projects for its metrics, and tells the judging what the judges did, at the minute of
 * the expo it happened.
 */
export interface Judging {
  /** Breaks the ties of the checkpoints' orders (the engine's own stream in process, as ever). */
  readonly tieBreak: () => number;
  /** The judge's next project (a `SimProject` id), or undefined: it has nothing left. */
  next(judge: SimJudge, minute: number): Promise<string | undefined>;
  /** The judge skipped its project as `absent` (R19–R21). */
  skippedAbsent?(judge: SimJudge, project: SimProject, minute: number): Promise<void>;
  /** The judge finished its project (starred or not) and ranked what it has seen (`judge.rankings`). */
  finished?(judge: SimJudge, project: SimProject, starred: boolean, minute: number): Promise<void>;
}

/** The engine called in process by one policy (`Policy`), with its cost counted. */
export class EngineInProcess implements Judging {
  readonly tieBreak: () => number;
  fits = 0;
  fitMs = 0;
  engineMs = 0;
  nextCalls = 0;
  private readonly tuning: R13Tuning;
  private readonly cache = new RankScoreCache({ tolerance: 1e-2 });
  private readonly refreshEvery: number;
  private readonly bestProjects: Set<string>;
  private estimate: EngineSnapshot['estimate'];
  private lastFit: unknown;

  constructor(
    private readonly expo: Expo,
    readonly policy: Policy,
    simulation: SimulationOptions = {},
  ) {
    this.tieBreak = stream(expo.seed, `engine:${policy}`);
    this.tuning = { ...R13_TUNING, ...simulation.tuning };
    this.refreshEvery = simulation.refreshEvery ?? Math.ceil(expo.judges.length / 2);
    this.bestProjects = new Set(
      [...expo.present]
        .sort((a, b) => b.quality - a.quality)
        .slice(0, ORACLE_FOCUS)
        .map((p) => p.id),
    );
  }

  async next(judge: SimJudge): Promise<string | undefined> {
    const { projects, judges, scenario, positions, walk } = this.expo;
    const random = this.tieBreak;
    this.nextCalls += 1;
    // As the service would: a recent estimate once some project has min_views (R13 needs none before).
    if (this.policy === 'podium' && projects.some((p) => p.active && p.seen >= MIN_VIEWS)) {
      const started = performance.now();
      const current = verdictsOf(this.expo);
      const fit = await this.cache.recent(totalViews(current), () => current, this.refreshEvery);
      this.fitMs += performance.now() - started;
      if (fit !== this.lastFit) this.fits += 1;
      this.lastFit = fit;
      this.estimate = fit.projects;
    }
    const snapshot: EngineSnapshot = {
      projects,
      judges,
      options: EXPO_OPTIONS,
      estimate: this.estimate,
      ...(scenario.engineKnowsLayout === true && { positions }),
    };
    const asker: Asker = { judge, dealtWith: judge.dealtWith, lastLocation: judge.lastLocation };
    const started = performance.now();
    let projectId: string | undefined;
    if (this.policy === 'podium') {
      const choice = chooseProject(snapshot, asker, random, this.tuning);
      if ('projectId' in choice) projectId = choice.projectId;
    } else if (this.policy === 'oracle') {
      const found = candidatesFor(snapshot, asker);
      if ('candidates' in found) {
        const candidates = found.candidates as SimProject[];
        const best = candidates.filter((p) => p.seen >= MIN_VIEWS && this.bestProjects.has(p.id));
        const from = best.length > 0 ? best : candidates;
        const last = judge.lastLocation;
        const distance = (p: SimProject) => (last === null ? random() : walk(last, p.location));
        projectId = from.reduce((a, b) => (distance(b) < distance(a) ? b : a)).id;
      }
    } else {
      const found = candidatesFor(snapshot, asker);
      if ('candidates' in found) {
        const fewest = Math.min(...found.candidates.map((p) => p.seen));
        const least = found.candidates.filter((p) => p.seen === fewest);
        projectId = least[Math.floor(random() * least.length)]?.id;
      }
    }
    this.engineMs += performance.now() - started;
    return projectId;
  }
}

const verdictsOf = (expo: Expo): RankVerdict[] =>
  expo.judges.map((judge) => ({ judge: judge.id, rankings: judge.rankings, seen: judge.seen }));

/** What one run of an expo measured, whoever assigned. */
export type ExpoRun = Omit<RunResult, 'policy' | 'fits' | 'fitMs' | 'engineMs' | 'nextCalls'>;

/** Runs the expo's events in time order, one at a time, with `judging` giving the projects. */
export async function runExpo(
  expo: Expo,
  judging: Judging,
  simulation: SimulationOptions = {},
): Promise<ExpoRun> {
  const { scenario, seed, projects, present, judges, walk } = expo;
  const J = judges.length;
  let finished = 0;
  let covered = 0;
  let makespan: number | null = null;
  let walked = 0;
  let walkedAtCoverage = 0;
  let visitsAtCoverage = 0;
  let at3: Checkpoint | null = null;
  let at6: Checkpoint | null = null;
  const queue = new EventQueue();
  for (const judge of judges) queue.push({ time: 2 * judge.random(), kind: 'next', judge });

  const checkpoint = (visitsPerProject: number): Checkpoint => {
    const verdicts = verdictsOf(expo);
    simulation.onCheckpoint?.(
      visitsPerProject,
      verdicts,
      new Map(present.map((p) => [p.id, p.quality])),
      expo.scores,
    );
    const tieBreak = present.map(() => judging.tieBreak());
    const truth = present.map((p) => p.quality);
    const copeland = copelandScores(verdicts);
    const rankFit = fitRankScores(verdicts);
    const rank = rankFit.projects;
    const ids = present.map((p) => p.id);
    const criteria =
      scenario.criteria === true
        ? Object.fromEntries(
            Object.entries(criteriaEstimates(verdicts, expo.scores, ids, rankFit)).map(
              ([estimator, scores]) => [estimator, quality(scores, truth, tieBreak)],
            ),
          )
        : undefined;
    return {
      ...(criteria && { criteria: criteria as Record<CriteriaEstimator, Quality> }),
      copeland: quality(
        present.map((p) => copeland.get(p.id) ?? 0),
        truth,
        tieBreak,
      ),
      rank: quality(
        present.map((p) => rank.get(p.id)?.score ?? 0),
        truth,
        tieBreak,
      ),
    };
  };

  const next = async (judge: SimJudge, time: number): Promise<void> => {
    const projectId = await judging.next(judge, time);
    if (projectId === undefined) return; // done: this judge has nothing left
    const project = projects[Number(projectId.slice(1)) - 1] as SimProject;
    judge.current = project.id;
    project.prioritized = false;
    const metres = judge.lastLocation === null ? 0 : walk(judge.lastLocation, project.location);
    walked += metres;
    if (judge.lastLocation !== null) {
      simulation.onWalk?.({
        from: judge.lastLocation,
        to: project.location,
        metres,
        covered: makespan !== null,
      });
    }
    judge.lastLocation = project.location;
    queue.push({ time: time + metres / WALK_SPEED, kind: 'arrive', judge, project });
  };

  const done = (): boolean => makespan !== null && (simulation.untilCoverage === true || at6 !== null);
  for (let event = queue.pop(); event !== undefined && !done(); event = queue.pop()) {
    const { judge, time } = event;
    switch (event.kind) {
      case 'next':
        await next(judge, time);
        break;
      case 'arrive': {
        if (!event.project.present) {
          queue.push({ time: time + ABSENT_CHECK, kind: 'skip', judge, project: event.project });
        } else {
          const duration = Math.min(7, Math.max(3, VISIT + VISIT_SD * normal(judge.random)));
          queue.push({ time: time + duration, kind: 'finish', judge, project: event.project });
        }
        break;
      }
      case 'skip': {
        // R19, R20, R21: an absent flag; the third hides the project; the next project at once.
        const { project } = event;
        judge.dealtWith.add(project.id);
        judge.current = null;
        project.absentSkips += 1;
        if (project.absentSkips >= 3) project.active = false;
        await judging.skippedAbsent?.(judge, project, time);
        await next(judge, time);
        break;
      }
      case 'finish': {
        const { project } = event;
        judge.current = null;
        judge.visits += 1;
        judge.dealtWith.add(project.id);
        judge.seen.push(project.id);
        project.seen += 1;
        const perception = stream(seed, `see:${judge.id}:${project.id}`);
        let perceived: number;
        if (project.criterionQualities && judge.habits) {
          const visit = scoreVisit(project.criterionQualities, judge.sigma, judge.habits, perception);
          perceived =
            scenario.rankingsSee === 'overall'
              ? (project.overall as number) + judge.sigma * normal(perception)
              : visit.perceived;
          visit.values.forEach((value, c) =>
            expo.scores.push({
              judgeId: judge.id,
              projectId: project.id,
              criterionId: (CRITERIA[c] as { id: string }).id,
              value,
              scale: SCALE,
            }),
          );
        } else perceived = project.quality + judge.sigma * normal(perception);
        judge.perceived.set(project.id, perceived);
        const starred = perceived > STAR_ABOVE;
        if (starred) judge.starred.add(project.id);
        judge.rankings = [...judge.seen].sort(
          (a, b) => (judge.perceived.get(b) as number) - (judge.perceived.get(a) as number),
        );
        await judging.finished?.(judge, project, starred, time);
        finished += 1;
        if (project.seen === MIN_VIEWS) {
          covered += 1;
          if (covered === present.length) {
            makespan = time;
            walkedAtCoverage = walked;
            visitsAtCoverage = finished;
          }
        }
        if (finished === MIN_VIEWS * present.length) at3 = checkpoint(MIN_VIEWS);
        if (finished === 2 * MIN_VIEWS * present.length) at6 = checkpoint(2 * MIN_VIEWS);
        queue.push({ time: time + RANK_DELAY + RANK_DELAY_SPREAD * judge.random(), kind: 'next', judge });
        break;
      }
    }
  }

  return {
    scenario: scenario.name,
    seed,
    present: present.length,
    makespan,
    bound: Math.ceil((MIN_VIEWS * present.length) / J) * VISIT,
    metresPerVisit: walked / Math.max(1, finished),
    metresPerVisitCoverage: walkedAtCoverage / Math.max(1, visitsAtCoverage),
    at3,
    at6,
  };
}

/** One run of the expo of `scenario` and `seed` with the engine in process under `policy`. */
export async function simulate(
  scenario: Scenario,
  seed: number,
  policy: Policy,
  simulation: SimulationOptions = {},
): Promise<RunResult> {
  const expo = expoOf(scenario, seed);
  const engine = new EngineInProcess(expo, policy, simulation);
  const run = await runExpo(expo, engine, simulation);
  const { fits, fitMs, engineMs, nextCalls } = engine;
  return { ...run, policy, fits, fitMs, engineMs, nextCalls };
}
