import { useConnectionState } from '../hooks/use-connection-state';
import { useLastUpdate } from './dashboard-queries';
import './connection-banner.css';

/** HH:MM:SS of a local time, whatever the browser's locale does with hours. */
function clockTime(time: number): string {
  return new Date(time).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/**
 * Says so while the admin socket is lost (issue 14): the figures stay on screen, polled every 15 s
 * meanwhile, and the reconnect refetches everything; nothing to tap. The live region is always
 * there, so screen readers announce the text when it appears.
 */
export function ConnectionBanner() {
  const lost = useConnectionState('admin') === 'disconnected';
  const last = useLastUpdate();
  return (
    <div role="status" className="connection-banner">
      {lost && (
        <p className="page-warning connection-banner__text">
          Connection lost. Reconnecting…
          {last > 0 && ` The figures below are from ${clockTime(last)}.`}
        </p>
      )}
    </div>
  );
}
