/** The CSV imports (R83–R86) on the shared sample files and on focused cases. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { parseDevpostCsv, parseJudgeCsv, parseProjectCsv } from './csv-import.js';

const DATA_DIR = new URL('../../../../../shared/data/', import.meta.url);
const sample = (name: string): Buffer => readFileSync(new URL(name, DATA_DIR));
const csv = (text: string): Buffer => Buffer.from(text, 'utf8');

/** The message of the ValidationError (400) that `run` throws. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).statusCode).toBe(400);
    return (error as ValidationError).message;
  }
  throw new Error('expected the import to be refused');
}

const projects = (text: string | Buffer, hasHeader = false, ignoreTracks: string[] = []) =>
  parseProjectCsv(typeof text === 'string' ? csv(text) : text, { hasHeader, ignoreTracks });
const devpost = (text: string | Buffer, ignoreTracks: string[] = []) =>
  parseDevpostCsv(typeof text === 'string' ? csv(text) : text, { ignoreTracks });
const judges = (
  text: string | Buffer,
  opts: { hasHeader?: boolean; tracks?: string[]; existing?: string[] } = {},
) => {
  // The service's emailTaken compares lower-cased keys (R74); this stands in for it.
  const existing = new Set((opts.existing ?? []).map((email) => email.toLowerCase()));
  return parseJudgeCsv(typeof text === 'string' ? csv(text) : text, {
    hasHeader: opts.hasHeader ?? false,
    tracks: opts.tracks ?? [],
    emailTaken: (email) => existing.has(email.toLowerCase()),
  });
};

const DEVPOST_HEADER =
  'Project Title,Submission Url,Project Status,About The Project,"""Try it out"" Links",Video Demo Link,Opt-In Prizes';

describe('shared sample data (../shared/data/README.md)', () => {
  it('resolves the data folder from this test file', () => {
    // apps/server/src/io → the repository's parent, which holds shared/data beside main/.
    expect(fileURLToPath(DATA_DIR)).toMatch(/\/shared\/data\/$/);
    expect(sample('README.md').toString()).toContain('projects.csv');
  });

  it('projects.csv: all 50 imported, with quoted newlines, formula and unicode names kept', () => {
    const { rows, skipped } = projects(sample('projects.csv'));
    expect(rows).toHaveLength(50);
    expect(skipped).toBe(0);
    expect(rows[3]).toEqual({
      name: 'DeepLens',
      description:
        'DeepLens predicts bus delays from live feeds. Built in 36 hours with a lot of coffee.\n' +
        'Second paragraph: it also has "quotes", commas, and a newline.',
      url: 'https://devpost.example/software/deeplens',
      try_link: 'https://deeplens.example.app',
      video_link: '',
      challenge_list: ['Ünïcode Prize'],
    });
    expect(rows[5]?.description).toMatch(/^<script>alert\("xss"\)<\/script> <b>bold\?<\/b> OpenCompass/);
    expect(rows[48]?.name).toBe('=HYPERLINK("http://evil.example","click")');
    expect(rows[49]).toMatchObject({
      name: 'Café Ñandú 🚀',
      description: '',
      challenge_list: ['Ünïcode Prize'],
    });
    expect(rows.flatMap((row) => row.challenge_list)).toEqual(
      expect.arrayContaining(['AI/ML', 'Health.Tech', 'C++ & Co', 'Best Beginner Hack']),
    );
  });

  it('projects.csv: rows entered in an ignored track are skipped and counted', () => {
    const all = projects(sample('projects.csv')).rows;
    const inAiMl = all.filter((row) => row.challenge_list.includes('AI/ML')).length;
    expect(inAiMl).toBeGreaterThan(0);
    const { rows, skipped } = projects(sample('projects.csv'), false, ['AI/ML']);
    expect(skipped).toBe(inAiMl);
    expect(rows).toHaveLength(50 - inAiMl);
  });

  it('projects-with-header.csv: 12 imported when the header flag is on (CRLF)', () => {
    const { rows, skipped } = projects(sample('projects-with-header.csv'), true);
    expect(rows).toHaveLength(12);
    expect(skipped).toBe(0);
    expect(rows[0]?.name).toBe('CivicCanvas');
    // Without the flag the header is a project called "Name".
    expect(projects(sample('projects-with-header.csv')).rows[0]?.name).toBe('Name');
  });

  it('projects-bad-row.csv: refused at line 6', () => {
    expect(failure(() => projects(sample('projects-bad-row.csv')))).toBe(
      'line 6: expected at least 3 columns (name, description, url)',
    );
  });

  it('judges.csv: 20 imported once AI/ML and Health.Tech exist', () => {
    const rows = judges(sample('judges.csv'), { tracks: ['AI/ML', 'Health.Tech'] });
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({
      name: 'Ada Lovelace',
      email: 'ada.lovelace@judges.example',
      track: '',
      notes: 'Sponsor judge, prefers hardware',
    });
    expect(rows.filter((row) => row.track === 'AI/ML')).toHaveLength(2);
    expect(rows.filter((row) => row.track === 'Health.Tech')).toHaveLength(1);
  });

  it('judges.csv: refused at line 4 with no tracks configured', () => {
    expect(failure(() => judges(sample('judges.csv')))).toBe(
      'line 4: unknown track: AI/ML (tracks in settings: none; add it under Track Judging first)',
    );
  });

  it('judges-with-header.csv: 6 imported with the header flag on', () => {
    const rows = judges(sample('judges-with-header.csv'), { hasHeader: true, tracks: ['AI/ML'] });
    expect(rows.map((row) => row.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Edsger Dijkstra',
      'Barbara Liskov',
      'Donald Knuth',
    ]);
  });

  it('judges-bad-email.csv: refused at line 4', () => {
    expect(failure(() => judges(sample('judges-bad-email.csv'), { tracks: ['AI/ML'] }))).toBe(
      'line 4: invalid email: not-an-email',
    );
  });

  it('devpost-export.csv: 27 imported, 3 Drafts skipped (BOM, CRLF, extra columns)', () => {
    const { rows, skipped } = devpost(sample('devpost-export.csv'));
    expect(rows).toHaveLength(27);
    expect(skipped).toBe(3);
    expect(rows[0]).toEqual({
      name: 'CivicCanvas',
      description: 'CivicCanvas predicts bus delays from live feeds. Built in 36 hours with a lot of coffee.',
      url: 'https://devpost.example/software/civiccanvas',
      try_link: '',
      video_link: '',
      challenge_list: ['Ünïcode Prize'],
    });
    expect(rows[1]?.try_link).toBe('https://quietledger.example.app');
    expect(rows[2]?.challenge_list).toEqual(['Sustainability', 'Ünïcode Prize', 'Best Hardware Hack']);
    expect(rows.map((row) => row.name)).not.toContain('RapidRelay');
  });

  it('devpost-export-shifted.csv: 9 imported, columns found by name', () => {
    const { rows, skipped } = devpost(sample('devpost-export-shifted.csv'));
    expect(rows).toHaveLength(9);
    expect(skipped).toBe(1);
    expect(rows[0]?.url).toBe('https://devpost.example/software/civiccanvas');
    expect(rows[0]?.description).toMatch(/^CivicCanvas predicts/);
  });
});

describe('R83 common rules through the importers', () => {
  it('a file with no data rows: empty, only blank lines, or only a header', () => {
    for (const text of ['', '\n\n', ' , ,\r\n\r\n', '\ufeff']) {
      expect(failure(() => projects(text))).toBe('CSV file has no rows');
      expect(failure(() => judges(text))).toBe('CSV file has no rows');
      expect(failure(() => devpost(text))).toBe('CSV file has no rows');
    }
    expect(failure(() => projects('Name,Description,URL\n\n', true))).toBe('CSV file has no rows');
    expect(failure(() => judges('Name,Email\n', { hasHeader: true }))).toBe('CSV file has no rows');
    expect(failure(() => devpost(`${DEVPOST_HEADER}\r\n`))).toBe('CSV file has no rows');
  });

  it('the header is the first non-blank row', () => {
    expect(projects('\n\nName,Description,URL\nA,,\n', true).rows.map((row) => row.name)).toEqual(['A']);
  });

  it('malformed CSV is refused with its line', () => {
    expect(failure(() => projects('a,b,c\n"d,e,f\n'))).toBe('line 2: malformed CSV');
    expect(failure(() => judges('a,a@x.io\n"b",c"\n'))).toBe('line 2: malformed CSV');
    expect(failure(() => devpost(`${DEVPOST_HEADER}\nA,"x\n`))).toBe('line 2: malformed CSV');
  });

  it('binary garbage is refused as malformed', () => {
    const garbage = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0xff, 0xd8, 0xff, 0xe0, 0x0a, 0x80]);
    expect(failure(() => projects(garbage))).toBe('line 1: malformed CSV');
  });

  it('line numbers jump past a quoted field spanning lines', () => {
    expect(failure(() => projects('a,"multi\r\nline\r\ntext",u\r\n\r\n,desc,url\r\n'))).toBe(
      'line 5: name is required',
    );
  });
});

describe('R84 project CSV', () => {
  it('reads columns by position; the last three are optional and extra columns are ignored', () => {
    const { rows } = projects('A,Desc,https://a.example\nB,,,try,video,"x, y",extra,more\n');
    expect(rows).toEqual([
      {
        name: 'A',
        description: 'Desc',
        url: 'https://a.example',
        try_link: '',
        video_link: '',
        challenge_list: [],
      },
      {
        name: 'B',
        description: '',
        url: '',
        try_link: 'try',
        video_link: 'video',
        challenge_list: ['x', 'y'],
      },
    ]);
  });

  it('normalises the challenge cell like challenge_list (3.4): trimmed, no empty or repeated names', () => {
    expect(projects('A,,,,, AI/ML ,, Fintech ,AI/ML,\n').rows[0]?.challenge_list).toEqual(['AI/ML']);
    expect(projects('A,,,,," AI/ML ,, Fintech ,AI/ML,"\n').rows[0]?.challenge_list).toEqual([
      'AI/ML',
      'Fintech',
    ]);
  });

  it('needs three columns and a name; the first invalid row in file order decides', () => {
    expect(failure(() => projects('A,d,u\nB,d\n,d,u\n'))).toBe(
      'line 2: expected at least 3 columns (name, description, url)',
    );
    expect(failure(() => projects('A,d,u\n  ,d,u\nB\n'))).toBe('line 2: name is required');
    expect(failure(() => projects('Name,Description,URL\nA,d\n', true))).toBe(
      'line 2: expected at least 3 columns (name, description, url)',
    );
  });

  it('skips and counts rows entered in an ignored track (exact names, trimmed)', () => {
    const file = 'A,,,,,"Fintech, AI/ML"\nB,,,,,ai/ml\nC,,,,,AI/ML\nD,,,,\n';
    const { rows, skipped } = projects(file, false, [' AI/ML ']);
    expect(rows.map((row) => row.name)).toEqual(['B', 'D']);
    expect(skipped).toBe(2);
  });

  it('an invalid row refuses the file even when it is in an ignored track', () => {
    expect(failure(() => projects('A,,\n,,,,,AI/ML\n', false, ['AI/ML']))).toBe('line 2: name is required');
  });

  it('keeps HTML, script and formula-looking text verbatim (escaping is the exports’ job)', () => {
    const file = '"<img src=x onerror=alert(1)>",<script>x</script>,u\n"=1+2",+cmd,@SUM(A1)\n-2,d,u\n';
    expect(projects(file).rows.map((row) => [row.name, row.description, row.url])).toEqual([
      ['<img src=x onerror=alert(1)>', '<script>x</script>', 'u'],
      ['=1+2', '+cmd', '@SUM(A1)'],
      ['-2', 'd', 'u'],
    ]);
  });
});

describe('R86 hackathon-platform export', () => {
  it('finds columns by name: reordered, any case, trimmed, quotes ignored', () => {
    const file = [
      ' opt-in prizes ,VIDEO DEMO LINK,Try it out Links,"  ""Project Title"" ",About the project,Notes,submission url',
      '"AI/ML, Fintech",v,t,Alpha,About,n,https://alpha.example',
    ].join('\n');
    expect(devpost(file).rows).toEqual([
      {
        name: 'Alpha',
        description: 'About',
        url: 'https://alpha.example',
        try_link: 't',
        video_link: 'v',
        challenge_list: ['AI/ML', 'Fintech'],
      },
    ]);
  });

  it('needs a Project Title column (no line prefix) and only that one', () => {
    expect(failure(() => devpost('Title,Submission Url\nA,u\n'))).toBe('missing column: Project Title');
    expect(devpost('Project Title\nA\n').rows).toEqual([
      { name: 'A', description: '', url: '', try_link: '', video_link: '', challenge_list: [] },
    ]);
  });

  it('skips Draft rows (any case) and counts them, even without a title', () => {
    const file = `${DEVPOST_HEADER}\nA,,Draft\nB,,Submitted\n,, dRaFt \nC,,Drafted\n`;
    const { rows, skipped } = devpost(file);
    expect(rows.map((row) => row.name)).toEqual(['B', 'C']);
    expect(skipped).toBe(2);
  });

  it('an empty title on a non-draft row is `line n: name is required`', () => {
    expect(failure(() => devpost(`${DEVPOST_HEADER}\nA,,Submitted\n\n  ,u,Submitted\n`))).toBe(
      'line 4: name is required',
    );
  });

  it('counts ignored-track rows with the drafts', () => {
    const file = `${DEVPOST_HEADER}\nA,,Draft,,,,AI/ML\nB,,,,,,"Fintech, AI/ML"\nC,,,,,,Fintech\n`;
    const { rows, skipped } = devpost(file, ['AI/ML']);
    expect(rows.map((row) => row.name)).toEqual(['C']);
    expect(skipped).toBe(2);
  });

  it('short rows read missing cells as empty', () => {
    expect(devpost(`${DEVPOST_HEADER}\nA,https://a.example\n`).rows[0]).toMatchObject({
      name: 'A',
      url: 'https://a.example',
      challenge_list: [],
    });
  });
});

describe('R85 judge CSV', () => {
  it('reads name, email, optional track and notes; extra columns are ignored', () => {
    expect(judges('Ann,ann@x.io\nBob,bob@x.io,AI/ML,"likes, commas",extra\n', { tracks: ['AI/ML'] })).toEqual(
      [
        { name: 'Ann', email: 'ann@x.io', track: '', notes: '' },
        { name: 'Bob', email: 'bob@x.io', track: 'AI/ML', notes: 'likes, commas' },
      ],
    );
  });

  it('gives each problem of R85 with its line', () => {
    expect(failure(() => judges('Ann,ann@x.io\nBob\n'))).toBe(
      'line 2: expected at least 2 columns (name, email)',
    );
    expect(failure(() => judges('Ann,ann@x.io\n,bob@x.io\n'))).toBe('line 2: Name and email are required');
    expect(failure(() => judges('Ann,ann@x.io\nBob, ,AI/ML\n'))).toBe('line 2: Name and email are required');
    expect(failure(() => judges('Ann,ann@x.io\n\nBob,bob@\n'))).toBe('line 3: invalid email: bob@');
    expect(
      failure(() => judges('Ann,ann@x.io\nBob,bob@x.io,AI-ML\n', { tracks: ['AI/ML', 'Health.Tech'] })),
    ).toBe(
      'line 2: unknown track: AI-ML (tracks in settings: AI/ML, Health.Tech; add it under Track Judging first)',
    );
  });

  it('checks a row in R85 order: columns, required, email, duplicate, track', () => {
    expect(failure(() => judges(',bad,AI-ML\n'))).toBe('line 1: Name and email are required');
    expect(failure(() => judges('Ann,bad,AI-ML\n'))).toBe('line 1: invalid email: bad');
    expect(failure(() => judges('Ann,ann@x.io,AI-ML\n', { existing: ['ann@x.io'] }))).toBe(
      'line 1: a judge with this email already exists',
    );
  });

  it('the first invalid row in file order decides', () => {
    expect(failure(() => judges('Ann,ann@x.io,Nope\nBob,bad\n', { tracks: ['AI/ML'] }))).toMatch(
      /^line 1: unknown track: Nope /,
    );
  });

  it('refuses an email already used by a judge, case-insensitively', () => {
    expect(failure(() => judges('Ann,ann@x.io\nBob,BOB@X.io\n', { existing: ['bob@x.IO'] }))).toBe(
      'line 2: a judge with this email already exists',
    );
  });

  it('refuses an email repeated within the file, case-insensitively', () => {
    expect(failure(() => judges('Ann,ann@x.io\nBob,bob@x.io\nAnn again, ANN@X.IO \n'))).toBe(
      'line 3: a judge with this email already exists',
    );
  });

  it('matches tracks exactly (R56): no case folding', () => {
    expect(failure(() => judges('Ann,ann@x.io,ai/ml\n', { tracks: ['AI/ML'] }))).toBe(
      'line 1: unknown track: ai/ml (tracks in settings: AI/ML; add it under Track Judging first)',
    );
  });

  it('drops the header row only when asked', () => {
    expect(judges('Name,Email\nAnn,ann@x.io\n', { hasHeader: true })).toHaveLength(1);
    expect(failure(() => judges('Name,Email\nAnn,ann@x.io\n'))).toBe('line 1: invalid email: Email');
  });

  it('keeps HTML and formula-looking names verbatim', () => {
    expect(judges('<b>Ann</b>,ann@x.io\n=cmd|x,bob@x.io\n').map((row) => row.name)).toEqual([
      '<b>Ann</b>',
      '=cmd|x',
    ]);
  });
});
