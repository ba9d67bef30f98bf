import type { RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { Notice } from '../stores/notice.store';
import { SUCCESS_NOTICE_MS, useNoticeStore } from '../stores/notice.store';

/**
 * One notice. A success dismisses itself after SUCCESS_NOTICE_MS, counted again from the start
 * once the pointer and the focus have left it, so nobody loses a message while reading it.
 */
function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNoticeStore((state) => state.dismiss);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const holding = held.hover || held.focus;
  useEffect(() => {
    if (notice.kind !== 'success' || holding) return;
    const timer = setTimeout(() => dismiss(notice.id), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.kind, notice.id, holding, dismiss]);
  return (
    <div
      className={`notice notice--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={() => setHeld((h) => ({ ...h, focus: false }))}
    >
      <p className="notice__text">{notice.text}</p>
      <button type="button" className="notice__close" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </div>
  );
}

/** The floating notices: every one but those a form shows itself (`ScopedNotices`). */
function NoticeItems() {
  const notices = useNoticeStore((state) => state.notices);
  const hosted = useNoticeStore((state) => state.hostedScopes);
  return notices
    .filter((notice) => notice.scope === undefined || !hosted[notice.scope])
    .map((notice) => <NoticeItem key={notice.id} notice={notice} />);
}

/**
 * Keeps `--notices-height` on the root at the height of the fixed notices, so the page can add
 * that much room at its end and no notice ever hides the last buttons.
 */
function useReservedHeight(element: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const node = element.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--notices-height', `${node.offsetHeight}px`),
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--notices-height');
    };
  }, [element]);
}

/** The live region of the app's alerts; rendered once, by the root layout. */
export function Notices() {
  const ref = useRef<HTMLDivElement>(null);
  useReservedHeight(ref);
  // A modal dialog repeats the notices inside itself: one copy is enough.
  const inDialog = useNoticeStore((state) => state.dialogsShowing > 0);
  return (
    <div ref={ref} className="notices" aria-live="polite">
      {!inDialog && <NoticeItems />}
    </div>
  );
}

/** The same notices, shown inside an open modal popup (Dialog `showNotices`) instead of behind it. */
export function DialogNotices() {
  const any = useNoticeStore((state) => state.notices.length > 0);
  const newest = useNoticeStore((state) => state.notices.at(-1)?.id);
  const dialogShowing = useNoticeStore((state) => state.dialogShowing);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogShowing(1);
    return () => dialogShowing(-1);
  }, [dialogShowing]);
  // Said under the popup's last button, a new notice was below a small phone's screen (the Skip
  // popup's "Please select an option."): the popup scrolls to it, and only as far as it must.
  useEffect(() => {
    if (newest !== undefined) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);
  if (!any) return null;
  return (
    <div ref={ref} className="dialog__notices">
      <NoticeItems />
    </div>
  );
}

/**
 * One form's notices, in the page's flow where it is placed (under the form's button): said where
 * the problem is, and never over the button or the summary it is about (issue 23).
 */
export function ScopedNotices({ scope }: { scope: string }) {
  const hostScope = useNoticeStore((state) => state.hostScope);
  const notices = useNoticeStore((state) => state.notices);
  useEffect(() => {
    hostScope(scope, 1);
    return () => hostScope(scope, -1);
  }, [scope, hostScope]);
  return (
    <div className="notices notices--inline" aria-live="polite">
      {notices
        .filter((notice) => notice.scope === scope)
        .map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
    </div>
  );
}
