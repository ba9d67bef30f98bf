/** File downloads of the admin exports (CSV and ZIP, API.md R79–R82). */
import type { Endpoint } from '@podium/protocol';
import type { ApiFailure, ApiSuccess, CallArgs, RequestOptions } from '../../api/client';
import { errorText, networkFailure, PARSE_ERROR, sendRequest } from '../../api/client';

/**
 * A failed download also carries the response's status text (the export alert shows it,
 * product spec §8); '' when there was no response.
 */
export type DownloadFailure = ApiFailure & { statusText: string };
export type DownloadResult = ApiSuccess<DownloadedFile> | DownloadFailure;

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 6266) wins over
 * `filename="…"` and `filename=…`; `fallback` when there is none.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*[\w-]*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Fetches a file endpoint into memory, with the name the server gave it. */
export async function fetchFile<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<DownloadResult> {
  const response = await sendRequest(endpoint, {
    ...(options as RequestOptions | undefined),
    download: true,
  });
  if (!response) return { ...networkFailure(), statusText: '' };
  if (!response.ok) {
    const { status, statusText } = response;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { status, error: PARSE_ERROR, data: null, statusText };
    }
    return { status, error: errorText(json, response), data: null, statusText };
  }
  try {
    const blob = await response.blob();
    const fallback = endpoint.path.split('/').pop() || 'download';
    const filename = filenameFromDisposition(response.headers.get('Content-Disposition'), fallback);
    return { status: response.status, error: '', data: { blob, filename } };
  } catch {
    return { ...networkFailure(), statusText: '' }; // the connection dropped while the body was streaming
  }
}

/** Hands a blob to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; FileSaver.js waits 40 s too.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** Fetches a file endpoint and saves it; the result tells the caller what to alert on failure. */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<DownloadResult> {
  const result = await fetchFile(endpoint, ...args);
  if (result.data) saveFile(result.data);
  return result;
}
