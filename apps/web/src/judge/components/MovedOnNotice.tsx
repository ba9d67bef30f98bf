import { useJudgeLiveStore } from '../stores/live.store';

/**
 * Says who took the project on screen away, so a judge is never switched to another table without
 * a word (issue 32): an organizer (a conflict of interest declared on it, its deletion), or the
 * judge's own Done or Skip on another device.
 */
export function MovedOnNotice({ withNextProject }: { withNextProject: boolean }) {
  const from = useJudgeLiveStore((state) => state.movedOnFrom);
  if (!from) return null;
  return (
    <p className="card judge-live-notice" role="status">
      <strong>
        {from.by === 'organizer'
          ? `An organizer moved you on from ${from.name} (table ${from.location}).`
          : `You moved on from ${from.name} (table ${from.location}) on another device.`}
      </strong>{' '}
      {withNextProject
        ? 'You no longer judge it. The way to your next project starts from that table.'
        : 'You no longer judge it.'}
    </p>
  );
}
