import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
const isFullscreen = () => document.fullscreenElement !== null;

/**
 * Takes a room's screen (the lobby display, the results on a projector) full-screen: browsers allow
 * it only from a click. Hidden where the Fullscreen API is missing, and once full-screen: Escape
 * leaves it.
 */
export function FullscreenButton({ className }: { className: string }) {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  if (fullscreen || typeof document.documentElement.requestFullscreen !== 'function') return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
    >
      Full screen
    </button>
  );
}
