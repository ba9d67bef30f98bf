/** CSV imports (API.md 3.3, 3.4, R83–R86): the multipart form and the import result. */
import { z } from 'zod';

/** `{"ok":1,"count":n,"skipped":k}` (R83); `skipped` is always 0 for judges. */
export const ImportResult = z.object({ ok: z.literal(1), count: z.int(), skipped: z.int() });
export type ImportResult = z.infer<typeof ImportResult>;

/** A re-import with `update=true` (R86a): `count` added, `updated` changed, `unchanged` left as they were. */
export const ReimportResult = ImportResult.extend({ updated: z.int(), unchanged: z.int() });
export type ReimportResult = z.infer<typeof ReimportResult>;

/** What a dry run (`dry_run=true`, docs/api-extensions.md) says one data row would do. */
export const IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** The project fields a re-import compares and updates (R86a), in the order the preview lists them. */
export const REIMPORT_FIELDS = [
  'name',
  'description',
  'url',
  'try_link',
  'video_link',
  'challenge_list',
] as const;
export type ReimportField = (typeof REIMPORT_FIELDS)[number];

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

/** Multipart field names (R83); these are the only camelCase names of the contract (1.4). */
export const CSV_FILE_FIELD = 'csv';
export const CSV_HEADER_FIELDS = ['headerRow', 'hasHeader'] as const;
export const CSV_NO_SEND_FIELD = 'noSend';
/** R86a: `true` updates the projects already there instead of adding them again. */
export const CSV_UPDATE_FIELD = 'update';
/** docs/api-extensions.md: `true` answers what the import would do, and changes nothing. */
export const CSV_DRY_RUN_FIELD = 'dry_run';

/**
 * A strict yes/no multipart field (R86a): absent means no; anything but `true` or `false` is
 * refused with `<field> must be true or false`, returned here as `undefined`.
 */
export function parseFormBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : undefined;
}

/** A multipart flag is on for `true`, `1` or `on`, case-insensitively; anything else is off (R83). */
export function isFormFlagOn(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'on'].includes(value.toLowerCase());
}

/**
 * The web app's success notice of a re-import (R86a):
 * `12 added, 27 updated, 3 unchanged, 3 skipped (drafts or ignored tracks)`.
 */
export function reimportSummary({ count, updated, unchanged, skipped }: ReimportResult): string {
  const parts = [`${count} added`, `${updated} updated`, `${unchanged} unchanged`];
  if (skipped > 0) parts.push(`${skipped} skipped (drafts or ignored tracks)`);
  return parts.join(', ');
}

/** Suffix of the web app's import success alert when rows were skipped (R83). */
export function importSkippedSuffix(skipped: number): string {
  return ` (${skipped} rows skipped: ignored tracks or drafts)`;
}
