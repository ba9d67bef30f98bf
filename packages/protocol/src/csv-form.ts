/** The multipart form of the CSV imports (R83), without zod: the web app imports it too. */

/** Multipart field names (R83); these are the only camelCase names of the contract (1.4). */
export const CSV_FILE_FIELD = 'csv';
export const CSV_HEADER_FIELDS = ['headerRow', 'hasHeader'] as const;
export const CSV_NO_SEND_FIELD = 'noSend';

/** A multipart flag is on for `true`, `1` or `on`, case-insensitively; anything else is off (R83). */
export function isFormFlagOn(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'on'].includes(value.toLowerCase());
}

/** Suffix of the web app's import success alert when rows were skipped (R83). */
export function importSkippedSuffix(skipped: number): string {
  return ` (${skipped} rows skipped: ignored tracks or drafts)`;
}
