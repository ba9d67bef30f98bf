import { describe, expect, it } from 'vitest';
import { parseCsv, readsAsHeader, truncateCell } from './csv-preview';

const cells = (text: string) => parseCsv(text).map((row) => row.cells);
const lines = (text: string) => parseCsv(text).map((row) => row.line);

describe('parseCsv', () => {
  it('splits plain rows and cells, trimming cells', () => {
    expect(cells('a,b,c\n d , e ,f\n')).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
  });

  it('reads a last row without a line end, and empty cells', () => {
    expect(cells('a,,c\n,b,')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('keeps commas inside quotes', () => {
    expect(cells('Name,"Sustainability, Fintech"')).toEqual([['Name', 'Sustainability, Fintech']]);
  });

  it('turns doubled quotes inside quotes into one', () => {
    expect(cells('"say ""hi""",x')).toEqual([['say "hi"', 'x']]);
    expect(cells('""')).toEqual([]); // one empty cell: a blank row
    expect(cells('"",a')).toEqual([['', 'a']]);
  });

  it('keeps a quote in the middle of an unquoted cell as it is', () => {
    expect(cells('5" screen,b')).toEqual([['5" screen', 'b']]);
  });

  it('accepts CRLF, LF and CR line ends', () => {
    expect(cells('a,b\r\nc,d\re,f\ng,h\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps newlines inside quotes and numbers rows by their first physical line', () => {
    const text = 'one,x\ntwo,"first\r\nsecond\nthird"\nthree,y\r\n';
    expect(cells(text)).toEqual([
      ['one', 'x'],
      ['two', 'first\r\nsecond\nthird'],
      ['three', 'y'],
    ]);
    expect(lines(text)).toEqual([1, 2, 5]);
  });

  it('drops a leading byte order mark', () => {
    expect(cells('\uFEFFProject Title,Url\nA,b')).toEqual([
      ['Project Title', 'Url'],
      ['A', 'b'],
    ]);
  });

  it('leaves out blank rows but counts their lines', () => {
    const text = 'a\n\n , \nb\n\n';
    expect(cells(text)).toEqual([['a'], ['b']]);
    expect(lines(text)).toEqual([1, 4]);
  });

  it('reads an unterminated quote to the end, so a broken file still previews', () => {
    expect(cells('a,"open\nrest')).toEqual([['a', 'open\nrest']]);
  });

  it('gives nothing for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });
});

describe('truncateCell', () => {
  it('keeps text of up to 10 characters', () => {
    expect(truncateCell('')).toBe('');
    expect(truncateCell('0123456789')).toBe('0123456789');
  });

  it("cuts longer text to 10 characters and appends '...'", () => {
    expect(truncateCell('0123456789A')).toBe('0123456789...');
    expect(truncateCell('CivicCanvas predicts bus delays')).toBe('CivicCanva...');
  });

  it('never splits an emoji', () => {
    expect(truncateCell('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀')).toBe('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀...');
    expect(truncateCell('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀')).toBe('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀');
  });

  it('takes another limit', () => {
    expect(truncateCell('abcdef', 3)).toBe('abc...');
  });
});

describe('readsAsHeader', () => {
  const names = ['Name', 'Email', 'Track', 'Try It link', 'Email Address'];
  const row = (...cells: string[]) => ({ line: 1, cells });

  it('takes a first row holding two column names or more, whatever their case, spaces or punctuation', () => {
    expect(readsAsHeader(row('Name', 'Email', 'Track', 'Notes'), names)).toBe(true);
    expect(readsAsHeader(row('NAME', 'e-mail address'), names)).toBe(true);
    expect(readsAsHeader(row('name', 'Description', 'try_it_link'), names)).toBe(true);
  });

  it('leaves data alone, a project called "Name" included', () => {
    expect(readsAsHeader(row('Ada Lovelace', 'ada@judges.example', 'Track'), names)).toBe(false);
    expect(readsAsHeader(row('Name', 'A name tracker', 'https://name.example'), names)).toBe(false);
    expect(readsAsHeader(row('Name', '', ''), names)).toBe(false);
    expect(readsAsHeader(undefined, names)).toBe(false);
    expect(readsAsHeader(row('Name', 'Email'), [])).toBe(false);
  });
});
