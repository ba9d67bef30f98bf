/**
 * The writes of the Add Projects and Add Judges screens: single adds and CSV imports (API.md 3.3,
 * 3.4, R83–R86). Every success invalidates the stat tiles' query, so they refetch without waiting
 * for the `projects.changed` / `judges.changed` event.
 */
import type {
  ImportPreview,
  JudgeImportPreview,
  JudgeNewRequest,
  OkId,
  ProjectNewRequest,
} from '@podium/protocol';
import {
  CSV_DRY_RUN_FIELD,
  CSV_FILE_FIELD,
  CSV_HEADER_FIELDS,
  CSV_NO_SEND_FIELD,
  CSV_SKIP_EXISTING_FIELD,
  CSV_UPDATE_FIELD,
  endpoints,
} from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import type { CsvUploadFlags, CsvUploadResult } from '../components/CsvUploadPanel';
import { callApi } from '../../api/client';
import { uploadForm } from '../api/upload';
import { endpointKey, queryClient } from '../../queries/query-client';

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
 * add R86a's `update`, judge imports `skip_existing`, and `dry_run` for the preview
 * (docs/api-extensions.md).
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
  if (kind === 'judges') {
    form.append(CSV_NO_SEND_FIELD, String(flags.noSend));
    form.append(CSV_SKIP_EXISTING_FIELD, String(flags.skipExisting));
  } else form.append(CSV_UPDATE_FIELD, String(flags.update));
  if (dryRun) form.append(CSV_DRY_RUN_FIELD, 'true');
  return form;
}

const STATS_OF = { projects: endpoints.projectStats, judges: endpoints.judgeStats } as const;

/** After an accepted write: the stat tiles of `kind` refetch. */
function refreshStatsOf<T>(kind: 'projects' | 'judges', result: ApiResult<T>): ApiResult<T> {
  if (result.data) void queryClient.invalidateQueries({ queryKey: endpointKey(STATS_OF[kind]) });
  return result;
}

export const adminAdd = {
  addProject: async (project: ProjectNewRequest): Promise<ApiResult<OkId>> =>
    refreshStatsOf('projects', await callApi(endpoints.projectNew, { body: project })),
  addJudge: async (judge: JudgeNewRequest): Promise<ApiResult<OkId>> =>
    refreshStatsOf('judges', await callApi(endpoints.judgeNew, { body: judge })),
  /** Imports the file; `onProgress` gets the fraction of it sent so far. */
  uploadCsv: async (
    kind: CsvImportKind,
    file: File,
    flags: CsvUploadFlags,
    onProgress?: (fraction: number) => void,
  ): Promise<ApiResult<CsvUploadResult>> => {
    const form = csvUploadForm(kind, file, flags);
    // Only XMLHttpRequest reports upload progress; without a progress bar, the usual fetch.
    const result = await (onProgress
      ? uploadForm(IMPORT_ENDPOINTS[kind], form, onProgress)
      : callApi(IMPORT_ENDPOINTS[kind], { form }));
    return refreshStatsOf(kind === 'judges' ? 'judges' : 'projects', result);
  },
  /** A project import's dry run: what each row would do (docs/api-extensions.md). */
  previewCsv: async (
    kind: 'projects' | 'devpost',
    file: File,
    flags: CsvUploadFlags,
  ): Promise<ApiResult<ImportPreview>> => {
    const result = await callApi(IMPORT_ENDPOINTS[kind], { form: csvUploadForm(kind, file, flags, true) });
    // The dry run always answers the preview shape (docs/api-extensions.md).
    return result as ApiResult<ImportPreview>;
  },
  /** A judge import's dry run: the judges it would add and the tracks settings lack. */
  previewJudgeCsv: async (file: File, flags: CsvUploadFlags): Promise<ApiResult<JudgeImportPreview>> => {
    const result = await callApi(IMPORT_ENDPOINTS.judges, {
      form: csvUploadForm('judges', file, flags, true),
    });
    // The dry run always answers the preview shape (docs/api-extensions.md, judge imports).
    return result as ApiResult<JudgeImportPreview>;
  },
};
