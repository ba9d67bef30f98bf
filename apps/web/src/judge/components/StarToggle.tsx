export interface StarToggleProps {
  starred: boolean;
  onToggle: (starred: boolean) => void;
  disabled?: boolean;
  /** The project's name, so each toggle in a list has its own accessible name. */
  projectName?: string;
  compact?: boolean;
}

/**
 * A star on/off button. The name stays "Star" and `aria-pressed` carries the state, as the
 * toggle-button pattern asks; sighted users see a filled or hollow star (shape, not colour alone).
 */
export function StarToggle({
  starred,
  onToggle,
  disabled = false,
  projectName,
  compact = false,
}: StarToggleProps) {
  return (
    <button
      type="button"
      className={`btn judge-star${starred ? ' judge-star--on' : ''}${compact ? ' btn--small' : ''}`}
      aria-pressed={starred}
      disabled={disabled}
      onClick={() => onToggle(!starred)}
    >
      <span aria-hidden="true" className="judge-star__icon">
        {starred ? '★' : '☆'}
      </span>
      Star
      {projectName && <span className="visually-hidden"> {projectName}</span>}
    </button>
  );
}
