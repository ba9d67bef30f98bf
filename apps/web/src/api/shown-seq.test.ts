import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEQ_HEADER } from '@podium/protocol';
import { ShownSeq } from './shown-seq';

const answer = (seq: string) => new Headers({ [SEQ_HEADER]: seq });

afterEach(() => {
  vi.useRealTimers();
});

describe('ShownSeq', () => {
  it('keeps the lowest seq of the answers, ignoring answers without one', () => {
    const shown = new ShownSeq();
    expect(shown.since()).toBeUndefined();
    shown.note(new Headers());
    shown.note(answer('not a number'));
    expect(shown.since()).toBeUndefined();
    shown.note(answer('12'));
    shown.note(answer('15'));
    shown.note(answer('9'));
    expect(shown.since()).toBe(9);
  });

  it('answered() waits for the first answer with a seq while reads are on their way, or gives up after its time', async () => {
    vi.useFakeTimers();
    const shown = new ShownSeq();
    // No read on its way (a page shown from kept answers): nothing to wait for.
    await expect(shown.answered(5_000)).resolves.toBeUndefined();
    shown.reading();
    let answered = false;
    void shown.answered(5_000).then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answered).toBe(false);
    shown.note(answer('4'));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe(true);
    // Once known, at once.
    await expect(shown.answered(5_000)).resolves.toBeUndefined();

    const none = new ShownSeq();
    none.reading();
    let gaveUp = false;
    void none.answered(5_000).then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(gaveUp).toBe(true);
    expect(none.since()).toBeUndefined();

    // Reads that fail, or answer without a seq (another server's): nothing left to wait for.
    const failing = new ShownSeq();
    const [first, second] = [failing.reading(), failing.reading()];
    let ended = false;
    void failing.answered(5_000).then(() => (ended = true));
    first();
    first(); // once only
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(false);
    failing.note(new Headers());
    second();
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(true);
  });
});
