/** CSV imports (API.md 3.3, 3.4, R83–R86): the import results (the zod-free form fields: csv-form.ts). */
import { z } from 'zod';
import { IMPORT_ROW_STATUSES, REIMPORT_FIELDS } from './csv-form.js';

/** `{"ok":1,"count":n,"skipped":k}` (R83); `skipped` is always 0 for judges. */
export const ImportResult = z.object({ ok: z.literal(1), count: z.int(), skipped: z.int() });
export type ImportResult = z.infer<typeof ImportResult>;

/** A re-import with `update=true` (R86a): `count` added, `updated` changed, `unchanged` left as they were. */
export const ReimportResult = ImportResult.extend({ updated: z.int(), unchanged: z.int() });
export type ReimportResult = z.infer<typeof ReimportResult>;

export const ImportPreviewRow = z.object({
  /** The physical line the row starts on (R83). */
  line: z.int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  name: z.string(),
  /** The fields a `changed` row would update; empty otherwise. */
  changes: z.array(z.enum(REIMPORT_FIELDS)),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

/** A dry run's answer: every data row in file order and the counts the import would answer. */
export const ImportPreview = ReimportResult.extend({ rows: z.array(ImportPreviewRow) });
export type ImportPreview = z.infer<typeof ImportPreview>;

/** A row of a judge CSV's dry run: its judge, whether it is already here, whether its track is missing. */
export const JudgeImportPreviewRow = z.object({
  /** The physical line the row starts on (R83). */
  line: z.int(),
  name: z.string(),
  email: z.string(),
  track: z.string(),
  /** The track is not in settings: the import would refuse the file until it is added. */
  track_missing: z.boolean(),
  /** The projects of the `Conflicts` column (issue 24), in the order written. */
  conflicts: z.array(z.object({ project_id: z.string(), location: z.int(), name: z.string() })),
  /** A judge with this email is already here: `skip_existing` leaves the row out. */
  existing: z.boolean(),
});
export type JudgeImportPreviewRow = z.infer<typeof JudgeImportPreviewRow>;

/** A judge import with `skip_existing=true`: `existing` rows left out, their judges already here. */
export const JudgeImportResult = ImportResult.extend({ existing: z.int() });
export type JudgeImportResult = z.infer<typeof JudgeImportResult>;

/**
 * `/judge/csv` with `dry_run=true` (docs/api-extensions.md "Judge imports: the dry run"): the
 * counts the import would answer, the tracks the file names that settings lack (first use order),
 * and every data row.
 */
export const JudgeImportPreview = JudgeImportResult.extend({
  missing_tracks: z.array(z.string()),
  rows: z.array(JudgeImportPreviewRow),
});
export type JudgeImportPreview = z.infer<typeof JudgeImportPreview>;

/** `/judge/csv`: the dry run's preview, the counts with `skip_existing`, or exactly R83's answer. */
export const JudgeImportResponse = z.union([
  JudgeImportPreview.strict(),
  JudgeImportResult.strict(),
  ImportResult.strict(),
]);
export type JudgeImportResponse = z.infer<typeof JudgeImportResponse>;

/**
 * `/project/csv` and `/project/devpost`: the dry run's preview, the re-import's counts (R86a) or,
 * without `update`, exactly R83's answer (API.md 1.3: a response has exactly the fields listed).
 */
export const ProjectImportResponse = z.union([
  ImportPreview.strict(),
  ReimportResult.strict(),
  ImportResult.strict(),
]);
export type ProjectImportResponse = z.infer<typeof ProjectImportResponse>;
