/** The export failure alert of product spec §8: 'Error exporting data: {status text}'. */
import type { DownloadFailure } from '../api/download';

/**
 * The alert of a failed export. A dropped connection has no response and so no status text: it
 * shows the client's 'Network connection issue' instead (as does a response without a reason
 * phrase, e.g. over HTTP/2).
 */
export function exportErrorText({
  error,
  statusText,
}: Pick<DownloadFailure, 'error' | 'statusText'>): string {
  return `Error exporting data: ${statusText || error}`;
}
