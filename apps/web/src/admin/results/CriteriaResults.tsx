import type { CriteriaScores, ResultsProject } from '@podium/protocol';
import { criteriaPercent } from './format';
import { NumHeader, ResultsTable } from './ResultsTable';

export const BASIS_TEXT: Record<CriteriaScores['basis'], string> = {
  both: "the judges' rankings and their calibrated scores together",
  rankings: "the judges' rankings alone",
  criteria: "the judges' calibrated scores alone",
};

/** A score on its scale, "–" without one. */
const scoreText = (score: number | null): string => (score === null ? '–' : score.toFixed(1));
/** A judge's leniency in points: "+0.4", "−0.2", "0.0". */
const pointsText = (points: number): string =>
  `${points > 0.05 ? '+' : points < -0.05 ? '−' : ''}${Math.abs(points).toFixed(1)}`;

interface CriteriaResultsProps {
  scores: CriteriaScores;
  /** The ranking's order, so that both tables read alike. */
  projects: readonly ResultsProject[];
  judgeNames: ReadonlyMap<string, string>;
  /** The projector leaves out the judges. */
  projector: boolean;
}

/**
 * Issue 34: each project's calibrated score per criterion and weighted, beside the plain mean, and
 * each general judge's scoring habits. Calibrated: each judge's leniency and spread taken out
 * (docs/criteria-scoring.md).
 */
export function CriteriaResults({ scores, projects, judgeNames, projector }: CriteriaResultsProps) {
  const byId = new Map(scores.projects.map((project) => [project.id, project]));
  const scored = projects.filter((project) => (byId.get(project.id)?.weighted.mean ?? null) !== null);
  return (
    <div className="stack">
      <p className="results-note">
        The ranking above rests on {BASIS_TEXT[scores.basis]} (Settings, Criteria). Calibrated scores take out
        how lenient or harsh, and how wide or narrow, each judge scores; the mean is the plain average.
      </p>
      {scored.length === 0 ? (
        <p className="results-empty">
          No project has scores yet. They appear here as judges finish projects.
        </p>
      ) : (
        <ResultsTable labelledBy="results-criteria">
          <thead>
            <tr>
              <th scope="col">Project</th>
              <NumHeader>Weighted (calibrated)</NumHeader>
              <NumHeader>Weighted (mean)</NumHeader>
              {scores.criteria.map((criterion) => (
                <NumHeader key={criterion.id}>
                  {criterion.name} (1–{criterion.scale})
                </NumHeader>
              ))}
            </tr>
          </thead>
          <tbody>
            {scored.map((project) => {
              const result = byId.get(project.id);
              return (
                <tr key={project.id}>
                  <th scope="row">
                    <span className="results-table__name">{project.name}</span>
                    {!project.active && <span className="results-mark">Hidden</span>}
                  </th>
                  <td className="results-table__num">
                    {criteriaPercent(result?.weighted.calibrated ?? null)}
                  </td>
                  <td className="results-table__num">{criteriaPercent(result?.weighted.mean ?? null)}</td>
                  {scores.criteria.map((criterion) => {
                    const score = result?.criteria[criterion.id];
                    return (
                      <td key={criterion.id} className="results-table__num">
                        {scoreText(score?.calibrated ?? null)}
                        <span className="results-table__aside"> (mean {scoreText(score?.mean ?? null)})</span>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </ResultsTable>
      )}
      {!projector && scores.judges.length > 0 && (
        <>
          <h3 id="results-scoring-habits">Judges' scoring habits</h3>
          <p className="results-note">
            Both are estimates from the scores so far, firmer as a judge scores more projects. Leniency: how
            many points (on a 1–5 scale) the judge scores the same project above the average judge. Spread: 1
            is the average judge's range, 0.5 half as wide. Admin only: never show this to judges.
          </p>
          <ResultsTable labelledBy="results-scoring-habits">
            <thead>
              <tr>
                <th scope="col">Judge</th>
                <NumHeader>Scores</NumHeader>
                <NumHeader>Leniency</NumHeader>
                <NumHeader>Spread</NumHeader>
              </tr>
            </thead>
            <tbody>
              {scores.judges.map((judge) => (
                <tr key={judge.id}>
                  <th scope="row">
                    <span className="results-table__name">{judgeNames.get(judge.id) ?? judge.id}</span>
                  </th>
                  <td className="results-table__num">{judge.count}</td>
                  <td className="results-table__num">{pointsText(judge.leniency)}</td>
                  <td className="results-table__num">{judge.spread.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </ResultsTable>
        </>
      )}
    </div>
  );
}
