/**
 * The reading half of the CSV imports (API.md R83): bytes → trimmed, non-blank rows, each with the
 * physical line its record starts on. The import rules (R84–R86) live in csv-import.ts.
 */
import { isUtf8 } from 'node:buffer';
import { CSV_MALFORMED, CSV_ROW_MAX_BYTES, csvLineError, csvRowTooLong } from '@podium/protocol';
import { parse } from 'csv-parse/sync';
import { storedText } from '../db/transactions.js';
import { ValidationError } from '../errors.js';

/** One non-blank record: its trimmed cells and the 1-based physical line of its first line. */
export interface CsvRow {
  line: number;
  cells: string[];
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const CR = 0x0d;
const LF = 0x0a;

/**
 * Reads a CSV upload as R83 describes: UTF-8 with an optional leading BOM, CRLF, LF or CR line ends
 * (mixed too), RFC 4180 quoting, every cell trimmed, all-empty rows dropped. Rows keep their length.
 * Bytes that are not UTF-8, an unclosed quote or text after a closing quote throw
 * `line <n>: malformed CSV`, `n` being the line the offending record (or byte) starts on; a row
 * past `CSV_ROW_MAX_BYTES` throws `line <n>: row too long: column <c> ...` as soon as it passes.
 */
export function readCsvRows(data: Buffer): CsvRow[] {
  const body = data.subarray(0, 3).equals(BOM) ? data.subarray(3) : data;
  const lines = new LineIndex(body);
  const badByte = firstInvalidUtf8Byte(body);
  if (badByte !== undefined) throw malformed(lines.lineAt(badByte));

  // Rows are built as records arrive, so the file's records are never held twice. Record k starts
  // where record k-1 ended (blank lines are records too), its end offset being in bytes.
  const rows: CsvRow[] = [];
  let start = 0;
  try {
    parse(body, {
      // An array accepts all three line ends in one file; '\r\n' first so it is one break, not two.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // Stops near the limit: a 5 MB cell is never read whole, nor split and matched after. It
      // counts finished cells in UTF-16 units, not bytes (a CJK row passes it at 3 times the
      // limit), so `on_record` measures each row exactly; never more than the row's bytes, it
      // refuses no row the exact measure keeps.
      max_record_size: CSV_ROW_MAX_BYTES,
      // Whitespace around a quoted field (`a, "b"`) is tolerated; the contents are trimmed below.
      trim: true,
      on_record: (record: string[], context: { bytes: number }) => {
        const size = context.bytes - start - lineEndBefore(body, context.bytes);
        if (size > CSV_ROW_MAX_BYTES) {
          throw new ValidationError(csvLineError(lines.lineAt(start), csvRowTooLong(columnPassing(record))));
        }
        // As stored, so a re-import (R86a) compares a file's text with the stored text as equals.
        const cells = record.map((cell) => storedText(cell.trim()));
        if (cells.some((cell) => cell !== '')) rows.push({ line: lines.lineAt(start), cells });
        start = context.bytes;
        // Nothing is kept in csv-parse's own result.
        return null;
      },
    });
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // csv-parse's own line numbers count a CRLF inside quotes twice, so locate the record ourselves.
    const { code, index } = error as { code?: string; index?: number };
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new ValidationError(csvLineError(lines.lineAt(start), csvRowTooLong((index ?? 0) + 1)));
    throw malformed(lines.lineAt(start));
  }
  return rows;
}

/** The bytes of the line end just before `end` (CRLF, CR or LF; none at the end of the file). */
function lineEndBefore(body: Buffer, end: number): number {
  if (body[end - 1] === LF) return body[end - 2] === CR ? 2 : 1;
  return body[end - 1] === CR ? 1 : 0;
}

/** The 1-based column in which a row's cells, with their commas, pass `CSV_ROW_MAX_BYTES`. */
function columnPassing(record: readonly string[]): number {
  let bytes = 0;
  for (const [index, cell] of record.entries()) {
    bytes += Buffer.byteLength(cell) + (index > 0 ? 1 : 0);
    if (bytes > CSV_ROW_MAX_BYTES) return index + 1;
  }
  // Quotes and the spaces trimmed around cells made the difference: the last column passed.
  return record.length;
}

function malformed(line: number): ValidationError {
  return new ValidationError(csvLineError(line, CSV_MALFORMED));
}

/** Maps a byte offset to its 1-based physical line; CRLF, a lone CR and a lone LF each end one line. */
class LineIndex {
  /** Offset just past each line break, ascending. */
  private readonly starts: number[] = [];

  constructor(body: Buffer) {
    for (let i = 0; i < body.length; i++) {
      const byte = body[i];
      if (byte === LF || (byte === CR && body[i + 1] !== LF)) this.starts.push(i + 1);
    }
  }

  lineAt(offset: number): number {
    // Count the breaks that end at or before `offset` (binary search: files reach 10 MB).
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  }
}

/**
 * The offset of the first byte that is not valid UTF-8, or `undefined`. A file in another encoding is
 * refused rather than imported as mojibake. Node decodes each invalid sequence to U+FFFD, so the first
 * U+FFFD that is not a genuine EF BF BD in the input marks the spot.
 */
function firstInvalidUtf8Byte(body: Buffer): number | undefined {
  if (isUtf8(body)) return undefined;
  let offset = 0;
  for (const char of body.toString('utf8')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (
      codePoint === 0xfffd &&
      !(body[offset] === 0xef && body[offset + 1] === 0xbf && body[offset + 2] === 0xbd)
    ) {
      return offset;
    }
    offset += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return offset;
}
