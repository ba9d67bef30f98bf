import { endpoints } from '@podium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { setAdminSession } from '../auth/cookies';
import { forgetCredential } from '../hooks/use-logout';
import { queryClient } from '../queries/query-client';
import { endpointQuery } from '../queries/use-endpoint-query';

/** A JSON answer carrying `etag`, when given. */
const tagged = (body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) },
  });
const unchanged = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

/** Stubs fetch with `answers`, in order (a logout aside), and returns each read's If-None-Match. */
function serve(...answers: Response[]) {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/admin/logout')) return tagged({ ok: 1 });
      sent.push(new Headers(init?.headers).get('If-None-Match'));
      return answers.shift() ?? tagged({ error: 'not expected' });
    }),
  );
  return sent;
}

const readProjects = () => queryClient.fetchQuery(endpointQuery(endpoints.projectList));

describe('conditional list reads (ETag, 304) on the queries', () => {
  it("asks again with the kept answer's ETag, and a 304 keeps that very answer", async () => {
    setAdminSession('session-a');
    const sent = serve(tagged([{ id: 'p1' }], '"v1"'), unchanged('"v1"'));
    const first = await readProjects();
    const again = await readProjects();
    expect(sent).toEqual([null, '"v1"']);
    expect(again).toBe(first);
    expect(again).toEqual([{ id: 'p1' }]);
  });

  it('sends no If-None-Match to a server that never sent an ETag', async () => {
    const sent = serve(tagged([]), tagged([]));
    await queryClient.fetchQuery(endpointQuery(endpoints.projectListPublic));
    await queryClient.fetchQuery(endpointQuery(endpoints.projectListPublic));
    expect(sent).toEqual([null, null]);
  });

  it('asks in full for a kept answer the page changed since (its ETag no longer names it)', async () => {
    setAdminSession('session-a');
    const sent = serve(tagged([{ id: 'p1' }], '"v1"'), tagged([{ id: 'p1' }], '"v1"'));
    await readProjects();
    queryClient.setQueryData(endpointQuery(endpoints.projectList).queryKey, [{ id: 'p1' }, { id: 'p2' }]);
    expect(await readProjects()).toEqual([{ id: 'p1' }]);
    expect(sent).toEqual([null, null]);
  });

  it("after a logout and another login, the first read is answered in full: never the last session's list", async () => {
    setAdminSession('session-a');
    const sent = serve(tagged([{ id: 'seen-by-a' }], '"a"'), tagged([{ id: 'seen-by-b' }], '"b"'));
    await readProjects();
    await forgetCredential('/admin');
    setAdminSession('session-b');
    expect(await readProjects()).toEqual([{ id: 'seen-by-b' }]);
    expect(sent).toEqual([null, null]);
  });
});
