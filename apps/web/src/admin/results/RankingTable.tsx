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

interface ProjectNameProps {
  project: ResultsProject;
  results: Results;
  /** The looks a contender needs: for the organizers while judges can still look, not for the room. */
  showLooks: boolean;
}

function ProjectName({ project, results, showLooks }: ProjectNameProps) {
  const { odds } = project;
  return (
    <>
      <span className="results-table__name">{project.name}</span>
      {showLooks && odds?.contender && odds.more_looks !== null && (
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

/** Active projects no judge has finished yet: they have no place to show. */
export const notJudgedYet = (projects: readonly ResultsProject[]): ResultsProject[] =>
  projects.filter((project) => project.active && project.seen === 0);

/**
 * The general ranking of the judged projects, in rank_score order (R34): the place and how sure
 * it is lead. Projects nobody has judged yet are listed apart (`NotJudgedYet`).
 */
export function RankingTable({ results, showLooks }: { results: Results; showLooks: boolean }) {
  const axis = scoreAxis(results.projects);
  const judged = results.projects.filter((project) => !project.active || project.seen > 0);
  return (
    <ResultsTable labelledBy="results-ranking">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Project</th>
          <th scope="col">Table</th>
          <th scope="col">Likely place</th>
          <NumHeader>Chance of top {results.places}</NumHeader>
          <NumHeader>Chance of first</NumHeader>
          <NumHeader>Views</NumHeader>
          <NumHeader>Stars</NumHeader>
          <NumHeader>Flags</NumHeader>
        </tr>
      </thead>
      <tbody>
        {judged.map((project) => (
          <tr
            key={project.id}
            className={showLooks && project.odds?.contender ? 'results-table__contender' : undefined}
            data-project-id={project.id}
          >
            <td className="results-table__num">{project.rank ?? '–'}</td>
            <th scope="row">
              <ProjectName project={project} results={results} showLooks={showLooks} />
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
          </tr>
        ))}
      </tbody>
    </ResultsTable>
  );
}

/** The projects no judge has finished yet, by table, folded: before judging that is all of them. */
export function NotJudgedYet({ projects }: { projects: readonly ResultsProject[] }) {
  if (projects.length === 0) return null;
  const byTable = [...projects].sort((a, b) => a.location - b.location);
  return (
    <details className="results-unseen">
      <summary>Not judged yet ({projects.length})</summary>
      <ul className="results-unseen__list">
        {byTable.map((project) => (
          <li key={project.id}>
            <span className="results-unseen__table">Table {project.location}</span> {project.name}
          </li>
        ))}
      </ul>
    </details>
  );
}
