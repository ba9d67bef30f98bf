import type { JudgedProject, JudgeSelf } from '@podium/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../auth/cookies';
import { jsonResponse } from '../test/render';
import type { JudgeData } from './judge.store';
import {
  applyDeliberation,
  applyJudge,
  applyRanking,
  applyStar,
  confirmRanking,
  EMPTY_JUDGE,
  judgeStoreEffects,
  rollbackRanking,
  rollbackStar,
  upsertProject,
  useJudgeStore,
} from './judge.store';
import { outboxStorageKey, useJudgeSyncStore } from './judge-sync.store';
import { useNoticeStore } from './notice.store';

const project = (id: string, extra: Partial<JudgedProject> = {}): JudgedProject => ({
  project_id: id,
  area: '',
  name: `Project ${id}`,
  url: '',
  location: 1,
  description: '',
  notes: '',
  starred: false,
  ...extra,
});

const judgeSelf = (extra: Partial<JudgeSelf> = {}): JudgeSelf => ({
  id: 'j1',
  name: 'Ada',
  email: 'ada@example.org',
  track: '',
  active: true,
  read_welcome: true,
  current: null,
  seen: 3,
  seen_projects: [project('a'), project('b'), project('c')],
  flagged: [],
  rankings: ['a', 'b'],
  last_activity: 0,
  ...extra,
});

const loaded = (): JudgeData => applyJudge(EMPTY_JUDGE, judgeSelf());

describe('ranking reducers', () => {
  it('applies a new ranking and remembers the server one for rollback', () => {
    const state = applyRanking(loaded(), ['c', 'a', 'b']);
    expect(state.judge?.rankings).toEqual(['c', 'a', 'b']);
    expect(state.confirmedRankings).toEqual(['a', 'b']);
  });

  it('rolls a refused ranking back to the confirmed one', () => {
    const attempted = ['c', 'a', 'b'];
    const state = rollbackRanking(applyRanking(loaded(), attempted), attempted);
    expect(state.judge?.rankings).toEqual(['a', 'b']);
  });

  it('keeps a newer ranking when an older one is refused', () => {
    const newer = applyRanking(applyRanking(loaded(), ['c', 'a', 'b']), ['b']);
    expect(rollbackRanking(newer, ['c', 'a', 'b'])).toBe(newer);
  });

  it('rolls back to the last ranking the server accepted', () => {
    let state = confirmRanking(applyRanking(loaded(), ['b']), ['b']);
    state = applyRanking(state, ['b', 'c']);
    expect(rollbackRanking(state, ['b', 'c']).judge?.rankings).toEqual(['b']);
  });
});

describe('star and project reducers', () => {
  it('stars and rolls a refused star back unless toggled again', () => {
    const starred = applyStar(loaded(), 'b', true);
    expect(starred.judge?.seen_projects.find((p) => p.project_id === 'b')?.starred).toBe(true);
    expect(rollbackStar(starred, 'b', true).judge?.seen_projects[1]?.starred).toBe(false);
    const toggledBack = applyStar(starred, 'b', false);
    expect(rollbackStar(toggledBack, 'b', true)).toBe(toggledBack);
    expect(applyStar(loaded(), 'zz', true)).toEqual(loaded());
  });

  it('lays pending changes over fresh server data', () => {
    const state = applyJudge(EMPTY_JUDGE, judgeSelf(), [
      { kind: 'rank', ranking: ['c'] },
      { kind: 'star', projectId: 'a', starred: true },
      { kind: 'notes', projectId: 'b', notes: 'typed offline' },
    ]);
    expect(state.judge?.rankings).toEqual(['c']);
    expect(state.confirmedRankings).toEqual(['a', 'b']);
    expect(state.judge?.seen_projects.map((p) => [p.starred, p.notes])).toEqual([
      [true, ''],
      [false, 'typed offline'],
      [false, ''],
    ]);
  });

  it('upserts a refetched project, pending notes still winning', () => {
    const fresh = project('b', { name: 'Renamed', notes: 'server' });
    const state = upsertProject(loaded(), fresh, [{ kind: 'notes', projectId: 'b', notes: 'mine' }]);
    expect(state.judge?.seen_projects[1]).toMatchObject({ name: 'Renamed', notes: 'mine' });
  });

  it('tracks deliberation', () => {
    const on = applyDeliberation(loaded(), true);
    expect(on.deliberation).toBe(true);
    expect(applyDeliberation(on, true)).toBe(on);
  });
});

describe('useJudgeStore with the server', () => {
  let rankReply: Response;
  const requests: string[] = [];

  beforeEach(() => {
    setJudgeToken('token');
    localStorage.clear();
    requests.splice(0);
    useJudgeStore.setState(EMPTY_JUDGE);
    useNoticeStore.setState({ notices: [] });
    rankReply = jsonResponse({ ok: 1 });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push(`${init.method} ${url}`);
      if (url === '/api/judge') return jsonResponse(judgeSelf());
      if (url === '/api/project/count') return jsonResponse({ count: 7 });
      if (url === '/api/judge/deliberation') return jsonResponse({ ok: 0 });
      if (url === '/api/judge/rank') return rankReply;
      return jsonResponse({ error: 'not found' }, 404);
    });
  });

  it('loads the judge, the count and deliberation', async () => {
    expect(await useJudgeStore.getState().refresh()).toBeNull();
    const state = useJudgeStore.getState();
    expect(state).toMatchObject({ status: 'ready', projectCount: 7, deliberation: false });
    expect(useJudgeSyncStore.getState().judgeId).toBe('j1');
  });

  it('keeps a deliberation event that arrived while its refresh was under way (realtime)', async () => {
    // The refresh reads "off"; the event "on" comes before its answers are applied.
    const pending = useJudgeStore.getState().refresh();
    useJudgeStore.getState().setDeliberation(true);
    await pending;
    expect(useJudgeStore.getState().deliberation).toBe(true);
    // A later refresh, with no event meanwhile, takes the server's value again.
    await useJudgeStore.getState().refresh();
    expect(useJudgeStore.getState().deliberation).toBe(false);
  });

  it("forgets another judge's data when the token changes (a shared phone)", async () => {
    await useJudgeStore.getState().refresh();
    setJudgeToken('someone-else');
    const pending = useJudgeStore.getState().refresh();
    expect(useJudgeStore.getState()).toMatchObject({ judge: null, status: 'loading' });
    await pending;
  });

  it('rolls a refused ranking back and says why', async () => {
    await useJudgeStore.getState().refresh();
    rankReply = jsonResponse({ error: 'ranking contains a duplicate project: a' }, 400);
    useJudgeStore.getState().rank(['b', 'a']);
    expect(useJudgeStore.getState().judge?.rankings).toEqual(['b', 'a']); // optimistic
    await vi.waitFor(() => expect(useJudgeStore.getState().judge?.rankings).toEqual(['a', 'b']));
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual([
      'The server did not accept your ranking (ranking contains a duplicate project: a). It was not saved.',
    ]);
  });

  it('reloads the page when deliberation refused the ranking (R26)', async () => {
    const reload = vi.spyOn(judgeStoreEffects, 'reload').mockImplementation(() => undefined);
    await useJudgeStore.getState().refresh();
    rankReply = jsonResponse({ error: 'cannot score due to deliberation mode being enabled' }, 400);
    useJudgeStore.getState().rank(['b']);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('keeps an offline ranking queued in storage instead of rolling it back', async () => {
    await useJudgeStore.getState().refresh();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    useJudgeStore.getState().rank(['c', 'a']);
    await vi.waitFor(() => expect(useJudgeSyncStore.getState().status).toBe('offline'));
    expect(useJudgeStore.getState().judge?.rankings).toEqual(['c', 'a']);
    expect(localStorage.getItem(outboxStorageKey('j1'))).toContain('"ranking":["c","a"]');
  });
});
