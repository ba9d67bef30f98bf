/**
 * The writes of the Add Projects and Add Judges screens: single adds, CSV imports (API.md 3.3,
 * 3.4, R83–R86) and the track list their dropdowns offer. Every success refreshes the stat tiles.
 */
import type {
  ImportPreview,
  ImportResult,
  JudgeNewRequest,
  OkId,
  ProjectImportResponse,
  ProjectNewRequest,
} from '@podium/protocol';
import {
  CSV_DRY_RUN_FIELD,
  CSV_FILE_FIELD,
  CSV_HEADER_FIELDS,
  CSV_NO_SEND_FIELD,
  CSV_UPDATE_FIELD,
  endpoints,
} from '@podium/protocol';
import { create } from 'zustand';
import type { ApiResult } from '../api/client';
import type { CsvUploadFlags } from '../components/CsvUploadPanel';
import { callApi } from '../api/client';
import { uploadForm } from '../api/upload';
import { useAdminStatsStore } from './admin-stats.store';

/** The three CSV imports: project CSV, hackathon-platform export, judge CSV. */
export type CsvImportKind = 'projects' | 'devpost' | 'judges';

/** `headerRow` is left out for the hackathon-platform export (always a header); `noSend` is for judges. */
export type { CsvUploadFlags };

const IMPORT_ENDPOINTS = {
  projects: endpoints.projectCsv,
  devpost: endpoints.projectDevpost,
  judges: endpoints.judgeCsv,
} as const;

/**
 * The multipart form of R83: the file in `csv`, the flags as `"true"` / `"false"`; project imports
 * add R86a's `update`, and `dry_run` for the preview (docs/api-extensions.md).
 */
export function csvUploadForm(
  kind: CsvImportKind,
  file: File,
  flags: CsvUploadFlags,
  dryRun = false,
): FormData {
  const form = new FormData();
  form.append(CSV_FILE_FIELD, file, file.name);
  if (kind !== 'devpost') form.append(CSV_HEADER_FIELDS[0], String(flags.headerRow));
  if (kind === 'judges') form.append(CSV_NO_SEND_FIELD, String(flags.noSend));
  else form.append(CSV_UPDATE_FIELD, String(flags.update));
  if (dryRun) form.append(CSV_DRY_RUN_FIELD, 'true');
  return form;
}

const refreshStatsOf = (kind: 'projects' | 'judges') => {
  const stats = useAdminStatsStore.getState();
  void (kind === 'judges' ? stats.refreshJudgeStats() : stats.refreshProjectStats());
};

interface AdminAddState {
  /** `tracks` of the settings, for the judge track dropdowns. */
  tracks: string[];
  loadTracks: () => Promise<void>;
  addProject: (project: ProjectNewRequest) => Promise<ApiResult<OkId>>;
  addJudge: (judge: JudgeNewRequest) => Promise<ApiResult<OkId>>;
  /** Imports the file; `onProgress` gets the fraction of it sent so far. */
  uploadCsv: (
    kind: CsvImportKind,
    file: File,
    flags: CsvUploadFlags,
    onProgress?: (fraction: number) => void,
  ) => Promise<ApiResult<ImportResult | ProjectImportResponse>>;
  /** A project import's dry run: what each row would do (docs/api-extensions.md). */
  previewCsv: (
    kind: 'projects' | 'devpost',
    file: File,
    flags: CsvUploadFlags,
  ) => Promise<ApiResult<ImportPreview>>;
}

export const useAdminAddStore = create<AdminAddState>()((set) => ({
  tracks: [],
  loadTracks: async () => {
    const result = await callApi(endpoints.options);
    // A failure (a server without the options route answers 404) leaves no track to choose.
    set({ tracks: result.data ? result.data.tracks : [] });
  },
  addProject: async (project) => {
    const result = await callApi(endpoints.projectNew, { body: project });
    if (result.data) refreshStatsOf('projects');
    return result;
  },
  addJudge: async (judge) => {
    const result = await callApi(endpoints.judgeNew, { body: judge });
    if (result.data) refreshStatsOf('judges');
    return result;
  },
  uploadCsv: async (kind, file, flags, onProgress) => {
    const form = csvUploadForm(kind, file, flags);
    // Only XMLHttpRequest reports upload progress; without a progress bar, the usual fetch.
    const result = await (onProgress
      ? uploadForm(IMPORT_ENDPOINTS[kind], form, onProgress)
      : callApi(IMPORT_ENDPOINTS[kind], { form }));
    if (result.data) refreshStatsOf(kind === 'judges' ? 'judges' : 'projects');
    return result;
  },
  previewCsv: async (kind, file, flags) => {
    const result = await callApi(IMPORT_ENDPOINTS[kind], { form: csvUploadForm(kind, file, flags, true) });
    // The dry run always answers the preview shape (docs/api-extensions.md).
    return result as ApiResult<ImportPreview>;
  },
}));
