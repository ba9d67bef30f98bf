import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { click, render } from '../../test/render';
import type { Column } from './DataTable';
import { DataTable, trackMinRem } from './DataTable';
import { Dialog } from '../../components/Dialog';
import type { SortState } from '../logic/sorting';
import { nextSort } from '../logic/sorting';

interface Row {
  id: string;
  name: string;
  seen: number;
}

const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Name', sortValue: (row) => row.name },
  { key: 'seen', label: 'Seen', sortValue: (row) => row.seen },
  { key: 'actions', label: 'Actions' },
];
const ROWS: Row[] = [
  { id: 'a', name: 'Bravo', seen: 2 },
  { id: 'b', name: 'Alpha', seen: 3 },
  { id: 'c', name: 'Charlie', seen: 1 },
];

function Harness() {
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <DataTable
      caption="Projects"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      renderRow={(row) => (
        <tr>
          <td>{row.name}</td>
          <td>{row.seen}</td>
          <td />
        </tr>
      )}
      sort={sort}
      onSort={(key) => setSort((current) => nextSort(current, key))}
    />
  );
}

const names = (root: HTMLElement) =>
  [...root.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);

describe('DataTable', () => {
  it('sorts on header clicks: ascending, descending, then the original order (aria-sort)', async () => {
    const root = await render(<Harness />);
    const seenHeader = root.querySelectorAll('th')[1]!;
    const button = seenHeader.querySelector('button');
    expect(names(root)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(seenHeader.hasAttribute('aria-sort')).toBe(false);

    await click(button);
    expect(seenHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(names(root)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(root.querySelector('caption')?.textContent).toBe('Projects, sorted by Seen, ascending');

    await click(button);
    expect(seenHeader.getAttribute('aria-sort')).toBe('descending');
    expect(names(root)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    await click(button);
    expect(seenHeader.hasAttribute('aria-sort')).toBe(false);
    expect(names(root)).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('has no sort button on a column without a sort value', async () => {
    const root = await render(<Harness />);
    expect(root.querySelectorAll('th')[2]?.querySelector('button')).toBeNull();
  });

  it("lays rows out on the columns' grid tracks and never squeezes below their minimum", async () => {
    const root = await render(<Harness />);
    const table = root.querySelector('table')!;
    expect(table.style.getPropertyValue('--data-table-columns')).toBe(
      'minmax(6rem, 1fr) minmax(6rem, 1fr) minmax(6rem, 1fr)',
    );
    expect(table.style.minWidth).toBe('18rem');
    expect(trackMinRem('minmax(12.5rem, 3fr)')).toBe(12.5);
    expect(trackMinRem('1fr')).toBe(0);
  });
});

function DialogHarness({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Edit Project" onClose={onClose}>
      <p>Body</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is named by its title and closes on Escape, a backdrop click and the close button', async () => {
    let closed = 0;
    await render(<DialogHarness onClose={() => closed++} />);
    const dialog = document.querySelector('dialog')!;
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Edit Project');

    await act(async () => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true })); // what Escape fires
    });
    expect(closed).toBe(1);
    await click(dialog); // the dialog element itself is the backdrop area
    expect(closed).toBe(2);
    await click(document.querySelector('p')); // inside: stays open
    expect(closed).toBe(2);
    await click(document.querySelector('button[aria-label="Close"]'));
    expect(closed).toBe(3);
  });
});
