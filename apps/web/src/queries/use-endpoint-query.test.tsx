import { endpoints } from '@podium/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { jsonResponse, render } from '../test/render';
import { useEndpointQuery } from './use-endpoint-query';

function Count({ label }: { label: string }) {
  const count = useEndpointQuery(endpoints.projectCount);
  if (count.loading) return <p>{label} loading</p>;
  if (count.error) return <p>{`${label} failed ${count.failedStatus}: ${count.error}`}</p>;
  return <p>{`${label} ${count.data?.count}`}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useEndpointQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes one request for every reader of an endpoint in a view', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ count: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(
      <>
        <Count label="header" />
        <Count label="table" />
      </>,
    );
    await settle();
    expect(view.textContent).toBe('header 7table 7');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/project/count');
  });

  it('says in plain words why a read failed, with its status', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'judging has not started' }, 400));
    const view = await render(<Count label="count" />);
    await settle();
    expect(view.textContent).toBe('count failed 400: judging has not started');
  });

  it('keeps the last answer while a refetch fails', async () => {
    let online = true;
    vi.stubGlobal('fetch', async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse({ count: 3 });
    });
    let refetch: () => Promise<unknown> = async () => undefined;
    function Reader() {
      const count = useEndpointQuery(endpoints.projectCount);
      refetch = count.refetch;
      return <p>{`${count.data?.count} ${count.error}`}</p>;
    }
    const view = await render(<Reader />);
    await settle();
    online = false;
    await act(async () => void (await refetch()));
    await settle();
    expect(view.textContent).toBe('3 Network connection issue');
  });
});
