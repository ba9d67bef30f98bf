import type { LogType } from '@podium/protocol';
import { CheckboxField, SelectField, TextField } from '../../components/FormFields';
import type { LogFilter } from '../logic/audit-log';

/** Every line type; the protocol's web entry carries the type, not its list (checked whole here). */
const LOG_TYPES = Object.keys({ SYSTEM: 0, ADMIN: 0, JUDGE: 0 } satisfies Record<LogType, 0>) as LogType[];

/** Type and text (searched by the server) and order of the audit log view; the times are the viewer's. */
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
