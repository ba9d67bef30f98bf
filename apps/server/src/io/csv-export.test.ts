/** The export writers (R79–R82): CSV text, challenge entry names, and the ZIP. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzipText } from '../test-support/unzip.js';
import { challengeEntryNames, csvChunks, toCsv, zipFiles, zipStream } from './csv-export.js';

describe('R79 toCsv', () => {
  it('ends every row with \\n, header included, with no BOM', () => {
    expect(toCsv(['Name', 'Seen'], [])).toBe('Name,Seen\n');
    const text = toCsv(
      ['Name', 'Seen'],
      [
        ['A', 1],
        ['B', 2],
      ],
    );
    expect(text).toBe('Name,Seen\nA,1\nB,2\n');
    expect(Buffer.from(text, 'utf8')[0]).toBe('N'.charCodeAt(0));
  });

  it('quotes cells holding a comma, a quote, CR or LF, doubling inner quotes', () => {
    expect(toCsv(['h'], [['a,b'], ['say "hi"'], ['cr\rhere'], ['lf\nhere'], ['crlf\r\nhere']])).toBe(
      'h\n"a,b"\n"say ""hi"""\n"cr\rhere"\n"lf\nhere"\n"crlf\r\nhere"\n',
    );
  });

  it('leaves plain, empty, space-padded and unicode cells alone', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [['plain', '', ' padded ', 'Café 🚀 AI/ML']])).toBe(
      'a,b,c,d\nplain,, padded ,Café 🚀 AI/ML\n',
    );
  });

  it('guards text starting with =, +, - or @ with one leading quote, before quoting', () => {
    expect(toCsv(['h'], [['=1+2'], ['+cmd'], ['-x'], ['@SUM(A1)']])).toBe(
      "h\n'=1+2\n'+cmd\n'-x\n'@SUM(A1)\n",
    );
    expect(toCsv(['h'], [['=HYPERLINK("http://evil.example","click")']])).toBe(
      `h\n"'=HYPERLINK(""http://evil.example"",""click"")"\n`,
    );
    expect(toCsv(['h'], [['-3']])).toBe("h\n'-3\n");
  });

  it('guards only a leading character', () => {
    expect(toCsv(['h'], [['a=b'], [' =x'], ['x@y.io'], ["'=already"]])).toBe(
      "h\na=b\n =x\nx@y.io\n'=already\n",
    );
  });

  it('writes numbers and booleans plainly, negative numbers unguarded', () => {
    expect(
      toCsv(
        ['Score', 'Active', 'Avg', 'Big'],
        [
          [-3, true, 2.5, 1_700_000_000_000],
          [0, false, -0.25, 0],
        ],
      ),
    ).toBe('Score,Active,Avg,Big\n-3,true,2.5,1700000000000\n0,false,-0.25,0\n');
  });
});

describe('R82 challengeEntryNames', () => {
  it('replaces each unsafe character with _', () => {
    const forbidden = ['/', '\\', ':', '*', '?', '"', '<', '>', '|'];
    expect(challengeEntryNames(forbidden.map((char) => `a${char}b${char}`))).toEqual([
      'a_b_.csv',
      'a_b_ (2).csv',
      'a_b_ (3).csv',
      'a_b_ (4).csv',
      'a_b_ (5).csv',
      'a_b_ (6).csv',
      'a_b_ (7).csv',
      'a_b_ (8).csv',
      'a_b_ (9).csv',
    ]);
  });

  it('replaces control characters with _', () => {
    expect(challengeEntryNames(['a\u0000b', 'c\td', 'e\nf\rg', 'h\u007fi', 'j\u009bk'])).toEqual([
      'a_b.csv',
      'c_d.csv',
      'e_f_g.csv',
      'h_i.csv',
      'j_k.csv',
    ]);
  });

  it('keeps other characters, unicode and case', () => {
    expect(challengeEntryNames(['AI & ML', 'Health.Tech', 'C++ & Co', 'Ünïcode Prize 🚀'])).toEqual([
      'AI & ML.csv',
      'Health.Tech.csv',
      'C++ & Co.csv',
      'Ünïcode Prize 🚀.csv',
    ]);
  });

  it('numbers names that differ only in case or in how an accent is encoded: one file on Windows and macOS', () => {
    // 'Ü' as one code point and as U followed by a combining diaeresis.
    expect(challengeEntryNames(['AI & ML', 'ai & ml', 'AI & ml (2)', '\u00dcber', 'U\u0308ber'])).toEqual([
      'AI & ML.csv',
      'ai & ml (2).csv',
      'AI & ml (2) (2).csv',
      '\u00dcber.csv',
      'U\u0308ber (2).csv',
    ]);
  });

  it('numbers names that collide after replacement, in order, never reusing a name', () => {
    expect(challengeEntryNames(['AI/ML', 'AI_ML', 'AI:ML', 'Web'])).toEqual([
      'AI_ML.csv',
      'AI_ML (2).csv',
      'AI_ML (3).csv',
      'Web.csv',
    ]);
    expect(challengeEntryNames(['a/b', 'a_b (2)', 'a_b'])).toEqual(['a_b.csv', 'a_b (2).csv', 'a_b (3).csv']);
    expect(challengeEntryNames(['a/b', 'a_b', 'a_b (2)'])).toEqual([
      'a_b.csv',
      'a_b (2).csv',
      'a_b (2) (2).csv',
    ]);
  });

  it('gives nothing for no challenges', () => {
    expect(challengeEntryNames([])).toEqual([]);
  });
});

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('R82 zipFiles', () => {
  const files = [
    { name: 'AI_ML.csv', content: toCsv(['Name', 'Table'], [['Alpha, Inc.', 'Table 1']]) },
    { name: 'Ünïcode Prize 🚀.csv', content: 'Name\nCafé\n' },
    { name: 'AI_ML (2).csv', content: '' },
    { name: 'Big.csv', content: 'x,'.repeat(50_000) },
  ];

  it('round-trips entries in order with their content', async () => {
    const zip = await zipFiles(files);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(unzipText(zip)).toEqual(files);
  });

  it.skipIf(!hasUnzip)('is read back by the system unzip too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-zip-'));
    try {
      const path = join(dir, 'challenge-projects.zip');
      writeFileSync(path, await zipFiles(files));
      expect(execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual(
        files.map((file) => file.name),
      );
      expect(execFileSync('unzip', ['-p', path, 'AI_ML.csv'], { encoding: 'utf8' })).toBe(files[0]?.content);
      execFileSync('unzip', ['-tq', path], { stdio: 'ignore' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a valid empty ZIP for no files', async () => {
    const zip = await zipFiles([]);
    // Just the end-of-central-directory record: signature, zero entries, no comment.
    expect(zip.length).toBe(22);
    expect(zip.readUInt32LE(0)).toBe(0x06054b50);
    expect(unzipText(zip)).toEqual([]);
  });
});

describe('streaming pieces (issue 15)', () => {
  const rows = Array.from({ length: 25 }, (_, i) => [`=row ${i}`, i, i % 2 === 0, 'a,"b"']);

  it.each([1, 7, 25, 1000])('csvChunks of %i rows join to exactly toCsv', (size) => {
    const pieces = [...csvChunks(['A', 'B', 'C', 'D'], rows, size)];
    expect(pieces.join('')).toBe(toCsv(['A', 'B', 'C', 'D'], rows));
    expect(pieces).toHaveLength(size >= rows.length ? 1 : Math.ceil(rows.length / size));
  });

  it('csvChunks of no rows is the header alone', () => {
    expect([...csvChunks(['A'], [])]).toEqual(['A\n']);
  });

  it('zipStream reads each entry only after the one before is in the archive', async () => {
    const read: string[] = [];
    function* entries() {
      for (const name of ['a.csv', 'b.csv', 'c.csv']) {
        read.push(name);
        yield { name, content: `${name}\n`.repeat(10_000) };
      }
    }
    const chunks: Buffer[] = [];
    const archive = await zipStream(entries());
    expect(read).toEqual(['a.csv']);
    for await (const chunk of archive) chunks.push(chunk as Buffer);
    expect(read).toEqual(['a.csv', 'b.csv', 'c.csv']);
    expect(unzipText(Buffer.concat(chunks)).map((entry) => entry.name)).toEqual(['a.csv', 'b.csv', 'c.csv']);
  });
});
