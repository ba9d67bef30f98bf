/** The builder's table list: one row per table to be saved, each field editable, each row removable. */
import { Fragment } from 'react';
import type { TableRow } from './table-rows';

export interface TableRowsProps {
  rows: readonly TableRow[];
  /** Each row's problem, '' when it reads well. */
  problems: readonly string[];
  onChange: (index: number, row: TableRow) => void;
  onRemove: (index: number) => void;
}

const COLUMNS = [
  { field: 'table', label: 'Table', mode: 'numeric' },
  { field: 'x', label: 'x (m east)', mode: 'decimal' },
  { field: 'y', label: 'y (m south)', mode: 'decimal' },
  { field: 'area', label: 'Area', mode: 'text' },
] as const;

export function TableRows({ rows, problems, onChange, onRemove }: TableRowsProps) {
  return (
    <table className="hall-rows">
      <thead>
        <tr>
          {COLUMNS.map(({ field, label }) => (
            <th key={field} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const problem = problems[index] ?? '';
          const errorId = `hall-row-${index}-error`;
          return (
            // Rows are edited in place (a renumbered table keeps its row), so the index is its identity.
            <Fragment key={index}>
              <tr>
                {COLUMNS.map(({ field, label, mode }) => (
                  <td key={field}>
                    <input
                      className="field__control hall-rows__input"
                      type="text"
                      inputMode={mode}
                      aria-label={`${label}, row ${index + 1}`}
                      aria-invalid={problem !== '' || undefined}
                      aria-describedby={problem ? errorId : undefined}
                      value={row[field]}
                      onChange={(event) => onChange(index, { ...row, [field]: event.target.value })}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    aria-label={`Remove row ${index + 1} (table ${row.table})`}
                    onClick={() => onRemove(index)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
              {problem && (
                <tr>
                  <td colSpan={COLUMNS.length + 1} id={errorId} className="field__error">
                    Row {index + 1}: {problem}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
