/**
 * Log forging (issue 15 item 4, R76): names with CR, LF or other control characters must not
 * start lines of their own in `/admin/log`. Every event stays one line; the characters appear
 * as visible escapes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../test-support/multipart.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const FORGED = '[2026-11-25T01:00:01.000Z] ADMIN  | Deleted judge Bob (abc)';
/** A name that, written raw, would add a forged ADMIN line. */
const EVE = `Eve\r\n${FORGED}`;
/** The same with the other separators a log viewer may break lines at. */
const MALLORY = `Mallory\u2028${FORGED}\u0085x\u001b[31m\u007f\ty`;

const lines = async () => (await t.log()).split('\n');
/** Lines that begin with a log time stamp but were not written by the server as a line. */
const forgedLines = async () => (await lines()).filter((line) => line.startsWith('[2026-11-25T01:00:01'));

async function qrSelfAdd(name: string, email: string) {
  const { qr_code } = (await t.admin({ method: 'POST', url: '/api/admin/qr' })).json<{ qr_code: string }>();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/qr/add',
    payload: { code: qr_code, name, email },
  });
  expect(res.json()).toEqual({ ok: 1 });
}

describe('control characters in logged names (R76: one event, one line)', () => {
  it('QR self-add: the name is escaped, and so is every later JUDGE line about that judge', async () => {
    await t.addProject({ name: 'Robot' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    await qrSelfAdd(EVE, 'eve@example.org');
    const [judge] = await t.judges();
    const before = (await lines()).length;
    const eve = await t.loginAs(judge?.id ?? '');
    expect((await eve({ method: 'POST', url: '/api/judge/welcome' })).statusCode).toBe(200);
    expect((await eve({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);

    const log = await lines();
    // Log in, welcome and pick: three lines, however many separators the name holds. The judge's
    // only: once, on PostgreSQL under the fresh-clone CI, one more line landed meanwhile (which one
    // was not printed; this prints the new lines if it fails).
    const judgeLines = log.slice(before).filter((line) => /^\[[^\]]+\] JUDGE /.test(line));
    expect(judgeLines, log.slice(before).join('\n')).toHaveLength(3);
    // Every line is a whole event: none starts without its time stamp.
    expect(log.slice(before).filter((line) => !line.startsWith('[20'))).toEqual([]);
    expect(await forgedLines()).toEqual([]);
    expect(log).toContainEqual(
      expect.stringContaining(`| Added judge Eve\\r\\n${FORGED} (eve@example.org) from QR code`),
    );
    for (const line of judgeLines) {
      expect(line).toContain(`| Judge Eve\\r\\n${FORGED} (${judge?.id}) | `);
    }
  });

  it('judge add and edit: C0, DEL, C1 and U+2028 are written as escapes', async () => {
    const id = await t.addJudge({ name: MALLORY, email: 'm@example.org' });
    const edit = await t.admin({ method: 'PUT', url: `/api/judge/${id}`, payload: { name: EVE } });
    expect(edit.statusCode).toBe(200);
    const del = await t.admin({ method: 'DELETE', url: `/api/judge/${id}` });
    expect(del.statusCode).toBe(200);

    const log = await lines();
    expect(log).toHaveLength(4); // started, added, edited, deleted
    expect(await forgedLines()).toEqual([]);
    expect(log[1]).toContain(`Added judge Mallory\\u2028${FORGED}\\x85x\\x1b[31m\\x7f\\ty (m@example.org)`);
    expect(log[2]).toContain(`Edited judge ${id}: {"name":"Eve\\r\\n`);
    expect(log[3]).toContain(`| Deleted judge Eve\\r\\n${FORGED} (${id})`);
  });

  it('project add, edit and CSV import: names reach the log on one line each', async () => {
    const id = await t.addProject({ name: EVE });
    expect(
      (await t.admin({ method: 'PUT', url: `/api/project/${id}`, payload: { name: MALLORY } })).statusCode,
    ).toBe(200);
    const csv = `"${EVE.replace(/"/g, '""')}",desc,https://x.org\n`;
    const imported = await t.admin({
      method: 'POST',
      url: '/api/project/csv',
      ...multipart({}, { content: csv }),
    });
    expect(imported.json()).toMatchObject({ ok: 1, count: 1 });
    // The imported project's name is logged when a judge picks it.
    await t.admin({ method: 'POST', url: '/api/project/hide', payload: { items: [id], hide: true } });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@example.org' }));
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);

    const log = await lines();
    // started, added, edited, CSV, hid, unpaused, judge added, log in, picked
    expect(log).toHaveLength(9);
    expect(await forgedLines()).toEqual([]);
    expect(log[1]).toContain(`| Added project Eve\\r\\n${FORGED} (${id})`);
    expect(log[2]).toContain(`| Edited project ${id}: Mallory\\u2028`);
    expect(log[8]).toContain(`| Picked new project Eve\\r\\n${FORGED} (`);
  });
});
