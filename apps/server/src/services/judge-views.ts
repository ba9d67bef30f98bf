/** Stored rows → the judge shapes of API.md 4.1–4.3 and JudgeStats (R37). */
import type { JudgeAdmin, JudgedProject, JudgeSelf, JudgeStats } from '@podium/protocol';
import type {
  JudgedRow,
  JudgeProjectRow,
  JudgeRepository,
  JudgeRow,
} from '../repositories/judge.repository.js';
import { mean } from '../judging/mean.js';

export function judgedProject(row: JudgedRow): JudgedProject {
  return {
    project_id: row.project_id,
    name: row.name,
    url: row.url,
    location: row.location,
    area: row.area,
    description: row.description,
    notes: row.notes,
    starred: row.starred === 1,
  };
}

function groupByJudge<T extends { judge_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.judge_id);
    if (list) list.push(row);
    else map.set(row.judge_id, [row]);
  }
  return map;
}

/** The judgments of several judges, grouped once so building N views stays linear. */
export interface Judgments {
  judged: readonly JudgedRow[];
  flagged: readonly JudgeProjectRow[];
  rankings: readonly JudgeProjectRow[];
}

export function judgeSelfViews(rows: readonly JudgeRow[], judgments: Judgments): JudgeSelf[] {
  const judged = groupByJudge(judgments.judged);
  const flagged = groupByJudge(judgments.flagged);
  const rankings = groupByJudge(judgments.rankings);
  return rows.map((row) => {
    const seen = (judged.get(row.id) ?? []).map(judgedProject);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      track: row.track,
      active: row.active === 1,
      read_welcome: row.read_welcome === 1,
      current: row.current_project_id,
      seen: seen.length,
      seen_projects: seen,
      flagged: (flagged.get(row.id) ?? []).map((f) => f.project_id),
      rankings: (rankings.get(row.id) ?? []).map((r) => r.project_id),
      last_activity: row.last_activity,
    };
  });
}

/** JudgeAdmin (4.2): the judge's own view plus code, admin notes and group. */
export function judgeAdminViews(rows: readonly JudgeRow[], judgments: Judgments): JudgeAdmin[] {
  const selves = judgeSelfViews(rows, judgments);
  return rows.map((row, i) => ({
    ...(selves[i] as JudgeSelf),
    notes: row.notes,
    code: row.code,
    group: row.group,
  }));
}

/** Every judge as the admin list shows it (4.2), read now: the judge service keeps it, the exports read it. */
export async function readJudgeAdminViews(judges: JudgeRepository): Promise<JudgeAdmin[]> {
  return judgeAdminViews(await judges.all(), {
    judged: await judges.judged(),
    flagged: await judges.flagged(),
    rankings: await judges.rankings(),
  });
}

/** The judges replaced with their rankings and stars set aside (issue 24), read now. */
export async function readSetAsideJudgeIds(judges: JudgeRepository): Promise<ReadonlySet<string>> {
  return new Set(await judges.setAsideIds());
}

/**
 * A judge's seen projects in R81's order: the ranked ones in rank order, then the seen but
 * unranked ones in finish order (rankings.csv and the Results export's judge-rankings.csv).
 */
export function rankedThenUnranked(judge: JudgeSelf): { ranked: JudgedProject[]; unranked: JudgedProject[] } {
  const seen = new Map(judge.seen_projects.map((project) => [project.project_id, project]));
  const ranked = judge.rankings.flatMap((id) => seen.get(id) ?? []);
  const rankedIds = new Set(judge.rankings);
  return { ranked, unranked: judge.seen_projects.filter((project) => !rankedIds.has(project.project_id)) };
}

export function judgeStats(judges: readonly JudgeSelf[]): JudgeStats {
  const active = judges.filter((j) => j.active);
  return {
    num: judges.length,
    avg_seen: mean(active.map((j) => j.seen)),
    num_active: active.length,
  };
}
