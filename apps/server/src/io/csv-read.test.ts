/** R83 reading rules: decoding, line ends, quoting, trimming, blank rows and physical line numbers. */
import { CSV_ROW_MAX_BYTES, csvLineError, csvRowTooLong } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { readCsvRows } from './csv-read.js';

const csv = (text: string): Buffer => Buffer.from(text, 'utf8');

/** The rows as `[line, cells]` pairs, which reads better in expectations. */
function read(data: Buffer | string): [number, string[]][] {
  return readCsvRows(typeof data === 'string' ? csv(data) : data).map((row) => [row.line, row.cells]);
}

/** The message of the ValidationError that reading throws. */
function failure(data: Buffer | string): string {
  try {
    read(data);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  }
  throw new Error('expected the CSV to be refused');
}

describe('R83 decoding', () => {
  it('strips a leading UTF-8 BOM, and only a leading one', () => {
    expect(read('\ufeffName,Email\n')).toEqual([[1, ['Name', 'Email']]]);
    expect(read('a\n\ufeffb\n')).toEqual([
      [1, ['a']],
      [2, ['b']],
    ]);
  });

  it('keeps unicode, emoji and a genuine U+FFFD', () => {
    expect(read('Café Ñandú 🚀,\ufffd\n')).toEqual([[1, ['Café Ñandú 🚀', '\ufffd']]]);
  });

  it('refuses bytes that are not UTF-8, at the line of the first bad byte', () => {
    expect(failure(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x2c]))).toBe('line 1: malformed CSV');
    const latin1 = Buffer.concat([csv('a,b\r\nc,d\r\n"x\ny",Caf'), Buffer.from([0xe9]), csv('\n')]);
    expect(failure(latin1)).toBe('line 4: malformed CSV');
  });

  it('refuses random binary garbage as malformed', () => {
    const garbage = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256));
    expect(failure(garbage)).toMatch(/^line \d+: malformed CSV$/);
  });
});

describe('R83 line ends and line numbers', () => {
  it('accepts LF, CRLF and CR-only line ends, mixed in one file', () => {
    const rows = [
      [1, ['a', '1']],
      [2, ['b', '2']],
      [3, ['c', '3']],
      [4, ['d', '4']],
    ];
    expect(read('a,1\nb,2\nc,3\nd,4\n')).toEqual(rows);
    expect(read('a,1\r\nb,2\r\nc,3\r\nd,4\r\n')).toEqual(rows);
    expect(read('a,1\rb,2\rc,3\rd,4\r')).toEqual(rows);
    expect(read('a,1\r\nb,2\nc,3\rd,4')).toEqual(rows);
  });

  it('numbers a row by its first physical line, so quoted newlines shift the rows after them', () => {
    // The row of line 2 spans lines 2-5: CRLF, LF and CR inside the quotes each end one line.
    expect(read('a\n"x\r\ny\nz\r",w\nb\n')).toEqual([
      [1, ['a']],
      [2, ['x\r\ny\nz', 'w']],
      [6, ['b']],
    ]);
  });

  it('skips rows whose cells are all empty but still counts their lines', () => {
    expect(read('\n\na\n\n , ,\t\n"",""\nb\n\n')).toEqual([
      [3, ['a']],
      [7, ['b']],
    ]);
  });

  it('gives no rows for an empty or all-blank file', () => {
    expect(read('')).toEqual([]);
    expect(read('\ufeff')).toEqual([]);
    expect(read(' \r\n\r\n,,,\n\t\n')).toEqual([]);
  });
});

describe('R83 quoting and cells', () => {
  it('follows RFC 4180: quoted commas, doubled quotes and newlines', () => {
    expect(read('"a, b","say ""hi""","line1\nline2",""\n')).toEqual([
      [1, ['a, b', 'say "hi"', 'line1\nline2', '']],
    ]);
  });

  it('trims every cell, inside quotes too, and tolerates spaces around a quoted field', () => {
    expect(read('  a  , "  b  " ,\t"c"\t\n')).toEqual([[1, ['a', 'b', 'c']]]);
  });

  it('keeps rows of different lengths as they are', () => {
    expect(read('a\nb,c,d,e,f,g,h\nx,y\n')).toEqual([
      [1, ['a']],
      [2, ['b', 'c', 'd', 'e', 'f', 'g', 'h']],
      [3, ['x', 'y']],
    ]);
  });

  it('refuses an unclosed quote at the line its row starts on', () => {
    expect(failure('a,b\nc,d\n"e,f\ng,h\n')).toBe('line 3: malformed CSV');
    expect(failure('a\n"x\r\ny",z\n\nb,"c')).toBe('line 5: malformed CSV');
  });

  it('refuses text after a closing quote and a bare quote inside an unquoted field', () => {
    expect(failure('a\n"b"c,d\n')).toBe('line 2: malformed CSV');
    expect(failure('a\r\rb"c\r')).toBe('line 3: malformed CSV');
  });
});

describe('the row limit (CSV_ROW_MAX_BYTES, issue 31)', () => {
  const tooLong = (line: number, column: number) => csvLineError(line, csvRowTooLong(column));

  it('counts a row in bytes, whatever its script: three cells of 60,000 bytes of CJK pass it', () => {
    const cell = '漢'.repeat(20_000);
    expect(failure(`ok\n${cell},${cell},${cell}\n`)).toBe(tooLong(2, 2));
  });

  it('keeps a row of exactly CSV_ROW_MAX_BYTES and refuses one byte more, with any line end or none', () => {
    const cells = (bytes: number) => `a,${'b'.repeat(bytes - 2)}`;
    for (const end of ['\n', '\r\n', '\r', '']) {
      expect(read(`x\n${cells(CSV_ROW_MAX_BYTES)}${end}`)).toHaveLength(2);
      expect(failure(`x\n${cells(CSV_ROW_MAX_BYTES + 1)}${end}`)).toBe(tooLong(2, 2));
    }
    expect(failure(`${'a'.repeat(CSV_ROW_MAX_BYTES + 1)}\n`)).toBe(tooLong(1, 1));
  });
});
