import { endpoints } from '@podium/protocol';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AdminGate } from '../../components/AdminGate';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useRealtime } from '../../realtime/use-realtime';
import type { LogFilter } from './audit-log';
import { filterLog, parseLog, showLine } from './audit-log';
import { AuditLogFilters } from './AuditLogFilters';

/** `/admin/log`: the system log, filtered by type and text, times in the viewer's time zone. */
export function AuditLogPage() {
  return (
    <Page heading="Audit Log" admin back logout>
      <AdminGate>
        <AuditLog />
      </AdminGate>
    </Page>
  );
}

/**
 * The whole log (R76), read once on opening; Refresh and every reconnect of the admin socket read
 * it again (no event says the log grew: nearly every write adds a line).
 */
function AuditLog() {
  const { data, error, loading, refetch } = useEndpointQuery(endpoints.auditLog);
  useRealtime('admin', {}, () => void refetch());
  const log = data?.log ?? '';
  const pre = useRef<HTMLPreElement>(null);
  const [filter, setFilter] = useState<LogFilter>({ type: '', text: '', newestFirst: false });
  const all = useMemo(() => parseLog(log), [log]);
  const shown = useMemo(() => filterLog(all, filter).map(showLine).join('\n'), [all, filter]);
  const count = useMemo(() => filterLog(all, { ...filter, newestFirst: false }).length, [all, filter]);

  // After a load that changed the log, show the newest lines: the end is what an organizer looks for.
  useLayoutEffect(() => {
    const element = pre.current;
    if (element) element.scrollTop = filter.newestFirst ? 0 : element.scrollHeight;
  }, [data, filter.newestFirst]);

  const lines = all.length;
  const order = filter.newestFirst ? 'newest first' : 'oldest first';
  return (
    <div className="stack">
      <div className="audit-log__toolbar">
        <p className="audit-log__count" aria-live="polite">
          {data
            ? `${count === lines ? '' : `${count} of `}${lines} ${lines === 1 ? 'line' : 'lines'}, ${order}`
            : ''}
        </p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void refetch()}>
          Refresh
        </button>
      </div>
      <AuditLogFilters filter={filter} onChange={setFilter} />
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the log: {error}
        </p>
      )}
      {loading && <span className="spinner" role="status" aria-label="Loading" />}
      {data && (
        // role="log" names the scrolling region; "off" stops a refresh from reading the whole log aloud.
        <pre ref={pre} className="audit-log" tabIndex={0} role="log" aria-live="off" aria-label="Audit log">
          {shown || (log ? 'No line matches.' : 'The log is empty.')}
        </pre>
      )}
    </div>
  );
}
