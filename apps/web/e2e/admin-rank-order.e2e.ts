/**
 * The order an organizer decides prizes in (issue 16): the dashboard's Projects table leads with
 * rank_score (R34), Rank first, and shows Copeland (R31) only as a secondary column, the spec's "Score", explained in its header.
 * Real judges judge and rank through the HTTP API; the page is the real app in Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  collectPageErrors,
  launchBrowser,
  loginJudgeApi,
  saveAdminPassword,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  startServer,
  unexpectedErrors,
} from './harness';

let server: ServerHandle;
let browser: Browser;

/** Project names by table: 1 Anchor, 2 Beacon, 3 Comet, 4 Dynamo. */
const NAMES = ['Anchor', 'Beacon', 'Comet', 'Dynamo'];
/** Every judge sees all four and ranks them best first: Comet, Dynamo, Anchor, Beacon. */
const JUDGED_ORDER = ['Comet', 'Dynamo', 'Anchor', 'Beacon'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const ids = new Map<string, string>();
  for (const name of NAMES) ids.set(name, await seedProject(server, { name }));
  await apiCall(server, 'POST', '/admin/clock/unpause');
  for (const n of [1, 2, 3]) {
    const judge = await seedJudge(server, { name: `Judge ${n}`, email: `judge${n}@example.org` });
    const token = await loginJudgeApi(server, judge.code);
    for (let i = 0; i < NAMES.length; i += 1) {
      await apiCall(server, 'POST', '/judge/next', undefined, token);
      await apiCall(server, 'POST', '/judge/finish', { notes: '', starred: false }, token);
    }
    const ranking = JUDGED_ORDER.map((name) => ids.get(name));
    await apiCall(server, 'POST', '/judge/rank', { ranking }, token);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function rowNames(page: Page): Promise<string[]> {
  return page.$$eval('.dashboard-table tbody tr th', (cells) => cells.map((th) => th.textContent ?? ''));
}

function headers(page: Page): Promise<string[]> {
  return page.$$eval('.dashboard-table thead th', (cells) =>
    cells.map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim() ?? ''),
  );
}

describe('the admin dashboard orders projects by rank_score', () => {
  it('leads with Rank in rank_score order, Copeland secondary as the spec’s Score, explained; the sort cycle returns to it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await saveAdminPassword(context, server);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/admin`);
    await page.locator('.dashboard-table tbody tr').nth(3).waitFor();

    const list = await apiCall<{ name: string; rank_score?: number }[]>(server, 'GET', '/project/list');
    const byRankScore = [...list]
      .sort((a, b) => (b.rank_score ?? 0) - (a.rank_score ?? 0))
      .map((p) => p.name);
    expect(byRankScore).toEqual(JUDGED_ORDER);
    expect(await rowNames(page)).toEqual(JUDGED_ORDER);

    const shown = await headers(page);
    expect(shown.slice(1, 3)).toEqual(['Rank', 'Name']);
    // The spec's title (§2 "Score"); what it counts is the header's tooltip and description.
    expect(shown).toContain('Score');
    expect(shown).not.toContain('Copeland score');
    expect(await page.locator('thead th', { hasText: /^Score/ }).getAttribute('title')).toMatch(
      /^Copeland score/,
    );
    const rank = page.locator('thead th', { hasText: 'Rank' });
    expect(await rank.getAttribute('aria-sort')).toBe('ascending');
    const places = await page.$$eval('.dashboard-table tbody tr', (rows) =>
      rows.map((row) => row.children[1]?.firstChild?.textContent),
    );
    expect(places).toEqual(['1', '2', '3', '4']);

    // Table order on request, then back: descending, cleared, and the rank order again.
    await page.getByRole('button', { name: /^Table #/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(NAMES);
    await page.getByRole('button', { name: /^Rank/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(JUDGED_ORDER);
    await page.getByRole('button', { name: /^Rank/ }).click();
    await expect.poll(() => rowNames(page)).toEqual([...JUDGED_ORDER].reverse());
    await page.getByRole('button', { name: /^Rank/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(JUDGED_ORDER);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('numbers every project as Results does: one no judge has seen after the judged ones (its rank_score says nothing), a hidden one not at all', async () => {
    // Added after the judging: its rank_score, 0, is above Beacon's, ranked last by every judge.
    const echo = await seedProject(server, { name: 'Echo' });
    const list = await apiCall<{ id: string; name: string; rank_score?: number }[]>(
      server,
      'GET',
      '/project/list',
    );
    const byName = new Map(list.map((project) => [project.name, project]));
    expect(byName.get('Beacon')?.rank_score).toBeLessThan(byName.get('Echo')?.rank_score ?? 0);
    const dynamo = byName.get('Dynamo')?.id ?? '';
    await apiCall(server, 'PUT', `/project/hide/${dynamo}`, { hide: true });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await saveAdminPassword(context, server);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/admin`);
      await page.locator('.dashboard-table tbody tr').nth(4).waitFor();
      const shown = await page.$$eval('.dashboard-table tbody tr', (rows) =>
        rows.map((row) => [
          row.querySelector('th')?.firstChild?.textContent,
          row.children[1]?.firstChild?.textContent,
        ]),
      );
      const results = await apiCall<{ projects: { name: string; rank: number | null }[] }>(
        server,
        'GET',
        '/admin/results',
      );
      const placed = results.projects.map(({ name, rank }) => [name, rank === null ? '–' : String(rank)]);
      expect(shown).toEqual(placed);
      expect(shown).toEqual([
        ['Comet', '1'],
        ['Anchor', '2'],
        ['Beacon', '3'],
        ['Echo', '4'],
        ['Dynamo', '–'],
      ]);
      // A screen reader hears why the hidden project has no place, not that it awaits one.
      const hiddenRank = page.locator('.dashboard-table tbody tr').last().locator('td').nth(1);
      expect(await hiddenRank.textContent()).toContain('hidden: no place');
      await context.close();
    } finally {
      await apiCall(server, 'PUT', `/project/hide/${dynamo}`, { hide: false });
      await apiCall(server, 'DELETE', `/project/${echo}`);
    }
  });
});
