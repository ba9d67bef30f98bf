import type { SaveStatus as Status } from '../stores/sync.store';
import { saveStatusText, useJudgeSyncStore } from '../stores/sync.store';

/**
 * Where the judge's work stands: 'All saved', 'Sending…' or 'Offline: 3 changes waiting'.
 * `pending` covers typing that has not reached the outbox yet (the 1 s autosave delay).
 */
export function SaveStatus({ pending = false }: { pending?: boolean }) {
  const outboxStatus = useJudgeSyncStore((state) => state.status);
  const waiting = useJudgeSyncStore((state) => state.pending.length);
  const status: Status = pending && outboxStatus !== 'offline' ? 'saving' : outboxStatus;
  return (
    <p className={`judge-save-status judge-save-status--${status}`} role="status" data-status={status}>
      {saveStatusText(status, waiting)}
    </p>
  );
}
