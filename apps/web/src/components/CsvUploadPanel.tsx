import type { ImportResult } from '@podium/protocol';
import { importSkippedSuffix } from '@podium/protocol';
import type { FormEvent, ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import type { ApiResult } from '../api/client';
import { notify } from '../stores/notice.store';
import type { CsvRow } from '../util/csv-preview';
import { parseCsv } from '../util/csv-preview';
import { CsvPreview } from './CsvPreview';
import { FileDropZone } from './FileDropZone';
import { CheckboxField } from './FormFields';

export interface CsvUploadFlags {
  headerRow: boolean;
  noSend: boolean;
}

export interface CsvUploadPanelProps {
  /** The panel's heading (an h2). */
  title: string;
  /** What the file must look like (column order, where it comes from). */
  description?: ReactNode;
  /** Accessible name of the file input, e.g. 'Project CSV file'. */
  fileLabel: string;
  /** The columns the import expects, heading the preview of a file without a header row. */
  columns?: readonly string[];
  /** 'ask': a 'CSV contains a header row' checkbox; 'always': the format always has one. */
  headerRow?: 'ask' | 'always';
  /** Judges: a 'Do not send an email' checkbox. */
  noSendOption?: boolean;
  /** The success alert, e.g. 'Added project(s) successfully!'. */
  successText: string;
  /** Sends the file; the panel only shows the outcome. */
  upload: (file: File, flags: CsvUploadFlags) => Promise<ApiResult<ImportResult>>;
}

/**
 * The CSV upload panel of product spec §2: choose or drop a file, check it in a preview, then
 * upload it. Alerts 'Error Uploading CSV: <server error>' or the success text, with R83's
 * skipped-rows suffix; a success clears the file so it is not uploaded twice by accident.
 */
export function CsvUploadPanel(props: CsvUploadPanelProps) {
  const { title, description, fileLabel, columns, headerRow = 'ask', noSendOption = false } = props;
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<CsvRow[] | null>(null);
  const [hasHeader, setHasHeader] = useState(false);
  const [noSend, setNoSend] = useState(false);
  const [busy, setBusy] = useState(false);
  const choice = useRef(0); // a file read that finishes after a newer choice is dropped

  const choose = async (chosen: File | null) => {
    const id = ++choice.current;
    setFile(chosen);
    setRows(null);
    if (!chosen) return;
    const text = await chosen.text().catch(() => null);
    if (id === choice.current) setRows(text === null ? [] : parseCsv(text));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    const result = await props.upload(file, { headerRow: headerRow === 'always' || hasHeader, noSend });
    setBusy(false);
    if (!result.data) {
      notify.error(`Error Uploading CSV: ${result.error}`);
      return;
    }
    const { skipped } = result.data;
    notify.success(props.successText + (skipped > 0 ? importSkippedSuffix(skipped) : ''));
    void choose(null);
  };

  return (
    <section className="card upload-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {title}
      </h2>
      {description && <div className="upload-panel__description">{description}</div>}
      <form className="stack" onSubmit={submit} noValidate>
        <FileDropZone label={fileLabel} accept=".csv,text/csv" file={file} onFile={choose} disabled={busy} />
        {file && rows && (
          <CsvPreview
            rows={rows}
            headerRow={headerRow === 'always' || hasHeader}
            columns={columns}
            label={`Preview of ${file.name}`}
          />
        )}
        {(headerRow === 'ask' || noSendOption) && (
          <div className="upload-panel__options">
            {headerRow === 'ask' && (
              <CheckboxField
                label="CSV contains a header row"
                checked={hasHeader}
                onChange={(event) => setHasHeader(event.target.checked)}
              />
            )}
            {noSendOption && (
              <CheckboxField
                label="Do not send an email"
                checked={noSend}
                onChange={(event) => setNoSend(event.target.checked)}
              />
            )}
          </div>
        )}
        <button type="submit" className="btn btn--primary" disabled={!file || busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </form>
    </section>
  );
}
