import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanupRendered, click, render } from '../../test/render';
import { useScreenAwake } from './use-screen-awake';

/**
 * The page hidden and shown again, which headless Chromium cannot do (judge-timer.e2e.ts covers
 * the lock with the browser's own API): the Wake Lock API as the browser behaves, its requests
 * answered when the test says, its locks let go when the page hides.
 */
function fakeWakeLock() {
  const answers: { grant: () => void; refuse: () => void }[] = [];
  const held: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(
    () =>
      new Promise<WakeLockSentinel>((resolve, reject) => {
        answers.push({
          grant: () => {
            const sentinel = {
              // The browser lets every lock go once the page is hidden.
              released: document.visibilityState !== 'visible',
              release: async () => {
                sentinel.released = true;
              },
            };
            held.push(sentinel);
            resolve(sentinel as unknown as WakeLockSentinel);
          },
          refuse: () => reject(new DOMException('refused', 'NotAllowedError')),
        });
      }),
  );
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, answers, held };
}

let visibility: DocumentVisibilityState = 'visible';
function showPage(state: DocumentVisibilityState) {
  visibility = state;
  if (state === 'hidden') for (const lock of wakeLock.held) lock.released = true;
  document.dispatchEvent(new Event('visibilitychange'));
}

let wakeLock: ReturnType<typeof fakeWakeLock>;

/** A visit's timer, running until Pause. */
function Timer() {
  const [running, setRunning] = useState(true);
  useScreenAwake(running);
  return (
    <button type="button" onClick={() => setRunning(false)}>
      Pause
    </button>
  );
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  wakeLock = fakeWakeLock();
});

afterEach(async () => {
  await cleanupRendered();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'wakeLock');
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const holding = () => wakeLock.held.filter((lock) => !lock.released).length;

describe('useScreenAwake', () => {
  it('asks again once the page shows, after the browser let the lock go while it was hidden', async () => {
    await render(<Timer />);
    wakeLock.answers[0]!.grant();
    await settle();
    expect(holding()).toBe(1);
    showPage('hidden');
    expect(holding()).toBe(0);
    showPage('visible');
    wakeLock.answers[1]!.grant();
    await settle();
    expect([wakeLock.request.mock.calls.length, holding()]).toEqual([2, 1]);
  });

  it('asks again when the page shows while a request is on its way, whose lock the hiding took', async () => {
    await render(<Timer />);
    showPage('hidden');
    showPage('visible'); // the first request still unanswered
    expect(wakeLock.request).toHaveBeenCalledTimes(1); // one at a time
    // Granted while hidden: let go at once, as the browser does.
    visibility = 'hidden';
    wakeLock.answers[0]!.grant();
    visibility = 'visible';
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    wakeLock.answers[1]!.grant();
    await settle();
    expect(holding()).toBe(1);
  });

  it('asks once more only, when that request is refused too (a battery saver)', async () => {
    await render(<Timer />);
    showPage('hidden');
    showPage('visible');
    wakeLock.answers[0]!.refuse();
    await settle();
    wakeLock.answers[1]!.refuse();
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    expect(holding()).toBe(0);
  });

  it('lets the lock go when the timer stops, and asks for none while it is stopped', async () => {
    const timer = await render(<Timer />);
    wakeLock.answers[0]!.grant();
    await settle();
    await click(timer.querySelector('button'));
    expect(holding()).toBe(0);
    showPage('hidden');
    showPage('visible');
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
  });
});
