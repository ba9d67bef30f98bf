import { DEFAULT_EVENT_NAME } from '@podium/protocol';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render } from './test/render';
import { App } from './router';

// The lazy portals imported first: the screen then comes within the render's act(), as React's
// tests expect. Importing them takes over a second on a loaded 2-core machine (the expo's brings zod).
beforeAll(
  () =>
    Promise.all([
      import('./public'),
      import('./judge'),
      import('./admin'),
      import('./expo'),
      import('./team'),
    ]),
  30_000,
);

beforeEach(() => {
  vi.stubGlobal('fetch', async () => jsonResponse({ name: DEFAULT_EVENT_NAME }));
  vi.stubGlobal('scrollTo', () => {}); // a new page starts at its top; jsdom does not scroll
});

async function headingAt(path: string): Promise<string> {
  const container = await render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  let heading = '';
  await vi.waitFor(() => {
    heading = container.querySelector('h1')?.textContent ?? '';
    expect(heading).not.toBe('');
  });
  return heading;
}

describe('routes of product spec §2', () => {
  it.each([
    ['/', 'Podium'],
    ['/judge/login', 'Judge Login'],
    ['/admin/login', 'Admin Login'],
    ['/expo', 'Project Expo'],
    ['/expo/AI%2FML', 'Project Expo'],
    ['/add-self?code=abc&track=', 'Add Yourself as a Judge'],
    ['/add-self/done', 'Thanks for adding yourself!'],
  ])('%s shows "%s"', async (path, heading) => {
    expect(await headingAt(path)).toBe(heading);
  });

  // The portals' screens are gated: without a saved judge or admin cookie they send the visitor
  // to their login (spec §2); the screens themselves are covered by the browser tests.
  it.each([
    ['/judge/welcome', 'Judge Login'],
    ['/judge', 'Judge Login'],
    ['/judge/live', 'Judge Login'],
    ['/judge/project/0123456789abcdef01234567', 'Judge Login'],
    ['/admin', 'Admin Login'],
    ['/admin/settings', 'Admin Login'],
    ['/admin/add-projects', 'Admin Login'],
    ['/admin/add-judges', 'Admin Login'],
    ['/admin/log', 'Admin Login'],
    ['/admin/feedback', 'Admin Login'],
    ['/admin/qr?track=AI%2FML', 'Admin Login'],
    ['/admin/results', 'Admin Login'],
    ['/admin/results?print=true', 'Admin Login'],
  ])('%s without credentials leads to "%s"', async (path, heading) => {
    expect(await headingAt(path)).toBe(heading);
  });

  it.each(['/nope', '/judge/project', '/admin/unknown/deeper', '/expo/a/b'])(
    'unknown URL %s shows the generic error page',
    async (path) => {
      expect(await headingAt(path)).toBe('Unexpected Application Error!');
    },
  );

  it('titles the tab with the page name followed by the product name', async () => {
    await headingAt('/judge/login');
    await vi.waitFor(() => expect(document.title).toBe('Judge Login | Podium'));
  });
});
