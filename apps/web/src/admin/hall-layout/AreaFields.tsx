/** One area of the layout builder: its name, rows × tables, spacing, numbering, gaps and place. */
import { CheckboxField, SelectField, TextField } from '../../components/FormFields';
import type { AreaDraft, DraftErrors } from './plan-draft';

export interface AreaFieldsProps {
  index: number;
  draft: AreaDraft;
  errors: DraftErrors;
  onChange: (draft: AreaDraft) => void;
  onRemove?: () => void;
  /** Replaces this area's tables in the table list by the ones its fields make (after hand edits). */
  onRedraw?: () => void;
}

const DIRECTIONS = [
  { value: 'east', label: 'East (right) of the previous area' },
  { value: 'west', label: 'West (left) of the previous area' },
  { value: 'south', label: 'South (below) the previous area' },
  { value: 'north', label: 'North (above) the previous area' },
] as const;

export function AreaFields({ index, draft, errors, onChange, onRemove, onRedraw }: AreaFieldsProps) {
  const text = (field: keyof AreaDraft, label: string, hint?: string, optional = false) => (
    <TextField
      label={label}
      hint={hint}
      optional={optional}
      inputMode={field === 'name' || field === 'gaps' ? 'text' : 'decimal'}
      value={draft[field] as string}
      error={errors[field]}
      onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
    />
  );
  return (
    <fieldset className="card stack hall-area" aria-label={`Area ${index + 1}`}>
      <legend className="hall-area__legend">Area {index + 1}</legend>
      {text('name', 'Name', 'Room, floor or building; judges see it with the table number.', true)}
      <div className="hall-area__grid">
        {text('rows', 'Rows')}
        {text('tablesPerRow', 'Tables per row')}
        {text('tableSpacing', 'Metres between tables')}
        {text('rowSpacing', 'Metres between rows')}
      </div>
      <CheckboxField
        label="Number back and forth (every other row right to left)"
        checked={draft.serpentine}
        onChange={(event) => onChange({ ...draft, serpentine: event.target.checked })}
      />
      {text('firstTable', 'First table number', 'Empty: after the previous area’s last table.', true)}
      {text('gaps', 'Empty positions', 'Row-seat pairs, seats counted from the left: 1-3, 2-5.', true)}
      {index > 0 && (
        <div className="hall-area__grid">
          <SelectField
            label="Place"
            options={DIRECTIONS}
            value={draft.direction}
            onChange={(event) =>
              onChange({ ...draft, direction: event.target.value as AreaDraft['direction'] })
            }
          />
          {text('gap', 'Walk from the previous area (m)', 'Stairs count: a floor up may be 30 m.')}
        </div>
      )}
      <div className="hall-layout__actions">
        {onRedraw && (
          <button type="button" className="btn btn--secondary btn--small" onClick={onRedraw}>
            Redraw area {index + 1}’s tables
          </button>
        )}
        {onRemove && (
          <button type="button" className="btn btn--secondary btn--small" onClick={onRemove}>
            Remove area {index + 1}
          </button>
        )}
      </div>
    </fieldset>
  );
}
