/**
 * One judge on two phones at once (two browser contexts, each logged in with the judge's code):
 * when the judge's Skip on one phone ends the project the other still shows, the other says so
 * truly ("You moved on from … on another device"), not that an organizer moved the judge on; an
 * organizer's move (a declared conflict of interest) is still said as the organizer's on both; a
 * score corrected, a ranking or a star on one phone shows on the other, and so does the organizer's
 * edit of the project both hold.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedPage, ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeRecord,
  launchBrowser,
  loginJudgeApi,
  openPhonePage,
  scoreButton,
  seedJudge,
  seedProject,
  skipShownProject,
  startServer,
  unexpectedErrors,
  withoutOfflineNoise,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const phones: OpenedPage[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ['Solar Kiln', 'Tide Clock', 'Bee Counter']) await seedProject(server, { name });
  await apiCall(server, 'POST', '/admin/clock/unpause');
});

afterAll(async () => {
  for (const { context } of phones) await context.close();
  await browser?.close();
  await server?.stop();
});

const projectHeading = (page: Page) => page.locator('h1.judge-project-heading__name');
const notice = (page: Page) => page.getByRole('status').filter({ hasText: /moved (you )?on from/ });

/** The judge's `path` (the live page) on a phone of its own (its own login with the judge's code). */
async function phoneOf(code: string, path = '/judge/live'): Promise<Page> {
  const phone = await openPhonePage(browser, server, await loginJudgeApi(server, code));
  phones.push(phone);
  await phone.page.goto(`${server.baseUrl}${path}`);
  return phone.page;
}

/** The judge of `code` signed in over the API, given a project and done with it (`finish`'s body). */
async function judgedOnce(code: string, finish: Record<string, unknown>) {
  const token = await loginJudgeApi(server, code);
  const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token);
  await apiCall(server, 'POST', '/judge/finish', finish, token);
  return { token, seen: next.project_id };
}

describe('one judge on two phones', () => {
  it("says the judge moved on on another device after the other phone's Skip, and an organizer's move as the organizer's", async () => {
    const { id, code } = await seedJudge(server, { name: 'Ada Lovelace', email: 'ada@example.org' });
    const [a, b] = [await phoneOf(code), await phoneOf(code)];
    await projectHeading(a).waitFor();
    const skipped = (await projectHeading(a).textContent()) as string;
    await projectHeading(b).filter({ hasText: skipped }).waitFor();

    await skipShownProject(a, 'Busy');
    await projectHeading(a).filter({ hasNotText: skipped }).waitFor();
    const next = (await judgeRecord(server, id)).current as string;
    // Phone B hears of the Skip at once (`judge.updated` to the judge's phones), without a reload.
    await notice(b).waitFor({ timeout: 10_000 });
    expect(await notice(a).count()).toBe(0);
    expect(await notice(b).textContent()).toMatch(
      new RegExp(`^You moved on from ${skipped} \\(table \\d+\\) on another device\\.`),
    );
    expect(await notice(b).textContent()).not.toContain('organizer');
    await projectHeading(b).filter({ hasNotText: skipped }).waitFor();
    expect(await accessibilityViolations(b)).toEqual([]);

    // The organizer declares a conflict with the project both phones show: both say it was the organizer.
    await apiCall(server, 'PUT', `/judge/conflicts/${id}`, { projects: [next] });
    for (const page of [a, b]) {
      await notice(page)
        .filter({ hasText: /^An organizer moved you on from/ })
        .waitFor({ timeout: 10_000 });
    }
    for (const { errors } of phones) expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a phone that cannot ask who moved the judge on', () => {
  it('names nobody: neither the organizer nor the other device', async () => {
    const { id, code } = await seedJudge(server, { name: 'Mary Somerville', email: 'mary@example.org' });
    const [a, b] = [await phoneOf(code), await phoneOf(code)];
    await projectHeading(a).waitFor();
    const skipped = (await projectHeading(a).textContent()) as string;
    await projectHeading(b).filter({ hasText: skipped }).waitFor();
    // Phone B's question fails on the network (`GET /judge/visit/:id`).
    await b.route('**/api/judge/visit/**', (route) => route.abort('internetdisconnected'));

    await skipShownProject(a, 'Busy');
    await projectHeading(a).filter({ hasNotText: skipped }).waitFor();
    await apiCall(server, 'PUT', `/judge/${id}`, {
      name: 'Mary Somerville',
      email: 'mary@example.org',
      notes: 'y',
    });
    await notice(b).waitFor({ timeout: 10_000 });
    expect(await notice(b).textContent()).toMatch(
      new RegExp(`^You were moved on from ${skipped} \\(table \\d+\\)\\. You no longer judge it\\.`),
    );
    await projectHeading(b).filter({ hasNotText: skipped }).waitFor();
    // Its two phones; the question cut on the network is said on B's console.
    for (const { errors } of phones.slice(-2)) expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});

describe("the judge's ranking, star and held project on the other phone", () => {
  it('follow a ranking and a star made on one phone, and the organizer renaming and moving the held project, without a reload', async () => {
    const { id, code } = await seedJudge(server, { name: 'Frances Allen', email: 'frances@example.org' });
    const { token, seen } = await judgedOnce(code, { notes: '' });
    const [dashboard, live] = [await phoneOf(code, '/judge'), await phoneOf(code)];
    const row = dashboard.locator(`.judge-row[data-project-id="${seen}"]`);
    await row.waitFor();
    await projectHeading(live).waitFor();
    const held = (await judgeRecord(server, id)).current as string;

    // The other phone ranks and stars the project it finished.
    await apiCall(server, 'POST', '/judge/rank', { ranking: [seen] }, token);
    await apiCall(server, 'PUT', `/judge/star/${seen}`, { starred: true }, token);
    await dashboard
      .locator(`.judge-list--ranked .judge-row[data-project-id="${seen}"]`)
      .waitFor({ timeout: 10_000 });
    await row.getByText('Starred', { exact: true }).waitFor({ timeout: 10_000 });

    // The organizer renames the held project and moves it to another table.
    await apiCall(server, 'PUT', `/project/${held}`, { name: 'Renamed Rover' });
    await projectHeading(live).filter({ hasText: 'Renamed Rover' }).waitFor({ timeout: 10_000 });
    await apiCall(server, 'PUT', `/project/move/${held}`, { location: 42 });
    await expect
      .poll(() => live.locator('.judge-project-heading__table-number').textContent(), { timeout: 10_000 })
      .toBe('42');
    for (const { errors } of phones.slice(-2)) expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe("a score corrected on one of the judge's phones", () => {
  it('shows on the other phone, which has the project page open, without a reload', async () => {
    const { id: impact } = await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', {
      name: 'Impact',
    });
    const { code } = await seedJudge(server, { name: 'Grace Hopper', email: 'grace@example.org' });
    const { seen } = await judgedOnce(code, { scores: { [impact]: 2 } });
    const [a, b] = [
      await phoneOf(code, `/judge/project/${seen}`),
      await phoneOf(code, `/judge/project/${seen}`),
    ];
    const impactOn = (page: Page, score: number) =>
      page
        .getByRole('region', { name: 'Your scores' })
        .getByRole('radiogroup', { name: 'Impact', exact: true })
        .getByRole('radio', { name: String(score) });
    for (const page of [a, b]) await expect.poll(() => impactOn(page, 2).isChecked()).toBe(true);

    await scoreButton(a.getByRole('region', { name: 'Your scores' }), 'Impact', 4).tap();
    await a.getByText('All saved', { exact: true }).waitFor();
    await expect.poll(() => impactOn(b, 4).isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await impactOn(b, 2).isChecked()).toBe(false);
    for (const { errors } of phones.slice(-2)) expect(unexpectedErrors(errors)).toEqual([]);
  });
});
