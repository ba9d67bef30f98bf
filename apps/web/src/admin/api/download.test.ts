import { endpoint } from '@podium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { setAdminSession } from '../../auth/cookies';
import { jsonResponse } from '../../test/render';
import { downloadFile, fetchFile, filenameFromDisposition } from './download';

const exportJudges = endpoint({ method: 'GET', path: '/admin/export/judges', auth: 'admin' });

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename=judges.csv', 'judges.csv'],
    ['attachment; filename="challenge-projects.zip"', 'challenge-projects.zip'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ["attachment; filename=fallback.csv; filename*=UTF-8''caf%C3%A9%20list.csv", 'café list.csv'],
    ['attachment; filename = spaced.csv ; size=3', 'spaced.csv'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header, 'x')).toBe(expected);
  });

  it('falls back without a usable header', () => {
    expect(filenameFromDisposition(null, 'judges')).toBe('judges');
    expect(filenameFromDisposition('attachment', 'judges')).toBe('judges');
  });
});

describe('fetchFile', () => {
  it('returns the blob and the server-given name, sending admin credentials', async () => {
    setAdminSession('secret');
    const fetchSpy = vi.fn<typeof fetch>(
      async () =>
        new Response('Name,Email\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename=judges.csv',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const result = await fetchFile(exportJudges);
    expect(result.status).toBe(200);
    expect(result.error).toBe('');
    expect(result.data?.filename).toBe('judges.csv');
    expect(await result.data?.blob.text()).toBe('Name,Email\n');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/export/judges');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Basic /);
  });

  it('names the file after the path when the server gives no name', async () => {
    vi.stubGlobal('fetch', async () => new Response('x'));
    expect((await fetchFile(exportJudges)).data?.filename).toBe('judges');
  });

  it("returns the server's error text of a refused export", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ error: 'Authorization header required with Basic auth' }, 401),
    );
    expect(await fetchFile(exportJudges)).toEqual({
      status: 401,
      error: 'Authorization header required with Basic auth',
      data: null,
      statusText: '',
    });
  });

  it("keeps the response's status text for the export alert", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'disk full' }), {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    expect(await fetchFile(exportJudges)).toEqual({
      status: 500,
      error: 'disk full',
      data: null,
      statusText: 'Internal Server Error',
    });
  });

  it('reports a network failure like every other call', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchFile(exportJudges)).toEqual({
      status: 404,
      error: 'Network connection issue',
      data: null,
      statusText: '',
    });
  });
});

describe('downloadFile', () => {
  it('saves the file through a temporary download link', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      async () => new Response('zip', { headers: { 'Content-Disposition': 'attachment; filename=c.zip' } }),
    );
    // jsdom has no object URLs; give the global URL the two functions for this test.
    const createObjectURL = vi.fn(() => 'blob:podium/1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });

    const result = await downloadFile(exportJudges);

    expect(result.error).toBe('');
    expect(clicked).toEqual([{ download: 'c.zip', href: 'blob:podium/1' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:podium/1');
    vi.useRealTimers();
  });

  it('saves nothing when the export fails', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'internal server error' }, 500));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    expect((await downloadFile(exportJudges)).error).toBe('internal server error');
    expect(click).not.toHaveBeenCalled();
  });
});
