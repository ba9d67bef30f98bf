import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminSession } from '../../auth/cookies';
import { click, jsonResponse, render } from '../../test/render';
import { useAdminSessionStore } from '../stores/session.store';
import { AdminGate } from './AdminGate';

async function renderGated(page: ReactNode = <p>secret log</p>) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <p>login page</p> },
      {
        path: '/admin/log',
        element: <AdminGate>{page}</AdminGate>,
      },
    ],
    { initialEntries: ['/admin/log'] },
  );
  const container = await render(<RouterProvider router={router} />);
  return { router, container };
}

beforeEach(() => useAdminSessionStore.setState({ verified: false }));

describe('AdminGate (product spec §6)', () => {
  it('goes to /admin/login without a saved password', async () => {
    const { router, container } = await renderGated();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(container.textContent).toBe('login page');
  });

  it('goes to /admin/login on a 401', async () => {
    setAdminSession('wrong');
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ error: 'Invalid Authorization header, incorrect credentials' }, 401),
    );
    const { router } = await renderGated();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows the page once POST /admin/auth answers ok, a spinner before', async () => {
    setAdminSession('pw');
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = await renderGated();
    expect(container.querySelector('[role=status]')).not.toBeNull();
    expect(container.textContent).not.toContain('secret log');
    answer(jsonResponse({ ok: 1 }));
    await vi.waitFor(() => expect(container.textContent).toBe('secret log'));
  });

  it('shows a page at once while the check runs, once a session passed during this page load', async () => {
    setAdminSession('pw');
    useAdminSessionStore.setState({ verified: true });
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const { container } = await renderGated();
    expect(container.textContent).toBe('secret log');
  });

  it('shows nothing of the page after a logout, even if a session passed before', async () => {
    useAdminSessionStore.setState({ verified: true }); // no saved session: logged out since
    const shown = vi.fn();
    function Page() {
      shown();
      return <p>secret log</p>;
    }
    const { router } = await renderGated(<Page />);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(shown).not.toHaveBeenCalled();
  });

  it('offers to try again when the server cannot say', async () => {
    setAdminSession('pw');
    const fetchSpy = vi.fn<typeof fetch>(async () =>
      jsonResponse({ error: 'Too many requests. Logins have been blocked or rate limited.' }, 429),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { router, container } = await renderGated();
    await vi.waitFor(() => expect(container.textContent).toContain('Too many requests.'));
    expect(router.state.location.pathname).toBe('/admin/log');
    fetchSpy.mockImplementation(async () => jsonResponse({ ok: 1 }));
    await click([...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again') ?? null);
    await vi.waitFor(() => expect(container.textContent).toBe('secret log'));
  });
});
