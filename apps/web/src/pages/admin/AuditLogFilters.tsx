import { CheckboxField, SelectField, TextField } from '../../components/FormFields';
import type { LogFilter, LogType } from './audit-log';
import { LOG_TYPES } from './audit-log';

/** Type, text and order of the audit log view; the times are the viewer's. */
export function AuditLogFilters({
  filter,
  onChange,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
}) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="audit-log__filters">
      <SelectField
        label="Type"
        options={[
          { value: '', label: 'All types' },
          ...LOG_TYPES.map((type) => ({ value: type, label: type })),
        ]}
        value={filter.type}
        onChange={(event) => onChange({ ...filter, type: event.target.value as LogType | '' })}
      />
      <TextField
        label="Search the log"
        type="search"
        autoComplete="off"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.target.value })}
      />
      <CheckboxField
        label="Newest first"
        checked={filter.newestFirst}
        onChange={(event) => onChange({ ...filter, newestFirst: event.target.checked })}
      />
      <p className="audit-log__zone">Times in your time zone{zone ? ` (${zone})` : ''}.</p>
    </div>
  );
}
