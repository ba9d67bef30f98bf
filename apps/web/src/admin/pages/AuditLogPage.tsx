import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Page } from '../../components/Page';
import { useRealtime } from '../../realtime/use-realtime';
import { AdminGate } from '../components/AdminGate';
import { AuditLogFilters } from '../components/AuditLogFilters';
import type { LogFilter, LogSearch } from '../logic/audit-log';
import { countText, showLine } from '../logic/audit-log';
import { useAuditLogPages } from '../queries/use-audit-log';

/** A typed text is sent to the server once the typing pauses this long. */
const SEARCH_DELAY_MS = 300;

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

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The newest page of the log on opening, older pages on demand; the server filters by type and
 * text. Refresh and every reconnect of the admin socket read the loaded pages again (no event
 * says the log grew: nearly every write adds a line).
 */
function AuditLog() {
  const [filter, setFilter] = useState<LogFilter>({ type: '', text: '', newestFirst: false });
  const text = useSettled(filter.text, SEARCH_DELAY_MS);
  const search = useMemo<LogSearch>(() => ({ type: filter.type, text: text.trim() }), [filter.type, text]);
  const log = useAuditLogPages(search);
  useRealtime('admin', {}, log.refetch);
  const pre = useRef<HTMLPreElement>(null);
  const { newestFirst } = filter;
  const lines = log.lines;
  const shown = useMemo(() => {
    if (!lines) return '';
    const ordered = newestFirst ? lines : [...lines].reverse();
    return ordered.map(showLine).join('\n');
  }, [lines, newestFirst]);

  // After a load that changed the newest lines, show them: the end is what an organizer looks for.
  const newestSeq = lines?.[0]?.seq;
  useLayoutEffect(() => {
    const element = pre.current;
    if (element) element.scrollTop = newestFirst ? 0 : element.scrollHeight;
  }, [newestSeq, newestFirst]);
  // After "Load older", show the older end, where the new lines are. The first page's arrival
  // (from none) is not one: it opened scrolled to the oldest line.
  const seenPages = useRef(log.pages);
  useLayoutEffect(() => {
    const element = pre.current;
    if (element && seenPages.current > 0 && log.pages > seenPages.current) {
      element.scrollTop = newestFirst ? element.scrollHeight : 0;
    }
    seenPages.current = log.pages;
  }, [log.pages, newestFirst]);

  const searched = search.type !== '' || search.text !== '';
  const loadOlder = log.hasOlder && (
    <button
      type="button"
      className="btn btn--secondary btn--small audit-log__older"
      onClick={log.loadOlder}
      disabled={log.loadingOlder}
    >
      {log.loadingOlder ? 'Loading older lines…' : 'Load older lines'}
    </button>
  );
  return (
    <div className="stack">
      <div className="audit-log__toolbar">
        <p className="audit-log__count" aria-live="polite">
          {log.searching
            ? 'Searching…'
            : lines &&
              countText({
                shown: lines.length,
                complete: !log.hasOlder,
                searched,
                total: log.total,
                newestFirst,
              })}
        </p>
        <button type="button" className="btn btn--secondary btn--small" onClick={log.refetch}>
          Refresh
        </button>
      </div>
      <AuditLogFilters filter={filter} onChange={setFilter} />
      {log.error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the log: {log.error}
        </p>
      )}
      {log.loading && <span className="spinner" role="status" aria-label="Loading" />}
      {lines && (
        <>
          {!newestFirst && loadOlder}
          {/* role="log" names the scrolling region; "off" stops a refresh from reading the log aloud. */}
          <pre ref={pre} className="audit-log" tabIndex={0} role="log" aria-live="off" aria-label="Audit log">
            {shown || (searched ? 'No line matches.' : 'The log is empty.')}
          </pre>
          {newestFirst && loadOlder}
        </>
      )}
    </div>
  );
}
