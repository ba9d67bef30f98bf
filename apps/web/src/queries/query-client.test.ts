import type { OkFlag } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointKey, queryClient, updateKept } from './query-client';

const BEFORE: OkFlag = { ok: 0 };
const WRITTEN: OkFlag = { ok: 1 };
const written = () => WRITTEN;

afterEach(() => queryClient.clear());

/** A read the test answers by hand, watched as a page would (an active query). */
function watchedRead(queryKey: unknown[]) {
  const answers: ((options: OkFlag) => void)[] = [];
  const observer = new QueryObserver<OkFlag>(queryClient, {
    queryKey,
    queryFn: () => new Promise<OkFlag>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { answers, unsubscribe, data: () => queryClient.getQueryData<OkFlag>(queryKey) };
}

describe('updateKept', () => {
  it('keeps the written value when a read answered before the write lands after it', async () => {
    const queryKey = endpointKey(endpoints.judgeDeliberation);
    const read = watchedRead(queryKey);
    read.answers[0]!(BEFORE);
    await expect.poll(read.data).toEqual(BEFORE);

    void queryClient.invalidateQueries({ queryKey }); // a second read goes out...
    await expect.poll(() => read.answers.length).toBe(2);
    updateKept(endpoints.judgeDeliberation, written);
    expect(read.data()).toEqual(WRITTEN);
    read.answers[1]!(BEFORE); // ...answered before the write, it lands late
    await expect.poll(() => read.answers.length).toBe(3); // and is asked again
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read.data()).toEqual(WRITTEN);
    read.answers[2]!(WRITTEN);
    await expect.poll(read.data).toEqual(WRITTEN);
    read.unsubscribe();
  });

  it('asks again when the first read is still on its way (nothing kept to update)', async () => {
    const queryKey = endpointKey(endpoints.judgeDeliberation);
    const read = watchedRead(queryKey);
    await expect.poll(() => read.answers.length).toBe(1);
    updateKept(endpoints.judgeDeliberation, written);
    read.answers[0]!(BEFORE);
    await expect.poll(() => read.answers.length).toBe(2);
    expect(read.data()).toBeUndefined();
    read.answers[1]!(WRITTEN);
    await expect.poll(read.data).toEqual(WRITTEN);
    read.unsubscribe();
  });

  it('sends no read when none is on its way', async () => {
    const queryKey = endpointKey(endpoints.judgeDeliberation);
    const read = watchedRead(queryKey);
    read.answers[0]!(BEFORE);
    await expect.poll(read.data).toEqual(BEFORE);
    updateKept(endpoints.judgeDeliberation, written);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read.answers).toHaveLength(1);
    expect(read.data()).toEqual(WRITTEN);
    read.unsubscribe();
  });
});
