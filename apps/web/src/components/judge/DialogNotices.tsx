import { useNoticeStore } from '../../stores/notice.store';

/**
 * The app's notices, repeated inside an open popup. A modal dialog makes the rest of the page
 * inert and dims it, so the page's own notice area could be neither read nor dismissed; this
 * copy shows the same notices where the judge is looking.
 */
export function DialogNotices() {
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  if (notices.length === 0) return null;
  return (
    <div className="judge-dialog__notices">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <p className="notice__text">{notice.text}</p>
          <button
            type="button"
            className="notice__close"
            aria-label="Dismiss"
            onClick={() => dismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
