import { useJudgeLiveStore, type MovedOnBy } from '../stores/live.store';

const MOVED_ON_TEXT: Record<MovedOnBy, (project: string) => string> = {
  organizer: (project) => `An organizer moved you on from ${project}.`,
  'other-device': (project) => `You moved on from ${project} on another device.`,
  unknown: (project) => `You were moved on from ${project}.`,
};

/**
 * Says who took the project on screen away, so a judge is never switched to another table without
 * a word (issue 32): an organizer (a conflict of interest declared on it, its deletion), or the
 * judge's own Done or Skip on another device; nobody when the server could not be asked.
 */
export function MovedOnNotice({ withNextProject }: { withNextProject: boolean }) {
  const from = useJudgeLiveStore((state) => state.movedOnFrom);
  if (!from) return null;
  return (
    <p className="card judge-live-notice" role="status">
      <strong>{MOVED_ON_TEXT[from.by](`${from.name} (table ${from.location})`)}</strong>{' '}
      {withNextProject
        ? 'You no longer judge it. The way to your next project starts from that table.'
        : 'You no longer judge it.'}
    </p>
  );
}
