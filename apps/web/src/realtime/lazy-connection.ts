/**
 * `connection.ts` loaded on demand, so socket.io-client (13 kB compressed) is fetched after a page's
 * first paint instead of before it (issue 14: a judge's cold load on venue Wi-Fi). Nothing is lost
 * meanwhile: the socket opens with the first subscription, after the page read what it shows.
 */
import { loadOnce } from '../util/load-once';
import type * as Connection from './connection';

type ConnectionModule = typeof Connection;

const connection = loadOnce<ConnectionModule>(() => import('./connection'));

/** How often a load that failed is tried again while the phone says it is online (a captive portal). */
const RETRY_MS = 10_000;

/**
 * The module, if a page loaded it: until then no socket exists, so there is nothing to close or
 * replace (a logout, another judge signing in).
 */
export function loadedConnection(): ConnectionModule | undefined {
  return connection.module;
}

/**
 * Runs `attach` once the module is loaded, unless the caller let go first; returns the release
 * (React effects return it), which also undoes what `attach` did. A load that fails (offline before
 * the phone held the chunk) is tried again when the network comes back and every `RETRY_MS`: the
 * page would otherwise stay without live updates until reloaded.
 */
export function withConnection(attach: (connection: ConnectionModule) => () => void): () => void {
  let released = false;
  let detach: (() => void) | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const load = (): void => {
    clearTimeout(retry);
    window.removeEventListener('online', load);
    connection.load().then(
      (module) => {
        if (!released) detach = attach(module);
      },
      () => {
        if (released) return;
        window.addEventListener('online', load);
        retry = setTimeout(load, RETRY_MS);
      },
    );
  };
  load();
  return () => {
    released = true;
    clearTimeout(retry);
    window.removeEventListener('online', load);
    detach?.();
  };
}
