import type { DragEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

export interface FileDropZoneProps {
  /** Accessible name of the file input, e.g. 'Project CSV file'. */
  label: string;
  /** The input's `accept`, e.g. '.csv,text/csv'. */
  accept?: string;
  /** The chosen file; null clears the input too. */
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * Drag and drop or browse for one file. The real `<input type="file">` stays in the tab order
 * (visually hidden, its label is the zone), so keyboards and screen readers use the native
 * picker; dropping is the shortcut for mice. Shows the chosen file's name.
 */
export function FileDropZone({ label, accept, file, onFile, disabled = false }: FileDropZoneProps) {
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const statusId = `${inputId}-status`;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // The input keeps its own value: empty it when the file is cleared, so the same file can be
  // chosen again after an upload.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const over = (event: DragEvent) => {
    event.preventDefault(); // allows the drop
    if (!disabled) setDragging(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div
      className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        className="drop-zone__input visually-hidden"
        disabled={disabled}
        aria-labelledby={titleId}
        aria-describedby={statusId}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      {/* The whole zone is the label, so a click anywhere opens the picker; the input is named by the title alone. */}
      <label htmlFor={inputId} className="drop-zone__label">
        <span id={titleId} className="drop-zone__title">
          {label}
        </span>
        <span className="drop-zone__help">
          Drag and drop it here, or <span className="drop-zone__browse">browse</span>
        </span>
      </label>
      <p id={statusId} className="drop-zone__file" aria-live="polite">
        {file ? (
          <>
            Chosen file: <strong>{file.name}</strong>
          </>
        ) : (
          'No file chosen'
        )}
      </p>
    </div>
  );
}
