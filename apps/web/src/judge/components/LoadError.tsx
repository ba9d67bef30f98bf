import { withNotFromServerHint } from '../../api/client';

/** A page's data could not be loaded: why, and a way to try again (poor Wi-Fi is expected). */
export function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="card judge-load-error" role="alert">
      <p>{withNotFromServerHint(`Could not load this page: ${error || 'unknown error'}.`, error)}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
