import { describe, expect, it } from 'vitest';
import { selectAllState, selectedVisible, setIds, toggleAll, toggleId } from './selection';

describe('row selection', () => {
  it('toggles one id without touching the input set', () => {
    const empty = new Set<string>();
    const one = toggleId(empty, 'a');
    expect([...one]).toEqual(['a']);
    expect(empty.size).toBe(0);
    expect([...toggleId(one, 'a')]).toEqual([]);
  });

  it('reports none, some or all of the visible rows', () => {
    const visible = ['a', 'b', 'c'];
    expect(selectAllState(new Set(), visible)).toBe('none');
    expect(selectAllState(new Set(['b', 'zz']), visible)).toBe('some');
    expect(selectAllState(new Set(['a', 'b', 'c', 'zz']), visible)).toBe('all');
  });

  it('select-all ticks every visible row, and clears them once all are ticked', () => {
    const visible = ['a', 'b'];
    const all = toggleAll(new Set(['a', 'hidden-row']), visible);
    expect([...all].sort()).toEqual(['a', 'b', 'hidden-row']);
    // Rows out of sight (another track) keep their state.
    expect([...toggleAll(all, visible)]).toEqual(['hidden-row']);
  });

  it('sets and clears lists of ids', () => {
    expect([...setIds(new Set(['a']), ['b', 'c'], true)].sort()).toEqual(['a', 'b', 'c']);
    expect([...setIds(new Set(['a', 'b']), ['b', 'x'], false)]).toEqual(['a']);
  });

  it('a batch acts on the selected visible rows, in row order, never on deleted ones', () => {
    const selected = new Set(['c', 'a', 'deleted']);
    expect(selectedVisible(selected, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });
});
