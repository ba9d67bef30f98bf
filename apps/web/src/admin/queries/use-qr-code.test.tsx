import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render } from '../../test/render';
import { useQrCode, type QrCodeState } from './use-qr-code';

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

let shown: QrCodeState | null = null;
function Panel({ track }: { track: string }) {
  shown = useQrCode(track);
  return <p>{shown.error ? `failed: ${shown.error}` : `code ${shown.code || '-'}`}</p>;
}

/** A server holding one code per track ('' = none yet); POST makes a new one. */
function stubQrServer(codes: Record<string, string>) {
  const calls: string[] = [];
  let made = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}`);
    const track = decodeURIComponent(path.replace(/^\/api\/admin\/qr\/?/, ''));
    if (method === 'POST') codes[track] = `new-${++made}`;
    return jsonResponse({ qr_code: codes[track] ?? '' });
  });
  return calls;
}

describe('useQrCode (R71)', () => {
  it("shows the track's current code without making a new one", async () => {
    const calls = stubQrServer({ 'AI/ML': 'abc' });
    const view = await render(<Panel track="AI/ML" />);
    await settle();
    expect(view.textContent).toBe('code abc');
    expect(calls).toEqual(['GET /api/admin/qr/AI%2FML']);
  });

  it('makes a code, once, when there is none yet', async () => {
    const calls = stubQrServer({ '': '' });
    const view = await render(<Panel track="" />);
    await settle();
    await settle();
    expect(view.textContent).toBe('code new-1');
    expect(calls).toEqual(['GET /api/admin/qr', 'POST /api/admin/qr']);
  });

  it('replaces the shown code with the one the server generated', async () => {
    const calls = stubQrServer({ '': 'old' });
    const view = await render(<Panel track="" />);
    await settle();
    const result = await act(() => shown!.generate());
    expect(result.data).toEqual({ qr_code: 'new-1' });
    await settle();
    expect(view.textContent).toBe('code new-1');
    expect(calls).toEqual(['GET /api/admin/qr', 'POST /api/admin/qr']);
  });

  it('says why no code can be shown', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'track not found' }, 404));
    const view = await render(<Panel track="Gone" />);
    await settle();
    expect(view.textContent).toBe('failed: track not found');
  });
});
