import type { ImportPreviewRow } from '@podium/protocol';
import { useSyncExternalStore } from 'react';
import type { CsvRow } from '../logic/csv-preview';
import { importStatusText, truncateCell } from '../logic/csv-preview';

export interface CsvPreviewProps {
  rows: readonly CsvRow[];
  /** The first row is the file's header: it heads the table instead of `columns`. */
  headerRow: boolean;
  /** The columns the import expects, heading a file without a header row. */
  columns?: readonly string[];
  /** Accessible name of the scrolling region, e.g. 'Preview of projects.csv'. */
  label: string;
  /** Rows drawn at most; a big file is summarised rather than rendered whole. */
  maxRows?: number;
  /** The import dry run's verdict per row (matched by line), shown in an Import column. */
  statuses?: readonly ImportPreviewRow[];
}

/** Wider than a phone: the spec's 10-character cut is for narrow screens (issue 23). */
const ROOMY = '(min-width: 48rem)';
const roomy = () => typeof window.matchMedia === 'function' && window.matchMedia(ROOMY).matches;
function onRoomChange(change: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(ROOMY);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

/**
 * A cell with its whole text on hover (product spec §2, §9): on a phone cut to 10 characters; with
 * room to spare, as much as its column's width shows, ending in an ellipsis (admin.css).
 */
function Cell({ text, roomy }: { text: string; roomy: boolean }) {
  const shown = roomy ? text : truncateCell(text);
  const cut = roomy ? truncateCell(text) !== text : shown !== text;
  return <td title={cut ? text : undefined}>{shown}</td>;
}

/** The dry run's verdict on one row; none for a row the server does not import (a blank line). */
function StatusCell({ row }: { row: ImportPreviewRow | undefined }) {
  if (!row) return <td />;
  return (
    <td className={`csv-preview__status csv-preview__status--${row.status}`}>{importStatusText(row)}</td>
  );
}

/**
 * The parsed CSV as a table (at most 500px high, scrolling both ways), numbered by the file's
 * physical lines so a server error such as 'line 6: ...' points at a visible row.
 */
export function CsvPreview({
  rows,
  headerRow,
  columns = [],
  label,
  maxRows = 200,
  statuses,
}: CsvPreviewProps) {
  const statusOf = statuses && new Map(statuses.map((row) => [row.line, row]));
  const wide = useSyncExternalStore(onRoomChange, roomy, () => false);
  const header = headerRow ? rows[0] : undefined;
  const body = headerRow ? rows.slice(1) : rows;
  const shown = body.slice(0, maxRows);
  const width = Math.max(header?.cells.length ?? 0, ...shown.map((row) => row.cells.length), 0);
  // The file's own header cells are cut like any cell; the expected column names are ours, whole.
  const headings = Array.from({ length: width }, (_, i) =>
    header ? (header.cells[i] ?? '') : (columns[i] ?? `Column ${i + 1}`),
  );

  return (
    <>
      <div
        className={`csv-preview${wide ? ' csv-preview--roomy' : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        <table className="csv-preview__table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {statusOf && <th scope="col">Import</th>}
              {headings.map((heading, i) => (
                <th
                  key={i}
                  scope="col"
                  title={header && truncateCell(heading) !== heading ? heading : undefined}
                >
                  {header && !wide ? truncateCell(heading) : heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                {statusOf && <StatusCell row={statusOf.get(row.line)} />}
                {Array.from({ length: width }, (_, i) => (
                  <Cell key={i} text={row.cells[i] ?? ''} roomy={wide} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="csv-preview__summary">
        {body.length === shown.length
          ? `${body.length} ${body.length === 1 ? 'row' : 'rows'}${header ? ' after the header' : ''}`
          : `Showing the first ${shown.length} of ${body.length} rows`}
      </p>
    </>
  );
}
