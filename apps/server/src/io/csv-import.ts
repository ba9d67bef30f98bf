/**
 * The CSV imports (API.md R83–R86): read rows (csv-read.ts, in a worker for uploads) → validated
 * rows, or the `ValidationError` of the first invalid row. No database here: the services pass in
 * what the rules need (ignored tracks, configured tracks, existing emails) and write the rows in
 * one transaction. `parse*Csv` run both halves on one thread.
 */
import {
  CSV_JUDGE_COLUMNS,
  CSV_NO_ROWS,
  CSV_PROJECT_COLUMNS,
  JUDGE_CSV_MAX_CONFLICTS_PER_FILE,
  JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE,
  JUDGE_CSV_MAX_JUDGES,
  JUDGE_EMAIL_EXISTS,
  TOO_MANY_CONFLICTS_IN_CSV,
  MISSING_PROJECT_TITLE_COLUMN,
  PLATFORM_EXPORT_HEADERS,
  csvLineError,
  fieldRequired,
  judgeIdentityProblem,
  layoutTableRepeated,
  parseChallengeList,
  parseLayoutCsvRow,
  tooManyConflictsOfJudge,
  tooManyJudgesInCsv,
  unknownTrack,
  type LayoutTable,
  type NewJudge,
  type ProjectContent,
} from '@podium/protocol';
import { ValidationError } from '../errors.js';
import { type CsvRow, readCsvRows } from './csv-read.js';

/** The rows to insert, and how many were left out for ignored tracks or Draft status (R83). */
export interface ProjectImport {
  rows: ProjectContent[];
  skipped: number;
}

/** A data row of a project import: the project it describes, or a `Draft` left out (R86). */
export type ProjectCsvRow = { line: number; project: ProjectContent } | { line: number; draft: string };

/**
 * R84 `/project/csv`: columns by position (name, description, url, try_link, video_link,
 * challenge_list as one comma-separated cell). Rows whose challenges include an ignored track are
 * skipped and counted. Throws the first invalid row's `line <n>: <problem>` (R83).
 */
export function parseProjectCsv(
  data: Buffer,
  opts: { hasHeader: boolean; ignoreTracks: readonly string[] },
): ProjectImport {
  return withoutSkipped(projectCsvRows(readCsvRows(data), opts), opts.ignoreTracks);
}

/** R84's rules over rows already read (see `parseProjectCsv`). */
export function projectCsvRows(rows: readonly CsvRow[], opts: { hasHeader: boolean }): ProjectCsvRow[] {
  return dataRows(rows, opts.hasHeader).map(({ line, cells }) => {
    if (cells.length < 3) throw lineError(line, CSV_PROJECT_COLUMNS);
    const [name = '', description = '', url = '', try_link = '', video_link = '', challenges = ''] = cells;
    if (name === '') throw lineError(line, fieldRequired('name'));
    const challenge_list = parseChallengeList(challenges);
    return { line, project: { name, description, url, try_link, video_link, challenge_list } };
  });
}

/** R86: field → header name, normalised as headers are (see `headerKey`). */
const DEVPOST_COLUMNS = Object.fromEntries(
  Object.entries(PLATFORM_EXPORT_HEADERS).map(([field, header]) => [field, headerKey(header)]),
) as Record<keyof typeof PLATFORM_EXPORT_HEADERS, string>;

/**
 * R86 `/project/devpost`: the hackathon platform's export. The first row is always the header and
 * columns are found by name, so extra or reordered columns work. `Draft` rows and ignored-track rows
 * are skipped and counted; the Draft check comes first because drafts often have no title yet.
 */
export function parseDevpostCsv(data: Buffer, opts: { ignoreTracks: readonly string[] }): ProjectImport {
  return withoutSkipped(devpostCsvRows(readCsvRows(data)), opts.ignoreTracks);
}

/** R86's rules over rows already read (see `parseDevpostCsv`). */
export function devpostCsvRows(csvRows: readonly CsvRow[]): ProjectCsvRow[] {
  const [header, ...rows] = csvRows;
  // R83 before R86: a file with no data rows says so even when its header is wrong.
  if (header === undefined || rows.length === 0) throw new ValidationError(CSV_NO_ROWS);
  const keys = header.cells.map(headerKey);
  const column = (key: string): number => keys.indexOf(key);
  const at = Object.fromEntries(
    Object.entries(DEVPOST_COLUMNS).map(([field, key]) => [field, column(key)]),
  ) as Record<keyof typeof PLATFORM_EXPORT_HEADERS, number>;
  if (at.name < 0) throw new ValidationError(MISSING_PROJECT_TITLE_COLUMN);

  return rows.map(({ line, cells }) => {
    // An absent column (index -1) or a short row reads as an empty cell.
    const cell = (index: number): string => cells[index] ?? '';
    const name = cell(at.name);
    if (cell(at.status).toLowerCase() === 'draft') return { line, draft: name };
    if (name === '') throw lineError(line, fieldRequired('name'));
    const project = {
      name,
      description: cell(at.description),
      url: cell(at.url),
      try_link: cell(at.try_link),
      video_link: cell(at.video_link),
      challenge_list: parseChallengeList(cell(at.challenges)),
    };
    return { line, project };
  });
}

/**
 * R85 `/judge/csv`: columns by position (name, email, track, notes, conflicts; the last three optional). Checks
 * each row in the order of R85, and the first invalid row in file order decides. An email is taken
 * when `emailTaken` says so (the caller compares case-insensitively, R74) or an earlier row of the
 * file has it. A track must be `""` or exactly one of `tracks` (R56, R58).
 */
export function parseJudgeCsv(data: Buffer, opts: JudgeCsvOptions): NewJudge[] {
  return judgeCsvRows(readCsvRows(data), opts);
}

export interface JudgeCsvOptions {
  hasHeader: boolean;
  tracks: readonly string[];
  emailTaken: (email: string) => boolean;
  /** The dry run's reading: a track not in `tracks` is no error (the preview lists it as missing). */
  allowUnknownTracks?: boolean;
  /**
   * `skip_existing`: a row whose email is taken is no error but `existing`, its other columns
   * unread (the judge already here is left as it is).
   */
  skipExisting?: boolean;
}

/** R85's rules over rows already read (see `parseJudgeCsv`). */
export function judgeCsvRows(csvRows: readonly CsvRow[], opts: JudgeCsvOptions): NewJudge[] {
  return judgeCsvLines(csvRows, opts).map(({ judge }) => judge);
}

/** A judge of the CSV with its line (R83) and the fifth column's conflicts, as written. */
export interface JudgeCsvLine {
  line: number;
  judge: NewJudge;
  /** Table numbers or project names (issue 24); the service finds the projects. */
  conflicts: string[];
  /** Its email is taken, and `skipExisting` leaves it out. */
  existing: boolean;
}

/** The optional fifth column, `Conflicts`: entries separated by `;` or `,`, blanks ignored. */
function conflictEntries(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * `judgeCsvRows` with each judge's line (R83) and its conflicts, for the import and its dry run.
 * What one import may ask is bounded (issue 31): judges per file, then per row its conflicts and
 * the file's conflicts so far, so the projects they name are looked up (and stored) a bounded
 * number of times.
 */
export function judgeCsvLines(csvRows: readonly CsvRow[], opts: JudgeCsvOptions): JudgeCsvLine[] {
  const rows = dataRows(csvRows, opts.hasHeader);
  const pastLimit = rows[JUDGE_CSV_MAX_JUDGES];
  if (pastLimit !== undefined) throw lineError(pastLimit.line, tooManyJudgesInCsv(rows.length));
  const inFile = new Set<string>();
  const judges: JudgeCsvLine[] = [];
  let conflictsInFile = 0;
  for (const { line, cells } of rows) {
    if (cells.length < 2) throw lineError(line, CSV_JUDGE_COLUMNS);
    const [name = '', email = '', track = '', notes = '', conflicts = ''] = cells;
    const identity = judgeIdentityProblem(name, email);
    if (identity !== undefined) throw lineError(line, identity);
    // Same key as the judges table's `email_key`, so the file and the database agree on "same".
    const key = email.toLowerCase();
    const existing = opts.emailTaken(email);
    if (inFile.has(key) || (existing && opts.skipExisting !== true))
      throw lineError(line, JUDGE_EMAIL_EXISTS);
    inFile.add(key);
    if (existing) {
      judges.push({ line, judge: { name, email, track, notes }, conflicts: [], existing });
      continue;
    }
    if (track !== '' && !opts.allowUnknownTracks && !opts.tracks.includes(track)) {
      throw lineError(line, unknownTrack(track, opts.tracks));
    }
    const entries = conflictEntries(conflicts);
    if (entries.length > JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE)
      throw lineError(line, tooManyConflictsOfJudge(entries.length));
    conflictsInFile += entries.length;
    if (conflictsInFile > JUDGE_CSV_MAX_CONFLICTS_PER_FILE) throw lineError(line, TOO_MANY_CONFLICTS_IN_CSV);
    judges.push({ line, judge: { name, email, track, notes }, conflicts: entries, existing });
  }
  return judges;
}

/**
 * R92 `/admin/layout/csv`: columns by position (table, x, y, area). Throws the first invalid
 * row's `line <n>: <problem>`, a repeated table number included (R83).
 */
export function layoutCsvRows(rows: readonly CsvRow[], opts: { hasHeader: boolean }): LayoutTable[] {
  const tables: LayoutTable[] = [];
  const lines = new Set<number>();
  for (const { line, cells } of dataRows(rows, opts.hasHeader)) {
    const parsed = parseLayoutCsvRow(cells);
    if (!parsed.ok) throw lineError(line, parsed.error);
    if (lines.has(parsed.value.table)) throw lineError(line, layoutTableRepeated(parsed.value.table));
    lines.add(parsed.value.table);
    tables.push(parsed.value);
  }
  return tables;
}

/** Drops the header row when there is one; no data rows left gives `CSV file has no rows` (R83). */
function dataRows(rows: readonly CsvRow[], hasHeader: boolean): readonly CsvRow[] {
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length === 0) throw new ValidationError(CSV_NO_ROWS);
  return data;
}

/** R86: headers are trimmed, compared case-insensitively, with `"` characters ignored. */
function headerKey(header: string): string {
  return header.replaceAll('"', '').trim().toLowerCase();
}

/**
 * R84/R86: whether a project entered in any of the ignored tracks, which an import leaves out and
 * counts. Track names are compared exactly after trimming (R56, 1.2).
 */
export function ignoredTrackFilter(ignoreTracks: readonly string[]): (project: ProjectContent) => boolean {
  const ignored = new Set(ignoreTracks.map((name) => name.trim()));
  return (project) => project.challenge_list.some((name) => ignored.has(name));
}

/** The projects to add, with Draft and ignored-track rows counted as skipped (R83). */
function withoutSkipped(rows: readonly ProjectCsvRow[], ignoreTracks: readonly string[]): ProjectImport {
  const isIgnored = ignoredTrackFilter(ignoreTracks);
  const result: ProjectImport = { rows: [], skipped: 0 };
  for (const row of rows) {
    if ('project' in row && !isIgnored(row.project)) result.rows.push(row.project);
    else result.skipped++;
  }
  return result;
}

function lineError(line: number, problem: string): ValidationError {
  return new ValidationError(csvLineError(line, problem));
}
