import { DEFAULT_EVENT_NAME } from '@podium/protocol';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdminSession, getJudgeToken, setAdminSession, setJudgeToken } from '../auth/cookies';
import { act } from 'react';
import { click, jsonResponse, render } from '../test/render';
import type { HeaderProps } from './Header';
import { Header } from './Header';

/** Renders the header at `path`, with a home page to navigate to. */
async function renderHeaderAt(path: string, props: HeaderProps) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '*', element: <Header {...props} /> },
    ],
    { initialEntries: [path] },
  );
  const container = await render(<RouterProvider router={router} />);
  return { router, container };
}

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('a, button')].find((el) => el.textContent?.trim().endsWith(name)) ?? null;

beforeEach(() => {
  vi.stubGlobal('fetch', async () => jsonResponse({ name: 'HackMIT 2026' }));
});

describe('Header', () => {
  it('links the product name home and shows the event name as tagline', async () => {
    const { container } = await renderHeaderAt('/judge', {});
    const brand = container.querySelector('a.site-header__brand');
    expect(brand?.textContent).toBe('Podium');
    expect(brand?.getAttribute('href')).toBe('/');
    await vi.waitFor(() => expect(container.textContent).toContain('HackMIT 2026'));
  });

  it('shows the default event name until GET /api/event answers, and asks once for every header', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = vi.fn<typeof fetch>(() => new Promise((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Header />
              <Header admin />
            </>
          ),
        },
      ],
      {
        initialEntries: ['/judge'],
      },
    );
    const container = await render(<RouterProvider router={router} />);
    const taglines = () => [...container.querySelectorAll('.site-header__tagline')].map((p) => p.textContent);
    expect(taglines()).toEqual([DEFAULT_EVENT_NAME, DEFAULT_EVENT_NAME]);
    await act(async () => answer(jsonResponse({ name: 'HackMIT 2026' })));
    await vi.waitFor(() => expect(taglines()).toEqual(['HackMIT 2026', 'HackMIT 2026']));
    // A header mounted later (the next page) reads the name kept for this page load.
    await act(async () => router.navigate('/judge/live'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/event');
  });

  it('keeps the default event name when the server cannot be reached, and asks again when the next header mounts', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    const first = await renderHeaderAt('/judge', {});
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(first.container.querySelector('.site-header__tagline')?.textContent).toBe(DEFAULT_EVENT_NAME);
    vi.stubGlobal('fetch', async () => jsonResponse({ name: 'Back online' }));
    const second = await renderHeaderAt('/judge', {});
    await vi.waitFor(() => expect(second.container.textContent).toContain('Back online'));
  });

  it('reads "Podium Admin" in the admin layout', async () => {
    const { container } = await renderHeaderAt('/admin/log', { admin: true });
    expect(container.querySelector('a.site-header__brand')?.textContent).toBe('Podium Admin');
  });

  it('shows no Back or Logout unless asked', async () => {
    const { container } = await renderHeaderAt('/expo', {});
    expect(button(container, 'Back')).toBeNull();
    expect(button(container, 'Logout')).toBeNull();
  });

  it('goes Back to /admin by default, or to the given path', async () => {
    const first = await renderHeaderAt('/admin/log', { back: true });
    expect(button(first.container, 'Back')?.getAttribute('href')).toBe('/admin');
    const second = await renderHeaderAt('/admin/qr', { back: '/admin/add-judges' });
    expect(button(second.container, 'Back')?.getAttribute('href')).toBe('/admin/add-judges');
  });

  it('logs a judge out: removes only the token cookie, then goes home', async () => {
    setJudgeToken('tok');
    setAdminSession('pw');
    const { router, container } = await renderHeaderAt('/judge/live', { logout: true });
    await click(button(container, 'Logout'));
    expect(getJudgeToken()).toBeNull();
    expect(getAdminSession()).toBe('pw');
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs an admin out: removes only the admin password cookie, then goes home', async () => {
    setJudgeToken('tok');
    setAdminSession('pw');
    const { router, container } = await renderHeaderAt('/admin', { admin: true, logout: true });
    await click(button(container, 'Logout'));
    expect(getAdminSession()).toBeNull();
    expect(getJudgeToken()).toBe('tok');
    expect(router.state.location.pathname).toBe('/');
  });
});
