/** Builds a multipart/form-data body by hand, as a browser would send a CSV upload. */
import { randomBytes } from 'node:crypto';

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; filename?: string; content: Buffer | string },
): MultipartBody {
  const boundary = `----podium${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'csv'}"; filename="${file.filename ?? 'upload.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
