export interface SortButtonProps {
  label: string;
  /** This column's sort direction, null when the table is not sorted by it. */
  direction: 'ascending' | 'descending' | null;
  onClick: () => void;
}

/**
 * The button inside a sortable column header (the admin tables, the expo); the header cell
 * carries `aria-sort`, so the arrow is decoration.
 */
export function SortButton({ label, direction, onClick }: SortButtonProps) {
  const icon = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <button type="button" className="sort-button" onClick={onClick}>
      {label}
      <span
        className={`sort-button__icon${direction ? ' sort-button__icon--active' : ''}`}
        aria-hidden="true"
      >
        {icon}
      </span>
    </button>
  );
}
