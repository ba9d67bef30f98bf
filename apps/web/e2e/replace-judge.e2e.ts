/**
 * Replacing a judge, pace marks and a judge's visits (issue 24, docs/api-extensions.md "Replacing a
 * judge and pace"), at 1280×800: the organizer replaces a judge with and without keeping its
 * rankings and sees Results change, reinstates it, sees the pace mark of a judge who hurries, and
 * opens a judge's visits. Judges judge through the real HTTP API; the page is the real app in Chromium.
 */
import type { JudgeAdmin, Project } from '@podium/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  launchBrowser,
  loginJudgeApi,
  noticeWithText,
  openAdminPage,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  startServer,
  unexpectedErrors,
} from './harness';

const VIEWPORT = { viewport: { width: 1280, height: 800 } };

let server: ServerHandle;
let browser: Browser;
let projects: { a: string; b: string; c: string };

/** The judge takes and finishes `count` projects at once; returns their IDs in order. */
async function judgeQuickly(token: string, count: number, starred: ReadonlySet<string> = new Set()) {
  const seen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
    if (next.project_id === undefined) throw new Error('no project to judge');
    seen.push(next.project_id);
    await apiCall(
      server,
      'POST',
      '/judge/finish',
      { notes: '', starred: starred.has(next.project_id) },
      token,
    );
  }
  return seen;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 300 });
  projects = {
    a: await seedProject(server, { name: 'Alpha' }),
    b: await seedProject(server, { name: 'Beta' }),
    c: await seedProject(server, { name: 'Gamma' }),
  };
  const [ada, bob, fast] = [
    await seedJudge(server, { name: 'Ada', email: 'ada@example.org' }),
    await seedJudge(server, { name: 'Bob', email: 'bob@example.org' }),
    await seedJudge(server, { name: 'Fast', email: 'fast@example.org' }),
  ];
  await apiCall(server, 'POST', '/admin/clock/unpause');
  // Ada and Bob see Alpha and Beta (Gamma hidden meanwhile) and disagree: the Copeland counts
  // cancel out, so the table order (Alpha first) decides until one of them stops counting.
  await apiCall(server, 'PUT', `/project/hide/${projects.c}`, { hide: true });
  const adaToken = await loginJudgeApi(server, ada.code);
  await judgeQuickly(adaToken, 2, new Set([projects.a]));
  await apiCall(server, 'POST', '/judge/rank', { ranking: [projects.a, projects.b] }, adaToken);
  const bobToken = await loginJudgeApi(server, bob.code);
  await judgeQuickly(bobToken, 2);
  await apiCall(server, 'POST', '/judge/rank', { ranking: [projects.b, projects.a] }, bobToken);
  await apiCall(server, 'PUT', `/project/hide/${projects.c}`, { hide: false });
  // Fast finishes three projects within seconds of a five-minute timer: its pace is marked.
  await judgeQuickly(await loginJudgeApi(server, fast.code), 3);
  // Ada now holds Gamma, the one project she has not seen.
  const held = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, adaToken);
  expect(held.project_id).toBe(projects.c);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function judgesTable(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('button', { name: 'Judges', exact: true }).click();
  await page.getByRole('button', { name: 'Actions for Fast' }).waitFor();
}

async function rowAction(page: Page, rowName: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The Results view's ranking, best first, once it shows `first` on top. */
async function resultsRanking(page: Page, first: string): Promise<string[]> {
  await page.goto(`${server.baseUrl}/admin/results`);
  const names = page.locator('section[aria-labelledby="results-ranking"] tbody tr .results-table__name');
  await names.first().filter({ hasText: first }).waitFor();
  return names.allTextContents();
}

const stars = async () =>
  Object.fromEntries(
    (await apiCall<Project[]>(server, 'GET', '/project/list')).map((p) => [p.name, p.stars]),
  );
const judge = async (name: string) =>
  (await apiCall<JudgeAdmin[]>(server, 'GET', '/judge/list')).find((j) => j.name === name);

describe('replacing a judge', () => {
  it('marks the judge who hurries, and lists a judge’s visits in a dialog', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORT);
    await judgesTable(page);
    const mark = page.locator('.row-badge--pace');
    await mark.waitFor();
    expect(await mark.count()).toBe(1);
    // Seen: the badge, its explanation in the tooltip; heard: both.
    const explanation =
      /^Visits far shorter than the judging timer: the median visit is under a third of it \(median 0:0\d of a 5:00 timer\)\.$/;
    expect(await mark.getAttribute('title')).toMatch(explanation);
    expect(await mark.textContent()).toMatch(/^Fast visits: Visits far shorter than the judging timer/);
    expect(await mark.evaluate((el) => el.firstChild?.textContent)).toBe('Fast visits');
    expect(await page.getByRole('row', { name: /Fast/ }).locator('.row-badge--pace').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await rowAction(page, 'Ada', 'Visits');
    const dialog = page.getByRole('dialog', { name: 'Visits of Ada' });
    // The dialog opens at once; its visits come with their answer.
    await dialog.locator('tbody tr').nth(2).waitFor();
    const rows = await dialog
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    expect(rows.map((row) => [row[0], row[4]])).toEqual([
      [expect.stringMatching(/^(Alpha|Beta)$/), 'Finished'],
      [expect.stringMatching(/^(Alpha|Beta)$/), 'Finished'],
      ['Gamma', 'Judging now'],
    ]);
    expect(rows[0]?.[3]).toMatch(/^0:0\d$/);
    expect(rows[2]?.[3]).toBe('–');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('replaces a judge without keeping its rankings (Results change, its project is released), reinstates it, then replaces one keeping them', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORT);
    expect(await resultsRanking(page, 'Alpha')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await stars()).toMatchObject({ Alpha: 1 });

    await judgesTable(page);
    await rowAction(page, 'Ada', 'Replace');
    const dialog = page.getByRole('dialog', { name: 'Replace Judge' });
    await dialog.waitFor();
    const replace = dialog.getByRole('button', { name: 'Replace' });
    // The choice is the organizer's to make: nothing is preselected.
    expect(await replace.isDisabled()).toBe(true);
    // Replacing adds nobody: the dialog says so, and how to bring someone in (issue 32).
    expect(await dialog.textContent()).toContain(
      'No judge is added in their place: add the judge who takes over with Add Judges',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog
      .getByLabel(
        'Set their rankings, stars and scores aside, and take their feedback off the teams’ pages (their views still count)',
      )
      .check();
    await replace.click();
    await noticeWithText(
      page,
      'Judge replaced: their project was released, and their rankings, stars, scores and feedback are set aside.',
    ).waitFor();
    await page.getByRole('row', { name: /Ada/ }).getByText('Replaced: rankings set aside').waitFor();
    expect(await judge('Ada')).toMatchObject({ active: false, current: null });
    expect(await stars()).toMatchObject({ Alpha: 0 });

    // Bob's ranking alone now puts Beta first.
    expect(await resultsRanking(page, 'Beta')).toEqual(['Beta', 'Gamma', 'Alpha']);
    const adaInResults = page.locator('section[aria-labelledby="results-judges"] tr', { hasText: 'Ada' });
    await adaInResults.getByText('Replaced: rankings and stars set aside').waitFor();
    const fastInResults = page.locator('section[aria-labelledby="results-judges"] tr', { hasText: 'Fast' });
    await fastInResults.getByText('Fast visits').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await judgesTable(page);
    await rowAction(page, 'Ada', 'Reinstate');
    await noticeWithText(
      page,
      'Judge reinstated: their rankings, stars, scores and feedback count again.',
    ).waitFor();
    expect(await judge('Ada')).toMatchObject({ active: true });
    expect(await resultsRanking(page, 'Alpha')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await stars()).toMatchObject({ Alpha: 1 });

    await judgesTable(page);
    await rowAction(page, 'Bob', 'Replace');
    await dialog.waitFor();
    await dialog
      .getByLabel('Keep counting their rankings, stars and scores; teams keep their feedback')
      .check();
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await page.getByRole('row', { name: /Bob/ }).getByText('Replaced', { exact: true }).waitFor();
    expect(await judge('Bob')).toMatchObject({ active: false });
    expect(await resultsRanking(page, 'Alpha')).toEqual(['Alpha', 'Beta', 'Gamma']);
    const log = (await apiCall<{ log: string }>(server, 'GET', '/admin/log')).log;
    expect(log).toMatch(/Replaced judge Ada \(\w+\), rankings and stars set aside/);
    expect(log).toMatch(/Reinstated judge Ada \(\w+\)/);
    expect(log).toMatch(/Replaced judge Bob \(\w+\), rankings and stars kept/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
