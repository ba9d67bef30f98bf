import type { JudgeAdmin } from '@podium/protocol';
import { Dialog } from '../../components/Dialog';
import { useJudges } from './dashboard-queries';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';

/** Ranked projects first (best first), then the unranked seen ones in finish order. */
export function judgeScoreRows(judge: JudgeAdmin) {
  const seen = new Map(judge.seen_projects.map((project) => [project.project_id, project]));
  const ranked = judge.rankings.flatMap((id, i) => {
    const project = seen.get(id);
    return project ? [{ rank: String(i + 1), project }] : [];
  });
  const rankedIds = new Set(judge.rankings);
  const unranked = judge.seen_projects
    .filter((project) => !rankedIds.has(project.project_id))
    .map((project) => ({ rank: '–', project }));
  return [...ranked, ...unranked];
}

function Scores({ judge }: { judge: JudgeAdmin }) {
  const rows = judgeScoreRows(judge);
  if (rows.length === 0) return <p>{judge.name} has not finished any project yet.</p>;
  return (
    <div className="dialog-table-wrap">
      <table className="dialog-table">
        <caption className="visually-hidden">
          Projects seen by {judge.name}: ranked best first, then unranked
        </caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Project</th>
            <th scope="col">Table #</th>
            <th scope="col">Starred</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ rank, project }) => (
            <tr key={project.project_id}>
              <td>{rank}</td>
              <th scope="row">{project.name}</th>
              <td>{project.location}</td>
              <td>
                {project.starred ? (
                  <span aria-label="Starred">★</span>
                ) : (
                  <span aria-label="Not starred">☆</span>
                )}
              </td>
              <td className="dialog-table__notes">{project.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A judge's ranking in order, with stars and notes (product spec §2 judge scores). */
export function JudgeScoresDialog() {
  const dialog = useDialogOf('judge-scores');
  const close = useDashboardDialogStore((state) => state.close);
  const judges = useJudges();
  const judge = dialog ? (judges?.find((j) => j.id === dialog.id) ?? null) : null;
  return (
    <Dialog
      open={dialog !== null}
      title={judge ? `Scores of ${judge.name}` : 'Judge Scores'}
      size="large"
      onClose={close}
    >
      {judge ? <Scores judge={judge} /> : <p>This judge no longer exists.</p>}
    </Dialog>
  );
}
