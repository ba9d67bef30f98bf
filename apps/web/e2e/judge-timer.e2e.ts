/**
 * The live page's per-project timer with `judging_timer` = 2 s: Done waits for Start Judging,
 * the clock turns red at zero, the alarm loops (its state is exposed as `data-alarm`; audio
 * output is not asserted) and the Time is Up popup stops it when closed; the screen is kept on
 * (a screen wake lock) while the timer runs or the alarm rings. Then a project judged with a
 * notes draft that survives a reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  judgeRecord,
  judgeWhileJudging,
  launchBrowser,
  seedProject,
  startServer,
  openPhonePage,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let judgeId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedProject(server, { name: 'Clockwork Orange', description: '' });
  const judge = await judgeWhileJudging(server, { name: 'Ada Lovelace', email: 'ada@example.org' }, 2);
  judgeId = judge.id;
  ({ context, page, errors } = await openPhonePage(browser, server, judge.token));
  // Notes each screen wake lock the page takes from the browser's own API, to see whether it holds one.
  await context.addInitScript(() => {
    const taken: WakeLockSentinel[] = [];
    Object.assign(window, { takenWakeLocks: taken });
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = async (type) => {
      const lock = await request(type);
      taken.push(lock);
      return lock;
    };
  });
});

/** How many screen wake locks the page holds (the screen stays on while one is held). */
const heldWakeLocks = () =>
  page.evaluate(
    () =>
      (window as unknown as { takenWakeLocks: WakeLockSentinel[] }).takenWakeLocks.filter(
        (lock) => !lock.released,
      ).length,
  );

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const main = () => page.locator('main');

describe('the judging timer', () => {
  it('waits for Start Judging before Done is possible', async () => {
    await page.goto(`${server.baseUrl}/judge/live`);
    await page.getByRole('heading', { level: 1, name: 'Clockwork Orange' }).waitFor();
    await page.getByText('[No Description]').waitFor();
    expect(await button('Done').isDisabled()).toBe(true);
    // Why, beside it, and that this Start Judging is the judge's own clock (issue 23).
    expect(await button('Done').getAttribute('aria-describedby')).toBe('judge-done-waits');
    expect(await page.locator('#judge-done-waits').textContent()).toBe('Done unlocks after Start Judging.');
    expect(await page.locator('#judge-start-what').textContent()).toBe(
      'Starts your 2-second timer for this project when you reach its table.',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await heldWakeLocks()).toBe(0); // the screen may lock while the judge walks
    // A tap on the backdrop closes a popup (the clock has not started, so nothing can run out).
    await button('Flag').tap();
    await page.getByRole('dialog', { name: 'Flag Project' }).waitFor();
    await page.touchscreen.tap(8, 8);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('counts down to a red clock, loops the alarm and shows Time is Up', async () => {
    await button('Start Judging').tap();
    // The screen stays on while the timer runs, and while its alarm rings.
    await expect.poll(heldWakeLocks).toBe(1);
    expect(await button('Done').isDisabled()).toBe(false);
    expect(await page.locator('#judge-done-waits').count()).toBe(0);
    const clock = page.locator('.judge-clock');
    expect(await clock.locator('.judge-clock__time').textContent()).toMatch(/^00:0[12]$/);

    const timeUp = page.getByRole('alertdialog', { name: 'Time is Up' });
    await timeUp.waitFor();
    await timeUp
      .getByText('remind the participant that they should be done with their presentation')
      .waitFor();
    expect(await clock.getAttribute('data-status')).toBe('expired');
    expect(await clock.locator('.judge-clock__time').textContent()).toBe('00:00');
    expect(await main().getAttribute('data-alarm')).toBe('on');
    expect(await heldWakeLocks()).toBe(1);
    const red = await clock.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(red).toBe('rgb(185, 28, 28)');
    expect(await accessibilityViolations(page)).toEqual([]);

    await timeUp.getByRole('button', { name: 'OK' }).tap();
    await timeUp.waitFor({ state: 'hidden' });
    expect(await main().getAttribute('data-alarm')).toBe('off');
    await expect.poll(heldWakeLocks).toBe(0);
  });

  it('closes the popup with Escape too, and keeps the notes draft over a reload', async () => {
    await page.getByLabel('Personal notes').fill('Loud demo, strong idea.');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Clockwork Orange' }).waitFor();
    expect(await page.getByLabel('Personal notes').inputValue()).toBe('Loud demo, strong idea.');

    // The reload keeps the visit's clock (issue 14): it had run out, so no Start Judging again.
    await page.locator('.judge-clock[data-status="expired"]').waitFor();
    expect(await button('Start Judging').count()).toBe(0);
    expect(await button('Done').isDisabled()).toBe(false);
    // Opening a popup and pressing Escape closes it.
    await button('Skip').tap();
    await page.getByRole('dialog', { name: 'Skip Project' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('finishes with the draft as notes', async () => {
    // The clock ran out before the reload; it comes back expired, without a new Time is Up.
    await page.locator('.judge-clock[data-status="expired"]').waitFor();
    expect(await page.getByRole('alertdialog', { name: 'Time is Up' }).count()).toBe(0);
    await button('Done').tap();
    await page.getByRole('dialog', { name: 'Finish Project' }).getByRole('button', { name: 'Submit' }).tap();
    await page.waitForURL(`${server.baseUrl}/judge`);
    const record = await judgeRecord(server, judgeId);
    expect(record.seen_projects).toMatchObject([
      { name: 'Clockwork Orange', notes: 'Loud demo, strong idea.' },
    ]);
    expect(errors).toEqual([]);
  });
});
