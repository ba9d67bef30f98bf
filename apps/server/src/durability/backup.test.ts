/**
 * `GET /admin/backup` (docs/operations.md): a consistent snapshot of the live database, taken while
 * judges keep finishing, that a fresh server started on it serves unchanged.
 * Incident class: lost event data — a backup that cannot be restored, or one that stops judging.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeAdmin, Project } from '@podium/protocol';
import { DATABASE_FILE } from '../config.js';
import { backupFilename } from '../event-copies/file-copies.js';
import { multipart } from '../test-support/multipart.js';
import { createTestApp, tempDataDir, type JudgeClient, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
const folders: string[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An event big enough (500 projects: about 1 MB of pages) that the online backup copies it in many steps. */
async function seedEvent(projects: number, judges: number): Promise<JudgeClient[]> {
  const description = 'A long project description. '.repeat(40);
  const rows = Array.from({ length: projects }, (_, i) => `P${i},"${description}",https://p${i}.example.org`);
  const imported = await t.admin({
    method: 'POST',
    url: '/api/project/csv',
    ...multipart({}, { content: rows.join('\n') }),
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const clients: JudgeClient[] = [];
  for (let i = 0; i < judges; i += 1) {
    clients.push(await t.loginAs(await t.addJudge({ name: `Judge ${i}`, email: `j${i}@x.org` })));
  }
  await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
  return clients;
}

/** What each judge finished, for its rankings. */
const finishedBy = new Map<JudgeClient, string[]>();

/** One judging cycle: next, finish with a note and a star, rank what was seen (newest first). */
async function cycle(judge: JudgeClient, round: number): Promise<void> {
  const next = await judge({ method: 'POST', url: '/api/judge/next' });
  expect(next.statusCode).toBe(200);
  const { project_id } = next.json<{ project_id: string }>();
  const finish = await judge({
    method: 'POST',
    url: '/api/judge/finish',
    payload: { notes: `round ${round}`, starred: round % 2 === 0 },
  });
  expect(finish.statusCode).toBe(200);
  const seen = [project_id, ...(finishedBy.get(judge) ?? [])];
  finishedBy.set(judge, seen);
  const rank = await judge({
    method: 'POST',
    url: '/api/judge/rank',
    payload: { ranking: seen.slice(0, 10) },
  });
  expect(rank.statusCode).toBe(200);
}

async function download(app: TestApp) {
  const res = await app.admin({ method: 'GET', url: '/api/admin/backup' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Writes a downloaded snapshot as the database of a new data folder (the restore procedure). */
function restoreFolder(snapshot: Buffer): string {
  const folder = tempDataDir();
  folders.push(folder);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, DATABASE_FILE), snapshot);
  return folder;
}

const withoutStartLine = (log: string) =>
  log
    .split('\n')
    .filter((line) => !line.endsWith('SYSTEM | Server started'))
    .join('\n');

describe('GET /admin/backup', () => {
  it('downloads the database as an attachment with its type, time-stamped name and a log line', async () => {
    const res = await download(t);
    expect(res.headers['content-type']).toBe('application/vnd.sqlite3');
    // Named after the server's clock (the test's), so the name is known exactly.
    expect(res.headers['content-disposition']).toBe(`attachment; filename=${backupFilename(t.clock.now())}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(await t.log()).toMatch(/\] ADMIN {2}\| Downloaded database backup$/);
  });

  it('names the file after the ISO 8601 time of the backup, without colons', () => {
    expect(backupFilename(Date.UTC(2026, 10, 22, 9, 5, 7, 42))).toBe('podium-backup-20261122T090507.042Z.db');
  });

  it('a restored snapshot starts and serves the same data (incident: unrestorable backup)', async () => {
    const judges = await seedEvent(40, 6);
    for (const [i, judge] of judges.entries()) await cycle(judge, i);
    await t.admin({
      method: 'POST',
      url: '/api/admin/options',
      payload: { min_views: 7, judging_timer: 90 },
    });
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });

    const projects = await t.projects();
    const judgeList = await t.judges();
    const options = (await t.admin({ method: 'GET', url: '/api/admin/options' })).json();
    const logBefore = await t.log();
    const snapshot = (await download(t)).rawPayload;

    const restored = await createTestApp({ dataDir: restoreFolder(snapshot) });
    try {
      expect(await restored.projects()).toEqual(projects);
      expect(await restored.judges()).toEqual(judgeList);
      expect((await restored.admin({ method: 'GET', url: '/api/admin/options' })).json()).toEqual(options);
      expect(withoutStartLine(await restored.log())).toBe(withoutStartLine(logBefore));
      // Tokens are in the snapshot too: judges stay signed in after a restore.
      const self = await restored.app.inject({
        method: 'GET',
        url: '/api/judge',
        headers: { authorization: `Bearer ${judges[0]?.token}` },
      });
      expect(self.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('is taken while judges keep finishing, and is one consistent state (incident: torn backup)', async () => {
    const judges = await seedEvent(500, 12);
    let backingUp = true;
    let cyclesDuring = 0;
    const backup = download(t).finally(() => {
      backingUp = false;
    });
    const judging = judges.map(async (judge, i) => {
      for (let round = 0; backingUp; round += 1) {
        await cycle(judge, i + round);
        if (backingUp) cyclesDuring += 1;
      }
    });
    const [res] = await Promise.all([backup, ...judging]);

    const file = join(restoreFolder(res.rawPayload), DATABASE_FILE);
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(raw.pragma('foreign_key_check')).toEqual([]);
    } finally {
      raw.close();
    }

    const restored = await createTestApp({ dataDir: join(file, '..') });
    try {
      const projects = await restored.projects();
      const judgeList = await restored.judges();
      expect(projects).toHaveLength(500);
      // R30 holds inside the snapshot: views, seen counts and the judges' lists agree.
      const views = new Map<string, number>();
      for (const judge of judgeList) {
        expect(judge.seen).toBe(judge.seen_projects.length);
        for (const seen of judge.seen_projects)
          views.set(seen.project_id, (views.get(seen.project_id) ?? 0) + 1);
      }
      for (const project of projects) expect(project.seen).toBe(views.get(project.id) ?? 0);
      // Nothing in the snapshot is newer than the live data.
      const live = new Map((await t.judges()).map((judge: JudgeAdmin) => [judge.id, judge]));
      for (const judge of judgeList) {
        const now = live.get(judge.id);
        expect(now?.seen_projects.slice(0, judge.seen)).toEqual(judge.seen_projects);
      }
      // Judging went on during the copy: cycles completed (each with 200, checked in `cycle`).
      const finished = (await t.projects()).reduce((sum: number, p: Project) => sum + p.seen, 0);
      const inSnapshot = projects.reduce((sum, p) => sum + p.seen, 0);
      expect(cyclesDuring).toBeGreaterThan(0);
      expect(inSnapshot).toBeLessThanOrEqual(finished);
    } finally {
      await restored.close();
    }
  });
});
