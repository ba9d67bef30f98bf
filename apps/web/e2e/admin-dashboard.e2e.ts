/**
 * The admin dashboard in a real browser against the real server (product spec §2 "Admin
 * dashboard", §8 alerts, §9 confirmations; API.md §6 realtime). Tests share one server and run
 * in file order, as an organizer's day would: later tests see what earlier ones did. A judge acts
 * in a second browser context once (the live test), and otherwise through the HTTP API with their
 * own token, so every change the page shows arrived live.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  collectPageErrors,
  LIVE_MS,
  launchBrowser,
  loginJudgeApi,
  nameSortCycle,
  noticeWithText,
  recordApiWrites,
  saveAdminPassword,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  sortProjectsByName,
  startServer,
  unexpectedErrors,
  uploadCsvText,
  VIEWPORTS,
  within,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const judges: { id: string; code: string; token?: string }[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedProject(server, { name: 'Robot Arm', url: 'https://example.org/robot', challenge_list: 'AI' });
  await seedProject(server, { name: 'Solar Kite', url: 'https://example.org/kite' });
  await seedProject(server, {
    name: 'Quiet Library',
    url: 'https://example.org/library',
    challenge_list: 'AI',
  });
  judges.push(await seedJudge(server, { name: 'Ada Judge', email: 'ada@example.org' }));
  judges.push(await seedJudge(server, { name: 'Grace Judge', email: 'grace@example.org' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;

/** The value of the stat tile `label`. */
function stat(page: Page, label: string) {
  return page
    .locator('.stat-tile')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

/** The text of `column` in the row of the shown table whose name cell contains `rowName`. */
function cellText(page: Page, rowName: string, column: string): Promise<string | null> {
  return page.evaluate(
    ([name, label]) => {
      const table = document.querySelector('.dashboard-table table');
      if (!table) return null;
      const headers = [...table.querySelectorAll('thead th')].map((th) =>
        th.textContent?.replace(/[▲▼↕]/g, '').trim(),
      );
      const row = [...table.querySelectorAll('tbody tr')].find((tr) =>
        tr.querySelector('th')?.textContent?.includes(name),
      );
      return row?.children[headers.indexOf(label)]?.textContent?.trim() ?? null;
    },
    [rowName, column] as const,
  );
}

/** Names in the shown table, top to bottom. */
function rowNames(page: Page): Promise<string[]> {
  return page.$$eval('.dashboard-table tbody tr th', (cells) =>
    cells.map((th) => th.querySelector('a')?.textContent ?? th.firstChild?.textContent ?? ''),
  );
}

async function rowAction(page: Page, rowName: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function menuAction(page: Page, item: string) {
  await page.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** A bar of a coverage chart as drawn: its axis label, the count over it, its height in the SVG. */
interface DrawnBar {
  label: string;
  items: number;
  height: number;
  short: boolean;
}

/** The bars the coverage chart titled `title` draws (empty bins draw none), left to right. */
function chartBars(page: Page, title: string): Promise<DrawnBar[]> {
  return page.evaluate((name) => {
    const figure = [...document.querySelectorAll('figure.coverage-chart')].find(
      (f) => f.querySelector('figcaption')?.textContent === name,
    );
    const groups = figure?.querySelectorAll('svg > g:not(.coverage-chart__target)') ?? [];
    return [...groups].flatMap((g) => {
      const bar = g.querySelector('rect.coverage-chart__bar');
      if (!bar) return [];
      return [
        {
          label: g.querySelector('.coverage-chart__tick')?.textContent ?? '',
          items: Number(g.querySelector('.coverage-chart__count')?.textContent),
          height: Number(bar.getAttribute('height')),
          short: bar.classList.contains('coverage-chart__bar--short'),
        },
      ];
    });
  }, title);
}

/** Label → count of the drawn bars, for comparing with what the server stored. */
async function barCounts(page: Page, title: string): Promise<Record<string, number>> {
  return Object.fromEntries((await chartBars(page, title)).map((bar) => [bar.label, bar.items]));
}

interface ProjectRecord {
  id: string;
  name: string;
  location: number;
  group: number;
  prioritized: boolean;
}
interface JudgeGroupRecord {
  id: string;
  name: string;
  group: number;
}

const projectList = () => apiCall<ProjectRecord[]>(server, 'GET', '/project/list');
const judgeList = () => apiCall<JudgeGroupRecord[]>(server, 'GET', '/judge/list');
/** Name → field of every stored project or judge, as the server has it now. */
async function stored<T extends { name: string }, K extends keyof T>(list: () => Promise<T[]>, key: K) {
  return Object.fromEntries((await list()).map((item) => [item.name, item[key]]));
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('admin dashboard (laptop)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterEach(async () => {
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  async function openDashboard() {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await page.locator('.dashboard-table tbody tr').first().waitFor();
  }

  it('sends a visitor without the password to the login; the saved cookie opens the dashboard', async () => {
    await page.goto(url('/admin'));
    await page.waitForURL(url('/admin/login'));

    await openDashboard();
    expect(await page.title()).toBe('Admin | Podium');
    await page.getByRole('link', { name: 'Podium Admin' }).waitFor();
    await stat(page, 'Projects').filter({ hasText: /^3$/ }).waitFor();
    await stat(page, 'Judges').filter({ hasText: /^2$/ }).waitFor();
    await stat(page, 'Average Project Seen').filter({ hasText: /^0$/ }).waitFor();
    expect(await rowNames(page)).toEqual(['Robot Arm', 'Solar Kite', 'Quiet Library']);
    expect(await page.getByRole('link', { name: 'Robot Arm' }).getAttribute('href')).toBe(
      'https://example.org/robot',
    );
    await page.getByText(/^Last Update: /).waitFor();
    await expectNoSeriousViolations(page);
  });

  it('starts judging: the clock ticks locally; paused it turns red and offers Resume', async () => {
    await openDashboard();
    const clock = page.getByRole('timer');
    expect(await clock.textContent()).toBe('00:00:00');
    await page.getByRole('button', { name: 'Start Judging' }).click();
    await page.getByRole('button', { name: 'Pause Judging' }).waitFor();
    await page
      .getByRole('timer')
      .filter({ hasText: /^00:00:0[2-9]$/ })
      .waitFor({ timeout: 5_000 });

    await page.getByRole('button', { name: 'Pause Judging' }).click();
    await page.getByRole('button', { name: 'Resume Judging' }).waitFor();
    expect(await clock.getAttribute('class')).toContain('admin-clock__time--paused');
    const color = await clock.evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(185, 28, 28)'); // --color-danger
    await page.getByRole('button', { name: 'Resume Judging' }).click();
    await page.getByRole('button', { name: 'Pause Judging' }).waitFor();

    // By keyboard, on a slow network: the button, disabled while its answer is on its way, has the
    // focus back once answered, so a second Enter resumes.
    const focusedButton = () =>
      page.evaluate(() =>
        document.activeElement?.tagName === 'BUTTON' ? document.activeElement.textContent : null,
      );
    await page.route('**/api/admin/clock/*', async (route) => {
      await new Promise((wait) => setTimeout(wait, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Pause Judging' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Resume Judging' }).waitFor();
    await expect.poll(focusedButton).toBe('Resume Judging');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Pause Judging' }).waitFor();
    await expect.poll(focusedButton).toBe('Pause Judging');
    await page.unroute('**/api/admin/clock/*');
  });

  it('shows a judge finishing a project in another browser live: Seen, Curr Proj and the coverage bars', async () => {
    await openDashboard();
    // Set in this page only: still there at the end proves no reload happened.
    await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    expect(await cellText(page, 'Ada Judge', 'Seen')).toBe('0');
    expect(await cellText(page, 'Ada Judge', 'Curr Proj')).toBe('');
    // One bar: every project unseen, short of the minimum of 3.
    const [unseen, ...none] = await chartBars(page, 'Projects by number of views');
    expect(none).toEqual([]);
    expect(unseen).toMatchObject({ label: '0', items: 3, short: true });
    expect(unseen!.height).toBeGreaterThan(0);
    expect(await barCounts(page, 'Judges by projects seen')).toEqual({ '0': 2 });

    // The judge, on a phone of their own: the login page, the welcome, live judging.
    const ada = judges[0]!;
    const judgeContext = await browser.newContext(VIEWPORTS.phone);
    try {
      const judgePage = await judgeContext.newPage();
      const judgeErrors = collectPageErrors(judgePage);
      await judgePage.goto(url('/judge/login'));
      await judgePage.getByLabel('Enter your judging code').fill(ada.code);
      await judgePage.getByRole('button', { name: 'Log In', exact: true }).tap();
      await judgePage.waitForURL(url('/judge/welcome'));
      await judgePage.getByRole('heading', { level: 1, name: 'Welcome, Ada Judge!' }).waitFor();
      for (const box of await judgePage.getByRole('checkbox').all()) await box.tap();
      await judgePage.getByRole('button', { name: 'Continue', exact: true }).tap();
      await judgePage.waitForURL(url('/judge'));
      await judgePage.getByRole('link', { name: 'Next Project' }).tap();
      await judgePage.waitForURL(url('/judge/live'));
      await judgePage.getByText('Table', { exact: true }).waitFor();
      const held = (await judgePage.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect(['Robot Arm', 'Solar Kite', 'Quiet Library']).toContain(held);

      await expect.poll(() => cellText(page, 'Ada Judge', 'Curr Proj'), { timeout: 10_000 }).toBe(held);

      await judgePage.getByLabel('Personal notes').fill('Great demo');
      // The default 5-minute timer: Done is possible once the judge started it.
      await judgePage.getByRole('button', { name: 'Start Judging', exact: true }).tap();
      await judgePage.getByRole('button', { name: 'Done', exact: true }).tap();
      const finish = judgePage.getByRole('dialog', { name: 'Finish Project' });
      await finish.getByRole('button', { name: `Star ${held}` }).tap();
      await finish.getByRole('button', { name: 'Submit' }).tap();
      await judgePage.waitForURL(url('/judge'));
      // Later tests act as this judge over the API, with the session the browser got.
      const cookie = (await judgeContext.cookies()).find(({ name }) => name === 'token');
      expect(cookie?.value).toBeTruthy();
      ada.token = decodeURIComponent(cookie!.value); // the app percent-encodes cookie values
      expect(unexpectedErrors(judgeErrors)).toEqual([]);

      await expect.poll(() => cellText(page, 'Ada Judge', 'Seen'), { timeout: 10_000 }).toBe('1');
      expect(await cellText(page, 'Ada Judge', 'Curr Proj')).toBe('');
      await expect
        .poll(() => barCounts(page, 'Judges by projects seen'), { timeout: 10_000 })
        .toEqual({ '0': 1, '1': 1 });
      await page.getByRole('button', { name: 'Projects', exact: true }).click();
      await expect.poll(() => cellText(page, held, 'Seen'), { timeout: 10_000 }).toBe('1');
      expect(await cellText(page, held, 'Stars')).toBe('1');
      // Two projects still unseen, one seen once: the 0 bar is drawn twice as tall as the 1 bar,
      // as tall as the single bar was before (the tallest fills the plot), both short of 3.
      await expect
        .poll(() => barCounts(page, 'Projects by number of views'), { timeout: 10_000 })
        .toEqual({ '0': 2, '1': 1 });
      const [zero, one] = await chartBars(page, 'Projects by number of views');
      expect([zero!.short, one!.short]).toEqual([true, true]);
      expect(zero!.height).toBeCloseTo(unseen!.height);
      expect(one!.height).toBeCloseTo(zero!.height / 2);
      await page
        .getByText('0 of 3 active projects have reached the minimum of 3 views; 2 have no views yet.')
        .waitFor();
      await page.getByText('2 active judges: 0.5 projects seen on average, 1 at most.').waitFor();
      await stat(page, 'Average Project Seen')
        .filter({ hasText: /^0\.333$/ })
        .waitFor();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );

      // What the dashboard shows is what the server stored.
      const record = (
        await apiCall<{ name: string; seen: number; current: string | null }[]>(server, 'GET', '/judge/list')
      ).find((judge) => judge.name === 'Ada Judge');
      expect(record).toMatchObject({ seen: 1, current: null });
    } finally {
      await judgeContext.close();
    }
  });

  it('sorts by a header click (ascending, descending, cleared), selects rows and batch-hides them', async () => {
    await openDashboard();
    const nameHeader = page.locator('thead th').filter({ hasText: 'Name' });
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await rowNames(page)).toEqual(['Quiet Library', 'Robot Arm', 'Solar Kite']);
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await rowNames(page)).toEqual(['Solar Kite', 'Robot Arm', 'Quiet Library']);
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBeNull();
    expect(await rowNames(page)).toEqual(['Robot Arm', 'Solar Kite', 'Quiet Library']);

    await page.getByRole('checkbox', { name: 'Select Robot Arm' }).check();
    await page.getByRole('checkbox', { name: 'Select Solar Kite' }).check();
    await page.getByText('2 projects selected').waitFor();
    await page
      .getByRole('group', { name: /Batch actions/ })
      .getByRole('button', { name: 'Hide', exact: true })
      .click();
    await noticeWithText(page, '2 projects hidden successfully!').waitFor();
    await page.getByText('No projects selected').waitFor();
    await expect.poll(() => cellText(page, 'Solar Kite', 'Name')).toContain('Hidden');
    await stat(page, 'Projects').filter({ hasText: /^1$/ }).waitFor();

    await page.getByRole('checkbox', { name: 'Select all projects' }).check();
    await page.getByText('3 projects selected').waitFor();
    await page
      .getByRole('group', { name: /Batch actions/ })
      .getByRole('button', { name: 'Unhide' })
      .click();
    await noticeWithText(page, '3 projects unhidden successfully!').waitFor();
    await stat(page, 'Projects').filter({ hasText: /^3$/ }).waitFor();
  });

  it('edits, moves and deletes with confirmations and the spec alerts; Escape and the backdrop close popups', async () => {
    // Its own project and judge, deleted at its end: the tests after it find the event as it was,
    // whatever happens here (they used to build on its renames, so one failure here failed seven).
    const kite = await seedProject(server, { name: 'Paper Kite', url: 'https://example.org/paper' });
    const hedy = await seedJudge(server, { name: 'Hedy Judge', email: 'hedy@example.org' });
    try {
      await editMoveAndDelete();
    } finally {
      await apiCall(server, 'DELETE', `/project/${kite}`);
      await apiCall(server, 'DELETE', `/judge/${hedy.id}`);
    }
  });

  /** The steps of the test above, on its own project and judge. */
  async function editMoveAndDelete() {
    await openDashboard();
    await rowAction(page, 'Paper Kite', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await edit.getByLabel('Name').fill('Paper Kite 2');
    await edit.getByLabel('Challenge List').fill('Energy, AI');
    await edit.getByRole('button', { name: 'Save' }).click();
    await noticeWithText(page, 'Project updated successfully!').waitFor();
    await expect.poll(() => rowNames(page)).toContain('Paper Kite 2');

    await rowAction(page, 'Paper Kite 2', 'Move to Table');
    const move = page.getByRole('dialog', { name: 'Move to Table' });
    await move.getByLabel('New table number').fill('-1');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.getByText('Invalid location number').waitFor();
    await move.getByLabel('New table number').fill('7');
    await move.getByRole('button', { name: 'Move' }).click();
    await noticeWithText(page, 'Project moved to table 7 successfully!').waitFor();
    await expect.poll(() => cellText(page, 'Paper Kite 2', 'Table #')).toBe('7');

    await rowAction(page, 'Robot Arm', 'Move to Table');
    await page.getByRole('dialog', { name: 'Move to Table' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // Focus is back on the menu button that opened the popup.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Actions for Robot Arm',
    );
    await rowAction(page, 'Robot Arm', 'Edit');
    await page.getByRole('dialog', { name: 'Edit Project' }).waitFor();
    await page.mouse.click(5, 5); // the backdrop
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // A project nobody judged (the server chooses what judges get), added while the page is open.
    await seedProject(server, { name: 'Old Prototype' });
    await expect.poll(() => rowNames(page)).toContain('Old Prototype');
    await rowAction(page, 'Old Prototype', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Project' });
    await confirm.getByText('Old Prototype').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await noticeWithText(page, 'project deleted successfully!').waitFor();
    await expect
      .poll(async () => (await rowNames(page)).sort())
      .toEqual(['Paper Kite 2', 'Quiet Library', 'Robot Arm', 'Solar Kite']);

    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await expect.poll(() => rowNames(page)).toContain('Hedy Judge');
    await rowAction(page, 'Hedy Judge', 'Edit');
    const judge = page.getByRole('dialog', { name: 'Edit Judge' });
    await judge.getByLabel('Notes').fill('Hardware expert');
    await judge.getByLabel('Name').fill('Hedy L.');
    await judge.getByRole('button', { name: 'Save' }).click();
    await noticeWithText(page, 'Judge updated successfully!').waitFor();
    await expect.poll(() => rowNames(page)).toContain('Hedy L.');

    await rowAction(page, 'Ada Judge', 'Judge Scores');
    const scores = page.getByRole('dialog', { name: 'Scores of Ada Judge' });
    await scores.getByText('Great demo').waitFor();
    await scores.getByLabel('Starred').waitFor();
    await expectNoSeriousViolations(page);
    await scores.getByRole('button', { name: 'Close' }).click();
    await scores.waitFor({ state: 'hidden' });
  }

  it('starts and ends deliberation after a confirmation; the clock resumes only after it, ended from its banner', async () => {
    await apiCall(server, 'POST', '/admin/clock/unpause'); // judging runs, also when this test runs alone
    await openDashboard();
    await menuAction(page, 'Start Deliberation');
    await page
      .getByRole('dialog', { name: 'Start Deliberation' })
      .getByRole('button', { name: 'Start Deliberation' })
      .click();
    await noticeWithText(
      page,
      'Deliberation has started! Judges will no longer be able to edit their rankings.',
    ).waitFor();
    await page
      .getByText(
        'Deliberation is on: judges cannot change their rankings or stars. End it to resume judging.',
      )
      .waitFor();
    // Starting paused the clock; resuming waits for the end (R42), and the button says why.
    const resume = page.getByRole('button', { name: 'Resume Judging' });
    expect(await resume.isDisabled()).toBe(true);
    expect(await resume.getAttribute('aria-describedby')).toBe('deliberation-banner');
    expect(await page.locator('#deliberation-banner').textContent()).toContain('End it to resume judging.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page
      .locator('.dashboard-toolbar__banner')
      .getByRole('button', { name: 'End Deliberation' })
      .click();
    await page
      .getByRole('dialog', { name: 'End Deliberation' })
      .getByRole('button', { name: 'End Deliberation' })
      .click();
    await noticeWithText(
      page,
      'Deliberations has been stopped. Judges can now edit their rankings.',
    ).waitFor();
    await page.getByText('Deliberation is on').waitFor({ state: 'detached' });
    expect(await resume.isDisabled()).toBe(false);
    await resume.click();
    await page.getByRole('button', { name: 'Pause Judging' }).waitFor();
  });

  it('shows deliberation started on another laptop, also past an Options answer sent before it', async () => {
    const id = await seedProject(server, { name: 'Tide Clock' });
    const { running } = await apiCall<{ running: boolean }>(server, 'GET', '/admin/clock');
    await openDashboard();
    const banner = page.getByText('Deliberation is on: judges cannot change their rankings or stars.');
    // The next GET /admin/options is answered as the server read it, but only once the
    // deliberation event has reached the page.
    let sent!: () => void;
    const optionsRead = new Promise<void>((resolve) => (sent = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let delivered!: () => void;
    const oldOptionsDelivered = new Promise<void>((resolve) => (delivered = resolve));
    let holding = true;
    await page.route('**/api/admin/options', async (route) => {
      if (!holding || route.request().method() !== 'GET') return await route.continue();
      holding = false;
      const response = await route.fetch();
      sent();
      await released;
      // The page may have dropped this read by now (a refetch cancels the one on its way).
      await route.fulfill({ response }).catch(() => undefined);
      delivered();
    });
    try {
      await apiCall(server, 'PUT', `/project/${id}`, { name: 'Tide Clock 2' }); // refetches Options
      await within(optionsRead, 'the GET /admin/options the project change causes');
      await apiCall(server, 'POST', '/admin/deliberation', { start: true });
      await banner.waitFor({ timeout: LIVE_MS });
      release();
      await within(oldOptionsDelivered, 'the held Options answer, delivered');
      await page.waitForTimeout(500); // what the old answer would do, done
      expect(await banner.isVisible()).toBe(true);
      await apiCall(server, 'POST', '/admin/deliberation', { start: false });
      await banner.waitFor({ state: 'detached', timeout: LIVE_MS });
    } finally {
      // As the other tests found it, whatever failed: no deliberation, the clock as it was (starting
      // deliberation paused it, R42), no project of this test's.
      release();
      await page.unroute('**/api/admin/options');
      const { deliberation } = await apiCall<{ deliberation: boolean }>(server, 'GET', '/admin/options');
      if (deliberation) await apiCall(server, 'POST', '/admin/deliberation', { start: false });
      const clock = await apiCall<{ running: boolean }>(server, 'GET', '/admin/clock');
      if (running && !clock.running) await apiCall(server, 'POST', '/admin/clock/unpause');
      await apiCall(server, 'DELETE', `/project/${id}`);
    }
  });

  it('lists flags (busy ones hidden) with their labels and resolves one', async () => {
    await openDashboard();
    const grace = judges[1]!;
    grace.token = await loginJudgeApi(server, grace.code);
    const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, grace.token);
    await apiCall(server, 'POST', '/judge/skip', { reason: 'cannot-demo' }, grace.token);
    const ada = judges[0]!;
    await apiCall(server, 'POST', '/judge/next', undefined, ada.token);
    await apiCall(server, 'POST', '/judge/skip', { reason: 'busy' }, ada.token);
    const flagged = (await apiCall<{ id: string; name: string }[]>(server, 'GET', '/project/list')).find(
      (p) => p.id === next.project_id,
    )!.name;

    await page.getByRole('button', { name: /^Flags 1$/ }).waitFor({ timeout: 10_000 });
    await expect.poll(() => cellText(page, flagged, 'Flagged')).toBe('⚑ 1 flag');
    await page.getByRole('button', { name: /^Flags/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Flags' });
    await dialog.getByRole('cell', { name: "Can't Demo", exact: true }).waitFor();
    expect(await dialog.getByRole('cell', { name: 'Busy', exact: true }).count()).toBe(0);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: `Resolve the Can't Demo flag on ${flagged}` }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('No open flags.').waitFor();
    // Its row gone, and no row left in its place: the popup's title holds the focus, not the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Flags');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Flags 0$/ }).waitFor();
  });

  /** Settings locked while judging runs (R88): pause, change, resume. */
  async function whilePaused(change: () => Promise<unknown>) {
    await apiCall(server, 'POST', '/admin/clock/pause');
    await change();
    await apiCall(server, 'POST', '/admin/clock/unpause');
  }

  it('filters by track when track judging is on: track stats, Stars/Seen, no Score or Group', async () => {
    await whilePaused(() => apiCall(server, 'POST', '/admin/options', { multi_group: true }));
    await openDashboard();
    await page.locator('thead th', { hasText: 'Group' }).waitFor();
    expect(await cellText(page, 'Robot Arm', 'Group')).toBe('Group 1');

    await whilePaused(async () => {
      await apiCall(server, 'POST', '/admin/tracks', { tracks: ['AI'] });
      await apiCall(server, 'POST', '/admin/options', { judge_tracks: true });
    });
    const track = page.getByLabel('Track');
    await track.waitFor(); // arrived live (options.changed)
    await track.selectOption('AI');
    await expect.poll(() => rowNames(page)).toEqual(['Robot Arm', 'Quiet Library']);
    await stat(page, 'Projects').filter({ hasText: /^2$/ }).waitFor();
    await stat(page, 'Judges').filter({ hasText: /^0$/ }).waitFor();
    const headers = await page.$$eval('.dashboard-table thead th', (ths) => ths.map((th) => th.textContent));
    expect(headers.join('|')).not.toMatch(/Score|Group/);
    expect(headers.join('|')).toMatch(/Stars.*Seen/);
    await track.selectOption('');
    await page.locator('thead th', { hasText: 'Score' }).waitFor();
    await whilePaused(() =>
      apiCall(server, 'POST', '/admin/options', { judge_tracks: false, multi_group: false }),
    );
    await track.waitFor({ state: 'detached' });
  });

  /** The Move to Group popup: types `value` and presses Move. */
  async function submitGroup(value: string) {
    const dialog = page.getByRole('dialog', { name: 'Move to Group' });
    await dialog.getByLabel('Group number').fill(value);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    return dialog;
  }

  /** Refused in the popup with the spec's text (§5); the popup stays open. */
  async function expectInvalidGroup(value: string) {
    const dialog = await submitGroup(value);
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Invalid group number$/ })
      .waitFor();
  }

  const batch = () => page.getByRole('group', { name: /Batch actions/ });

  it('moves projects and judges to a group, one and in a batch; refuses an invalid group number', async () => {
    await whilePaused(() =>
      apiCall(server, 'POST', '/admin/options', { multi_group: true, switching_mode: 'manual' }),
    );
    await openDashboard();
    const writes = recordApiWrites(page);
    await page.locator('thead th', { hasText: 'Group' }).waitFor();
    expect(await stored(projectList, 'group')).toEqual({
      'Robot Arm': 0,
      'Quiet Library': 0,
      'Solar Kite': 0,
    });

    // One project, from its row: bad numbers never reach the server; 3 groups make 3 too big.
    await rowAction(page, 'Robot Arm', 'Move to Group');
    await page
      .getByRole('dialog', { name: 'Move to Group' })
      .getByText('Move Robot Arm to another group.')
      .waitFor();
    for (const bad of ['-1', 'two', '1.5', '']) await expectInvalidGroup(bad);
    expect(writes).toEqual([]);
    await expectInvalidGroup('3'); // the server's check (num_groups = 3), same text
    expect(await stored(projectList, 'group')).toMatchObject({ 'Robot Arm': 0 });
    const dialog = await submitGroup('2');
    await noticeWithText(page, 'Project moved to group 2 successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cellText(page, 'Robot Arm', 'Group')).toBe('Group 3');
    expect(await stored(projectList, 'group')).toEqual({
      'Robot Arm': 2,
      'Quiet Library': 0,
      'Solar Kite': 0,
    });

    // Two projects, from the batch bar: one call of the batch route.
    await page.getByRole('checkbox', { name: 'Select Quiet Library' }).check();
    await page.getByRole('checkbox', { name: 'Select Solar Kite' }).check();
    await batch().getByRole('button', { name: 'Move to Group' }).click();
    await page
      .getByRole('dialog', { name: 'Move to Group' })
      .getByText('Move 2 selected projects to another group.')
      .waitFor();
    await expectInvalidGroup('-2');
    await submitGroup('1');
    await noticeWithText(page, '2 projects moved to group 1 successfully!').waitFor();
    await page.getByText('No projects selected').waitFor();
    await expect.poll(() => cellText(page, 'Quiet Library', 'Group')).toBe('Group 2');
    expect(await cellText(page, 'Solar Kite', 'Group')).toBe('Group 2');
    expect(await stored(projectList, 'group')).toEqual({
      'Robot Arm': 2,
      'Quiet Library': 1,
      'Solar Kite': 1,
    });

    // The same for judges.
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await rowAction(page, 'Ada Judge', 'Move to Group');
    await expectInvalidGroup('x');
    await submitGroup('2');
    await noticeWithText(page, 'Judge moved to group 2 successfully!').waitFor();
    await expect.poll(() => cellText(page, 'Ada Judge', 'Group')).toBe('Group 3');
    expect(await stored(judgeList, 'group')).toMatchObject({ 'Ada Judge': 2 });

    await page.getByRole('checkbox', { name: 'Select all judges' }).check();
    await page.getByText('2 judges selected').waitFor();
    await batch().getByRole('button', { name: 'Move to Group' }).click();
    await expectInvalidGroup('-1');
    await submitGroup('0');
    await noticeWithText(page, '2 judges moved to group 0 successfully!').waitFor();
    await page.getByText('No judges selected').waitFor();
    await expect.poll(() => cellText(page, 'Ada Judge', 'Group')).toBe('Group 1');
    expect(await cellText(page, 'Grace Judge', 'Group')).toBe('Group 1');
    expect(await stored(judgeList, 'group')).toEqual({ 'Ada Judge': 0, 'Grace Judge': 0 });

    // One row used the single route, several the batch route (product spec §7).
    const ids = Object.fromEntries((await projectList()).map((p) => [p.name, p.id]));
    const judgeIds = Object.fromEntries((await judgeList()).map((j) => [j.name, j.id]));
    expect(writes).toEqual([
      `PUT /api/project/move/group/${ids['Robot Arm']}`,
      `PUT /api/project/move/group/${ids['Robot Arm']}`,
      'POST /api/project/move/group',
      `PUT /api/judge/move/group/${judgeIds['Ada Judge']}`,
      'POST /api/judge/move/group',
    ]);
  });

  it('prioritizes and unprioritizes selected projects in a batch', async () => {
    await openDashboard();
    const badge = (name: string) => cellText(page, name, 'Name');
    await page.getByRole('checkbox', { name: 'Select Robot Arm' }).check();
    await page.getByRole('checkbox', { name: 'Select Quiet Library' }).check();
    await batch().getByRole('button', { name: 'Prioritize', exact: true }).click();
    await noticeWithText(page, '2 projects prioritized successfully!').waitFor();
    await page.getByText('No projects selected').waitFor();
    await expect.poll(() => badge('Robot Arm')).toContain('Prioritized');
    expect(await badge('Quiet Library')).toContain('Prioritized');
    expect(await badge('Solar Kite')).not.toContain('Prioritized');
    expect(await stored(projectList, 'prioritized')).toEqual({
      'Robot Arm': true,
      'Quiet Library': true,
      'Solar Kite': false,
    });

    await page.getByRole('checkbox', { name: 'Select all projects' }).check();
    await page.getByText('3 projects selected').waitFor();
    await batch().getByRole('button', { name: 'Unprioritize' }).click();
    await noticeWithText(page, '3 projects unprioritized successfully!').waitFor();
    await expect.poll(() => badge('Robot Arm')).not.toContain('Prioritized');
    expect(await badge('Quiet Library')).not.toContain('Prioritized');
    expect(await stored(projectList, 'prioritized')).toEqual({
      'Robot Arm': false,
      'Quiet Library': false,
      'Solar Kite': false,
    });
  });

  it('swaps judge groups after a confirmation, with the success alert and the swap count', async () => {
    await openDashboard();
    await page.getByText('Group swaps: 0', { exact: true }).waitFor();
    // Cancel changes nothing.
    await menuAction(page, 'Swap Judge Groups');
    const confirm = page.getByRole('dialog', { name: 'Swap Judge Groups' });
    await confirm.getByText(/Group swaps so far: 0\.$/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      (await apiCall<{ manual_switches: number }>(server, 'GET', '/admin/options')).manual_switches,
    ).toBe(0);

    await menuAction(page, 'Swap Judge Groups');
    await confirm.getByRole('button', { name: 'Swap Groups' }).click();
    await noticeWithText(page, 'Judge groups swapped successfully').waitFor();
    await page.getByText('Group swaps: 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await expect.poll(() => cellText(page, 'Ada Judge', 'Group')).toBe('Group 2');
    expect(await cellText(page, 'Grace Judge', 'Group')).toBe('Group 2');
    expect(await stored(judgeList, 'group')).toEqual({ 'Ada Judge': 1, 'Grace Judge': 1 });
    expect(
      (await apiCall<{ manual_switches: number }>(server, 'GET', '/admin/options')).manual_switches,
    ).toBe(1);
    await menuAction(page, 'Swap Judge Groups');
    await confirm.getByText(/Group swaps so far: 1\.$/).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
  });

  it('deletes a judge after a confirmation, with the spec alert; by keyboard, the focus goes on in the next row', async () => {
    await openDashboard();
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    const temp = await seedJudge(server, { name: 'Temp Judge', email: 'temp@example.org' });
    await expect.poll(() => rowNames(page)).toContain('Temp Judge'); // arrived live
    await stat(page, 'Judges').filter({ hasText: /^3$/ }).waitFor();

    // By keyboard: the row's Actions, its last entry (Delete), then the confirmation's Delete.
    await page.getByRole('button', { name: 'Actions for Temp Judge' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Judge' });
    await confirm.getByText('Temp Judge').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await noticeWithText(page, 'judge deleted successfully!').waitFor();
    await expect.poll(() => rowNames(page)).toEqual(['Ada Judge', 'Grace Judge']);
    // The deleted row was the last: the row now last holds the focus on the same control.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions for Grace Judge');
    await stat(page, 'Judges').filter({ hasText: /^2$/ }).waitFor();
    expect((await judgeList()).map((judge) => judge.id)).not.toContain(temp.id);
  });

  it('reassigns table numbers and judge groups from the Actions menu, refused while judging runs', async () => {
    await openDashboard();
    const locations = async () => (await projectList()).map((p) => p.location).sort((a, b) => a - b);
    const before = await locations();
    expect(before).not.toEqual([1, 2, 3]); // the group moves put projects at tables 31, 32 and 61

    // The clock runs: the server refuses, and nothing moves.
    await menuAction(page, 'Reassign Table Numbers');
    await page
      .getByRole('dialog', { name: 'Reassign Table Numbers' })
      .getByRole('button', { name: 'Reassign Tables' })
      .click();
    await noticeWithText(page, 'pause judging before reassigning').waitFor();
    expect(await locations()).toEqual(before);

    await page.getByRole('button', { name: 'Pause Judging' }).click();
    await page.getByRole('button', { name: 'Resume Judging' }).waitFor();
    await menuAction(page, 'Reassign Table Numbers');
    await page
      .getByRole('dialog', { name: 'Reassign Table Numbers' })
      .getByRole('button', { name: 'Reassign Tables' })
      .click();
    await noticeWithText(page, 'Table numbers reassigned!').waitFor();
    expect(await locations()).toEqual([1, 2, 3]);
    expect(await stored(projectList, 'group')).toEqual({
      'Robot Arm': 0,
      'Quiet Library': 0,
      'Solar Kite': 0,
    });
    const tables = await stored(projectList, 'location');
    for (const [name, table] of Object.entries(tables)) {
      await expect.poll(() => cellText(page, name, 'Table #')).toBe(String(table));
      expect(await cellText(page, name, 'Group')).toBe('Group 1');
    }

    // Judges: dealt round-robin over the groups in the order they were added (Ada, then Grace).
    await menuAction(page, 'Reassign Judge Groups');
    await page
      .getByRole('dialog', { name: 'Reassign Judge Groups' })
      .getByRole('button', { name: 'Reassign Judges' })
      .click();
    await noticeWithText(page, 'Judges reassigned!').waitFor();
    expect(await stored(judgeList, 'group')).toEqual({ 'Ada Judge': 0, 'Grace Judge': 1 });
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await expect.poll(() => cellText(page, 'Grace Judge', 'Group')).toBe('Group 2');
    expect(await cellText(page, 'Ada Judge', 'Group')).toBe('Group 1');

    await page.getByRole('button', { name: 'Resume Judging' }).click();
    await page.getByRole('button', { name: 'Pause Judging' }).waitFor();
    // Back to one group for the tests after this one.
    await whilePaused(() =>
      apiCall(server, 'POST', '/admin/options', { multi_group: false, switching_mode: 'auto' }),
    );
    await page.locator('thead th', { hasText: 'Group' }).waitFor({ state: 'detached' });
  });

  it('shows the scroll-to-top button after 200px and fits a phone without sideways scrolling', async () => {
    await openDashboard();
    await page.setViewportSize({ width: 1280, height: 400 });
    expect(await page.getByRole('button', { name: 'Back to top' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole('button', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.getByRole('button', { name: 'Back to top' }).waitFor({ state: 'detached' });

    const phone = await browser.newContext(VIEWPORTS.phone);
    try {
      await saveAdminPassword(phone, server);
      const small = await phone.newPage();
      await small.goto(url('/admin'));
      await small.locator('.dashboard-table tbody tr').first().waitFor();
      const overflow = await small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // A row's box is ticked from anywhere in a 44px square around it, a thumb's target.
      const targets = small.locator('.dashboard-table .data-table__box-target');
      const sizes = await targets.evaluateAll((labels) =>
        labels.map((label) => [label.getBoundingClientRect().width, label.getBoundingClientRect().height]),
      );
      expect(sizes.length).toBeGreaterThan(1);
      expect(sizes.filter(([width, height]) => (width ?? 0) < 44 || (height ?? 0) < 44)).toEqual([]);
      const first = targets.nth(1);
      await first.scrollIntoViewIfNeeded();
      const square = await first.boundingBox();
      await small.touchscreen.tap((square?.x ?? 0) + 4, (square?.y ?? 0) + 4);
      expect(await first.getByRole('checkbox').isChecked()).toBe(true);
      await expectNoSeriousViolations(small);
    } finally {
      await phone.close();
    }
  });
});

describe('admin dashboard at event scale (600 projects, 250 judges)', () => {
  it('shows every project, sorts them all, and the ticking clock leaves the rows alone', async () => {
    const projectCsv = Array.from(
      { length: 600 },
      (_, i) => `Project ${String(i + 1).padStart(3, '0')},A demo,https://example.org/p${i},,,"AI, Web"`,
    ).join('\n');
    const judgeCsv = Array.from({ length: 250 }, (_, i) => `Judge ${i + 1},judge${i + 1}@example.org`).join(
      '\n',
    );
    expect((await uploadCsvText(server, '/project/csv', projectCsv)).status).toBe(200);
    expect((await uploadCsvText(server, '/judge/csv', judgeCsv, { noSend: 'true' })).status).toBe(200);
    const total = (await apiCall<unknown[]>(server, 'GET', '/project/list')).length;

    const context = await browser.newContext(VIEWPORTS.desktop);
    const errors: string[] = [];
    try {
      await saveAdminPassword(context, server);
      const page = await context.newPage();
      errors.push(...collectPageErrors(page));
      await page.goto(url('/admin'));
      await page
        .locator('.dashboard-table tbody tr')
        .nth(total - 1)
        .waitFor();
      expect(await page.locator('.dashboard-table tbody tr').count()).toBe(total);

      expect(await sortProjectsByName(page)).toEqual(nameSortCycle(total));
      await page.locator('.dashboard-table thead th', { hasText: 'Name' }).getByRole('button').click();
      await page.locator('.dashboard-table thead th', { hasText: 'Name' }).getByRole('button').click();
      const firstRow = await page.$eval('.dashboard-table tbody tr th', (th) => th.textContent);
      expect(firstRow).toMatch(/^Solar Kite/); // Name, descending

      // The clock ticks every second; no row of the 600 may change meanwhile.
      const rowMutations = await page.evaluate(async () => {
        let mutations = 0;
        // 'Updated' cells may turn from 'just now' to '1 minute ago' meanwhile: that is their job.
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            const element = record.target instanceof Element ? record.target : record.target.parentElement;
            if (!element?.closest('.data-table__updated')) mutations++;
          }
        });
        observer.observe(document.querySelector('.dashboard-table tbody')!, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
        const timer = document.querySelector('[role="timer"]')!;
        const startText = timer.textContent;
        await new Promise<void>((resolve) => {
          const seen = new Set([startText]);
          new MutationObserver(() => {
            seen.add(timer.textContent);
            if (seen.size >= 3) resolve();
          }).observe(timer, { childList: true, characterData: true, subtree: true });
        });
        observer.disconnect();
        return mutations;
      });
      expect(rowMutations).toBe(0);

      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
