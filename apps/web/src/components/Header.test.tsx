import { DEFAULT_EVENT_NAME } from '@podium/protocol';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdminSession, getJudgeToken, setAdminSession, setJudgeToken } from '../auth/cookies';
import { useEventStore } from '../stores/event.store';
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
  useEventStore.setState({ name: DEFAULT_EVENT_NAME, loadState: 'idle' });
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
