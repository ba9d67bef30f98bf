import { useUpdateStore } from '../pwa/update.store';

/** "A new version is available — Reload", while one waits (src/pwa/register.ts). */
export function UpdateBanner() {
  const apply = useUpdateStore((state) => state.apply);
  if (!apply) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version is available</span>
      <button type="button" className="btn btn--primary" onClick={apply}>
        Reload
      </button>
    </div>
  );
}
