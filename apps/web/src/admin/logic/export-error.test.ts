import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../../api/client';
import { exportErrorText } from './export-error';

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
