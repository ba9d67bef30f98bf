import type { ResultsTrack } from '@podium/protocol';
import { criteriaPercent } from './format';
import { NumHeader, ResultsTable } from './ResultsTable';

/**
 * Track prizes are decided by the track judges' stars (R32), with their views beside them; once
 * the track judges gave criterion scores, by their weighted calibrated score first (issue 34).
 */
export function TracksSection({ tracks }: { tracks: readonly ResultsTrack[] }) {
  if (tracks.length === 0) return <p>No tracks are set up (Settings, Track Judging).</p>;
  const scored = tracks.some((track) => track.projects.some((project) => project.criteria_score !== null));
  return (
    <div className="stack">
      {tracks.map(({ track, projects }) => {
        const heading = `results-track-${encodeURIComponent(track)}`;
        return (
          <div key={track} className="stack results-track">
            <h3 id={heading}>{track}</h3>
            {projects.length === 0 ? (
              <p>No project entered this track.</p>
            ) : (
              <ResultsTable labelledBy={heading}>
                <thead>
                  <tr>
                    <th scope="col">Project</th>
                    <th scope="col">Table</th>
                    {scored && <NumHeader>Criteria score</NumHeader>}
                    <NumHeader>Track stars</NumHeader>
                    <NumHeader>Track views</NumHeader>
                  </tr>
                </thead>
                <tbody>
                  {projects.map((project) => (
                    <tr key={project.id}>
                      <th scope="row">
                        <span className="results-table__name">{project.name}</span>
                        {!project.active && <span className="results-mark">Hidden</span>}
                      </th>
                      <td className="results-table__num">{project.location}</td>
                      {scored && (
                        <td className="results-table__num">{criteriaPercent(project.criteria_score)}</td>
                      )}
                      <td className="results-table__num">{project.track_stars}</td>
                      <td className="results-table__num">{project.track_seen}</td>
                    </tr>
                  ))}
                </tbody>
              </ResultsTable>
            )}
          </div>
        );
      })}
    </div>
  );
}
