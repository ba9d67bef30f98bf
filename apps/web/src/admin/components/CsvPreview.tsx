import type { ImportPreviewRow } from '@podium/protocol';
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

/** A cell cut to 10 characters, its whole text on hover (product spec §2, §9). */
function Cell({ text }: { text: string }) {
  const shown = truncateCell(text);
  return <td title={shown === text ? undefined : text}>{shown}</td>;
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
      <div className="csv-preview" role="region" aria-label={label} tabIndex={0}>
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
                  {header ? truncateCell(heading) : heading}
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
                  <Cell key={i} text={row.cells[i] ?? ''} />
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
