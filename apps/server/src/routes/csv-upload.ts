/**
 * Reads a CSV upload (R83): the `csv` file field and the text fields of a multipart form.
 * Over 10 MB is a 413; a body that is not multipart, or a form without the file, is a 400.
 * The file is streamed to the worker thread of `csvReader` as it arrives (io/csv-read-thread.ts):
 * the main thread neither holds nor parses it.
 */
import type { FastifyRequest } from 'fastify';
import {
  BODY_TOO_LARGE_MESSAGE,
  CSV_FILE_FIELD,
  CSV_FILE_REQUIRED,
  CSV_HEADER_FIELDS,
  formBooleanInvalid,
  isFormFlagOn,
  MAX_BODY_BYTES,
  parseFormBoolean,
} from '@podium/protocol';
import { PayloadTooLargeError, ValidationError } from '../errors.js';
import type { CsvRow } from '../io/csv-read.js';
import type { CsvReader, CsvReadJob } from '../io/csv-read-thread.js';

export class CsvUpload {
  constructor(
    private readonly reader: CsvReadJob,
    readonly fields: Readonly<Record<string, string>>,
  ) {}

  /** R83's header flag (`headerRow` or `hasHeader`). */
  get hasHeader(): boolean {
    return CSV_HEADER_FIELDS.some((name) => isFormFlagOn(this.fields[name]));
  }

  /**
   * A strict `true`/`false` field (R86a `update`, the dry run's `dry_run`); anything else is a 400
   * that also stops reading the file, so nothing is imported.
   */
  booleanField(name: string): boolean {
    const value = parseFormBoolean(this.fields[name]);
    if (value !== undefined) return value;
    this.reader.abort();
    throw new ValidationError(formBooleanInvalid(name));
  }

  /** The file's non-blank rows (R83), or the 400 `line <n>: malformed CSV`. */
  rows(): Promise<CsvRow[]> {
    return this.reader.rows();
  }
}

export async function readCsvUpload(request: FastifyRequest, csvReader: CsvReader): Promise<CsvUpload> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
  }
  if (!request.isMultipart()) throw new ValidationError(CSV_FILE_REQUIRED);
  let reader: CsvReadJob | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_BODY_BYTES, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        // Only the first `csv` file is read; any other file is drained and ignored.
        const target =
          part.fieldname === CSV_FILE_FIELD && reader === undefined ? csvReader.start() : undefined;
        reader ??= target;
        for await (const chunk of part.file) target?.write(chunk as Buffer);
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { statusCode: 413 });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    reader?.abort();
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
    // A broken multipart body carries no usable file.
    throw new ValidationError(CSV_FILE_REQUIRED);
  }
  if (reader === undefined) throw new ValidationError(CSV_FILE_REQUIRED);
  return new CsvUpload(reader, fields);
}
