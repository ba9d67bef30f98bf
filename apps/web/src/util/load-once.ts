/**
 * Code imported when it is first needed (a chunk of its own); after that it is at hand at once. A
 * failed import (offline, a chunk the phone does not hold yet) is not kept: the next `load` tries
 * again. The router's portals, the judge pages' deferred parts and the socket's code
 * (realtime/lazy-connection.ts) load this way; each says when it tries again.
 *
 * Chromium (150 here) keeps a failed `import()` in its module map: importing the same URL again
 * fails at once without asking the network, so a chunk that failed offline never loaded until the
 * page was reloaded. Its failure names the chunk's URL (Chromium and Firefox say "…dynamically
 * imported module: <url>"): the next try imports that URL under a query of its own, which the
 * browser fetches (the server and the service worker serve the file whatever the query). Without a
 * URL (WebKit), the import is asked again as it is.
 */
export interface LoadOnce<M> {
  load: () => Promise<M>;
  /** The module, once imported. */
  module?: M;
}

/** The same-origin script a failed `import()`'s message names, if it names one. */
export function failedChunkUrl(error: unknown, origin: string): string | undefined {
  const named = /https?:\/\/\S+?\.m?js\b/.exec(error instanceof Error ? error.message : '')?.[0];
  if (named === undefined) return undefined;
  const url = new URL(named);
  return url.origin === origin ? `${url.origin}${url.pathname}` : undefined;
}

/**
 * The module a chunk's exports hold: the build exports a dynamically imported module either as the
 * chunk's own exports, or, when the chunk is shared with code that imports it statically (the
 * socket's code, which the admin portal imports), as one export holding the module's namespace,
 * which the first import took (`import(chunk).then((e) => e.n)`).
 */
export function moduleOfChunk(chunk: Record<string, unknown>): unknown {
  const namespaces = Object.values(chunk).filter(
    (value) => Object.prototype.toString.call(value) === '[object Module]',
  );
  return namespaces.length === 1 ? namespaces[0] : chunk;
}

export function loadOnce<M>(importModule: () => Promise<M>): LoadOnce<M> {
  let failed: string | undefined;
  let tries = 0;
  const importAgain = async (): Promise<M> => {
    if (failed === undefined) return await importModule();
    const chunk = (await import(/* @vite-ignore */ `${failed}?retry=${(tries += 1)}`)) as Record<
      string,
      unknown
    >;
    return moduleOfChunk(chunk) as M;
  };
  // One import at a time: callers asking meanwhile share it, so a retry never makes two instances
  // of the module (two sockets).
  let pending: Promise<M> | undefined;
  const attempt = async (): Promise<M> => {
    try {
      return (once.module = await importAgain());
    } catch (error) {
      failed ??= failedChunkUrl(error, window.location.origin);
      throw error;
    } finally {
      pending = undefined;
    }
  };
  const once: LoadOnce<M> = {
    load: () => (once.module !== undefined ? Promise.resolve(once.module) : (pending ??= attempt())),
  };
  return once;
}
