/**
 * How each table of the organizer's floor map looks: views against the target (colour plus a
 * "2/3" or "✓3" badge, so colour is never the only cue), judges standing there, and the tables
 * to check (absent or flagged: dashed, "!"; hidden: grey, "hidden"), with why in words.
 */
import {
  FLAG_REASON_LABELS,
  type Flag,
  type FlagReason,
  type JudgeAdmin,
  type LayoutTable,
  type Project,
} from '@podium/protocol';
import type { TableLook } from '../../components/hall/HallDrawing';

/** A table of the floor map: its look, and why it needs checking, e.g. "flagged (Can't Demo)". */
export interface FloorLook extends TableLook {
  check?: string;
}

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
}: FloorFacts): (t: LayoutTable) => FloorLook {
  const byTable = new Map<number, Project>();
  for (const project of projects) if (!byTable.has(project.location)) byTable.set(project.location, project);
  const judgesAt = new Map<string, string[]>();
  for (const judge of judges) {
    if (!judge.active || judge.current === null) continue;
    judgesAt.set(judge.current, [...(judgesAt.get(judge.current) ?? []), judge.name]);
  }
  const reasons = new Map<string, Set<FlagReason>>();
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
    const flagged = raised.filter((r) => FLAGGED.has(r)).map((r) => FLAG_REASON_LABELS[r]);
    const title = [
      `Table ${table.table}: ${project.name}, ${views} of ${target} views`,
      ...(here.length > 0 ? [`judged now by ${here.join(', ')}`] : []),
      ...(raised.length > 0 ? [`flags: ${raised.join(', ')}`] : []),
      ...(project.active ? [] : ['hidden']),
    ].join('; ');
    const check = [
      ...(project.active ? [] : ['hidden']),
      ...(absent ? ['absent'] : []),
      ...(flagged.length > 0 ? [`flagged (${flagged.join(', ')})`] : []),
    ].join(', ');
    const common = {
      judge: here.length > 0,
      dashed: check !== '',
      title,
      ...(check !== '' && { check: `Table ${table.table}, ${project.name}: ${check}` }),
    };
    if (!project.active) return { ...common, tone: 'muted', badge: 'hidden' };
    if (absent || flagged.length > 0)
      return { ...common, tone: views >= target ? 'done' : views === 0 ? 'none' : 'low', badge: '!' };
    if (views >= target) return { ...common, tone: 'done', badge: `✓${views}` };
    return { ...common, tone: views === 0 ? 'none' : 'low', badge: `${views}/${target}` };
  };
}
