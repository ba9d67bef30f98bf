/** The export failure alert of product spec §8: 'Error exporting data: {status text}'. */
import { answeredByServer } from '../../api/client';
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

/**
 * The alert of a failed backup (not one of the spec's exports): the server's refusal says what to
 * do instead (with PostgreSQL: back it up with pg_dump), which a status text would not.
 */
export function backupErrorText(failure: Pick<DownloadFailure, 'status' | 'error' | 'statusText'>): string {
  if (failure.status === 400 && answeredByServer(failure.error))
    return `Error downloading the backup: ${failure.error}`;
  return exportErrorText(failure);
}
