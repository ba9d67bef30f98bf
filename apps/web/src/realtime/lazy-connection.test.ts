import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LazyConnection from './lazy-connection';

/** How many times the socket's code was asked for, and whether the network answers. */
const chunk = { asked: 0, reachable: false };

/** Lets the import's promise and its handlers run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let withConnection: typeof LazyConnection.withConnection;

// Each test starts offline, on a page that never loaded the socket's code: once loaded, it stays
// loaded for the page's life (and a module mocked once stays mocked), so both are made afresh.
beforeEach(async () => {
  chunk.reachable = false;
  vi.resetModules();
  vi.doMock('./connection', () => {
    chunk.asked += 1;
    if (!chunk.reachable) throw new Error('Failed to fetch dynamically imported module');
    return { subscribe: () => () => undefined };
  });
  ({ withConnection } = await import('./lazy-connection'));
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('withConnection when the socket code cannot be loaded', () => {
  it('tries no more once the page let go, whether before or after the load failed', async () => {
    const attach = vi.fn(() => () => undefined);
    withConnection(attach)(); // let go while the load is on its way
    const releaseAfter = withConnection(attach);
    await settle();
    const asked = chunk.asked;
    releaseAfter();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chunk.asked).toBe(asked);
    expect(attach).not.toHaveBeenCalled();
  });

  it('tries again every 10 s, and attaches once the code arrives', async () => {
    const attach = vi.fn(() => () => undefined);
    const release = withConnection(attach);
    await settle();
    const asked = chunk.asked;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(chunk.asked).toBe(asked + 1);
    chunk.reachable = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(attach).toHaveBeenCalledTimes(1);
    // Loaded: neither the timer nor another 'online' loads or attaches again.
    await vi.advanceTimersByTimeAsync(30_000);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(attach).toHaveBeenCalledTimes(1);
    release();
  });
});
