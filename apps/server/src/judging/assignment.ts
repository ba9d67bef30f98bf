/**
 * Who judges what next (API.md 5.2, R6–R13): a pure function over a snapshot of the event.
 * The service loads the snapshot and applies the choice in the same transaction (R8).
 */
import { METRES_PER_TABLE_NUMBER, walkingDistance, type HallPositions } from '@podium/protocol';
import type { ProjectEstimate } from './rank-score.js';

export interface EngineProject {
  id: string;
  location: number;
  group: number;
  active: boolean;
  prioritized: boolean;
  /** Views by general judges (R30). */
  seen: number;
  /** Views by track judges, by track (R30). */
  trackSeen: Readonly<Record<string, number>>;
  challenges: readonly string[];
}

export interface EngineJudge {
  id: string;
  /** '' = general judge. */
  track: string;
  group: number;
  active: boolean;
  current: string | null;
}

export interface EngineOptions {
  minViews: number;
  multiGroup: boolean;
  numGroups: number;
  judgeTracks: boolean;
  tracks: readonly string[];
  trackViews: readonly number[];
}

export interface EngineSnapshot {
  projects: readonly EngineProject[];
  /** At least every judge that holds a project: the others' `current` tell which are held (R7). */
  judges: readonly EngineJudge[];
  options: EngineOptions;
  /**
   * The current estimate of each project's quality from the general judges' rankings
   * (`fitRankScores(...).projects`, rank-score.ts). Optional: it only steers R13's free choice
   * once the candidates have `min_views`; without it R13 saves walking.
   */
  estimate?: ReadonlyMap<string, ProjectEstimate>;
  /**
   * The hall layout (R92): where tables stand. Every walk the engine weighs is R93's distance;
   * without positions that is 2.5 m per table number, which is how the engine walked before.
   */
  positions?: HallPositions;
}

const NO_POSITIONS: HallPositions = new Map();

/** R93's walking distance between two tables, in tables' worth of walking (2.5 m each). */
function tablesWalked(snapshot: EngineSnapshot, from: number, to: number): number {
  return walkingDistance(snapshot.positions ?? NO_POSITIONS, from, to) / METRES_PER_TABLE_NUMBER;
}

/** The judge asking, with what it has dealt with (seen, flagged, its live busy/absent skips). */
export interface Asker {
  judge: EngineJudge;
  dealtWith: ReadonlySet<string>;
  /**
   * Its conflicts of interest (issue 24): never eligible, in every mode. Kept apart from
   * `dealtWith`, which R13 reads as the projects the judge's ranking compares.
   */
  conflicts?: ReadonlySet<string>;
  /** Location of its previous assignment, null before the first (R12). */
  lastLocation: number | null;
}

export type Choice = { projectId: string } | { reason: 'track-disabled' | 'done' };

/** Picks one of several equally good candidates; injectable so simulations are reproducible. */
export type Random = () => number;

/** R16: a track judge whose track is not judged right now gets nothing. */
export function trackDisabled(judge: EngineJudge, options: EngineOptions): boolean {
  return judge.track !== '' && (!options.judgeTracks || !options.tracks.includes(judge.track));
}

/** How many other active judges hold each project (R7), optionally only judges of one track. */
function holders(snapshot: EngineSnapshot, askerId: string, track?: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const judge of snapshot.judges) {
    if (judge.id === askerId || !judge.active || judge.current === null) continue;
    if (track !== undefined && judge.track !== track) continue;
    counts.set(judge.current, (counts.get(judge.current) ?? 0) + 1);
  }
  return counts;
}

/**
 * R6 and 5.2 "Eligible": active, not dealt with, not in conflict with the judge (issue 24), and
 * for a track judge still short of views. Every pool, group, track and priority choice starts here.
 */
export function eligibleProjects(snapshot: EngineSnapshot, asker: Asker): EngineProject[] {
  const { judge, dealtWith, conflicts } = asker;
  const open = snapshot.projects.filter(
    (p) => p.active && !dealtWith.has(p.id) && conflicts?.has(p.id) !== true,
  );
  if (judge.track === '') return open;
  const { tracks, trackViews } = snapshot.options;
  const wanted = trackViews[tracks.indexOf(judge.track)] ?? 0;
  const trackHolders = holders(snapshot, judge.id, judge.track);
  return open.filter(
    (p) =>
      p.challenges.includes(judge.track) &&
      (p.trackSeen[judge.track] ?? 0) + (trackHolders.get(p.id) ?? 0) < wanted,
  );
}

/** 5.2 "Pool": eligible projects nobody else holds, else those held by the fewest others (R7). */
export function pool(snapshot: EngineSnapshot, asker: Asker): EngineProject[] {
  const eligible = eligibleProjects(snapshot, asker);
  const held = holders(snapshot, asker.judge.id);
  const free = eligible.filter((p) => !held.has(p.id));
  if (free.length > 0 || eligible.length === 0) return free;
  const fewest = Math.min(...eligible.map((p) => held.get(p.id) ?? 0));
  return eligible.filter((p) => (held.get(p.id) ?? 0) === fewest);
}

/** R9: a general judge's own group first, then the next groups in turn (multi-group only). */
function byGroup(candidates: EngineProject[], judge: EngineJudge, options: EngineOptions): EngineProject[] {
  if (!options.multiGroup || judge.track !== '') return candidates;
  for (let step = 0; step < options.numGroups; step += 1) {
    const group = (judge.group + step) % options.numGroups;
    const inGroup = candidates.filter((p) => p.group === group);
    if (inGroup.length > 0) return inGroup;
  }
  return candidates;
}

/** R10: prioritized candidates first. */
function byPriority(candidates: EngineProject[]): EngineProject[] {
  const prioritized = candidates.filter((p) => p.prioritized);
  return prioritized.length > 0 ? prioritized : candidates;
}

/** R11: while some candidate has fewer than `min_views`, only the least seen qualify. */
function leastSeen(candidates: EngineProject[], minViews: number): EngineProject[] {
  const fewest = Math.min(...candidates.map((p) => p.seen));
  return fewest < minViews ? candidates.filter((p) => p.seen === fewest) : candidates;
}

/**
 * R12: the next table after the previous one, wrapping to the smallest. With a hall layout R93
 * makes the walk one of distance: the nearest candidates first, then R12's order among them
 * (docs/hall-layout.md). Without one, the order of table numbers as R12 states it.
 */
function tableWalk(
  candidates: EngineProject[],
  lastLocation: number | null,
  snapshot: EngineSnapshot,
): EngineProject[] {
  if (lastLocation === null) return candidates;
  let from = candidates;
  if (snapshot.positions !== undefined && snapshot.positions.size > 0) {
    const walks = from.map((p) => tablesWalked(snapshot, lastLocation, p.location));
    const shortest = Math.min(...walks);
    from = from.filter((_, i) => (walks[i] as number) <= shortest + 1e-9);
  }
  const ahead = from.filter((p) => p.location > lastLocation);
  if (ahead.length > 0) from = ahead;
  const next = Math.min(...from.map((p) => p.location));
  return from.filter((p) => p.location === next);
}

/** R6–R12: what R13 may choose from, or why there is nothing to give (R15, R16). */
export type Candidates = { candidates: EngineProject[] } | { reason: 'track-disabled' | 'done' };

/** R6–R12 for one judge that holds nothing, while judging runs (R5 is the caller's). */
export function candidatesFor(snapshot: EngineSnapshot, asker: Asker): Candidates {
  const { judge } = asker;
  if (trackDisabled(judge, snapshot.options)) return { reason: 'track-disabled' };
  let candidates = pool(snapshot, asker);
  if (candidates.length === 0) return { reason: 'done' };
  candidates = byPriority(byGroup(candidates, judge, snapshot.options));
  candidates =
    judge.track === ''
      ? leastSeen(candidates, snapshot.options.minViews)
      : tableWalk(candidates, asker.lastLocation, snapshot);
  return { candidates };
}

/** Tuning of R13's free choice; the defaults are measured by `npm run bench:judging` (docs/benchmarks.md). */
export interface R13Tuning {
  /** Size of the prize set whose boundary matters (a top 10). */
  prizePlaces: number;
  /** Weight of "could be first" against "could be in the top `prizePlaces`". */
  winnerWeight: number;
  /** Weight every project keeps, so the rest of the ranking still improves. */
  baseWeight: number;
  /** A walk of this many tables halves a candidate's value (larger: more focus, more walking). */
  walkTables: number;
}

export const R13_TUNING: Readonly<R13Tuning> = {
  prizePlaces: 10,
  winnerWeight: 1,
  baseWeight: 0.1,
  walkTables: 20,
};

/** R6–R13 for one judge that holds nothing, while judging runs (R5 is the caller's). */
export function chooseProject(
  snapshot: EngineSnapshot,
  asker: Asker,
  random: Random = Math.random,
  tuning: Readonly<R13Tuning> = R13_TUNING,
): Choice {
  const found = candidatesFor(snapshot, asker);
  if ('reason' in found) return found;
  return { projectId: freeChoice(found.candidates, snapshot, asker, random, tuning).id };
}

/**
 * R13, the server's own choice among the candidates R6–R12 left (never empty):
 * - a judge's first project: the least seen candidate farthest from the tables other judges
 *   hold, so judges start spread over the hall;
 * - while the candidates are short of `min_views` (R11), for track judges, or without an
 *   estimate: the nearest table to the judge's previous one (R93's walk: the hall layout's
 *   positions, else table numbers), ahead of it on a tie, then the least seen; a general judge
 *   whose area has no candidate left first picks the least crowded area (`leastCrowdedArea`);
 * - once they have `min_views` and the snapshot has an estimate: the candidate whose visit tells
 *   most about the prize decisions (`decisionWeights`, `mostInformative`), discounted by the walk.
 */
export function freeChoice(
  candidates: readonly EngineProject[],
  snapshot: EngineSnapshot,
  asker: Asker,
  random: Random,
  tuning: Readonly<R13Tuning> = R13_TUNING,
): EngineProject {
  if (candidates.length === 1) return candidates[0] as EngineProject;
  const { lastLocation } = asker;
  if (lastLocation === null) {
    const { track } = asker.judge;
    const views = (p: EngineProject) => (track === '' ? p.seen : (p.trackSeen[track] ?? 0));
    return spreadOut(candidates, snapshot, othersAt(snapshot, asker.judge.id), views, random);
  }
  const covered = candidates.every((p) => p.seen >= snapshot.options.minViews);
  if (asker.judge.track !== '') return nearest(candidates, snapshot, lastLocation, random);
  if (!covered || snapshot.estimate === undefined) {
    const area = leastCrowdedArea(candidates, snapshot, asker.judge.id, lastLocation);
    return nearest(area, snapshot, lastLocation, random);
  }
  return mostInformative(candidates, snapshot, asker.dealtWith, lastLocation, random, tuning);
}

/** The best of `items` by `key` (larger is better, with a small tolerance); ties by chance. */
function best<T>(items: readonly T[], key: (item: T) => number, random: Random): T {
  let top: T[] = [];
  let topKey = -Infinity;
  for (const item of items) {
    const k = key(item);
    if (k > topKey + 1e-12) {
      top = [item];
      topKey = k;
    } else if (k >= topKey - 1e-12) {
      top.push(item);
    }
  }
  return top[Math.min(top.length - 1, Math.floor(random() * top.length))] ?? (items[0] as T);
}

/** Tables that other active judges hold right now: where they are. */
function othersAt(snapshot: EngineSnapshot, askerId: string): number[] {
  const locationOf = new Map(snapshot.projects.map((p) => [p.id, p.location]));
  const held: number[] = [];
  for (const judge of snapshot.judges) {
    if (judge.id === askerId || !judge.active || judge.current === null) continue;
    const location = locationOf.get(judge.current);
    if (location !== undefined) held.push(location);
  }
  return held;
}

/** First assignment: the least seen (views of the judge's kind), then the farthest walk from other judges. */
function spreadOut(
  candidates: readonly EngineProject[],
  snapshot: EngineSnapshot,
  others: readonly number[],
  views: (p: EngineProject) => number,
  random: Random,
): EngineProject {
  const fewest = Math.min(...candidates.map(views));
  const gap = (p: EngineProject) =>
    others.reduce((least, at) => Math.min(least, tablesWalked(snapshot, at, p.location)), Infinity);
  return best(
    candidates.filter((p) => views(p) === fewest),
    (p) => (others.length === 0 ? 0 : gap(p)),
    random,
  );
}

/**
 * Where a judge goes when its own area (R92) has no candidate left: to the area with the most
 * candidates per judge already there, the nearest such area on a tie. Rooms then run out of
 * least-seen tables together, and fewer judges must change room again. Without areas, or while
 * its own area has a candidate, every candidate stays.
 */
function leastCrowdedArea(
  candidates: readonly EngineProject[],
  snapshot: EngineSnapshot,
  askerId: string,
  lastLocation: number,
): readonly EngineProject[] {
  const positions = snapshot.positions;
  const areaOf = (location: number) => positions?.get(location)?.area;
  const own = areaOf(lastLocation);
  if (own === undefined || candidates.some((p) => areaOf(p.location) === own)) return candidates;
  const areas = new Map<string | undefined, { tables: number; judges: number; walk: number }>();
  for (const p of candidates) {
    const area = areas.get(areaOf(p.location)) ?? { tables: 0, judges: 0, walk: Infinity };
    area.tables += 1;
    area.walk = Math.min(area.walk, tablesWalked(snapshot, lastLocation, p.location));
    areas.set(areaOf(p.location), area);
  }
  for (const at of othersAt(snapshot, askerId)) {
    const area = areas.get(areaOf(at));
    if (area !== undefined) area.judges += 1;
  }
  const share = ({ tables, judges }: { tables: number; judges: number }) => tables / (1 + judges);
  const [chosen] = [...areas].sort(([, a], [, b]) => share(b) - share(a) || a.walk - b.walk)[0] ?? [];
  return candidates.filter((p) => areaOf(p.location) === chosen);
}

/** The shortest walk from the previous table; ties: ahead of it, then the fewest views, then chance. */
function nearest(
  candidates: readonly EngineProject[],
  snapshot: EngineSnapshot,
  lastLocation: number,
  random: Random,
): EngineProject {
  return best(
    candidates,
    (p) =>
      -4 * tablesWalked(snapshot, lastLocation, p.location) +
      (p.location > lastLocation ? 2 : 0) -
      p.seen / (p.seen + 1),
    random,
  );
}

/** Φ, close enough for weighting (the logistic approximation, error < 0.01). */
const normalCdf = (z: number): number => 1 / (1 + Math.exp(-1.702 * z));

/** What a project's decision weight depends on: the top-k boundary and the two leaders. */
interface DecisionContext {
  boundary: number | undefined;
  first: ProjectEstimate;
  second: ProjectEstimate;
}

function decisionContext(
  estimate: ReadonlyMap<string, ProjectEstimate>,
  projects: readonly EngineProject[],
  tuning: Readonly<R13Tuning>,
): DecisionContext {
  const active = projects
    .filter((p) => p.active)
    .map((p) => estimate.get(p.id) ?? { score: 0, sd: 1 })
    .sort((a, b) => b.score - a.score);
  const places = Math.min(tuning.prizePlaces, active.length - 1);
  const boundary =
    places > 0
      ? ((active[places - 1] as ProjectEstimate).score + (active[places] as ProjectEstimate).score) / 2
      : undefined;
  const first = active[0] ?? { score: 0, sd: 1 };
  return { boundary, first, second: active[1] ?? first };
}

function decisionWeight(
  { score, sd }: ProjectEstimate,
  { boundary, first, second }: DecisionContext,
  tuning: Readonly<R13Tuning>,
): number {
  const inTop = boundary === undefined ? 1 : normalCdf((score - boundary) / sd);
  const rival = score >= first.score ? second : first;
  const ahead = normalCdf((score - rival.score) / Math.sqrt(sd * sd + rival.sd * rival.sd));
  return 4 * inTop * (1 - inTop) + tuning.winnerWeight * 4 * ahead * (1 - ahead) + tuning.baseWeight;
}

/**
 * How much each estimated project's placement matters to the prize decisions:
 * 4·P(in the top k)·P(not) + winnerWeight · 4·P(ahead of the best other)·P(behind it) +
 * baseWeight, where k = prizePlaces, with the estimate's scores and standard deviations. The
 * top-k boundary and the leaders are taken over active projects.
 */
export function decisionWeights(
  estimate: ReadonlyMap<string, ProjectEstimate>,
  projects: readonly EngineProject[],
  tuning: Readonly<R13Tuning> = R13_TUNING,
): Map<string, number> {
  const context = decisionContext(estimate, projects, tuning);
  return new Map([...estimate].map(([id, e]) => [id, decisionWeight(e, context, tuning)]));
}

/**
 * The candidate with the most value per walk. The value of the asker visiting p: its ranking will
 * then compare p with every project it has dealt with. Comparing p with k tells most when their
 * order is uncertain (π(1 − π), π the Bradley–Terry probability that p beats k) and matters when
 * either may change a prize decision: value(p) = Σ_k π(1 − π)(weight p + weight k); a judge that
 * has seen nothing estimated yet values p by its weight alone. The score is
 * value / (1 + tables walked / walkTables). Candidates are taken nearest first and the search
 * stops once even the largest possible value could not win at that distance.
 */
function mostInformative(
  candidates: readonly EngineProject[],
  snapshot: EngineSnapshot,
  dealtWith: ReadonlySet<string>,
  lastLocation: number,
  random: Random,
  tuning: Readonly<R13Tuning>,
): EngineProject {
  const estimate = snapshot.estimate as ReadonlyMap<string, ProjectEstimate>;
  const context = decisionContext(estimate, snapshot.projects, tuning);
  const prior = { score: 0, sd: 1 };
  const weightOf = (id: string) => decisionWeight(estimate.get(id) ?? prior, context, tuning);
  const seen: { score: number; weight: number }[] = [];
  let seenWeights = 0;
  for (const id of dealtWith) {
    const e = estimate.get(id);
    if (e === undefined) continue;
    const weight = weightOf(id);
    seen.push({ score: e.score, weight });
    seenWeights += weight;
  }
  const value = (p: EngineProject): number => {
    const own = weightOf(p.id);
    if (seen.length === 0) return own;
    const score = estimate.get(p.id)?.score ?? 0;
    let total = 0;
    for (const k of seen) {
      const pi = 1 / (1 + Math.exp(k.score - score));
      total += pi * (1 - pi) * (own + k.weight);
    }
    return total;
  };
  // No value exceeds this: π(1 − π) ≤ 1/4 and no weight exceeds 4·¼·(1 + winnerWeight) + baseWeight.
  const ceiling = 1 + tuning.winnerWeight + tuning.baseWeight;
  const bound = seen.length === 0 ? ceiling : (seen.length * ceiling + seenWeights) / 4;
  // Each walk once: a layout's distance costs two lookups, too many inside a sort's comparisons.
  const byDistance = candidates
    .map((p) => ({ p, walk: 1 + tablesWalked(snapshot, lastLocation, p.location) / tuning.walkTables }))
    .sort((a, b) => a.walk - b.walk);
  let top: EngineProject[] = [];
  let topScore = -Infinity;
  for (const { p, walk } of byDistance) {
    if (bound / walk < topScore - 1e-12) break;
    const score = value(p) / walk;
    if (score > topScore + 1e-12) {
      top = [p];
      topScore = score;
    } else if (score >= topScore - 1e-12) {
      top.push(p);
    }
  }
  return top[Math.min(top.length - 1, Math.floor(random() * top.length))] ?? (candidates[0] as EngineProject);
}
