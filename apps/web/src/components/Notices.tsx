import { useNoticeStore } from '../stores/notice.store';

/** The current notices, each dismissable; errors are alerts, the rest status messages. */
function NoticeItems() {
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  return notices.map((notice) => (
    <div
      key={notice.id}
      className={`notice notice--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <p className="notice__text">{notice.text}</p>
      <button type="button" className="notice__close" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </div>
  ));
}

/** The live region of the app's alerts; rendered once, by the root layout. */
export function Notices() {
  return (
    <div className="notices" aria-live="polite">
      <NoticeItems />
    </div>
  );
}

/** The same notices, repeated inside an open modal popup (Dialog `showNotices`). */
export function DialogNotices() {
  const any = useNoticeStore((state) => state.notices.length > 0);
  if (!any) return null;
  return (
    <div className="dialog__notices">
      <NoticeItems />
    </div>
  );
}
