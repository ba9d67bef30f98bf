/**
 * Code imported when it is first needed (a chunk of its own); after that it is at hand at once. A
 * failed import (offline, a chunk the phone does not hold yet) is not kept: the next `load` tries
 * again. The router's portals, the judge pages' deferred parts and the socket's code
 * (realtime/lazy-connection.ts) load this way; each says when it tries again.
 */
export interface LoadOnce<M> {
  load: () => Promise<M>;
  /** The module, once imported. */
  module?: M;
}

export function loadOnce<M>(importModule: () => Promise<M>): LoadOnce<M> {
  const once: LoadOnce<M> = { load: async () => (once.module ??= await importModule()) };
  return once;
}
