import type { SaveStatus as Status } from '../../stores/judge-sync.store';
import { SAVE_STATUS_TEXT, useJudgeSyncStore } from '../../stores/judge-sync.store';

/**
 * 'Saving… / Saved / Offline — will retry' for notes, stars and rankings. `pending` covers
 * typing that has not reached the outbox yet (the 1 s autosave delay).
 */
export function SaveStatus({ pending = false }: { pending?: boolean }) {
  const outboxStatus = useJudgeSyncStore((state) => state.status);
  const status: Status = pending && outboxStatus !== 'offline' ? 'saving' : outboxStatus;
  return (
    <p className={`judge-save-status judge-save-status--${status}`} role="status" data-status={status}>
      {SAVE_STATUS_TEXT[status]}
    </p>
  );
}
