import type { GroupInfo, ProjectSummary } from '@podium/protocol';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../queries/query-client';
import { click, jsonResponse, render } from '../../test/render';
import { expoQueries } from '../hooks/use-expo-data';
import { DEFAULT_EXPO_SORT, useExpoStore } from '../stores/expo.store';
import { wholeList } from '../stores/expo.store.fixtures';
import { ExpoPage } from './ExpoPage';

// No socket in jsdom: use-expo-live.test.ts covers the realtime wiring.
vi.mock('../../realtime/use-realtime', () => ({ useRealtime: () => undefined }));

const project = (location: number, name: string, fields: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: location.toString(16).padStart(24, '0'),
  area: '',
  name,
  description: `About ${name}`,
  url: `https://example.com/${location}`,
  try_link: '',
  video_link: '',
  challenge_list: [],
  location,
  group: 0,
  ...fields,
});

const PROJECTS = [
  project(1, 'Zeppelin', { challenge_list: ['AI/ML'] }),
  project(2, '<b>Bold</b>', { description: '', url: 'javascript:alert(1)' }),
  project(3, 'Éclair', { challenge_list: ['AI/ML', 'C++ & Co'], group: 1 }),
];

function serve(groupInfo: GroupInfo = { enabled: false, names: [] }) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/project/list/public/changes') return jsonResponse(wholeList(PROJECTS));
    if (url === '/api/challenges') return jsonResponse(['AI/ML', 'C++ & Co']);
    if (url === '/api/group-info') return jsonResponse(groupInfo);
    return jsonResponse({ name: 'Hack' });
  });
}

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/expo', element: <ExpoPage /> },
      { path: '/expo/:track', element: <ExpoPage /> },
    ],
    { initialEntries: [path] },
  );
  const container = await render(<RouterProvider router={router} />);
  await vi.waitFor(() => expect(container.querySelector('tbody')).not.toBeNull());
  return { router, container };
}

const column = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll(`tbody ${selector}`)].map((el) => el.firstChild?.textContent);

beforeEach(() => useExpoStore.setState({ sort: DEFAULT_EXPO_SORT }));

describe('ExpoPage', () => {
  it('lists projects by table with the count, placeholders and safe links', async () => {
    serve();
    const { container } = await renderAt('/expo');
    expect(container.querySelector('h1')?.textContent).toBe('Project Expo');
    expect(container.textContent).toContain('3 projects');
    expect(column(container, '.expo-table__number')).toEqual(['1', '2', '3']);
    expect(container.textContent).toContain('<b>Bold</b>');
    expect(container.querySelector('tbody b')).toBeNull();
    expect(container.textContent).toContain('[No Description]');
    expect([...container.querySelectorAll('tbody a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/1',
      'https://example.com/3',
    ]);
    expect(container.querySelector('th[aria-sort]')?.textContent).toContain('Table');
    expect(container.textContent).not.toContain('Group');
  });

  it('sorts by name both ways and back to tables', async () => {
    serve();
    const { container } = await renderAt('/expo');
    const button = (label: string) =>
      [...container.querySelectorAll('th button')].find((b) => b.textContent?.startsWith(label)) ?? null;
    await click(button('Name'));
    expect(column(container, '.expo-project__name')).toEqual(['<b>Bold</b>', 'Éclair', 'Zeppelin']);
    expect(container.querySelector('th[aria-sort="ascending"]')?.textContent).toContain('Name');
    await click(button('Name'));
    expect(column(container, '.expo-project__name')).toEqual(['Zeppelin', 'Éclair', '<b>Bold</b>']);
    expect(container.querySelector('th[aria-sort="descending"]')?.textContent).toContain('Name');
    await click(button('Table'));
    expect(column(container, '.expo-table__number')).toEqual(['1', '2', '3']);
  });

  it('filters by the challenge in the path and navigates with the dropdown', async () => {
    serve();
    const { router, container } = await renderAt('/expo/AI%2FML');
    expect(column(container, '.expo-table__number')).toEqual(['1', '3']);
    const select = container.querySelector('select');
    expect(select?.value).toBe('AI/ML');
    await act(async () => {
      if (!select) return;
      select.value = 'C++ & Co';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(router.state.location.pathname).toBe('/expo/C%2B%2B%20%26%20Co');
    expect(column(container, '.expo-table__number')).toEqual(['3']);
  });

  it('shows group names when multi-group judging is on', async () => {
    serve({ enabled: true, names: ['North', 'South'] });
    const { container } = await renderAt('/expo');
    await vi.waitFor(() => expect(container.querySelector('th.expo-table__group')).not.toBeNull());
    expect(column(container, '.expo-table__group')).toEqual(['North', 'North', 'South']);
  });

  it('has no Group column while the groups have no names, in the table and on paper', async () => {
    serve({ enabled: true, names: [] });
    const { router, container } = await renderAt('/expo');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<GroupInfo>(expoQueries.groupInfo.queryKey)?.enabled).toBe(true),
    );
    expect(container.querySelector('.expo-table__group')).toBeNull();
    await act(async () => router.navigate('/expo?print=true'));
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Table',
      'Name',
    ]);
  });
});
