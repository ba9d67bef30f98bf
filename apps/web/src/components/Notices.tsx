import { useNoticeStore } from '../stores/notice.store';

/** The live region of the app's alerts; rendered once, by the root layout. */
export function Notices() {
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  return (
    <div className="notices" aria-live="polite">
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
