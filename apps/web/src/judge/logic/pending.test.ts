import type { JudgedProject, JudgeSelf } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { judgeWithPending, projectWithPending, seenWithPending } from './pending';

const project = (id: string, starred = false, notes = ''): JudgedProject => ({
  project_id: id,
  name: id,
  url: '',
  location: 1,
  area: '',
  description: '',
  notes,
  starred,
});

const judge: JudgeSelf = {
  id: 'j1',
  name: 'Ada',
  email: '',
  track: '',
  active: true,
  read_welcome: true,
  current: null,
  seen: 2,
  seen_projects: [project('a'), project('b', true, 'good')],
  flagged: [],
  rankings: ['b'],
  last_activity: 0,
};

describe('waiting changes laid over the server answer', () => {
  it('show the newest ranking, stars and notes', () => {
    const shown = judgeWithPending(judge, [
      { kind: 'rank', ranking: ['a', 'b'] },
      { kind: 'star', projectId: 'a', starred: true },
      { kind: 'notes', projectId: 'b', notes: 'great' },
    ]);
    expect(shown.rankings).toEqual(['a', 'b']);
    expect(shown.seen_projects.map((p) => [p.starred, p.notes])).toEqual([
      [true, ''],
      [true, 'great'],
    ]);
    expect(judge.rankings).toEqual(['b']); // the server's answer itself is untouched
  });

  it('keep the answer itself when nothing changes it (no re-render of the lists)', () => {
    expect(judgeWithPending(judge, [])).toBe(judge);
    expect(judgeWithPending(judge, [{ kind: 'star', projectId: 'b', starred: true }])).toBe(judge);
    expect(
      judgeWithPending(judge, [{ kind: 'welcome' }, { kind: 'skip', projectId: 'a', reason: 'busy' }]),
    ).toBe(judge);
  });

  it('lay only the project’s own notes and star over one project', () => {
    const shown = projectWithPending(project('a'), [
      { kind: 'notes', projectId: 'b', notes: 'not mine' },
      { kind: 'notes', projectId: 'a', notes: 'mine' },
    ]);
    expect(shown.notes).toBe('mine');
  });
});

describe('a visit ended on the phone, not sent yet', () => {
  const holding: JudgeSelf = { ...judge, current: 'c' };

  it('leaves no current project, and counts the finish and a flag in Seen', () => {
    const pending = [
      { kind: 'finish', projectId: 'c', notes: '', starred: false },
      { kind: 'skip', projectId: 'd', reason: 'offensive' },
    ] as const;
    expect(judgeWithPending(holding, [pending[0]]).current).toBeNull();
    expect(seenWithPending(holding, [])).toBe(2);
    expect(seenWithPending(holding, pending)).toBe(4);
  });

  it('counts no busy or absent skip, and keeps a project held after another one', () => {
    expect(seenWithPending(holding, [{ kind: 'skip', projectId: 'c', reason: 'busy' }])).toBe(2);
    expect(judgeWithPending(holding, [{ kind: 'skip', projectId: 'a', reason: 'busy' }]).current).toBe('c');
  });
});
