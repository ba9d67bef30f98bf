/** API.md 6.3's coalescing: at once, then one emission at the end of the window, the latest change's. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Coalescer', () => {
  it('sends the first change at once and, at the end of its window, only the latest of the others', () => {
    const coalescer = new Coalescer(1000);
    const sent: string[] = [];
    coalescer.push('stats@admin', () => sent.push('seq 1'));
    vi.advanceTimersByTime(200);
    coalescer.push('stats@admin', () => sent.push('seq 4'));
    coalescer.push('stats@admin', () => sent.push('seq 7'));
    coalescer.push('flags.changed@admin', () => sent.push('flags seq 8'));
    expect(sent).toEqual(['seq 1', 'flags seq 8']);
    vi.advanceTimersByTime(799);
    expect(sent).toEqual(['seq 1', 'flags seq 8']);
    vi.advanceTimersByTime(1);
    // One emission for the window, standing for seq 4 and 7: the latest change's.
    expect(sent).toEqual(['seq 1', 'flags seq 8', 'seq 7']);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
  });

  it('drops what waits when cleared', () => {
    const coalescer = new Coalescer(1000);
    const sent: number[] = [];
    coalescer.push('k', () => sent.push(1));
    coalescer.push('k', () => sent.push(2));
    coalescer.clear();
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([1]);
  });
});
