/**
 * Who judges what next (API.md 5.2, R6–R13): a pure function over a snapshot of the event.
 * The service loads the snapshot and applies the choice in the same transaction (R8).
 */

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
  /** Every judge: the others' `current` tell which projects are held (R7). */
  judges: readonly EngineJudge[];
  options: EngineOptions;
}

/** The judge asking, with what it has dealt with (seen, flagged, its live busy/absent skips). */
export interface Asker {
  judge: EngineJudge;
  dealtWith: ReadonlySet<string>;
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

/** R6 and 5.2 "Eligible": active, not dealt with, and for a track judge still short of views. */
export function eligibleProjects(snapshot: EngineSnapshot, asker: Asker): EngineProject[] {
  const { judge } = asker;
  const open = snapshot.projects.filter((p) => p.active && !asker.dealtWith.has(p.id));
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

/** R12: the next table after the previous one, wrapping to the smallest. */
function tableWalk(candidates: EngineProject[], lastLocation: number | null): EngineProject[] {
  if (lastLocation === null) return candidates;
  const ahead = candidates.filter((p) => p.location > lastLocation);
  const from = ahead.length > 0 ? ahead : candidates;
  const next = Math.min(...from.map((p) => p.location));
  return from.filter((p) => p.location === next);
}

/**
 * R13, the server's own choice among the candidates the rules left: the shortest walk from the
 * judge's previous table (tables are numbered along rows), then the fewest views, then chance.
 */
function closest(candidates: EngineProject[], lastLocation: number | null, random: Random): EngineProject {
  const distance = (p: EngineProject) => (lastLocation === null ? 0 : Math.abs(p.location - lastLocation));
  let best: EngineProject[] = [];
  let bestDistance = Infinity;
  let bestSeen = Infinity;
  for (const p of candidates) {
    const d = distance(p);
    if (d < bestDistance || (d === bestDistance && p.seen < bestSeen)) {
      best = [p];
      bestDistance = d;
      bestSeen = p.seen;
    } else if (d === bestDistance && p.seen === bestSeen) {
      best.push(p);
    }
  }
  return best[Math.floor(random() * best.length)] ?? (candidates[0] as EngineProject);
}

/** R6–R13 for one judge that holds nothing, while judging runs (R5 is the caller's). */
export function chooseProject(snapshot: EngineSnapshot, asker: Asker, random: Random = Math.random): Choice {
  const { judge } = asker;
  if (trackDisabled(judge, snapshot.options)) return { reason: 'track-disabled' };
  let candidates = pool(snapshot, asker);
  if (candidates.length === 0) return { reason: 'done' };
  candidates = byPriority(byGroup(candidates, judge, snapshot.options));
  candidates =
    judge.track === ''
      ? leastSeen(candidates, snapshot.options.minViews)
      : tableWalk(candidates, asker.lastLocation);
  return { projectId: closest(candidates, asker.lastLocation, random).id };
}
