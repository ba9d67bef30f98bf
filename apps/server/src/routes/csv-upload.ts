/**
 * Reads a CSV upload (R83): the `csv` file field and the text fields of a multipart form.
 * Over 10 MB is a 413; a body that is not multipart, or a form without the file, is a 400.
 * The file is handed to the import service as it arrives (services/import/import.service.ts), which
 * streams it to the import worker: the main thread neither holds nor parses it (unless it is small:
 * then it is read in place).
 */
import type { IncomingMessage } from 'node:http';
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
import type { ImportService } from '../services/import/import.service.js';

export class CsvUpload {
  constructor(
    /** The file, opened with the import service, which reads it once for the import named next. */
    readonly upload: number,
    readonly fields: Readonly<Record<string, string>>,
    private readonly imports: ImportService,
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
    this.imports.discard(this.upload);
    throw new ValidationError(formBooleanInvalid(name));
  }
}

export async function readCsvUpload(request: FastifyRequest, imports: ImportService): Promise<CsvUpload> {
  const declared = request.headers['content-length'];
  const declaredBytes = declared === undefined ? undefined : Number(declared);
  if ((declaredBytes ?? 0) > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
  }
  if (!request.isMultipart()) throw new ValidationError(CSV_FILE_REQUIRED);
  let upload: number | undefined;
  // Field names are user text: no prototype behind them.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  // A chunked body has no Content-Length: its bytes are counted as they arrive (whole body,
  // boundaries and every part included), so extra parts cannot carry it past the limit.
  const received = countBodyBytes(request.raw);
  const assertWithinLimit = () => {
    if (received() > MAX_BODY_BYTES) throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_BODY_BYTES, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        // Only the first `csv` file is imported; any other file is drained and ignored.
        const target =
          part.fieldname === CSV_FILE_FIELD && upload === undefined ? imports.open(declaredBytes) : undefined;
        upload ??= target;
        for await (const chunk of part.file) {
          assertWithinLimit();
          if (target !== undefined) imports.write(target, chunk as Buffer);
        }
        if (part.file.truncated) throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
      assertWithinLimit();
    }
  } catch (error) {
    if (upload !== undefined) imports.discard(upload);
    if (error instanceof PayloadTooLargeError || (error as { statusCode?: number }).statusCode === 413)
      throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
    // A broken multipart body carries no usable file.
    throw new ValidationError(CSV_FILE_REQUIRED);
  }
  if (upload === undefined) throw new ValidationError(CSV_FILE_REQUIRED);
  return new CsvUpload(upload, fields, imports);
}

/**
 * Counts the bytes of the request body. Attached just before the multipart parser pipes the
 * request (both in the same tick), so no chunk flows past it uncounted.
 */
function countBodyBytes(raw: IncomingMessage): () => number {
  let bytes = 0;
  raw.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  return () => bytes;
}
