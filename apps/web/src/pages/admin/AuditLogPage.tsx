import { useEffect, useLayoutEffect, useRef } from 'react';
import { AdminGate } from '../../components/AdminGate';
import { Page } from '../../components/Page';
import { useAdminLogStore } from '../../stores/admin-log.store';

/** `/admin/log`: the whole system log, newest line at the bottom. */
export function AuditLogPage() {
  return (
    <Page heading="Audit Log" admin back logout>
      <AdminGate>
        <AuditLog />
      </AdminGate>
    </Page>
  );
}

function AuditLog() {
  const log = useAdminLogStore((state) => state.log);
  const status = useAdminLogStore((state) => state.status);
  const error = useAdminLogStore((state) => state.error);
  const version = useAdminLogStore((state) => state.version);
  const refresh = useAdminLogStore((state) => state.refresh);
  const pre = useRef<HTMLPreElement>(null);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // After every load, show the newest lines: the end of the log is what an organizer looks for.
  useLayoutEffect(() => {
    const element = pre.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [version]);

  const lines = log === '' ? 0 : log.split('\n').length;
  return (
    <div className="stack">
      <div className="audit-log__toolbar">
        <p className="audit-log__count" aria-live="polite">
          {version > 0 ? `${lines} ${lines === 1 ? 'line' : 'lines'}, oldest first` : ''}
        </p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the log: {error}
        </p>
      )}
      {status === 'loading' && version === 0 && (
        <span className="spinner" role="status" aria-label="Loading" />
      )}
      {version > 0 && (
        // role="log" names the scrolling region; "off" stops a refresh from reading the whole log aloud.
        <pre ref={pre} className="audit-log" tabIndex={0} role="log" aria-live="off" aria-label="Audit log">
          {log || 'The log is empty.'}
        </pre>
      )}
    </div>
  );
}
