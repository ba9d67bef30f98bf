/**
 * Benchmark of the dashboard at a large event (issue 16): 3,000 projects. Same pattern as the
 * 600-project test of admin-dashboard.e2e.ts: headless Chromium against the real server, times
 * taken with the page's own clock from the click to the next painted frame. The logged figures go
 * to docs/benchmarks.md; the assertions are loose safety nets only.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import { launchBrowser, saveAdminPassword, startServer, uploadCsvText, VIEWPORTS } from './harness';

const PROJECTS = 3_000;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const csv = Array.from(
    { length: PROJECTS },
    (_, i) => `Project ${String(i + 1).padStart(4, '0')},A demo,https://example.org/p${i},,,"AI, Web"`,
  ).join('\n');
  expect((await uploadCsvText(server, '/project/csv', csv)).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it(`sorts and searches the projects table at ${PROJECTS} projects`, async () => {
  const context = await browser.newContext(VIEWPORTS.desktop);
  await saveAdminPassword(context, server);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/admin`);
  await page
    .locator('.table-filters__count', { hasText: `${PROJECTS} projects` })
    .waitFor({ timeout: 60_000 });

  const sortMs = await page.evaluate(async () => {
    const header = [...document.querySelectorAll('.dashboard-table thead th')].find((th) =>
      th.textContent?.startsWith('Name'),
    )!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const times: number[] = [];
    for (const direction of ['ascending', 'descending', null, 'ascending', 'descending', null]) {
      await frame();
      const start = performance.now();
      header.querySelector('button')!.click();
      while (header.getAttribute('aria-sort') !== direction) await frame();
      await frame();
      times.push(performance.now() - start);
    }
    return times;
  });

  // Typing a query: from the input event to the painted frame with the filtered rows.
  const searchMs = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('.table-filters input')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const times: number[] = [];
    for (const query of ['Project 2', 'Project 29', 'Project 2999', '']) {
      await frame();
      const start = performance.now();
      setter.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      await frame();
      times.push(performance.now() - start);
    }
    return times;
  });

  console.log(
    `[admin dashboard benchmark] ${PROJECTS} projects: sort by Name, click to painted frame: ` +
      `${sortMs.map((ms) => ms.toFixed(0)).join(' / ')} ms; search 'Project 2' / 'Project 29' / ` +
      `'Project 2999' / cleared: ${searchMs.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
  );
  for (const ms of [...sortMs, ...searchMs]) expect(ms).toBeLessThan(10_000);
  await context.close();
}, 180_000);
