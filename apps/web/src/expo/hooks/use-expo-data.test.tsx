import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, jsonResponse, render } from '../../test/render';
import { ExpoLoadStatus } from '../components/ExpoLoadStatus';
import { keepUnchangedProjects, useExpoChallenges, useExpoGroupInfo, useExpoProjects } from './use-expo-data';
import { projectSummary as project } from '../stores/expo.store.fixtures';

describe('keepUnchangedProjects', () => {
  it('takes the first list as it is', () => {
    const list = [project()];
    expect(keepUnchangedProjects(undefined, list)).toBe(list);
  });

  it('keeps the very same list when a refetch changes nothing', () => {
    const kept = [project({ challenge_list: ['AI/ML'] }), project()];
    expect(keepUnchangedProjects(kept, structuredClone(kept))).toBe(kept);
  });

  it('keeps unchanged projects by id when one is added at the top or one is deleted', () => {
    const [a, b, c] = [project(), project(), project()];
    const added = project();
    const withNew = keepUnchangedProjects([a, b, c], [added, ...structuredClone([a, b, c])]);
    expect(withNew[0]).toBe(added);
    expect(withNew.slice(1)).toEqual([a, b, c]);
    withNew.slice(1).forEach((kept, i) => expect(kept).toBe([a, b, c][i]));
    const withoutB = keepUnchangedProjects([a, b, c], structuredClone([a, c]));
    expect(withoutB).toHaveLength(2);
    expect(withoutB[0]).toBe(a);
    expect(withoutB[1]).toBe(c);
  });

  it('takes a changed project, a changed challenge list and a new order', () => {
    const a = project({ challenge_list: ['AI/ML'] });
    const b = project();
    const renamed = keepUnchangedProjects([a, b], [a, { ...b, name: 'Renamed' }]);
    expect(renamed[0]).toBe(a);
    expect(renamed[1]?.name).toBe('Renamed');
    const moved = keepUnchangedProjects([a, b], [{ ...a, challenge_list: ['Fintech'] }, b]);
    expect(moved[0]?.challenge_list).toEqual(['Fintech']);
    const swapped = keepUnchangedProjects([a, b], [b, a]);
    expect(swapped).toEqual([b, a]);
    expect(swapped[0]).toBe(b);
  });

  it('empties the list when every project is gone (an `all` reset)', () => {
    expect(keepUnchangedProjects([project()], [])).toEqual([]);
  });
});

/** What the expo's views read, in words. */
function Reader() {
  const { projects, status, error } = useExpoProjects();
  const challenges = useExpoChallenges();
  const groups = useExpoGroupInfo();
  return (
    <>
      <p>{`${status} ${error} ${projects.map((p) => p.name).join(',')}`}</p>
      <p>{`${challenges.join(',')} groups:${groups.enabled}`}</p>
      {status !== 'ready' && <ExpoLoadStatus />}
    </>
  );
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the expo reads', () => {
  it('load projects, challenges and group info from the public routes', async () => {
    const list = [project({ name: 'Kite', challenge_list: ['AI/ML'] })];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/project/list/public') return jsonResponse(list);
      if (url === '/api/challenges') return jsonResponse(['AI/ML']);
      return jsonResponse({ enabled: true, names: ['A'] });
    });
    const view = await render(<Reader />);
    await vi.waitFor(() => expect(view.textContent).toBe('ready  KiteAI/ML groups:true'));
  });

  it('show a first failure with a retry that asks every read again', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return jsonResponse({ error: 'internal server error' }, 500);
    });
    const view = await render(<Reader />);
    await settle();
    expect(view.querySelector('[role="alert"]')?.textContent).toContain(
      'Could not load the projects: internal server error',
    );
    requests.length = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return jsonResponse(String(input) === '/api/project/list/public' ? [project({ name: 'Back' })] : []);
    });
    await click(view.querySelector('button'));
    await vi.waitFor(() => expect(view.textContent).toContain('ready  Back'));
    expect(requests.sort()).toEqual(['/api/challenges', '/api/group-info', '/api/project/list/public']);
  });

  it('keep the last good list when a later refetch fails or answers the wrong shape', async () => {
    let answer: () => Promise<Response> = async () => jsonResponse([project({ name: 'Kept' })]);
    vi.stubGlobal('fetch', () => answer());
    let refetch: () => void = () => undefined;
    function Refetching() {
      refetch = useExpoProjects().retry;
      return null;
    }
    const view = await render(
      <>
        <Reader />
        <Refetching />
      </>,
    );
    await vi.waitFor(() => expect(view.textContent).toContain('ready  Kept'));
    answer = async () => {
      throw new TypeError('offline');
    };
    await act(async () => refetch());
    await settle();
    expect(view.textContent).toContain('ready  Kept');
    answer = async () => jsonResponse({ name: 'not a list' });
    await act(async () => refetch());
    await settle();
    expect(view.textContent).toContain('ready  Kept');
  });

  it('treat an answer of the wrong shape as a failure', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ name: 'not a list' }));
    const view = await render(<Reader />);
    await settle();
    expect(view.textContent).toContain('error Error parsing response');
    expect(view.textContent).toContain('groups:false');
  });
});
