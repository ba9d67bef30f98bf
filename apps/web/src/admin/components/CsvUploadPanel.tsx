import type { ImportPreview, JudgeImportResponse, ProjectImportResponse } from '@podium/protocol';
import { importSkippedSuffix, reimportSummary } from '@podium/protocol';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { answeredByServer } from '../../api/client';
import { CheckboxField } from '../../components/FormFields';
import { notify } from '../../stores/notice.store';
import { ScopedNotices } from '../../components/Notices';
import type { CsvRow } from '../logic/csv-preview';
import { parseCsv, readsAsHeader } from '../logic/csv-preview';
import { CsvPreview } from './CsvPreview';
import { FileDropZone } from './FileDropZone';

export interface CsvUploadFlags {
  headerRow: boolean;
  noSend: boolean;
  /** R86a: update the projects already there (project imports only). */
  update: boolean;
  /** Leave out the judges already here instead of refusing the file (judge imports only). */
  skipExisting: boolean;
}

/** What an import answers: R83's counts, a re-import's (R86a), or a judge import's with `skip_existing`. */
export type CsvUploadResult = JudgeImportResponse | ProjectImportResponse;

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
  /**
   * With 'ask': the names this format's header rows use (`columns` and their usual variants). A
   * chosen file whose first row holds two of them has the box ticked for it, saying so.
   */
  headerNames?: readonly string[];
  /** Judges: a 'Do not send an email' checkbox. */
  noSendOption?: boolean;
  /** Judges: a 'Leave out judges already here' checkbox, ticked at first. */
  skipExistingOption?: boolean;
  /** The success alert, e.g. 'Added project(s) successfully!'. */
  successText: string;
  /** Sends the file, reporting the fraction sent; the panel only shows the outcome. */
  upload: (
    file: File,
    flags: CsvUploadFlags,
    onProgress?: (fraction: number) => void,
  ) => Promise<ApiResult<CsvUploadResult>>;
  /**
   * Project imports: the dry run that marks each preview row new, changed, unchanged or skipped.
   * Its presence also offers R86a's update checkbox, ticked by default.
   */
  preview?: (file: File, flags: CsvUploadFlags) => Promise<ApiResult<ImportPreview>>;
  /**
   * Under the preview of a chosen file: a check of the page's own (the judge CSV's dry run), which
   * reports through `onRefusal` why Upload would fail (null: it would not).
   */
  fileCheck?: (file: File, flags: CsvUploadFlags, onRefusal: (reason: string | null) => void) => ReactNode;
}

/** Where an upload is: sending the file (with the fraction sent), or waiting for the server. */
type Progress = { phase: 'sending'; fraction: number } | { phase: 'processing' };

/** The server's own refusal (4xx), not a network failure, a sign-in page or a server in trouble. */
const refusedByServer = ({ status, error }: { status: number; error: string }): boolean =>
  answeredByServer(error) && status >= 400 && status < 500;

/** Why Upload is off when a check of the file found the server would refuse it (said above). */
export const SERVER_WOULD_REFUSE = 'the server would refuse this file (see above).';

/** The dry run of the chosen file: none yet, its answer, or the server's refusal. */
type Check =
  | { state: 'checking' }
  | { state: 'done'; preview: ImportPreview }
  /** `final`: the server refused the file itself (a 4xx), not a request that failed on the way. */
  | { state: 'refused'; error: string; final: boolean };

const UPDATE_LABEL = 'Update projects that are already here (matched by URL, else by name)';
const SKIP_EXISTING_LABEL = 'Leave out judges who are already here (matched by email)';

/** The spec's success text, then what happened: R86a's counts after a re-import, else how many were added. */
function successNotice(successText: string, data: CsvUploadResult): string {
  if ('updated' in data) return `${successText} ${reimportSummary(data)}`;
  if ('existing' in data && data.existing > 0) {
    return `${successText} ${data.count} added, ${data.existing} already here`;
  }
  return `${successText} ${data.count} added` + (data.skipped > 0 ? importSkippedSuffix(data.skipped) : '');
}

/**
 * The CSV upload panel of product spec §2: choose or drop a file, check it in a preview, then
 * upload it. Project panels mark each row with what the import would do (the dry run) and update
 * the projects already there unless told not to (R86a). A large file shows how much of it was sent,
 * then that the server is processing it. Alerts 'Error Uploading CSV: <server error>' or the
 * success; a success clears the file so it is not uploaded twice by accident.
 */
export function CsvUploadPanel(props: CsvUploadPanelProps) {
  const { title, description, fileLabel, columns, headerRow = 'ask', noSendOption = false, preview } = props;
  const { skipExistingOption = false } = props;
  const headingId = useId();
  const headerNoteId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<CsvRow[] | null>(null);
  const [hasHeader, setHasHeader] = useState(false);
  // The box was ticked because the chosen file's first row holds column names, not by the organizer.
  const [headerFound, setHeaderFound] = useState(false);
  const [noSend, setNoSend] = useState(false);
  const [update, setUpdate] = useState(true);
  const [skipExisting, setSkipExisting] = useState(true);
  const [check, setCheck] = useState<Check | null>(null);
  const [fileRefusal, setFileRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const choice = useRef(0); // a file read or dry run that finishes after a newer choice is dropped
  const flags: CsvUploadFlags = {
    headerRow: headerRow === 'always' || hasHeader,
    noSend,
    update: !!preview && update,
    skipExisting: skipExistingOption && skipExisting,
  };

  const choose = async (chosen: File | null) => {
    const id = ++choice.current;
    setFile(chosen);
    setRows(null);
    setFileRefusal(null);
    if (!chosen) return;
    const text = await chosen.text().catch(() => null);
    if (id !== choice.current) return;
    const parsed = text === null ? [] : parseCsv(text);
    setRows(parsed);
    // A header row imported as data is a project called "Name" at table 1, every table after it
    // one off on the printed cards: a first row of column names ticks the box. A tick the
    // organizer gave stays; one given for the previous file goes if this file has no such row.
    const found = headerRow === 'ask' && readsAsHeader(parsed[0], props.headerNames ?? []);
    if (found) setHasHeader(true);
    else if (headerFound) setHasHeader(false);
    setHeaderFound(found);
  };

  // The latest `preview` prop: pages pass a new function each render, which must not re-run it.
  const previewRef = useRef(preview);
  previewRef.current = preview;
  const canPreview = preview !== undefined;

  // The dry run again whenever the file or a flag it depends on changes.
  useEffect(() => {
    setCheck(null);
    if (!file || !previewRef.current) return;
    const id = choice.current;
    setCheck({ state: 'checking' });
    void previewRef
      .current(file, {
        headerRow: headerRow === 'always' || hasHeader,
        noSend: false,
        update,
        skipExisting: false,
      })
      .then((result) => {
        if (id !== choice.current) return;
        setCheck(
          result.data
            ? { state: 'done', preview: result.data }
            : { state: 'refused', error: result.error, final: refusedByServer(result) },
        );
      });
  }, [file, canPreview, headerRow, hasHeader, update]);

  // A file the page's check or the dry run says the server would refuse is not uploaded only to
  // hear so: Upload waits, saying why.
  const dryRunRefusal = check?.state === 'refused' && check.final ? SERVER_WOULD_REFUSE : null;
  const refusal = file ? (fileRefusal ?? dryRunRefusal) : null;
  const refusalId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || progress || refusal) return;
    setProgress({ phase: 'sending', fraction: 0 });
    const result = await props.upload(file, flags, (fraction) =>
      setProgress(fraction < 1 ? { phase: 'sending', fraction } : { phase: 'processing' }),
    );
    setProgress(null);
    // Scoped to this panel: a new refusal replaces its last one, a success clears it.
    if (!result.data) {
      notify.error(`Error Uploading CSV: ${result.error}`, headingId);
      return;
    }
    notify.success(successNotice(props.successText, result.data), headingId);
    void choose(null);
  };

  return (
    <section className="card upload-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {title}
      </h2>
      {description && <div className="upload-panel__description">{description}</div>}
      <form className="stack" onSubmit={submit} noValidate>
        <FileDropZone
          label={fileLabel}
          accept=".csv,text/csv"
          file={file}
          onFile={choose}
          disabled={!!progress}
        />
        {file && rows && (
          <CsvPreview
            rows={rows}
            headerRow={headerRow === 'always' || hasHeader}
            columns={columns}
            label={`Preview of ${file.name}`}
            statuses={check?.state === 'done' ? check.preview.rows : undefined}
          />
        )}
        {check && <CheckSummary check={check} />}
        {file && props.fileCheck?.(file, flags, setFileRefusal)}
        <div className="upload-panel__options">
          {headerRow === 'ask' && (
            <CheckboxField
              label="CSV contains a header row"
              checked={hasHeader}
              onChange={(event) => {
                setHasHeader(event.target.checked);
                setHeaderFound(false);
              }}
              aria-describedby={file && headerFound ? headerNoteId : undefined}
            />
          )}
          {file && headerFound && rows?.[0] && (
            <p id={headerNoteId} className="upload-panel__hint">
              Line 1 holds column names ({rows[0].cells.filter((cell) => cell !== '').join(', ')}), so it is
              read as the header row, not imported. Untick the box if it is data.
            </p>
          )}
          {noSendOption && (
            <CheckboxField
              label="Do not send an email"
              checked={noSend}
              onChange={(event) => setNoSend(event.target.checked)}
            />
          )}
          {skipExistingOption && (
            <CheckboxField
              label={SKIP_EXISTING_LABEL}
              checked={skipExisting}
              onChange={(event) => setSkipExisting(event.target.checked)}
            />
          )}
          {preview && (
            <CheckboxField
              label={UPDATE_LABEL}
              checked={update}
              onChange={(event) => setUpdate(event.target.checked)}
            />
          )}
        </div>
        {preview && (
          <p className="upload-panel__hint">
            {update
              ? 'Re-importing an updated export is safe: projects already here are updated in place (their table, views and scores stay), new ones are added.'
              : 'Every row is added as a new project, even one that is already here.'}
          </p>
        )}
        {progress && <UploadProgress progress={progress} />}
        {refusal && (
          <p id={refusalId} className="upload-panel__hint">
            Upload is off: {refusal}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!file || !!progress || !!refusal}
          aria-describedby={refusal ? refusalId : undefined}
        >
          {progress ? 'Uploading...' : 'Upload'}
        </button>
      </form>
      <ScopedNotices scope={headingId} />
    </section>
  );
}

/** What the dry run found, in one line, or why the server would refuse the file. */
function CheckSummary({ check }: { check: Check }) {
  if (check.state === 'checking')
    return <p role="status">Checking the file against the projects already here…</p>;
  if (check.state === 'refused')
    return (
      <p role="status">
        {check.final ? 'This file would be refused' : 'Could not check this file'}: {check.error}
      </p>
    );
  return <p role="status">Would import: {reimportSummary(check.preview)}</p>;
}

/** The share of the file sent, as a labelled progress bar, then "Processing…" while the server works. */
function UploadProgress({ progress }: { progress: Progress }) {
  const labelId = useId();
  if (progress.phase === 'processing') return <p role="status">Processing…</p>;
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="upload-panel__progress">
      <span id={labelId}>Uploading the file: {percent}%</span>
      <progress aria-labelledby={labelId} max={100} value={percent} />
    </div>
  );
}
