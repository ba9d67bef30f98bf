import type { Criterion, JudgeAdmin, JudgeScores } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { Dialog } from '../../components/Dialog';
import { SideScroll } from '../../components/SideScroll';
import { useAdminLiveQuery } from '../queries/use-admin-live-query';
import { useCriteriaScores, useJudges } from './dashboard-queries';
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

/**
 * A judge's score of a criterion for a project: "4", or "4 of 5" when given on another scale than
 * the criterion's now (docs/api-extensions.md "Criteria"); "–" when not scored.
 */
export function criterionScoreText(given: JudgeScores, projectId: string, criterion: Criterion): string {
  const score = given.scores[projectId]?.[criterion.id];
  if (score === undefined) return '–';
  const scale = given.scales[projectId]?.[criterion.id] ?? criterion.scale;
  return scale === criterion.scale ? String(score) : `${score} of ${scale}`;
}

function Scores({ judge }: { judge: JudgeAdmin }) {
  const criteria = useCriteriaScores()?.criteria ?? [];
  const given = useAdminLiveQuery(endpoints.judgeScoresAdmin, {
    params: { id: judge.id },
    enabled: criteria.length > 0,
  }).data;
  const rows = judgeScoreRows(judge);
  if (rows.length === 0) return <p>{judge.name} has not finished any project yet.</p>;
  return (
    <SideScroll className="dialog-table-wrap">
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
            {criteria.map((criterion) => (
              <th key={criterion.id} scope="col">
                {criterion.name} (1–{criterion.scale})
              </th>
            ))}
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
              {criteria.map((criterion) => (
                <td key={criterion.id}>
                  {given ? criterionScoreText(given, project.project_id, criterion) : '…'}
                </td>
              ))}
              <td className="dialog-table__notes">{project.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SideScroll>
  );
}

/** A judge's ranking in order, with stars, criterion scores (issue 34) and notes (product spec §2 judge scores). */
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
