/** Exports over HTTP (R79–R82): exact headers, file names, cells, formula guard. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedJudged, seedRanking, seedSettings } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { unzip } from '../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const codeOf = async (id: string) =>
  (await t.admin({ method: 'GET', url: '/api/judge/list' }))
    .json<{ id: string; code: string }[]>()
    .find((j) => j.id === id)?.code;

/** An event with formula-looking text, a hidden project, a track judge and rankings. */
async function seedEvent() {
  await seedSettings(t.app, { tracks: ['AI/ML'] });
  const a = await t.addProject({
    name: '=HYPERLINK("x")',
    description: 'says "hi", twice\nnew line',
    challenge_list: 'AI/ML, Open',
  });
  const b = await t.addProject({ name: 'Beta', url: '@evil', challenge_list: ['Open', 'Fin/Tech'] });
  const c = await t.addProject({ name: 'Gamma', try_link: '-1+1', challenge_list: 'Fin:Tech' });
  await t.admin({ method: 'PUT', url: `/api/project/hide/${c}`, payload: { hide: true } });
  const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org', notes: '+notes' });
  const tia = await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI/ML' });
  await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
  for (const p of [a, b, c]) await seedJudged(t.app, ada, p, { starred: p === b });
  await seedRanking(t.app, ada, [b]);
  await seedJudged(t.app, tia, a, { starred: true });
  return { a, b, c, ada, tia };
}

describe('GET /admin/export/judges (R79)', () => {
  it('is a CSV attachment with every judge in creation order', async () => {
    const { ada } = await seedEvent();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/judges' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=judges.csv');
    const code = await codeOf(ada);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('Name,Email,Notes,Code,Active,ReadWelcome,Seen,LastActivity,Track,Group');
    expect(lines[1]).toBe(`Ada,ada@x.org,'+notes,${code},true,false,3,0,,0`);
    expect(lines[2]).toMatch(/^Tia,tia@x.org,,\d{8},true,false,1,0,AI\/ML,0$/);
    expect(lines[3]).toMatch(/^Bob,bob@x.org,,\d{8},true,false,0,0,,1$/);
    expect(lines[4]).toBe('');
    expect(lines).toHaveLength(5);
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
  });
});

describe('GET /admin/export/projects (R80)', () => {
  it('has every project by table with Score and Stars, quoted and formula-guarded', async () => {
    await seedEvent();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/projects' });
    expect(res.headers['content-disposition']).toBe('attachment; filename=projects.csv');
    // Ada ranked [b], saw a, b, c: b 2, a −1, c −1.
    expect(res.body).toBe(
      [
        'Name,Table,Description,URL,TryLink,VideoLink,ChallengeList,Seen,Active,LastActivity,Score,Stars',
        `"'=HYPERLINK(""x"")",Table 1,"says ""hi"", twice\nnew line",,,,"AI/ML,Open",1,true,0,-1,0`,
        'Beta,Table 2,,\'@evil,,,"Open,Fin/Tech",1,true,0,2,1',
        "Gamma,Table 3,,,'-1+1,,Fin:Tech,1,false,0,-1,0",
        '',
      ].join('\n'),
    );
    expect((await t.admin({ method: 'GET', url: '/api/admin/log' })).json<{ log: string }>().log).toContain(
      'ADMIN  | Exported projects to CSV',
    );
  });
});

describe('GET /admin/export/rankings (R81)', () => {
  it('lists judges who ranked, with ranked and unranked tables', async () => {
    const { ada } = await seedEvent();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/rankings' });
    expect(res.headers['content-disposition']).toBe('attachment; filename=rankings.csv');
    expect(res.body).toBe(`Name,Code,Ranked,Unranked\nAda,${await codeOf(ada)},2,"1,3"\n`);
  });
});

describe('GET /admin/export/challenges (R82)', () => {
  it('zips one CSV per challenge, hidden projects included, tracks with their columns', async () => {
    await seedEvent();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/challenges' });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename=challenge-projects.zip');
    const entries = unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['AI_ML.csv', 'Open.csv', 'Fin_Tech.csv', 'Fin_Tech (2).csv']);
    const [aiml, open, fin, fin2] = entries.map((e) => e.content.toString('utf8').split('\n'));
    expect(aiml?.[0]).toBe(
      'Name,Table,Description,URL,TryLink,VideoLink,ChallengeList,Seen,Active,LastActivity,Score,Stars,TrackSeen,TrackStars',
    );
    expect(aiml?.[1]?.startsWith(`"'=HYPERLINK(""x"")",Table 1,`)).toBe(true);
    expect(aiml?.at(-2)?.endsWith(',1,1')).toBe(true);
    expect(open?.[0]?.endsWith('Score,Stars')).toBe(true);
    expect(open?.filter((line) => line.includes('Table '))).toHaveLength(2);
    expect(fin?.[1]?.startsWith('Beta,Table 2')).toBe(true);
    expect(fin2?.[1]?.startsWith('Gamma,Table 3')).toBe(true);
  });

  it('numbers a challenge whose name differs from another only in case: unzipped on Windows or macOS, both stay', async () => {
    await t.addProject({ name: 'Alpha', challenge_list: 'Open, Web' });
    await t.addProject({ name: 'Beta', challenge_list: 'open' });
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/challenges' });
    const entries = unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Open.csv', 'Web.csv', 'open (2).csv']);
    expect(entries[2]?.content.toString('utf8').split('\n')[1]?.startsWith('Beta,')).toBe(true);
  });

  it('is a valid empty ZIP with no challenges', async () => {
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/challenges' });
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload)).toEqual([]);
  });
});
