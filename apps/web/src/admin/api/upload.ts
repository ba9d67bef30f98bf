/**
 * Multipart uploads with progress (the CSV imports). `fetch` cannot report how much of a request
 * body has gone out, so these go through XMLHttpRequest and answer the same `{status, error, data}`
 * as `callApi` (product spec §7, §8).
 */
import type { Endpoint, ResponseOf } from '@podium/protocol';
import { API_BASE, buildPath } from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import { authHeaders, errorText, networkFailure, PARSE_ERROR } from '../../api/client';

/** Sends `form` to a multipart endpoint; `onProgress` gets the fraction of the body sent (0–1). */
export function uploadForm<E extends Endpoint & { multipart: true }>(
  endpoint: E,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ApiResult<ResponseOf<E>>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, API_BASE + buildPath(endpoint.path));
    for (const [name, value] of Object.entries(authHeaders(endpoint.auth)))
      request.setRequestHeader(name, value);
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onload = () => {
      const { status } = request;
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        resolve({ status, error: PARSE_ERROR, data: null });
        return;
      }
      if (status < 200 || status >= 300) resolve({ status, error: errorText(json, { status }), data: null });
      else resolve({ status, error: '', data: json as ResponseOf<E> });
    };
    request.onerror = request.onabort = request.ontimeout = () => resolve(networkFailure());
    request.send(form);
  });
}
