/**
 * The export writers (API.md R79–R82): CSV text, the challenge ZIP's entry names, and the ZIP itself.
 * Pure I/O: the services decide which rows and columns go in.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';

/** A CSV cell: strings are user text (formula-guarded); numbers and booleans are written plainly. */
export type Cell = string | number | boolean;

/** One ZIP entry: its name inside the archive and its UTF-8 text. */
export interface ZipEntry {
  name: string;
  content: string;
}

/**
 * A spreadsheet would run a text cell starting with one of these as a formula (R79), also after
 * a leading TAB, CR or LF, which some spreadsheets skip.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * R79: UTF-8 text without a BOM, `,` between cells and `\n` after every row, header included. Cells
 * holding `,`, `"`, CR or LF are quoted with inner `"` doubled. A string cell starting with `=`, `+`,
 * `-` or `@` gets a `'` in front first, so spreadsheets show it instead of evaluating it; numbers
 * and booleans are never guarded (a score of -3 stays `-3`).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

/**
 * `toCsv` in pieces of `rowsPerChunk` rows (the header starts the first), read from `rows` as they
 * come, so a large export never exists as one string. Joined, the pieces are exactly `toCsv`'s text.
 */
export function* csvChunks(
  header: readonly string[],
  rows: Iterable<readonly Cell[]>,
  rowsPerChunk = 1000,
): Generator<string> {
  let chunk = csvRow(header);
  let count = 0;
  for (const row of rows) {
    chunk += csvRow(row);
    count += 1;
    if (count === rowsPerChunk) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk !== '') yield chunk;
}

function csvRow(row: readonly Cell[]): string {
  return `${row.map(csvCell).join(',')}\n`;
}

function csvCell(value: Cell): string {
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Characters that are unsafe in file names on common systems, and control characters (R82). */
const UNSAFE_NAME_CHARS = /[/\\:*?"<>|\p{Cc}]/gu;

/**
 * R82: one `<challenge>.csv` entry name per challenge, in the given order. Unsafe characters become
 * `_`; a name already used gets ` (2)`, ` (3)`, … before `.csv`. A numbered name is checked against
 * every name used so far too, so `a/b`, `a_b`, `a_b (2)` cannot produce the same entry twice.
 * Names collide as they would on the organizer's disk: Windows and macOS ignore case (and macOS
 * how an accent is encoded), so `Open` and `open` unzipped there would be one file.
 */
export function challengeEntryNames(challenges: readonly string[]): string[] {
  const used = new Set<string>();
  const onDisk = (name: string) => name.normalize('NFC').toLowerCase();
  return challenges.map((challenge) => {
    const base = challenge.replace(UNSAFE_NAME_CHARS, '_');
    let name = `${base}.csv`;
    for (let n = 2; used.has(onDisk(name)); n++) name = `${base} (${n}).csv`;
    used.add(onDisk(name));
    return name;
  });
}

/**
 * R82: a ZIP of the given entries, in order. No entries still gives a valid (empty) archive, which
 * is what the challenges export must return when there are no challenges.
 */
export async function zipFiles(files: readonly ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zipStream(files)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `zipFiles` as a stream: each entry is read from `files` only once the one before is in the
 * archive, so the entries of a large export are never all in memory at once. archiver is loaded by
 * the first ZIP: most servers never build one on the main thread (docs/operations.md, "Memory").
 */
export async function zipStream(files: Iterable<ZipEntry>): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // Warnings are only raised for file-system sources, which we never use; treat them as failures.
  archive.on('warning', (warning: Error) => archive.destroy(warning));
  const append = async () => {
    for (const file of files) {
      const added = once(archive, 'entry');
      archive.append(Buffer.from(file.content, 'utf8'), { name: file.name });
      await added;
    }
    await archive.finalize();
  };
  append().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}
