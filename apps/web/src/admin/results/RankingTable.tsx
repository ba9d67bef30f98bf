import type { Results, ResultsProject } from '@podium/protocol';
import { moreLooksText, openPrizesText, percent, placeRange, scoreAxis } from './format';
import { NumHeader, ResultsTable } from './ResultsTable';

/** A project's 90 % rank_score interval on the table's common axis, with the estimate marked. */
function IntervalBar({ project, axis }: { project: ResultsProject; axis: { min: number; max: number } }) {
  const { odds } = project;
  if (!odds) return null;
  const at = (value: number) => `${(100 * (value - axis.min)) / (axis.max - axis.min)}%`;
  return (
    <span className="results-bar" aria-hidden="true">
      <span
        className="results-bar__range"
        style={{ left: at(odds.score_low), right: `calc(100% - ${at(odds.score_high)})` }}
      />
      <span className="results-bar__point" style={{ left: at(project.rank_score) }} />
    </span>
  );
}

function ProjectName({ project, results }: { project: ResultsProject; results: Results }) {
  const { odds } = project;
  return (
    <>
      <span className="results-table__name">{project.name}</span>
      {odds?.contender && odds.more_looks !== null && (
        <span className="results-mark results-mark--contender">
          Open for {openPrizesText(odds.open, results.places)}:{' '}
          {moreLooksText(odds.more_looks, results.max_looks)}
        </span>
      )}
      {project.prioritized && <span className="results-mark">Prioritized</span>}
      {!project.active && <span className="results-mark">Hidden</span>}
    </>
  );
}

/**
 * The general ranking, in rank_score order (R34): the place and how sure it is lead; the Copeland
 * count (R31) comes last, labelled, for reference only.
 */
export function RankingTable({ results }: { results: Results }) {
  const axis = scoreAxis(results.projects);
  return (
    <ResultsTable labelledBy="results-ranking">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Project</th>
          <th scope="col">Table</th>
          <th scope="col">Place, 90% interval</th>
          <NumHeader>P(top {results.places})</NumHeader>
          <NumHeader>P(first)</NumHeader>
          <NumHeader>Views</NumHeader>
          <NumHeader>Stars</NumHeader>
          <NumHeader>Flags</NumHeader>
          <NumHeader secondary>Copeland score</NumHeader>
        </tr>
      </thead>
      <tbody>
        {results.projects.map((project) => (
          <tr
            key={project.id}
            className={project.odds?.contender ? 'results-table__contender' : undefined}
            data-project-id={project.id}
          >
            <td className="results-table__num">{project.rank ?? '–'}</td>
            <th scope="row">
              <ProjectName project={project} results={results} />
            </th>
            <td className="results-table__num">{project.location}</td>
            <td className="results-table__interval">
              <span className="results-table__place">
                {project.odds ? placeRange(project.odds.rank_low, project.odds.rank_high) : '–'}
              </span>
              <IntervalBar project={project} axis={axis} />
            </td>
            <td className="results-table__num">{project.odds ? percent(project.odds.p_top) : '–'}</td>
            <td className="results-table__num">{project.odds ? percent(project.odds.p_first) : '–'}</td>
            <td className="results-table__num">{project.seen}</td>
            <td className="results-table__num">{project.stars}</td>
            <td className="results-table__num">{project.flags}</td>
            <td className="results-table__num results-table__secondary">{project.score}</td>
          </tr>
        ))}
      </tbody>
    </ResultsTable>
  );
}
