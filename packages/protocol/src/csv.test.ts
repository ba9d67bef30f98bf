import { describe, expect, it } from 'vitest';
import { importSkippedSuffix, isFormFlagOn } from './csv-form.js';
import { ImportResult } from './csv.js';

describe('CSV imports (R83)', () => {
  it.each(['true', 'TRUE', '1', 'on', 'On'])('%s turns a flag on', (value) => {
    expect(isFormFlagOn(value)).toBe(true);
  });

  it.each([undefined, '', 'yes', '0', 'false', ' true'])('%j leaves a flag off', (value) => {
    expect(isFormFlagOn(value)).toBe(false);
  });

  it('answers {ok:1,count,skipped}', () => {
    expect(ImportResult.parse({ ok: 1, count: 2, skipped: 0 })).toEqual({ ok: 1, count: 2, skipped: 0 });
    expect(ImportResult.safeParse({ ok: 1, count: 2 }).success).toBe(false);
    expect(importSkippedSuffix(2)).toBe(' (2 rows skipped: ignored tracks or drafts)');
  });
});
