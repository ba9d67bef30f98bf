import { beforeEach, describe, expect, it } from 'vitest';
import { makeOptions } from '../dashboard/test-fixtures';
import { INITIAL_VIEW, shownTrack, useDashboardViewStore } from './dashboard-view.store';

const view = () => useDashboardViewStore.getState();

describe('dashboard view store', () => {
  beforeEach(() => useDashboardViewStore.setState(INITIAL_VIEW));

  it('cycles each table sort on its own', () => {
    view().cycleSort('projects', 'seen');
    view().cycleSort('judges', 'name');
    view().cycleSort('projects', 'seen');
    expect(view().sort).toEqual({
      projects: { key: 'seen', direction: 'descending' },
      judges: { key: 'name', direction: 'ascending' },
    });
    view().cycleSort('projects', 'seen');
    expect(view().sort.projects).toBeNull();
  });

  it('keeps a selection per table; select-all and clear act on one table', () => {
    view().toggleSelected('projects', 'p1');
    view().toggleAllSelected('judges', ['j1', 'j2']);
    expect([...view().selected.projects]).toEqual(['p1']);
    expect([...view().selected.judges]).toEqual(['j1', 'j2']);
    view().toggleAllSelected('judges', ['j1', 'j2']);
    expect(view().selected.judges.size).toBe(0);
    view().setSelected('projects', ['p2', 'p3'], true);
    view().setSelected('projects', ['p1'], false);
    expect([...view().selected.projects]).toEqual(['p2', 'p3']);
    view().clearSelection();
    expect(view().selected.projects.size).toBe(0);
  });

  it('a toggle leaves the other rows’ selection state untouched', () => {
    view().toggleSelected('projects', 'a');
    const before = view().selected.judges;
    view().toggleSelected('projects', 'b');
    expect(view().selected.judges).toBe(before);
  });

  it('shows the chosen track only while track judging is on and the track exists', () => {
    const tracks = makeOptions({ judge_tracks: true, tracks: ['AI', 'Web'] });
    expect(shownTrack('AI', tracks)).toBe('AI');
    expect(shownTrack('Gone', tracks)).toBe('');
    expect(shownTrack('AI', { ...tracks, judge_tracks: false })).toBe('');
    expect(shownTrack('AI', null)).toBe('');
    expect(shownTrack('', tracks)).toBe('');
  });
});
