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

interface DeferredOptions {
  /** What the part is, for the failure's words: "the ranking board". */
  what: string;
  /** Shown while it loads: a spinner unless the page has a text alternative already. */
  whileLoading?: 'spinner' | 'nothing';
}

export function deferred<P extends object>(
  importPart: () => Promise<ComponentType<P>>,
  { what, whileLoading = 'spinner' }: DeferredOptions,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  // One import at a time for every copy of the part; a failed one is forgotten: the next try imports again.
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (loading ??= importPart().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  return function DeferredPart(props: P) {
    // A component is a function: kept in a box so React does not call it as a state updater.
    const [part, setPart] = useState(() => (loaded ? { Part: loaded } : null));
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (part || failed) return;
      let current = true;
      load().then(
        (Part) => current && setPart({ Part }),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [part, failed]);
    useEffect(() => {
      if (!failed) return;
      const retry = () => setFailed(false);
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);

    if (part) return <part.Part {...props} />;
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
    return whileLoading === 'spinner' ? <LoadingScreen /> : null;
  };
}
