/**
 * Reads a CSV upload (R83): the `csv` file field and the text fields of a multipart form.
 * Over 10 MB is a 413; a body that is not multipart, or a form without the file, is a 400.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { BODY_TOO_LARGE_MESSAGE, CSV_FILE_FIELD, CSV_FILE_REQUIRED, MAX_BODY_BYTES } from '@podium/protocol';
import { PayloadTooLargeError, ValidationError } from '../errors.js';

export interface CsvUpload {
  data: Buffer;
  fields: Record<string, string>;
}

export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
  }
  if (!request.isMultipart()) throw new ValidationError(CSV_FILE_REQUIRED);
  let data: Buffer | undefined;
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
      if (part.type === 'file' && part.fieldname === CSV_FILE_FIELD && data === undefined) {
        data = await part.toBuffer();
      } else if (part.type === 'file') {
        // Any other file is read and dropped, watching the limit as it goes.
        for await (const chunk of part.file) {
          void chunk;
          assertWithinLimit();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
      assertWithinLimit();
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new PayloadTooLargeError(BODY_TOO_LARGE_MESSAGE);
    // A broken multipart body carries no usable file.
    throw new ValidationError(CSV_FILE_REQUIRED);
  }
  if (data === undefined) throw new ValidationError(CSV_FILE_REQUIRED);
  return { data, fields };
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
