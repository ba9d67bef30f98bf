/**
 * Reads a CSV upload (R83): the `csv` file field and the text fields of a multipart form.
 * Over 10 MB is a 413; a body that is not multipart, or a form without the file, is a 400.
 */
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
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_BODY_BYTES, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === CSV_FILE_FIELD && data === undefined) data = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
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
