/** The hall layout (API.md 5.24, R92–R94) through HTTP and a real socket.io client. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedClockRunning, seedJudged } from '../test-support/seed.js';
import { multipart } from '../test-support/multipart.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const TABLES = [
  { table: 12, x: 45, y: 0, area: 'Room B' },
  { table: 1, x: 0, y: 0, area: ' Room A ' },
  { table: 2, x: 2.5, y: 0 },
];
const STORED = [
  { table: 1, x: 0, y: 0, area: 'Room A' },
  { table: 2, x: 2.5, y: 0, area: '' },
  { table: 12, x: 45, y: 0, area: 'Room B' },
];
const put = (payload: unknown) =>
  t.admin({ method: 'PUT', url: '/api/admin/layout', payload: payload as object });
const plan = async () => (await t.admin({ method: 'GET', url: '/api/admin/layout/plan' })).json();
/** The builder's areas (not the ones of TABLES: the server keeps them as sent). */
const PLAN = [
  {
    name: 'Room A',
    rows: 2,
    tablesPerRow: 5,
    tableSpacing: 2.5,
    rowSpacing: 6,
    serpentine: true,
    gaps: [{ row: 2, seat: 1 }],
    placement: { kind: 'at', x: 0, y: 0 },
  },
  {
    name: 'Room B',
    rows: 1,
    tablesPerRow: 4,
    tableSpacing: 3,
    rowSpacing: 6,
    serpentine: false,
    firstTable: 101,
    gaps: [],
    placement: { kind: 'beside', direction: 'south', gap: 30 },
  },
];
const publicLayout = async () => (await t.app.inject({ method: 'GET', url: '/api/layout' })).json();
const csv = (content: string, fields: Record<string, string> = {}) => {
  const body = multipart(fields, { content });
  return {
    method: 'POST' as const,
    url: '/api/admin/layout/csv',
    payload: body.payload,
    headers: body.headers,
  };
};

describe('PUT /admin/layout, GET /admin/layout, GET /layout (R92)', () => {
  it('replaces the whole layout, answers it sorted by table to admins and the public, and logs', async () => {
    expect((await put({ tables: TABLES })).json()).toEqual({ ok: 1 });
    expect((await t.admin({ method: 'GET', url: '/api/admin/layout' })).json()).toEqual({ tables: STORED });
    expect(await publicLayout()).toEqual({ tables: STORED });
    expect(await t.log()).toMatch(/ADMIN {2}\| Updated hall layout \(3 tables\)$/);

    expect((await put({ tables: [{ table: 7, x: 1, y: 2 }] })).json()).toEqual({ ok: 1 });
    expect(await publicLayout()).toEqual({ tables: [{ table: 7, x: 1, y: 2, area: '' }] });
    expect((await put({ tables: [] })).json()).toEqual({ ok: 1 });
    expect(await publicLayout()).toEqual({ tables: [] });
    expect(await t.log()).toMatch(/Updated hall layout \(0 tables\)$/);
  });

  it('keeps a hall of more tables than one statement holds, every one', async () => {
    // 1,201 tables: the repository writes 500 to a statement.
    const tables = Array.from({ length: 1201 }, (_, i) => ({
      table: i + 1,
      x: i % 40,
      y: Math.floor(i / 40),
    }));
    expect((await put({ tables })).json()).toEqual({ ok: 1 });
    expect(await publicLayout()).toEqual({ tables: tables.map((table) => ({ ...table, area: '' })) });
  });

  it('is empty before any layout', async () => {
    expect(await publicLayout()).toEqual({ tables: [] });
  });

  it('needs the admin for PUT and GET /admin/layout', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/layout', payload: { tables: [] } });
      expect(res.statusCode).toBe(401);
    }
  });

  it.each([
    [{}, 'tables is required'],
    [{ tables: null }, 'tables is required'],
    [{ tables: { table: 1 } }, 'tables must be a list of tables'],
    [{ tables: ['1'] }, 'tables[0] must be an object'],
    [{ tables: [{ x: 0, y: 0 }] }, 'tables[0].table is required'],
    [{ tables: [{ table: '3', x: 0, y: 0 }] }, 'tables[0].table must be an integer'],
    [{ tables: [{ table: 0, x: 0, y: 0 }] }, 'tables[0].table must be an integer of at least 1'],
    [{ tables: [{ table: -2, x: 0, y: 0 }] }, 'tables[0].table must be an integer of at least 1'],
    [{ tables: [{ table: 1.5, x: 0, y: 0 }] }, 'tables[0].table must be an integer of at least 1'],
    [{ tables: [{ table: 1, x: '0', y: 0 }] }, 'tables[0].x must be a number'],
    [{ tables: [{ table: 1, x: 0, y: null }] }, 'tables[0].y is required'],
    [{ tables: [{ table: 1, x: 0, y: 0, area: 3 }] }, 'tables[0].area must be a string'],
    [
      {
        tables: [
          { table: 1, x: 0, y: 0 },
          { table: 1, x: 5, y: 0 },
        ],
      },
      'table 1 appears more than once',
    ],
  ])('refuses %j with 400 "%s" and changes nothing', async (payload, error) => {
    await put({ tables: STORED });
    await t.refused({ method: 'PUT', url: '/api/admin/layout', payload }, 400, error);
  });

  /** A raw JSON body, as a client could send it (JSON.stringify cannot write these). */
  const refusedRaw = (payload: string, error: string) =>
    t.refused(
      { method: 'PUT', url: '/api/admin/layout', payload, headers: { 'content-type': 'application/json' } },
      400,
      error,
    );

  it('refuses a non-finite position (JSON numbers beyond double range parse as Infinity)', async () => {
    await refusedRaw(
      '{"tables":[{"table":1,"x":1e999,"y":0}]}',
      'tables[0].x must be a number of metres from -10000 to 10000',
    );
  });

  it('refuses a table number no database holds and a position farther than 10 km, keeps 10 km (issue 22)', async () => {
    // 1e20 was a 500 (the insert failed); ±1.7e308 was stored and blanked the hall map.
    await refusedRaw(
      '{"tables":[{"table":1e20,"x":1,"y":0}]}',
      'tables[0].table must be an integer of at least 1',
    );
    await refusedRaw(
      '{"tables":[{"table":1,"x":1.7e308,"y":0}]}',
      'tables[0].x must be a number of metres from -10000 to 10000',
    );
    await refusedRaw(
      '{"tables":[{"table":1,"x":0,"y":-10000.5}]}',
      'tables[0].y must be a number of metres from -10000 to 10000',
    );
    expect(
      (await put({ tables: [{ table: 9_007_199_254_740_991, x: -10_000, y: 10_000 }] })).statusCode,
    ).toBe(200);
    const res = await t.admin({ method: 'GET', url: '/api/admin/layout' });
    expect(res.json()).toEqual({
      tables: [{ table: 9_007_199_254_740_991, x: -10_000, y: 10_000, area: '' }],
    });
  });

  it('answers the generic body errors of 1.2', async () => {
    await refusedRaw('{"tables":', 'invalid JSON body');
    await refusedRaw('[]', 'request body must be a JSON object');
  });
});

describe('POST /admin/layout/csv (R92, R83)', () => {
  it('replaces the layout from a CSV with a header row, area optional', async () => {
    const res = await t.admin(
      csv('table,x,y,area\r\n12,45,0,Room B\n1,0,0, Room A \n\n2,2.5,0\n', { headerRow: 'true' }),
    );
    expect(res.json()).toEqual({ ok: 1, count: 3 });
    expect(await publicLayout()).toEqual({ tables: STORED });
    expect(await t.log()).toMatch(/Updated hall layout \(3 tables\)$/);
  });

  it.each([
    ['1,0,0\n2,5\n', 'line 2: expected at least 3 columns (table, x, y)'],
    ['1,0,0\n0,5,5\n', 'line 2: table must be an integer of at least 1'],
    ['1,0,0\nA,5,5\n', 'line 2: table must be an integer of at least 1'],
    ['1,0,0\n\n2,x,5\n', 'line 3: x must be a number of metres from -10000 to 10000'],
    ['1,0,0\n2,1,Infinity\n', 'line 2: y must be a number of metres from -10000 to 10000'],
    ['1,0,0\n2,1,1\n1,4,4\n', 'line 3: table 1 appears more than once'],
    ['1,0,"0\n', 'line 1: malformed CSV'],
  ])('refuses %j with 400 "%s", all or nothing', async (content, error) => {
    await put({ tables: STORED });
    await t.refused(csv(content), 400, error);
  });

  it('refuses a file with no rows and a request without a file', async () => {
    await t.refused(csv('table,x,y\n', { headerRow: 'on' }), 400, 'CSV file has no rows');
    await t.refused(
      { method: 'POST', url: '/api/admin/layout/csv', payload: { csv: '1,0,0' } },
      400,
      'csv file is required',
    );
  });
});

describe('areas on the project shapes (R94)', () => {
  it('ProjectSummary and JudgedProject carry the area of their table, "" without one', async () => {
    const a = await t.addProject({ name: 'Alpha' });
    const b = await t.addProject({ name: 'Beta' });
    const judge = await t.addJudge({ name: 'Ada', email: 'ada@judges.example' });
    await seedJudged(t.app, judge, a);
    const ada = await t.loginAs(judge);
    const areas = async () => ({
      list: (await t.app.inject({ method: 'GET', url: '/api/project/list/public' }))
        .json<{ area: string }[]>()
        .map((p) => p.area),
      summary: (await ada({ method: 'GET', url: `/api/project/${b}` })).json<{ area: string }>().area,
      judged: (await ada({ method: 'GET', url: `/api/judge/project/${a}` })).json<{ area: string }>().area,
      seen: (await ada({ method: 'GET', url: '/api/judge' })).json<{ seen_projects: { area: string }[] }>()
        .seen_projects[0]?.area,
    });
    expect(await areas()).toEqual({ list: ['', ''], summary: '', judged: '', seen: '' });
    // The public list is cached: the layout must invalidate it.
    await put({
      tables: [
        { table: 1, x: 0, y: 0, area: 'Room A' },
        { table: 2, x: 45, y: 0, area: 'Room B' },
      ],
    });
    expect(await areas()).toEqual({
      list: ['Room A', 'Room B'],
      summary: 'Room B',
      judged: 'Room A',
      seen: 'Room A',
    });
    // The admin list's Project shape (4.4) has no area (the response check of the test app enforces it).
    expect((await t.projects())[0]).not.toHaveProperty('area');
  });
});

describe('the builder’s plan: PUT /admin/layout `plan`, GET /admin/layout/plan (docs/hall-layout.md)', () => {
  it('keeps the areas sent with the tables, and R92’s answers keep their shape', async () => {
    expect(await plan()).toEqual({ plan: [] });
    expect((await put({ tables: TABLES, plan: PLAN })).json()).toEqual({ ok: 1 });
    expect(await plan()).toEqual({ plan: PLAN });
    expect((await t.admin({ method: 'GET', url: '/api/admin/layout' })).json()).toEqual({ tables: STORED });
    expect(await publicLayout()).toEqual({ tables: STORED });
  });

  it('forgets the areas when tables come without them, or from a CSV', async () => {
    await put({ tables: TABLES, plan: PLAN });
    await put({ tables: TABLES });
    expect(await plan()).toEqual({ plan: [] });
    await put({ tables: TABLES, plan: PLAN });
    expect((await t.admin(csv('1,0,0,Room A\n'))).json()).toEqual({ ok: 1, count: 1 });
    expect(await plan()).toEqual({ plan: [] });
  });

  it('refuses a bad plan with the path of its first bad field, changing nothing', async () => {
    await put({ tables: TABLES, plan: PLAN });
    const bad = (value: unknown) => ({
      method: 'PUT' as const,
      url: '/api/admin/layout',
      payload: { tables: [], plan: value },
    });
    await t.refused(bad('areas'), 400, 'plan must be a list of areas');
    await t.refused(bad([{ ...PLAN[0], rows: 0 }]), 400, 'plan[0].rows must be an integer from 1 to 200');
    await t.refused(
      bad([PLAN[0], { ...PLAN[1], placement: { kind: 'beside', direction: 'east' } }]),
      400,
      'plan[1].placement.gap is required',
    );
    expect(await plan()).toEqual({ plan: PLAN });
    expect(await publicLayout()).toEqual({ tables: STORED });
  });

  it('needs the admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/layout/plan' });
    expect(res.statusCode).toBe(401);
  });
});

describe('resets keep the layout (R92)', () => {
  it.each(['projects', 'all', 'judging-data', 'judges'])('%s', async (type) => {
    await put({ tables: STORED, plan: PLAN });
    expect((await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } })).json()).toEqual({
      ok: 1,
    });
    expect(await publicLayout()).toEqual({ tables: STORED });
    expect(await plan()).toEqual({ plan: PLAN });
  });

  it('the layout may change while judging runs', async () => {
    await seedClockRunning(t.app, true);
    expect((await put({ tables: STORED })).json()).toEqual({ ok: 1 });
  });
});

describe('layout.changed (6.2)', () => {
  it('reaches admin and public sockets, not judges; a refused change emits nothing', async () => {
    const judge = await t.addJudge({ name: 'Ada', email: 'ada@judges.example' });
    const { token } = await t.loginAs(judge);
    const url = await listen(t);
    const admin = await openSocket(url, { admin_password: TEST_ADMIN_PASSWORD });
    const visitor = await openSocket(url);
    const judgeSocket = await openSocket(url, { token });
    try {
      await put({ tables: [{ table: 1, x: 0, y: 0, area: 3 }] });
      await settle();
      expect(admin.names()).not.toContain('layout.changed');
      await put({ tables: STORED });
      await until(
        () => admin.names().includes('layout.changed') && visitor.names().includes('layout.changed'),
      );
      const payload = visitor.events.find((e) => e.name === 'layout.changed')?.payload;
      expect(payload).toEqual({ seq: expect.any(Number) });
      await settle();
      expect(judgeSocket.names()).not.toContain('layout.changed');
    } finally {
      admin.close();
      visitor.close();
      judgeSocket.close();
    }
  });
});
