import { Link } from 'react-router-dom';
import { useJudgeStore } from '../../stores/judge.store';

/**
 * The top of the dashboard: the judge's track, the way to live judging and the two stat tiles
 * ('Seen' counts finished and flagged projects, R59).
 */
export function DashboardSummary() {
  const track = useJudgeStore((state) => state.judge?.track ?? '');
  const hasCurrent = useJudgeStore((state) => Boolean(state.judge?.current));
  const seen = useJudgeStore((state) =>
    state.judge ? state.judge.seen_projects.length + state.judge.flagged.length : 0,
  );
  const total = useJudgeStore((state) => state.projectCount);

  return (
    <section className="judge-summary" aria-label="Your judging">
      {track !== '' && (
        <p className="judge-summary__track">
          Track: <strong>{track}</strong>
        </p>
      )}
      <Link to="/judge/live" className="btn btn--primary btn--large btn--block">
        {hasCurrent ? 'Resume Project' : 'Next Project'}
      </Link>
      <dl className="stat-tiles judge-summary__tiles">
        <div className="stat-tile">
          <dt className="stat-tile__label">Seen</dt>
          <dd className="stat-tile__value">{seen}</dd>
        </div>
        <div className="stat-tile">
          <dt className="stat-tile__label">Total Projects</dt>
          <dd className="stat-tile__value">{total ?? '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
