/**
 * Issue 32 item 3 in real Chromium against the real server: with `PUBLIC_URL` set, the table
 * cards and the judges' login cards carry links to it, whatever address the organizer's browser
 * used, and no warning shows (the cards printed from 127.0.0.1 used to lead phones nowhere). The
 * warning for a loopback address is in team-status.e2e.ts, on the default server.
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

  it("judges' login cards link to PUBLIC_URL, without a warning", async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/judge-codes`);
    const qr = page.locator('.judge-card svg.qr-svg').first();
    await expect.poll(() => qr.getAttribute('data-text')).toMatch(/proof=/);
    expect(await qr.getAttribute('data-text')).toMatch(
      new RegExp(`^${PUBLIC_URL}/judge/login\\?code=\\d+&proof=`),
    );
    expect(await page.locator('.judge-codes__intro [role="note"]').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
