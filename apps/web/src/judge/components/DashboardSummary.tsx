import { endpoints } from '@podium/protocol';
import { Link } from 'react-router-dom';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useJudgeSelf } from '../hooks/use-judge-data';
import { seenWithPending } from '../logic/pending';
import { useJudgeSyncStore } from '../stores/sync.store';

/**
 * The top of the dashboard: the judge's track, the way to live judging and the two stat tiles
 * ('Seen' counts finished and flagged projects, R59). During deliberation live judging shows only
 * 'Judging Paused', so the paused state stands where the button was.
 */
export function DashboardSummary({ deliberation }: { deliberation: boolean }) {
  const judge = useJudgeSelf().data;
  const total = useEndpointQuery(endpoints.projectCount).data?.count;
  const track = judge?.track ?? '';
  const hasCurrent = Boolean(judge?.current);
  const pending = useJudgeSyncStore((state) => state.pending);
  const seen = judge ? seenWithPending(judge, pending) : 0;

  return (
    <section className="judge-summary" aria-label="Your judging">
      {track !== '' && (
        <p className="judge-summary__track">
          Track: <strong>{track}</strong>
        </p>
      )}
      {deliberation ? (
        <p className="judge-summary__paused">
          <strong>Judging Paused</strong>
          <span>No more projects to judge while the organizers deliberate.</span>
        </p>
      ) : (
        <Link to="/judge/live" className="btn btn--primary btn--large btn--block">
          {hasCurrent ? 'Resume Project' : 'Next Project'}
        </Link>
      )}
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
