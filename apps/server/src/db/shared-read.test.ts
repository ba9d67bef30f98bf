import { describe, expect, it } from 'vitest';
import { SharedRead } from './shared-read.js';

/** A read whose answers the test releases by hand, counting how many began. */
function manualRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const shared = new SharedRead(
    () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return { shared, pending };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedRead', () => {
  it('gives callers that come during a read the next read, one for all of them', async () => {
    const { shared, pending } = manualRead();
    const first = shared.get();
    const later = [shared.get(), shared.get(), shared.get()];
    expect(pending).toHaveLength(1); // the next read waits for the one on its way
    pending[0]?.resolve(1);
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(2);
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('starts a new read for a caller that comes after the last one ended', async () => {
    const { shared, pending } = manualRead();
    const first = shared.get();
    pending[0]?.resolve(1);
    expect(await first).toBe(1);
    const second = shared.get();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(2);
    expect(await second).toBe(2);
  });

  it('hands a failure to the callers of that read only; the next read still runs', async () => {
    const { shared, pending } = manualRead();
    const failing = shared.get();
    const next = shared.get();
    pending[0]?.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    pending[1]?.resolve(3);
    expect(await next).toBe(3);
  });
});
