/** The multipart form of the CSV imports (R83, R86a), without zod: the web app imports it too. */
import type { ReimportResult } from './csv.js';

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

/** Multipart field names (R83); these are the only camelCase names of the contract (1.4). */
export const CSV_FILE_FIELD = 'csv';
export const CSV_HEADER_FIELDS = ['headerRow', 'hasHeader'] as const;
export const CSV_NO_SEND_FIELD = 'noSend';
/** R86a: `true` updates the projects already there instead of adding them again. */
export const CSV_UPDATE_FIELD = 'update';
/** docs/api-extensions.md: `true` answers what the import would do, and changes nothing. */
export const CSV_DRY_RUN_FIELD = 'dry_run';
/** docs/api-extensions.md: `true` leaves out a judge CSV's rows of judges already here (by email). */
export const CSV_SKIP_EXISTING_FIELD = 'skip_existing';

/**
 * R86: the hackathon platform's export, its columns by header name (compared trimmed, without case
 * and without `"`): the server finds them so, and the web app tells the export from a project CSV
 * by them.
 */
export const PLATFORM_EXPORT_HEADERS = {
  name: 'Project Title',
  url: 'Submission Url',
  status: 'Project Status',
  description: 'About The Project',
  try_link: '"Try it out" Links',
  video_link: 'Video Demo Link',
  challenges: 'Opt-In Prizes',
} as const;

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
