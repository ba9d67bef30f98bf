import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, jsonResponse, render } from '../../test/render';
import { ExpoLoadStatus } from '../components/ExpoLoadStatus';
import { keepUnchangedProjects, useExpoChallenges, useExpoGroupInfo, useExpoProjects } from './use-expo-data';
import { projectSummary as project, revision, wholeList } from '../stores/expo.store.fixtures';

/**
 * A refetched copy, as `response.json()` makes it: in the test's own realm (under vmThreads,
 * `structuredClone`'s objects are another realm's).
 */
const refetched = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('keepUnchangedProjects', () => {
  it('takes the first list as it is', () => {
    const list = [project()];
    expect(keepUnchangedProjects(undefined, list)).toBe(list);
  });

  it('keeps the very same list when a refetch changes nothing', () => {
    const kept = [project({ challenge_list: ['AI/ML'] }), project()];
    expect(keepUnchangedProjects(kept, refetched(kept))).toBe(kept);
  });

  it('keeps unchanged projects by id when one is added at the top or one is deleted', () => {
    const [a, b, c] = [project(), project(), project()];
    const added = project();
    const withNew = keepUnchangedProjects([a, b, c], [added, ...refetched([a, b, c])]);
    expect(withNew[0]).toBe(added);
    expect(withNew.slice(1)).toEqual([a, b, c]);
    withNew.slice(1).forEach((kept, i) => expect(kept).toBe([a, b, c][i]));
    const withoutB = keepUnchangedProjects([a, b, c], refetched([a, c]));
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

/** The reader, and the retry of `useExpoProjects` (it refetches every expo read) for the test to call. */
async function renderRefetching() {
  let retry: () => void = () => undefined;
  function Refetching() {
    retry = useExpoProjects().retry;
    return null;
  }
  const view = await render(
    <>
      <Reader />
      <Refetching />
    </>,
  );
  return { view, refetch: () => act(async () => retry()) };
}
const CHANGES = '/api/project/list/public/changes';

describe('the expo reads', () => {
  it('load projects, challenges and group info from the public routes', async () => {
    const list = [project({ name: 'Kite', challenge_list: ['AI/ML'] })];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === CHANGES) return jsonResponse(wholeList(list));
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
      return jsonResponse(String(input) === CHANGES ? wholeList([project({ name: 'Back' })]) : []);
    });
    await click(view.querySelector('button'));
    await vi.waitFor(() => expect(view.textContent).toContain('ready  Back'));
    expect(requests.sort()).toEqual(['/api/challenges', '/api/group-info', CHANGES]);
  });

  it('say what to do when a Wi-Fi sign-in page answers instead of the server', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Sign in to Venue Wi-Fi</html>', { status: 200 }));
    const view = await render(<Reader />);
    await settle();
    expect(view.querySelector('[role="alert"]')?.textContent).toContain(
      'Could not load the projects: Error parsing response. The answer did not come from the judging server: ' +
        'if the Wi-Fi asks you to sign in, do so, then try again.',
    );
  });

  it('keep the last good list when a later refetch fails or answers the wrong shape', async () => {
    let answer: () => Promise<Response> = async () => jsonResponse(wholeList([project({ name: 'Kept' })]));
    vi.stubGlobal('fetch', () => answer());
    const { view, refetch } = await renderRefetching();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  Kept'));
    answer = async () => {
      throw new TypeError('offline');
    };
    await refetch();
    await settle();
    expect(view.textContent).toContain('ready  Kept');
    answer = async () => jsonResponse({ name: 'not a list' });
    await refetch();
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

  it('refresh the list by its changes since the revision on screen, and by the whole list when told to', async () => {
    const [a, b, c] = [project({ name: 'A' }), project({ name: 'B' }), project({ name: 'C' })];
    const answers: Record<string, unknown> = {
      [CHANGES]: wholeList([a, b], revision('A')),
      [`${CHANGES}?since=${revision('A')}`]: {
        revision: revision('B'),
        full: false,
        changed: [{ index: 0, project: c }],
        removed: [a.id],
      },
      [`${CHANGES}?since=${revision('B')}`]: wholeList([b], revision('C')),
    };
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return jsonResponse(answers[String(input)] ?? []);
    });
    const { view, refetch } = await renderRefetching();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  A,B'));
    await refetch();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  C,B'));
    await refetch();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  B'));
    expect(requests.filter((url) => url.startsWith(CHANGES))).toEqual([
      CHANGES,
      `${CHANGES}?since=${revision('A')}`,
      `${CHANGES}?since=${revision('B')}`,
    ]);
  });

  it('ask for the whole list again when changes do not fit the list on screen', async () => {
    const [a, b] = [project({ name: 'A' }), project({ name: 'B' })];
    let first = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === CHANGES) return jsonResponse(wholeList(first ? [a] : [b], revision(first ? 'A' : 'C')));
      if (!url.startsWith(CHANGES)) return jsonResponse([]);
      first = false;
      // An index past the end of the new list: not the list of that revision.
      return jsonResponse({
        revision: revision('B'),
        full: false,
        changed: [{ index: 5, project: b }],
        removed: [],
      });
    });
    const { view, refetch } = await renderRefetching();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  A'));
    await refetch();
    await vi.waitFor(() => expect(view.textContent).toContain('ready  B'));
  });
});
