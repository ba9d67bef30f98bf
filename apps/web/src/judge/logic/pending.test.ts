import type { JudgedProject, JudgeSelf } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import {
  judgeWithoutView,
  judgeWithPending,
  keptScores,
  projectWithPending,
  scoreCorrection,
  scoresWithPending,
  scoresWithSave,
  seenWithPending,
} from './pending';

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

  it("shows a finish's project among the seen, as the phone keeps it, with the Done's notes and star", () => {
    const summary = { id: 'c', name: 'Kelp Farm', url: 'u', location: 7, area: 'Hall B', description: 'd' };
    const kept = (id: string) =>
      id === 'c' ? { ...summary, try_link: '', video_link: '', challenge_list: [], group: 0 } : undefined;
    const finish = { kind: 'finish', projectId: 'c', notes: 'Loud demo', starred: true } as const;
    const shown = judgeWithPending(holding, [finish], kept);
    expect(shown.seen_projects.at(-1)).toEqual({
      project_id: 'c',
      name: 'Kelp Farm',
      url: 'u',
      location: 7,
      area: 'Hall B',
      description: 'd',
      notes: 'Loud demo',
      starred: true,
    });
    expect(shown.rankings).toEqual(['b']); // unranked until the judge ranks it
    // A later star is laid over it; an undo takes it out again; without a kept project, only counted.
    const starredOff = judgeWithPending(
      holding,
      [finish, { kind: 'star', projectId: 'c', starred: false }],
      kept,
    );
    expect(starredOff.seen_projects.at(-1)?.starred).toBe(false);
    const undone = judgeWithPending(holding, [finish, { kind: 'undo', projectId: 'c', name: 'C' }], kept);
    expect(undone.seen_projects.map((p) => p.project_id)).toEqual(['a', 'b']);
    expect(judgeWithPending(holding, [finish]).seen_projects).toHaveLength(2);
  });

  it('counts no busy or absent skip, and keeps a project held after another one', () => {
    expect(seenWithPending(holding, [{ kind: 'skip', projectId: 'c', reason: 'busy' }])).toBe(2);
    expect(judgeWithPending(holding, [{ kind: 'skip', projectId: 'a', reason: 'busy' }]).current).toBe('c');
  });
});

describe('an undo still on the phone', () => {
  it('takes the project out of the lists and Seen, and leaves the held project to the server', () => {
    const flagged: JudgeSelf = { ...judge, current: 'c', flagged: ['d'] };
    const undo = { kind: 'undo', projectId: 'b', name: 'B' } as const;
    const shown = judgeWithPending(flagged, [undo]);
    expect(shown.seen_projects.map((p) => p.project_id)).toEqual(['a']);
    expect(shown.rankings).toEqual([]);
    expect(shown.current).toBe('c');
    expect(seenWithPending(shown, [undo])).toBe(2);
    expect(judgeWithoutView(flagged, 'd').flagged).toEqual([]);
  });

  it('takes back the count of a Done or a flag still waiting before it', () => {
    const pending = [
      { kind: 'finish', projectId: 'c', notes: '', starred: false },
      { kind: 'undo', projectId: 'c', name: 'C' },
      { kind: 'skip', projectId: 'd', reason: 'offensive' },
      { kind: 'undo', projectId: 'd', name: 'D' },
    ] as const;
    expect(seenWithPending(judgeWithPending(judge, pending), pending)).toBe(2);
  });
});

describe('scores still on the phone', () => {
  const kept = { scores: { a: { impact: 4, design: 2 } }, scales: {} };

  it('show a correction over the kept scores, the criteria it does not name unchanged', () => {
    const shown = scoresWithPending(kept, [{ kind: 'scores', projectId: 'a', scores: { design: 5 } }]);
    expect(shown.scores).toEqual({ a: { impact: 4, design: 5 } });
  });

  it("show a waiting Done's scores, and none of a Done without any", () => {
    const pending = [
      { kind: 'finish', projectId: 'b', notes: '', starred: false, scores: { impact: 3 } },
      { kind: 'finish', projectId: 'c', notes: '', starred: false },
      { kind: 'finish', projectId: 'd', notes: '', starred: false, scores: {} },
    ] as const;
    expect(scoresWithPending(kept, pending).scores).toEqual({ ...kept.scores, b: { impact: 3 } });
    expect(scoresWithPending(kept, [pending[1], pending[2]])).toBe(kept);
  });

  it('take a corrected score off scales (it is given on the scale now), and keep the others', () => {
    // 4 of 5 on a criterion now 1–10, and 8 of 10 on one now 1–5, for project a; one for b.
    const rescaled = {
      scores: { a: { impact: 4, design: 8, reach: 2 }, b: { impact: 3 } },
      scales: { a: { impact: 5, design: 10 }, b: { impact: 5 } },
    };
    const corrected = scoresWithSave(rescaled, { kind: 'scores', projectId: 'a', scores: { impact: 7 } });
    expect(corrected).toEqual({
      scores: { a: { impact: 7, design: 8, reach: 2 }, b: { impact: 3 } },
      scales: { a: { design: 10 }, b: { impact: 5 } },
    });
    // A project whose last old score is corrected leaves scales.
    const both = scoresWithSave(corrected, { kind: 'scores', projectId: 'a', scores: { design: 1 } });
    expect(both.scales).toEqual({ b: { impact: 5 } });
    // A correction of a score on the scale now leaves scales as it was.
    expect(scoresWithSave(rescaled, { kind: 'scores', projectId: 'a', scores: { reach: 3 } }).scales).toEqual(
      rescaled.scales,
    );
    // A Done with scores likewise; one without, a star or notes change nothing.
    const finished = { kind: 'finish', projectId: 'b', notes: '', starred: false } as const;
    expect(scoresWithSave(rescaled, { ...finished, scores: { impact: 9 } }).scales).toEqual({
      a: { impact: 5, design: 10 },
    });
    expect(scoresWithSave(rescaled, finished)).toBe(rescaled);
    expect(scoresWithSave(rescaled, { kind: 'star', projectId: 'a', starred: true })).toBe(rescaled);
    expect(scoresWithSave(rescaled, { kind: 'notes', projectId: 'a', notes: 'x' })).toBe(rescaled);
  });

  it('lay several waiting corrections over scales in turn', () => {
    const rescaled = {
      scores: { a: { impact: 4, design: 8 } },
      scales: { a: { impact: 5, design: 10 } },
    };
    const pending = [
      { kind: 'scores', projectId: 'a', scores: { impact: 9 } },
      { kind: 'scores', projectId: 'a', scores: { design: 2 } },
    ] as const;
    expect(scoresWithPending(rescaled, pending)).toEqual({
      scores: { a: { impact: 9, design: 2 } },
      scales: {},
    });
    expect(scoresWithPending(rescaled, [pending[0]]).scales).toEqual({ a: { design: 10 } });
  });

  it('read an answer kept by an older build: its old_scales as scales (the scores off it on the scale now), or none', () => {
    const older = { scores: { a: { impact: 4 } } } as unknown as typeof kept;
    expect(scoresWithSave(older, { kind: 'scores', projectId: 'a', scores: { impact: 5 } })).toEqual({
      scores: { a: { impact: 5 } },
      scales: {},
    });
    const withOldScales = {
      scores: { a: { impact: 4, design: 2 } },
      old_scales: { a: { impact: 5 } },
    } as unknown as typeof kept;
    expect(keptScores(withOldScales)).toEqual({
      scores: { a: { impact: 4, design: 2 } },
      scales: { a: { impact: 5 } },
    });
  });

  it('send only what the judge changed, each with the scale it was tapped on, with the correction it replaces in the outbox', () => {
    expect(scoreCorrection([], 'a', 'impact', 5, 10)).toEqual({
      kind: 'scores',
      projectId: 'a',
      scores: { impact: 5 },
      scales: { impact: 10 },
    });
    const waiting = [
      { kind: 'scores', projectId: 'a', scores: { design: 1, impact: 2 }, scales: { design: 5, impact: 5 } },
      { kind: 'scores', projectId: 'b', scores: { design: 3 } },
    ] as const;
    expect(scoreCorrection(waiting, 'a', 'impact', 5, 10)).toMatchObject({
      scores: { design: 1, impact: 5 },
      scales: { design: 5, impact: 10 },
    });
  });

  it('keep a waiting score given on an earlier scale in scales: asked again, never read on the new one', () => {
    const kept = { scores: {}, scales: {} };
    // An offline Done with 4 of 5, impact now 1–10 on the server: 4 stays listed as given on 5.
    const done = {
      kind: 'finish',
      projectId: 'a',
      notes: '',
      starred: false,
      scores: { impact: 4, design: 2 },
      scales: { impact: 5, design: 5 },
    } as const;
    const laid = scoresWithSave(kept, done);
    expect(laid).toEqual({
      scores: { a: { impact: 4, design: 2 } },
      scales: { a: { impact: 5, design: 5 } },
    });
    // Corrected on 1–10: given on 10 now; a correction from an older build, without scales, leaves the list.
    const corrected = scoresWithSave(laid, {
      kind: 'scores',
      projectId: 'a',
      scores: { impact: 8 },
      scales: { impact: 10 },
    });
    expect(corrected.scales).toEqual({ a: { impact: 10, design: 5 } });
    expect(
      scoresWithSave(corrected, { kind: 'scores', projectId: 'a', scores: { design: 3 } }).scales,
    ).toEqual({ a: { impact: 10 } });
  });
});
