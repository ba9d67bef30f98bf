import { describe, expect, it } from 'vitest';
import { newAreaDraft, readAreaDraft } from './plan-draft';

describe('readAreaDraft', () => {
  it('reads a first area at the origin and a later one beside the previous', () => {
    expect(readAreaDraft({ ...newAreaDraft(0), gaps: '1-2, 3 - 4', firstTable: '101' }, 0).plan).toEqual({
      name: 'Room A',
      rows: 4,
      tablesPerRow: 10,
      tableSpacing: 2.5,
      rowSpacing: 6,
      serpentine: true,
      firstTable: 101,
      gaps: [
        { row: 1, seat: 2 },
        { row: 3, seat: 4 },
      ],
      placement: { kind: 'at', x: 0, y: 0 },
    });
    expect(readAreaDraft({ ...newAreaDraft(1), direction: 'south', gap: '30' }, 1).plan?.placement).toEqual({
      kind: 'beside',
      direction: 'south',
      gap: 30,
    });
  });

  it('names every field it cannot read', () => {
    const read = readAreaDraft(
      {
        ...newAreaDraft(1),
        rows: '0',
        tablesPerRow: 'x',
        tableSpacing: '-1',
        rowSpacing: '',
        firstTable: '0',
        gaps: '2',
        gap: 'far',
      },
      1,
    );
    expect(read.plan).toBeUndefined();
    expect(Object.keys(read.errors).sort()).toEqual(
      ['firstTable', 'gap', 'gaps', 'rowSpacing', 'rows', 'tableSpacing', 'tablesPerRow'].sort(),
    );
  });
});
