/** The clock (R38–R41) and deliberation (R42), with a controlled time source. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_BACKUP_INTERVAL_MS } from '@podium/protocol';
import { seedSettings, seedToken } from '../test-support/seed.js';
import { createTestApp, testStorage, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = async (url: string, payload?: Record<string, unknown>) =>
  (await t.admin({ method: 'POST', url, ...(payload ? { payload } : {}) })).json();
const clock = async () => (await t.admin({ method: 'GET', url: '/api/admin/clock' })).json();
const started = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/started' })).json();
const clockLines = async () => (await t.log()).split('\n').filter((line) => /clock|deliberation/.test(line));

describe('clock (R38)', () => {
  it('starts paused at 0', async () => {
    expect(await clock()).toEqual({ running: false, time: 0 });
    expect(await started()).toEqual({ ok: 0 });
  });

  it('counts while running and keeps its time while paused', async () => {
    expect(await post('/api/admin/clock/unpause')).toEqual({ ok: 1, clock: { running: true, time: 0 } });
    expect(await started()).toEqual({ ok: 1 });
    t.clock.advance(5_000);
    expect(await clock()).toEqual({ running: true, time: 5_000 });
    expect(await post('/api/admin/clock/pause')).toEqual({ ok: 1, clock: { running: false, time: 5_000 } });
    t.clock.advance(60_000);
    expect(await clock()).toEqual({ running: false, time: 5_000 });
    await post('/api/admin/clock/unpause');
    t.clock.advance(1_500);
    expect(await clock()).toEqual({ running: true, time: 6_500 });
  });

  it('logs only changes: a second pause or unpause is a no-op', async () => {
    await post('/api/admin/clock/unpause');
    await post('/api/admin/clock/unpause');
    await post('/api/admin/clock/pause');
    await post('/api/admin/clock/pause');
    expect((await clockLines()).map((line) => line.slice(27))).toEqual([
      'ADMIN  | Unpaused clock',
      'ADMIN  | Paused clock',
    ]);
  });

  it('reset sets 0 and paused, also from running; logged only when it changed something', async () => {
    await post('/api/admin/clock/reset');
    expect(await clockLines()).toEqual([]);
    await post('/api/admin/clock/unpause');
    t.clock.advance(9_000);
    expect(await post('/api/admin/clock/reset')).toEqual({ ok: 1, clock: { running: false, time: 0 } });
    expect((await clockLines()).at(-1)).toMatch(/ADMIN {2}\| Reset clock$/);
  });

  it('backup stores the time without changing it, and is logged', async () => {
    await post('/api/admin/clock/unpause');
    t.clock.advance(42_000);
    expect(await post('/api/admin/clock/backup')).toEqual({ ok: 1, clock: { running: true, time: 42_000 } });
    expect(await t.app.db.first(t.app.db.q.selectFrom('clock').select('backup_ms'))).toEqual({
      backup_ms: 42_000,
    });
    expect(await t.log()).toContain('ADMIN  | Backed up clock manually');
  });
});

describe('persistence (R39)', () => {
  it('a running clock keeps running across a restart, with the downtime counted', async () => {
    const storage = await testStorage();
    try {
      const first = await createTestApp({ storage });
      await first.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
      first.clock.advance(10_000);
      await first.close();

      const second = await createTestApp({ storage });
      second.clock.set(first.clock.now() + 50_000);
      expect((await second.admin({ method: 'GET', url: '/api/admin/clock' })).json()).toEqual({
        running: true,
        time: 60_000,
      });
      await second.admin({ method: 'POST', url: '/api/admin/clock/pause' });
      await second.close();

      const third = await createTestApp({ storage });
      third.clock.set(second.clock.now() + 3_600_000);
      expect((await third.admin({ method: 'GET', url: '/api/admin/clock' })).json()).toEqual({
        running: false,
        time: 60_000,
      });
      await third.close();
    } finally {
      await storage.remove();
    }
  });
});

describe('automatic backups (R40)', () => {
  it('back up every 10 minutes while clock_sync is on and the clock runs, unlogged', async () => {
    await t.close();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await createTestApp();
    const backupAt = async () =>
      (await t.app.db.first(t.app.db.q.selectFrom('clock').select('backup_at')))?.backup_at;
    const backups = vi.spyOn(t.app.services.clock, 'autoBackup');
    /** 10 minutes pass; waits for the backup the timer started (its queries may take real time). */
    const interval = async () => {
      await vi.advanceTimersByTimeAsync(CLOCK_BACKUP_INTERVAL_MS);
      await backups.mock.results.at(-1)?.value;
    };
    await post('/api/admin/clock/unpause');
    await interval();
    expect(await backupAt()).toBe(0); // clock_sync is off
    await seedSettings(t.app, { clock_sync: true });
    t.clock.advance(1_000);
    await interval();
    expect(await backupAt()).toBe(t.clock.now());
    await post('/api/admin/clock/pause');
    const before = await backupAt();
    t.clock.advance(1_000);
    await interval();
    expect(await backupAt()).toBe(before); // paused: nothing to back up
    expect(backups).toHaveBeenCalledTimes(3);
    expect(await t.log()).not.toContain('Backed up clock');
  });
});

describe('deliberation (R42)', () => {
  it('starting pauses the clock; stopping does not resume it; the same value changes nothing', async () => {
    await post('/api/admin/clock/unpause');
    t.clock.advance(3_000);
    expect(await post('/api/admin/deliberation', { start: true })).toEqual({ ok: 1 });
    expect(await clock()).toEqual({ running: false, time: 3_000 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deliberation' })).json()).toEqual({ ok: 1 });
    await post('/api/admin/deliberation', { start: true });
    expect(await post('/api/admin/clock/unpause')).toEqual({
      error: 'end deliberation before resuming judging',
    });
    await post('/api/admin/deliberation', { start: false });
    expect(await clock()).toEqual({ running: false, time: 3_000 });
    expect((await clockLines()).map((line) => line.slice(27))).toEqual([
      'ADMIN  | Unpaused clock',
      'ADMIN  | Paused clock',
      'ADMIN  | Started deliberation',
      'ADMIN  | Stopped deliberation',
    ]);
  });

  it('validates start', async () => {
    await t.refused(
      { method: 'POST', url: '/api/admin/deliberation', payload: {} },
      400,
      'start is required',
    );
    await t.refused(
      { method: 'POST', url: '/api/admin/deliberation', payload: { start: 1 } },
      400,
      'start must be a boolean',
    );
  });

  it('judges read deliberation and the timer with their token', async () => {
    const judge = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const authorization = `Bearer ${await seedToken(t.app, judge)}`;
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { authorization } })).json();
    expect(await get('/api/judge/deliberation')).toEqual({ ok: 0 });
    expect(await get('/api/admin/timer')).toEqual({ judging_timer: 300 });
    await post('/api/admin/deliberation', { start: true });
    expect(await get('/api/judge/deliberation')).toEqual({ ok: 1 });
  });
});
