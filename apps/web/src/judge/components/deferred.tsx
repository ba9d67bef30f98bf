/**
 * A part of a judge page whose code is a chunk of its own, loaded when the part first shows, so it
 * does not weigh on the page's first load on venue Wi-Fi. Unlike `React.lazy`, whose failed import
 * throws to the screen's error boundary and takes the whole page with it, a failed load (no
 * network, and a chunk the phone does not hold yet because the service worker's precache has not
 * finished) stays in the part's place: the rest of the page (the Undo banner, Next project) works,
 * the part says it could not load, and it is loaded again when the network comes back or the judge
 * taps Try again (the `online` event alone is not enough: a captive portal keeps a phone "online").
 */
import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen';
import { loadOnce } from '../../util/load-once';

interface DeferredOptions {
  /** What the part is, for the failure's words: "the ranking board". */
  what: string;
  /**
   * Shown while it loads: a spinner in the part's place (not over the screen, where it would cover
   * Next Project on a slow network) unless the page has a text alternative already.
   */
  whileLoading?: 'spinner' | 'nothing';
}

export function deferred<M, P extends object>(
  importModule: () => Promise<M>,
  partOf: (module: M) => ComponentType<P>,
  { what, whileLoading = 'spinner' }: DeferredOptions,
): ComponentType<P> {
  const loaded = loadOnce(importModule);
  const part = {
    get module() {
      return loaded.module && partOf(loaded.module);
    },
    load: async () => partOf(await loaded.load()),
  };

  return function DeferredPart(props: P) {
    // A component is a function: kept in a box so React does not call it as a state updater.
    const [shown, setShown] = useState(() => (part.module ? { Part: part.module } : null));
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (shown || failed) return;
      let current = true;
      part.load().then(
        (Part) => current && setShown({ Part }),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [shown, failed]);
    useEffect(() => {
      if (!failed) return;
      const retry = () => setFailed(false);
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);

    if (shown) return <shown.Part {...props} />;
    if (failed) {
      return (
        <div className="card judge-load-error" role="status">
          <p>Could not load {what}: check the network. It loads again once you are back online.</p>
          <button type="button" className="btn btn--secondary" onClick={() => setFailed(false)}>
            Try again
          </button>
        </div>
      );
    }
    return whileLoading === 'spinner' ? <LoadingScreen label={`Loading ${what}`} inPlace /> : null;
  };
}
