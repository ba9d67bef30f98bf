/**
 * Issue 32 item 3 in real Chromium against the real server: with `PUBLIC_URL` set, the table
 * cards and the judges' login cards carry links to it, whatever address the organizer's browser
 * used, and no warning shows (the cards printed from 127.0.0.1 used to lead phones nowhere). The
 * warning for a loopback address is in team-status.e2e.ts, on the default server. One table card
 * prints alone; judges' cards print on A4 or Letter with the address to type the code at.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  launchBrowser,
  openAdminPage,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
} from './harness';

const PUBLIC_URL = 'https://judging.example.org';

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL });
  browser = await launchBrowser();
  await seedProject(server, { name: 'Moonshot Kiln' });
  await seedProject(server, { name: 'Tidepool Sensors for Coastal Erosion Monitoring' });
  await seedJudge(server, { name: 'Ada Lovelace', email: 'ada@example.org' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('printed links follow PUBLIC_URL (issue 32)', () => {
  it('table cards link to PUBLIC_URL, without a warning', async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/table-cards`);
    const card = page.locator('.table-card').first();
    await expect.poll(() => card.locator('.table-card__link').textContent()).toMatch(/^https:\/\//);
    const link = (await card.locator('.table-card__link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/team/[^/]+$`));
    expect(await card.locator('svg.qr-svg').getAttribute('data-text')).toBe(link);
    expect(await page.locator('.table-cards__intro [role="note"]').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('prints one table card alone, e.g. after its code was replaced', async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/table-cards`);
    await expect.poll(() => page.locator('.table-card').count()).toBe(2);
    // What print() would print: the cards shown in print media when it is called.
    await page.evaluate(() => {
      window.print = () => {
        const shown = [...document.querySelectorAll<HTMLElement>('.table-card')].filter(
          (element) => getComputedStyle(element).display !== 'none',
        );
        document.body.dataset.printed = shown
          .map((element) => element.querySelector('.table-card__name')?.textContent)
          .join('|');
      };
    });
    await page.emulateMedia({ media: 'print' });
    // The button itself is not printed: clicked as a script would, under print media.
    const printOne = page.getByRole('button', {
      name: 'Print this card of Moonshot Kiln',
      includeHidden: true,
    });
    await printOne.evaluate((button) => (button as HTMLButtonElement).click());
    expect(await page.locator('body').getAttribute('data-printed')).toBe('Moonshot Kiln');
    // Afterwards the page prints every card again.
    await page
      .locator('.cards-paper input')
      .first()
      .evaluate(() => window.print());
    expect(await page.locator('body').getAttribute('data-printed')).toBe(
      'Moonshot Kiln|Tidepool Sensors for Coastal Erosion Monitoring',
    );
    await page.emulateMedia({ media: 'screen' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("judges' login cards link to PUBLIC_URL, without a warning", async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/judge-codes`);
    const qr = page.locator('.judge-card svg.qr-svg').first();
    await expect.poll(() => qr.getAttribute('data-text')).toMatch(/proof=/);
    expect(await qr.getAttribute('data-text')).toMatch(
      new RegExp(`^${PUBLIC_URL}/judge/login\\?code=\\d+&proof=`),
    );
    expect(await page.locator('.judge-codes__intro [role="note"]').count()).toBe(0);
    // Without a camera: the address to type the code at, and the paper to print on (issue 32).
    expect(await page.locator('.judge-card__link').first().textContent()).toBe(`${PUBLIC_URL}/judge/login`);
    await page.getByLabel('Letter').check();
    expect(await page.locator('.judge-codes--letter').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
