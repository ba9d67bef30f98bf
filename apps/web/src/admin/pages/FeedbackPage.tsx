import { endpoints } from '@podium/protocol';
import { Page } from '../../components/Page';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { AdminGate } from '../components/AdminGate';
import { FeedbackProjects, FeedbackRelease } from '../feedback/FeedbackSections';
import { useAdminLiveQuery } from '../queries/use-admin-live-query';

/**
 * `/admin/feedback` (issue 35): every judge's feedback for the teams, to read and hide before the
 * one switch releases it to the teams' status pages.
 */
export function FeedbackPage() {
  return (
    <Page heading="Feedback for Teams" admin back logout>
      <AdminGate>
        <Feedback />
      </AdminGate>
    </Page>
  );
}

/**
 * Live: feedback is written with finishes and goes with removed views, undos and deletions
 * (`projects.changed`, `judges.changed`, which also bring renames), hidden or shown
 * (`feedback.changed`), released (`options.changed`).
 */
const STALE_AFTER = {
  'feedback.changed': [endpoints.feedback],
  'options.changed': [endpoints.feedback],
  'projects.changed': [endpoints.feedback],
  'judges.changed': [endpoints.feedback],
};

function Feedback() {
  const list = useAdminLiveQuery(endpoints.feedback, { poll: true });
  useQueryInvalidation('admin', STALE_AFTER);
  return (
    <div className="stack feedback-page">
      <FeedbackRelease list={list.data} />
      {list.data ? (
        <FeedbackProjects list={list.data} />
      ) : list.error ? (
        <p className="card admin-gate-error" role="alert">
          Could not load the feedback: {list.error.message}
        </p>
      ) : (
        <span className="spinner" role="status" aria-label="Loading the feedback" />
      )}
    </div>
  );
}
