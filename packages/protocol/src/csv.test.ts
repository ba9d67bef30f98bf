import { describe, expect, it } from 'vitest';
import { importSkippedSuffix, isFormFlagOn, parseFormBoolean, reimportSummary } from './csv-form.js';
import { ImportResult, ProjectImportResponse } from './csv.js';

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

describe('re-imports (R86a) and the dry run', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['TRUE', undefined],
    ['1', undefined],
    ['', undefined],
  ] as const)('update=%j reads as %j (undefined: refused)', (value, expected) => {
    expect(parseFormBoolean(value)).toBe(expected);
  });

  it('says what a re-import did, the skipped part only when rows were skipped', () => {
    const counts = { ok: 1, count: 12, updated: 27, unchanged: 3 } as const;
    expect(reimportSummary({ ...counts, skipped: 3 })).toBe(
      '12 added, 27 updated, 3 unchanged, 3 skipped (drafts or ignored tracks)',
    );
    expect(reimportSummary({ ...counts, skipped: 0 })).toBe('12 added, 27 updated, 3 unchanged');
  });

  it('answers exactly one of the three shapes, never a mix', () => {
    const plain = { ok: 1, count: 2, skipped: 0 };
    const reimport = { ...plain, updated: 1, unchanged: 0 };
    const preview = { ...reimport, rows: [{ line: 1, status: 'new', name: 'A', changes: [] }] };
    for (const body of [plain, reimport, preview]) expect(ProjectImportResponse.parse(body)).toEqual(body);
    expect(ProjectImportResponse.safeParse({ ...plain, updated: 1 }).success).toBe(false);
    expect(ProjectImportResponse.safeParse({ ...plain, rows: [] }).success).toBe(false);
  });
});
