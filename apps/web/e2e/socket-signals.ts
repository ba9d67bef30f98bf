/** What a page's socket.io connection does, read from its frames (shared by the expo's browser tests). */
import type { Page } from 'playwright-core';

/**
 * Resolves once the page's socket.io connection is accepted (the CONNECT packet `40…`, over
 * long-polling or the websocket): from then on events reach the page. Pages no longer refetch on
 * the socket's first connect (issue 14: one fetch per view), so that is no longer the signal.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const accepted = (payload: string | Buffer) =>
      String(payload)
        .split('\u001e')
        .some((p) => p.startsWith('40'));
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => accepted(payload) && resolve()));
    page.on('response', async (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      if (accepted(await response.text().catch(() => ''))) resolve();
    });
  });
}

/** The frames the page's websocket receives from now on, each cut to its first 60 characters. */
export function recordSocketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => frames.push(String(payload).slice(0, 60))),
  );
  return frames;
}
