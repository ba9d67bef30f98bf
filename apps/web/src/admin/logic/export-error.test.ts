import { describe, expect, it } from 'vitest';
import { BACKUP_NEEDS_PG_DUMP } from '@podium/protocol';
import { NETWORK_ERROR, PARSE_ERROR } from '../../api/client';
import { backupErrorText, exportErrorText } from './export-error';

describe('exportErrorText (product spec §8)', () => {
  it("shows the response's status text, not the server's error body", () => {
    expect(exportErrorText({ error: 'disk full', statusText: 'Internal Server Error' })).toBe(
      'Error exporting data: Internal Server Error',
    );
  });

  it('names a dropped connection, which has no status text', () => {
    expect(exportErrorText({ error: NETWORK_ERROR, statusText: '' })).toBe(
      'Error exporting data: Network connection issue',
    );
  });
});

describe('backupErrorText', () => {
  it("shows the server's refusal, which says what to do instead (PostgreSQL: pg_dump)", () => {
    expect(backupErrorText({ status: 400, error: BACKUP_NEEDS_PG_DUMP, statusText: 'Bad Request' })).toBe(
      `Error downloading the backup: ${BACKUP_NEEDS_PG_DUMP}`,
    );
  });

  it('falls back to the export alert for a failure that is not a refusal, or not the server’s', () => {
    expect(backupErrorText({ status: 500, error: 'disk full', statusText: 'Internal Server Error' })).toBe(
      'Error exporting data: Internal Server Error',
    );
    expect(backupErrorText({ status: 400, error: PARSE_ERROR, statusText: 'Bad Request' })).toBe(
      'Error exporting data: Bad Request',
    );
  });
});
