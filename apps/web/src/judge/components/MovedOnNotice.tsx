import { useJudgeLiveStore } from '../stores/live.store';

/**
 * Says that an organizer took the project on screen away (a conflict of interest declared on it,
 * its deletion), so a judge is never switched to another table without a word (issue 32).
 */
export function MovedOnNotice({ withNextProject }: { withNextProject: boolean }) {
  const from = useJudgeLiveStore((state) => state.movedOnFrom);
  if (!from) return null;
  return (
    <p className="card judge-live-notice" role="status">
      <strong>
        An organizer moved you on from {from.name} (table {from.location}).
      </strong>{' '}
      {withNextProject
        ? 'You no longer judge it. The way to your next project starts from that table.'
        : 'You no longer judge it.'}
    </p>
  );
}
