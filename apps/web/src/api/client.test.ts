import type { LogPage, ResponseOf } from '@podium/protocol';
import { endpoint, endpoints } from '@podium/protocol';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { setAdminSession, setJudgeToken } from '../auth/cookies';
import { fetchFile } from '../admin/api/download';
import { jsonResponse } from '../test/render';
import {
  ANSWER_TIMEOUT_MS,
  basicAuthHeader,
  callApi,
  callApiWithQuery,
  NETWORK_ERROR,
  PARSE_ERROR,
  requestErrorText,
  withNotFromServerHint,
} from './client';

// Descriptors the protocol does not have yet, to exercise judge auth and path parameters.
const judgeSelf = endpoint({ method: 'GET', path: '/judge', auth: 'judge' });
const trackStats = endpoint({ method: 'GET', path: '/admin/stats/:track', auth: 'admin' });
const projectCsv = endpoint({ method: 'POST', path: '/project/csv', auth: 'admin', multipart: true });

/** Stubs fetch with one answer and returns the spy, to read what was sent. */
function stubFetch(answer: Response | Error) {
  const spy = vi.fn<typeof fetch>(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function sent(spy: ReturnType<typeof stubFetch>) {
  const [url, init] = spy.mock.calls[0] ?? [];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('callApi results', () => {
  it('returns the JSON body as data on success, with an empty error', async () => {
    stubFetch(jsonResponse({ token: 'abc' }));
    const result = await callApi(endpoints.judgeLogin, { body: { code: '123456' } });
    expect(result).toEqual({ status: 200, error: '', data: { token: 'abc' } });
  });

  it('gives status 404 and "Network connection issue" when the network fails', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    expect(await callApi(endpoints.eventInfo)).toEqual({
      status: 404,
      error: 'Network connection issue',
      data: null,
    });
  });

  it('gives up a request whose answer has not begun after ANSWER_TIMEOUT_MS, as a network failure', async () => {
    vi.useFakeTimers();
    try {
      // A dead link that still looks connected: the request waits until it is aborted.
      const hung: (AbortSignal | undefined)[] = [];
      vi.stubGlobal(
        'fetch',
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            hung.push(init.signal ?? undefined);
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const judge = callApi(judgeSelf);
      const adminRead = callApi(endpoints.projectList);
      // The admin's writes and downloads may take long (an import, an export): no such clock.
      void callApi(projectCsv, { form: new FormData() });
      void fetchFile(endpoints.exportResults);
      let judgeDone = false;
      void judge.then(() => (judgeDone = true));
      await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
      expect(judgeDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await judge).toEqual({ status: 404, error: 'Network connection issue', data: null });
      expect(await adminRead).toEqual({ status: 404, error: 'Network connection issue', data: null });
      await vi.advanceTimersByTimeAsync(10 * ANSWER_TIMEOUT_MS);
      expect(hung.map((signal) => signal?.aborted ?? false)).toEqual([true, true, false, false]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a phone's request going once its answer began, and aborts it with the caller", async () => {
    vi.useFakeTimers();
    try {
      const spy = stubFetch(jsonResponse({ ok: 1 }));
      expect(await callApi(judgeSelf)).toEqual({ status: 200, error: '', data: { ok: 1 } });
      const { signal } = spy.mock.calls[0]![1]!;
      await vi.advanceTimersByTimeAsync(2 * ANSWER_TIMEOUT_MS);
      expect(signal!.aborted).toBe(false);

      const caller = new AbortController();
      stubFetch(jsonResponse({ ok: 1 }));
      const forwarded = vi.mocked(fetch);
      const call = callApi(judgeSelf, { signal: caller.signal });
      caller.abort();
      await call;
      expect(forwarded.mock.calls[0]![1]!.signal!.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives "Error parsing response" when the body is not JSON', async () => {
    stubFetch(new Response('<!doctype html><p>Bad gateway</p>', { status: 502 }));
    expect(await callApi(endpoints.eventInfo)).toEqual({
      status: 502,
      error: 'Error parsing response',
      data: null,
    });
  });

  it('gives "Error parsing response" for a 200 that is not JSON either', async () => {
    stubFetch(new Response('ok', { status: 200 }));
    expect(await callApi(endpoints.heartbeat)).toEqual({
      status: 200,
      error: 'Error parsing response',
      data: null,
    });
  });

  it("passes the server's {error} text of a refused request", async () => {
    stubFetch(jsonResponse({ error: 'Invalid judging code' }, 400));
    expect(await callApi(endpoints.judgeLogin, { body: { code: 'nope' } })).toEqual({
      status: 400,
      error: 'Invalid judging code',
      data: null,
    });
  });

  it('names the status when a refused JSON body has no error text', async () => {
    stubFetch(jsonResponse({ ok: 0 }, 500));
    expect(await callApi(endpoints.eventInfo)).toEqual({
      status: 500,
      error: 'Request failed with status 500',
      data: null,
    });
  });
});

describe('callApi requests', () => {
  it('sends the method and path under /api, JSON content type and body only with a body', async () => {
    const spy = stubFetch(jsonResponse({ token: 't' }));
    await callApi(endpoints.judgeLogin, { body: { code: 'ABC123' } });
    const { url, init, headers } = sent(spy);
    expect(url).toBe('/api/judge/login');
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"code":"ABC123"}');
  });

  it('sends no body and no content type without a body', async () => {
    setAdminSession('secret');
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.adminAuth);
    const { url, init, headers } = sent(spy);
    expect(url).toBe('/api/admin/auth');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('percent-encodes path parameters (a track named AI/ML)', async () => {
    const spy = stubFetch(jsonResponse({}));
    await callApi(trackStats, { params: { track: 'AI/ML' } });
    expect(sent(spy).url).toBe('/api/admin/stats/AI%2FML');
  });

  it('appends the query string of an endpoint that declares one (the log pages), encoded', async () => {
    const spy = stubFetch(jsonResponse({ lines: [], next: null }));
    await callApiWithQuery(endpoints.auditLog, { limit: '500', q: 'a&b c', type: undefined });
    expect(sent(spy).url).toBe('/api/admin/log?limit=500&q=a%26b+c');
    await callApiWithQuery(endpoints.auditLog, {});
    expect(spy.mock.calls[1]?.[0]).toBe('/api/admin/log');
  });

  it("asks a path with no query without a bare '?' where URLSearchParams has no size (Safari 16)", async () => {
    const size = vi.spyOn(URLSearchParams.prototype, 'size', 'get').mockReturnValue(undefined as never);
    try {
      const spy = stubFetch(jsonResponse({ ok: 1 }));
      await callApi(endpoints.eventInfo);
      expect(sent(spy).url).toBe('/api/event');
    } finally {
      size.mockRestore();
    }
  });

  it('sends a multipart form as it is, leaving the content type to the browser', async () => {
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    const form = new FormData();
    form.append('csv', new Blob(['a,b\n']), 'projects.csv');
    await callApi(projectCsv, { form });
    const { init, headers } = sent(spy);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });
});

describe('callApi authentication', () => {
  it('sends the judge token cookie as a Bearer header on judge endpoints', async () => {
    setJudgeToken('tok_abc-123');
    const spy = stubFetch(jsonResponse({}));
    await callApi(judgeSelf);
    expect(sent(spy).headers.get('Authorization')).toBe('Bearer tok_abc-123');
  });

  it('sends Basic base64 of the UTF-8 bytes of "admin:" + password on admin endpoints', async () => {
    const password = 'p:ss é€ wörd';
    setAdminSession(password);
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.adminAuth);
    const header = sent(spy).headers.get('Authorization') ?? '';
    expect(header).toBe(`Basic ${Buffer.from(`admin:${password}`, 'utf8').toString('base64')}`);
    // The server splits at the first colon, so the password comes back whole.
    const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    expect(decoded.slice(decoded.indexOf(':') + 1)).toBe(password);
  });

  it('builds the Basic header for any password, where plain btoa would throw', () => {
    expect(() => btoa('admin:é€')).toThrow();
    expect(basicAuthHeader('é€')).toBe('Basic YWRtaW46w6nigqw=');
  });

  it('sends no Authorization header without a stored credential', async () => {
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.adminAuth);
    await callApi(judgeSelf);
    for (const [, init] of spy.mock.calls)
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('never sends credentials to public endpoints', async () => {
    setJudgeToken('tok');
    setAdminSession('secret');
    const spy = stubFetch(jsonResponse({ name: 'Hack' }));
    await callApi(endpoints.eventInfo);
    expect(sent(spy).headers.has('Authorization')).toBe(false);
  });
});

describe('callApi types', () => {
  it('types data by the endpoint descriptor and demands what the endpoint needs', () => {
    // Only compiled, never run: the checks are for tsc.
    const typeOnly = () => {
      expectTypeOf(callApi(endpoints.judgeLogin, { body: { code: 'x' } })).resolves.toMatchTypeOf<{
        data: ResponseOf<typeof endpoints.judgeLogin> | null;
      }>();
      // @ts-expect-error the body of judge login is required
      void callApi(endpoints.judgeLogin);
      // @ts-expect-error a path parameter is required
      void callApi(trackStats);
      // @ts-expect-error unknown path parameter name
      void callApi(trackStats, { params: { name: 'x' } });
      void callApi(endpoints.eventInfo).then((result) => {
        if (result.data) expectTypeOf(result.data.name).toEqualTypeOf<string>();
        else expectTypeOf(result.error).toEqualTypeOf<string>();
      });
      // With a query the log answers a page (its descriptor's queryResponse), not R76's whole log.
      void callApiWithQuery(endpoints.auditLog, { before: '42' }).then((result) => {
        if (result.data) expectTypeOf(result.data).toEqualTypeOf<LogPage>();
      });
      // @ts-expect-error the log's query parameters are strings
      void callApiWithQuery(endpoints.auditLog, { before: 42 });
      // @ts-expect-error an endpoint without a query
      void callApiWithQuery(endpoints.eventInfo, {});
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});

describe('Idempotency-Key (R91)', () => {
  it('sends a fresh key of R91 characters with each judge write', async () => {
    setJudgeToken('judge-token');
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.judgeFinish, { body: {} });
    spy.mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    await callApi(endpoints.judgeFinish, { body: {} });
    const keys = spy.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[1]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the key it is given (a retry of the same write)', async () => {
    setJudgeToken('judge-token');
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.judgeSkip, { body: { reason: 'busy' }, idempotencyKey: 'kept-key_1' });
    expect(sent(spy).headers.get('Idempotency-Key')).toBe('kept-key_1');
  });

  it('sends none with reads, admin writes, the public login or a request for the next project', async () => {
    setJudgeToken('judge-token');
    const spy = stubFetch(jsonResponse({ ok: 1 }));
    await callApi(endpoints.judgeSelf);
    spy.mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    await callApi(endpoints.judgeLogin, { body: { code: '1' } });
    spy.mockResolvedValueOnce(jsonResponse({ project_id: 'p1' }));
    await callApi(endpoints.judgeNext);
    expect(spy).toHaveBeenCalledTimes(3);
    for (const [, init] of spy.mock.calls)
      expect(new Headers(init?.headers).has('Idempotency-Key')).toBe(false);
  });
});

describe('conditional requests (ETag, 304)', () => {
  it('returns the ETag of an answer that has one', async () => {
    stubFetch(new Response('[]', { headers: { 'Content-Type': 'application/json', ETag: '"v1"' } }));
    expect(await callApi(endpoints.projectListPublic)).toEqual({
      status: 200,
      error: '',
      data: [],
      etag: '"v1"',
    });
  });

  it('sends If-None-Match with the answer the caller holds and turns a 304 into it', async () => {
    setAdminSession('pw');
    const kept = { etag: '"v1"', data: [{ id: 'p1' }] };
    const spy = stubFetch(new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const result = await callApi(endpoints.projectList, { kept });
    expect(sent(spy).headers.get('If-None-Match')).toBe('"v1"');
    expect(result).toEqual({ status: 200, error: '', data: kept.data, etag: '"v1"' });
  });
});

describe('request error texts', () => {
  it("say the spec's text for the server's refusals and for no answer", () => {
    expect(requestErrorText(500, 'internal server error')).toBe(
      'Error sending request to server (Status 500): internal server error',
    );
    expect(requestErrorText(404, NETWORK_ERROR)).toBe(
      'Error sending request to server (Status 404): Network connection issue',
    );
  });

  it("add what to do when the answer was not the server's (a Wi-Fi sign-in page)", () => {
    expect(requestErrorText(200, PARSE_ERROR)).toBe(
      'Error sending request to server (Status 200): Error parsing response. The answer did not come from the ' +
        'judging server: if the Wi-Fi asks you to sign in, do so, then try again.',
    );
    expect(withNotFromServerHint('Could not load this page: Error parsing response.', PARSE_ERROR)).toBe(
      'Could not load this page: Error parsing response. The answer did not come from the judging server: if ' +
        'the Wi-Fi asks you to sign in, do so, then try again.',
    );
  });
});
