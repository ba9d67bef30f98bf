/**
 * The dashboard at a large event (issue 16): 3,000 projects, headless Chromium against the real
 * server. It checks what the table shows at that size: every project, each sort by Name, each
 * search's rows and count. How fast is `npm run bench:dashboard`'s to measure (docs/benchmarks.md).
 */
import type { Project } from '@podium/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  adminApi,
  launchBrowser,
  nameSortCycle,
  saveAdminPassword,
  sortProjectsByName,
  startServer,
  uploadCsvText,
  VIEWPORTS,
} from './harness';

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

  expect(await sortProjectsByName(page)).toEqual(nameSortCycle(PROJECTS));

  // Each search shows exactly the projects its words match: a number matches a table number
  // exactly or appears in the name (util/search.ts). Every name has "Project": the number decides.
  const projects = await adminApi<Project[]>(server, 'GET', '/project/list');
  const search = page.getByLabel('Search projects');
  for (const query of ['Project 2', 'Project 29', 'Project 2999', '']) {
    const number = query.replace('Project', '').trim();
    const expected = projects.body
      .filter((p) => number === '' || p.name.includes(number) || p.location === Number(number))
      .map((p) => p.name);
    await search.fill(query);
    const count = query ? `${expected.length} of ${PROJECTS} projects` : `${PROJECTS} projects`;
    await expect.poll(() => page.locator('.table-filters__count').textContent()).toBe(count);
    const shown = await page.$$eval('.dashboard-table tbody tr th', (cells) =>
      cells.map((th) => th.firstChild!.textContent!),
    );
    expect(shown.sort()).toEqual(expected.sort());
  }
  await context.close();
}, 180_000);
