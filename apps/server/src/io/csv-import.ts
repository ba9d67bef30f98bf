/**
 * The CSV imports (API.md R83–R86): uploaded bytes → validated rows, or the `ValidationError` of the
 * first invalid row. No database here: the services pass in what the rules need (ignored tracks,
 * configured tracks, existing emails) and insert the rows in one transaction.
 */
import {
  CSV_JUDGE_COLUMNS,
  CSV_NO_ROWS,
  CSV_PROJECT_COLUMNS,
  JUDGE_EMAIL_EXISTS,
  MISSING_PROJECT_TITLE_COLUMN,
  csvLineError,
  fieldRequired,
  judgeIdentityProblem,
  layoutTableRepeated,
  parseChallengeList,
  parseLayoutCsvRow,
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

/**
 * R84 `/project/csv`: columns by position (name, description, url, try_link, video_link,
 * challenge_list as one comma-separated cell). Rows whose challenges include an ignored track are
 * skipped and counted. Throws the first invalid row's `line <n>: <problem>` (R83).
 */
export function parseProjectCsv(
  data: Buffer,
  opts: { hasHeader: boolean; ignoreTracks: readonly string[] },
): ProjectImport {
  const rows = dataRows(readCsvRows(data), opts.hasHeader);
  const ignored = trimmedSet(opts.ignoreTracks);
  const result: ProjectImport = { rows: [], skipped: 0 };
  for (const { line, cells } of rows) {
    if (cells.length < 3) throw lineError(line, CSV_PROJECT_COLUMNS);
    const [name = '', description = '', url = '', try_link = '', video_link = '', challenges = ''] = cells;
    if (name === '') throw lineError(line, fieldRequired('name'));
    const project = {
      name,
      description,
      url,
      try_link,
      video_link,
      challenge_list: parseChallengeList(challenges),
    };
    addUnlessIgnored(result, project, ignored);
  }
  return result;
}

/** R86: header name → field. Keys are normalised as headers are (see `headerKey`). */
const DEVPOST_COLUMNS = {
  name: headerKey('Project Title'),
  url: headerKey('Submission Url'),
  status: headerKey('Project Status'),
  description: headerKey('About The Project'),
  try_link: headerKey('"Try it out" Links'),
  video_link: headerKey('Video Demo Link'),
  challenges: headerKey('Opt-In Prizes'),
} as const;

/**
 * R86 `/project/devpost`: the hackathon platform's export. The first row is always the header and
 * columns are found by name, so extra or reordered columns work. `Draft` rows and ignored-track rows
 * are skipped and counted; the Draft check comes first because drafts often have no title yet.
 */
export function parseDevpostCsv(data: Buffer, opts: { ignoreTracks: readonly string[] }): ProjectImport {
  const [header, ...rows] = readCsvRows(data);
  // R83 before R86: a file with no data rows says so even when its header is wrong.
  if (header === undefined || rows.length === 0) throw new ValidationError(CSV_NO_ROWS);
  const keys = header.cells.map(headerKey);
  const column = (key: string): number => keys.indexOf(key);
  const at = Object.fromEntries(
    Object.entries(DEVPOST_COLUMNS).map(([field, key]) => [field, column(key)]),
  ) as Record<keyof typeof DEVPOST_COLUMNS, number>;
  if (at.name < 0) throw new ValidationError(MISSING_PROJECT_TITLE_COLUMN);

  const ignored = trimmedSet(opts.ignoreTracks);
  const result: ProjectImport = { rows: [], skipped: 0 };
  for (const { line, cells } of rows) {
    // An absent column (index -1) or a short row reads as an empty cell.
    const cell = (index: number): string => cells[index] ?? '';
    if (cell(at.status).toLowerCase() === 'draft') {
      result.skipped++;
      continue;
    }
    const name = cell(at.name);
    if (name === '') throw lineError(line, fieldRequired('name'));
    const project = {
      name,
      description: cell(at.description),
      url: cell(at.url),
      try_link: cell(at.try_link),
      video_link: cell(at.video_link),
      challenge_list: parseChallengeList(cell(at.challenges)),
    };
    addUnlessIgnored(result, project, ignored);
  }
  return result;
}

/**
 * R85 `/judge/csv`: columns by position (name, email, track, notes; the last two optional). Checks
 * each row in the order of R85, and the first invalid row in file order decides. An email is taken
 * when `emailTaken` says so (the caller compares case-insensitively, R74) or an earlier row of the
 * file has it. A track must be `""` or exactly one of `tracks` (R56, R58).
 */
export function parseJudgeCsv(
  data: Buffer,
  opts: { hasHeader: boolean; tracks: readonly string[]; emailTaken: (email: string) => boolean },
): NewJudge[] {
  const rows = dataRows(readCsvRows(data), opts.hasHeader);
  const inFile = new Set<string>();
  const judges: NewJudge[] = [];
  for (const { line, cells } of rows) {
    if (cells.length < 2) throw lineError(line, CSV_JUDGE_COLUMNS);
    const [name = '', email = '', track = '', notes = ''] = cells;
    const identity = judgeIdentityProblem(name, email);
    if (identity !== undefined) throw lineError(line, identity);
    // Same key as the judges table's `email_key`, so the file and the database agree on "same".
    const key = email.toLowerCase();
    if (inFile.has(key) || opts.emailTaken(email)) throw lineError(line, JUDGE_EMAIL_EXISTS);
    if (track !== '' && !opts.tracks.includes(track)) throw lineError(line, unknownTrack(track, opts.tracks));
    inFile.add(key);
    judges.push({ name, email, track, notes });
  }
  return judges;
}

/** Drops the header row when there is one; no data rows left gives `CSV file has no rows` (R83). */
/**
 * R92 `/admin/layout/csv`: columns by position (table, x, y, area). Throws the first invalid
 * row's `line <n>: <problem>`, a repeated table number included (R83).
 */
export function parseLayoutCsv(data: Buffer, opts: { hasHeader: boolean }): LayoutTable[] {
  const tables: LayoutTable[] = [];
  const lines = new Set<number>();
  for (const { line, cells } of dataRows(readCsvRows(data), opts.hasHeader)) {
    const parsed = parseLayoutCsvRow(cells);
    if (!parsed.ok) throw lineError(line, parsed.error);
    if (lines.has(parsed.value.table)) throw lineError(line, layoutTableRepeated(parsed.value.table));
    lines.add(parsed.value.table);
    tables.push(parsed.value);
  }
  return tables;
}

function dataRows(rows: CsvRow[], hasHeader: boolean): CsvRow[] {
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length === 0) throw new ValidationError(CSV_NO_ROWS);
  return data;
}

/** R86: headers are trimmed, compared case-insensitively, with `"` characters ignored. */
function headerKey(header: string): string {
  return header.replaceAll('"', '').trim().toLowerCase();
}

/** Track names are compared exactly after trimming (R56, 1.2). */
function trimmedSet(names: readonly string[]): Set<string> {
  return new Set(names.map((name) => name.trim()));
}

/** R84/R86: a project entered in any ignored track is left out and counted. */
function addUnlessIgnored(
  result: ProjectImport,
  project: ProjectContent,
  ignored: ReadonlySet<string>,
): void {
  if (project.challenge_list.some((name) => ignored.has(name))) result.skipped++;
  else result.rows.push(project);
}

function lineError(line: number, problem: string): ValidationError {
  return new ValidationError(csvLineError(line, problem));
}
