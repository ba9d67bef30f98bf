import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { notify } from '../../stores/notice.store';

export interface SettingToggleProps {
  label: string;
  hint?: ReactNode;
  /** The stored value; null until Options load (the switch is disabled until then). */
  checked: boolean | null;
  save: (next: boolean) => Promise<ApiResult<unknown>>;
  /** The alert once the server accepted the change. */
  success: (next: boolean) => string;
  /** Disabled while judging runs (R88). */
  locked?: boolean;
}

/** An on/off setting saved as soon as it is flipped; it shows the stored value, not a guess. */
export function SettingToggle({ label, hint, checked, save, success, locked = false }: SettingToggleProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  const flip = async (next: boolean) => {
    setBusy(true);
    const result = await save(next);
    setBusy(false);
    if (result.data) notify.success(success(next));
    else notify.error(result.error);
  };

  return (
    <div className="setting-toggle">
      <div className="checkbox-field">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="checkbox-field__box"
          checked={checked ?? false}
          disabled={checked === null || locked || busy}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => void flip(event.target.checked)}
        />
        <label htmlFor={id} className="checkbox-field__label">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
