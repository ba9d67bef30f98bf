import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withConnection } from './lazy-connection';

/** How many times the socket's code was asked for, and whether the network answers. */
const chunk = vi.hoisted(() => ({ asked: 0, reachable: false }));

vi.mock('./connection', () => {
  chunk.asked += 1;
  if (!chunk.reachable) throw new Error('Failed to fetch dynamically imported module');
  return { subscribe: () => () => undefined };
});

/** Lets the import's promise and its handlers run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
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
