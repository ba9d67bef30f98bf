/**
 * How each table of the organizer's floor map looks: views against the target (colour plus a
 * "2/3" or "✓3" badge, so colour is never the only cue), judges standing there, and the tables
 * to check (absent or flagged: dashed, "!"; hidden: grey, "hidden").
 */
import type { Flag, JudgeAdmin, LayoutTable, Project } from '@podium/protocol';
import type { TableLook } from './HallDrawing';

export interface FloorFacts {
  projects: readonly Project[];
  judges: readonly JudgeAdmin[];
  flags: readonly Flag[];
  /** Views each project should get: `min_views`, or the chosen track's `track_views`. */
  target: number;
  /** '' = general views (`seen`), else the track's (`track_seen`). */
  track: string;
}

const ABSENT = new Set(['absent', 'hidden-absent']);
const FLAGGED = new Set(['cannot-demo', 'too-complex', 'offensive']);

export function floorLooks({
  projects,
  judges,
  flags,
  target,
  track,
}: FloorFacts): (t: LayoutTable) => TableLook {
  const byTable = new Map<number, Project>();
  for (const project of projects) if (!byTable.has(project.location)) byTable.set(project.location, project);
  const judgesAt = new Map<string, string[]>();
  for (const judge of judges) {
    if (!judge.active || judge.current === null) continue;
    judgesAt.set(judge.current, [...(judgesAt.get(judge.current) ?? []), judge.name]);
  }
  const reasons = new Map<string, Set<string>>();
  for (const flag of flags)
    reasons.set(flag.project_id, (reasons.get(flag.project_id) ?? new Set()).add(flag.reason));

  return (table) => {
    const project = byTable.get(table.table);
    if (project === undefined)
      return { tone: 'plain', badge: '–', title: `Table ${table.table}: no project` };
    const views = track === '' ? project.seen : (project.track_seen[track] ?? 0);
    const here = judgesAt.get(project.id) ?? [];
    const raised = [...(reasons.get(project.id) ?? [])];
    const absent = raised.some((r) => ABSENT.has(r));
    const flagged = raised.some((r) => FLAGGED.has(r));
    const title = [
      `Table ${table.table}: ${project.name}, ${views} of ${target} views`,
      ...(here.length > 0 ? [`judged now by ${here.join(', ')}`] : []),
      ...(raised.length > 0 ? [`flags: ${raised.join(', ')}`] : []),
      ...(project.active ? [] : ['hidden']),
    ].join('; ');
    const common = { judge: here.length > 0, dashed: absent || flagged || !project.active, title };
    if (!project.active) return { ...common, tone: 'muted', badge: 'hidden' };
    if (absent || flagged)
      return { ...common, tone: views >= target ? 'done' : views === 0 ? 'none' : 'low', badge: '!' };
    if (views >= target) return { ...common, tone: 'done', badge: `✓${views}` };
    return { ...common, tone: views === 0 ? 'none' : 'low', badge: `${views}/${target}` };
  };
}
