import type { FeedbackEntry } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { feedbackByProject, feedbackSummary, hiddenNotice, releaseHint } from './feedback';

function entry(judge: string, project: string, table: number, hidden = false): FeedbackEntry {
  return {
    judge_id: `j-${judge}`,
    judge_name: judge,
    project_id: `p-${project}`,
    project_name: project,
    table,
    text: `${judge} on ${project}`,
    hidden,
    set_aside: false,
    time: table * 1000,
  };
}

describe('feedbackByProject', () => {
  it('groups the entries by project in the server’s order, each project’s entries in theirs', () => {
    const list = [
      entry('Ada', 'Kiln', 1),
      entry('Bob', 'Kiln', 1, true),
      entry('Ada', 'Mesh', 2),
      entry('Cy', 'Orbit', 2),
    ];
    expect(
      feedbackByProject(list).map((group) => [group.table, group.project_name, group.entries.length]),
    ).toEqual([
      [1, 'Kiln', 2],
      [2, 'Mesh', 1],
      [2, 'Orbit', 1],
    ]);
    expect(feedbackByProject(list)[0]?.entries.map((e) => e.judge_name)).toEqual(['Ada', 'Bob']);
  });

  it('has no group for an empty list', () => {
    expect(feedbackByProject([])).toEqual([]);
  });
});

describe('feedback texts', () => {
  it('counts texts, projects and hidden ones', () => {
    expect(feedbackSummary([])).toBe('No judge has written feedback for a team yet.');
    expect(feedbackSummary([entry('Ada', 'Kiln', 1)])).toBe('1 feedback text for 1 project.');
    expect(feedbackSummary([entry('Ada', 'Kiln', 1), entry('Bob', 'Kiln', 1, true)])).toBe(
      '2 feedback texts for 1 project, 1 hidden from its team.',
    );
    expect(
      feedbackSummary([entry('Ada', 'Kiln', 1, true), entry('Ada', 'Mesh', 2, true), entry('Cy', 'Mesh', 2)]),
    ).toBe('3 feedback texts for 2 projects, 2 hidden from their teams.');
  });

  it('counts the feedback a set-aside judge wrote as not shown, once, hidden or not', () => {
    const setAside = (judge: string, project: string, hidden = false) => ({
      ...entry(judge, project, 1, hidden),
      set_aside: true,
    });
    expect(feedbackSummary([setAside('Ada', 'Kiln'), entry('Bob', 'Kiln', 1)])).toBe(
      '2 feedback texts for 1 project, 1 not shown while its judge is set aside.',
    );
    expect(
      feedbackSummary([setAside('Ada', 'Kiln'), setAside('Ada', 'Mesh', true), setAside('Ada', 'Bee')]),
    ).toBe(
      '3 feedback texts for 3 projects, 1 hidden from its team, 2 not shown while their judges are set aside.',
    );
  });

  it('says what the release switch means', () => {
    expect(releaseHint(false)).toBe('Not released: teams see nothing yet.');
    expect(releaseHint(true)).toContain(
      'Teams see their feedback on their status page, without judges’ names.',
    );
    expect(hiddenNotice(true)).toBe('Feedback hidden from its team.');
    expect(hiddenNotice(false)).toBe('Feedback shown to its team again.');
  });
});
