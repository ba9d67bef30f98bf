import { endpoints } from '@podium/protocol';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointKey, queryClient } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';
import { jsonResponse, render } from '../../test/render';
import { useLastUpdate, useRefreshError, useSessionRefused } from './dashboard-queries';
import { makeOptions, makeProject } from './test-fixtures';

function Freshness() {
  const last = useLastUpdate();
  const error = useRefreshError();
  const refused = useSessionRefused();
  return <p>{`last ${last} error '${error}' refused ${refused}`}</p>;
}

/** A dashboard read that fails with `status` (retries off, as after a shown answer). */
async function failRead(status: number, error: string) {
  vi.stubGlobal('fetch', async () => jsonResponse({ error }, status));
  await act(() =>
    queryClient.fetchQuery({ ...endpointQuery(endpoints.flags), retry: false }).catch(() => undefined),
  );
}

describe('what the dashboard derives from its queries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'Last Update' is the newest answer of any dashboard query, not of other pages' queries", async () => {
    const view = await render(<Freshness />);
    expect(view.textContent).toBe("last 0 error '' refused false");
    await act(async () => {
      queryClient.setQueryData(endpointKey(endpoints.projectList), [makeProject('p1')], { updatedAt: 5000 });
      queryClient.setQueryData(endpointKey(endpoints.options), makeOptions(), { updatedAt: 7000 });
      queryClient.setQueryData(endpointKey(endpoints.projectCount), { count: 1 }, { updatedAt: 9000 });
    });
    expect(view.textContent).toBe("last 7000 error '' refused false");
  });

  it('names a failed read until it succeeds again', async () => {
    const view = await render(<Freshness />);
    await failRead(503, 'Service Unavailable');
    expect(view.textContent).toBe("last 0 error 'Service Unavailable' refused false");
    vi.stubGlobal('fetch', async () => jsonResponse([]));
    await act(() => queryClient.fetchQuery({ ...endpointQuery(endpoints.flags), staleTime: 0 }));
    expect(view.textContent).toMatch(/^last \d+ error '' refused false$/);
  });

  it('tells a refused session (401) apart from other failures', async () => {
    const view = await render(<Freshness />);
    await failRead(401, 'Unauthorized');
    expect(view.textContent).toBe("last 0 error 'Unauthorized' refused true");
  });
});
