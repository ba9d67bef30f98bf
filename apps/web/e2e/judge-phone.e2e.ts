/**
 * Issue 32, a first-time organizer's event, on a judge's phone (390×844, touch) with the sample
 * data (`shared/data/projects.csv`, long names) and a 40-table hall: the live page's clock and
 * actions are whole on the first screen with nothing over them, whatever the name's length; a page
 * reloaded with no network after an offline Done opens from what the phone holds; a judge the
 * organizer moves on (a declared conflict of interest) is told so, in words, with directions from
 * the table they were at.
 */
import { join } from 'node:path';
import type { Project } from '@podium/protocol';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeOnPhone as signedInJudgeOnPhone,
  judgeRecord,
  launchBrowser,
  serviceWorkerActive,
  SHARED_DATA_DIR,
  startServer,
  unexpectedErrors,
  uploadCsv,
  withoutOfflineNoise,
} from './harness';
import { layoutProblems } from './layout-checks';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

/** A hall of 40 tables in 5 rows of 8, 2.5 m apart, as the sample event's. */
const HALL = Array.from({ length: 40 }, (_, i) => ({
  table: i + 1,
  x: (i % 8) * 2.5,
  y: Math.floor(i / 8) * 3,
  area: 'Main hall',
}));

const TIMER_SECONDS = 300;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const imported = await uploadCsv(server, '/project/csv', join(SHARED_DATA_DIR, 'projects.csv'));
  expect(imported.status).toBe(200);
  await apiCall(server, 'PUT', '/admin/layout', { tables: HALL });
  await apiCall(server, 'POST', '/admin/options', { judging_timer: TIMER_SECONDS });
  await apiCall(server, 'POST', '/admin/clock/unpause');
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const projects = () => apiCall<Project[]>(server, 'GET', '/project/list');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const projectHeading = (page: Page) => page.locator('h1.judge-project-heading__name');

/** The sample project at `table`, renamed to `name`, assigned before any other (R10). */
async function nextToAssign(table: number, name: string): Promise<Project> {
  const project = (await projects()).find((p) => p.location === table)!;
  await apiCall(server, 'PUT', `/project/${project.id}`, {
    name,
    description: project.description,
    challenge_list: project.challenge_list.join(', '),
    url: project.url,
    try_link: project.try_link,
    video_link: project.video_link,
  });
  await apiCall(server, 'PUT', `/project/prioritize/${project.id}`, { prioritize: true });
  return { ...project, name };
}

/** A judge signed in (welcome accepted), with a phone page closed after the file. */
async function judgeOnPhone(name: string, options: BrowserContextOptions = {}) {
  const judge = await signedInJudgeOnPhone(browser, server, name, options);
  opened.push(judge.context);
  return judge;
}

/** A judge on a phone at its live project, the visit's clock started with Start Judging. */
async function visitTimedOnPhone(name: string) {
  const judge = await judgeOnPhone(name);
  await judge.page.goto(url('/judge/live'));
  await projectHeading(judge.page).waitFor();
  await button(judge.page, 'Start Judging').tap();
  await judge.page.locator('.judge-clock--running').waitFor();
  return judge;
}

/**
 * Why `target` is not whole on the first screen (the page not scrolled), or '' when it is: it
 * must lie inside the viewport, and at its centre and near each corner it must be what is drawn.
 */
async function notWholeOnFirstScreen(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const height = document.documentElement.clientHeight;
    if (window.scrollY !== 0) return `page scrolled by ${window.scrollY}px`;
    if (rect.top < 0 || rect.bottom > height) return `at y ${rect.top}–${rect.bottom} of ${height}`;
    const inset = 8; // inside the rounded corners
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset, rect.top + inset],
      [rect.right - inset, rect.top + inset],
      [rect.left + inset, rect.bottom - inset],
      [rect.right - inset, rect.bottom - inset],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !element.contains(hit)) {
        return `covered at (${Math.round(x)}, ${Math.round(y)}) by <${hit.tagName.toLowerCase()} class="${hit.className}">`;
      }
    }
    return '';
  });
}

/** Each of `targets` (by name) that is not whole on the first screen, with why. */
async function offFirstScreen(targets: Record<string, Locator>): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    const why = await notWholeOnFirstScreen(target);
    if (why) problems.push(`${name}: ${why}`);
  }
  return problems;
}

/** How tall what a tap at `target`'s first letters hits is: the pixels, above and below too, that reach it. */
async function tapAreaHeight(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const box = element.getClientRects()[0]!;
    const x = box.left + 4;
    let hits = 0;
    for (let y = Math.floor(box.top) - 40; y <= box.bottom + 40; y += 1) {
      const hit = document.elementFromPoint(x, y);
      if (hit && element.contains(hit)) hits += 1;
    }
    return hits;
  });
}

const actions = (page: Page) => ({
  Flag: button(page, 'Flag'),
  Skip: button(page, 'Skip'),
  Done: button(page, 'Done'),
});

describe("a judge's live page at 390×844 with long names and the hall map", () => {
  for (const [what, table, longName] of [
    // The sample data's longest name (its table is outside the hall: given to table 12), and one far longer.
    ['the sample data’s longest name', 12, null],
    [
      'a name of 120 characters',
      21,
      'CivicCanvas: a Community-Powered Early Warning Network for Flooded Neighbourhoods, Schools and Hospitals (Team 21 Final)',
    ],
  ] as const) {
    it(`keeps Start Judging with what it starts, the clock, Flag, Skip and Done whole on the first screen: ${what}`, async () => {
      const sampleLongest = async () =>
        (await projects()).reduce((a, b) => (b.name.length > a.name.length ? b : a)).name;
      const project = await nextToAssign(table, longName ?? (await sampleLongest()));
      const { page, errors } = await judgeOnPhone(`Grace ${table}`);
      await page.goto(url('/judge/live'));
      await projectHeading(page).filter({ hasText: project.name }).waitFor();
      await page.locator('.table-map svg').waitFor();
      // The name wraps: the case of the report.
      expect(await projectHeading(page).evaluate((h) => h.getBoundingClientRect().height)).toBeGreaterThan(
        40,
      );

      // Beside it, what this Start Judging starts: the judge's own timer, not the event's clock
      // that the organizers' button of the same name starts (issue 32, words).
      const startWhat = page.locator('#judge-start-what');
      expect(await startWhat.textContent()).toBe(
        'Starts your 5-minute timer for this project when you reach its table.',
      );
      expect(await button(page, 'Start Judging').getAttribute('aria-describedby')).toBe('judge-start-what');
      expect(
        await offFirstScreen({
          'Start Judging': button(page, 'Start Judging'),
          'what Start Judging starts': startWhat,
          ...actions(page),
        }),
      ).toEqual([]);
      expect(await page.evaluate(layoutProblems, false)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);

      await button(page, 'Start Judging').tap();
      await page.locator('.judge-clock--running').waitFor();
      // Notes of a few lines do not push anything off either.
      await page
        .getByLabel('Personal notes')
        .fill('Strong demo.\nAsk about the data source.\nGood pitch.\nStar?');
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await offFirstScreen({ clock: page.locator('.judge-clock'), ...actions(page) })).toEqual([]);
      expect(await page.evaluate(layoutProblems, false)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Scrolled to the end, the description is not hidden under the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(layoutProblems, true)).toEqual([]);
      // Tap targets of at least 44 px.
      for (const target of Object.values(actions(page))) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});

/** The value of the dashboard's stat tile `label`. */
const tile = async (page: Page, label: string) =>
  (await page.locator('.stat-tile').filter({ hasText: label }).locator('dd').textContent())?.trim();

/** Past the 5 s in which the answers of a page load count as fresh: a page opened now asks again. */
const ANSWERS_STALE_MS = 5_500;

describe('a judge on a 320×568 phone (the first iPhone SE), with the Undo banner over the next project', () => {
  /** The project's name and table number, and the bar's controls: where to walk, and what to tap. */
  const walkAndTap = (page: Page) => ({
    name: projectHeading(page),
    'table number': page.locator('.judge-project-heading__table'),
    ...actions(page),
  });

  it('shows where the next project is above the action bar, after a Done and after a Skip', async () => {
    const { page, errors } = await judgeOnPhone('Ida Rhodes', { viewport: { width: 320, height: 568 } });
    await page.goto(url('/judge/live'));
    await projectHeading(page).waitFor();
    const finished = (await projectHeading(page).textContent())!.trim();
    await button(page, 'Start Judging').tap();
    await button(page, 'Done').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('link', { name: 'Next Project' }).tap();
    await projectHeading(page).filter({ hasNotText: finished }).waitFor();
    const banner = page.getByRole('region', { name: 'Undo' });
    await banner.getByText(`Finished ${finished}.`).waitFor();
    // The header, the banner, the name and the table number stacked above the bar (253 px here)
    // put the table number under it: the judge saw the name but not where to walk.
    expect(await offFirstScreen(walkAndTap(page))).toEqual([]);
    expect(await offFirstScreen({ Undo: banner.getByRole('button') })).toEqual([]);
    // The name's link (the team's page), one line of 26 px, is still a 44 px target.
    expect(await tapAreaHeight(projectHeading(page).getByRole('link'))).toBeGreaterThanOrEqual(44);

    const skipped = (await projectHeading(page).textContent())!.trim();
    await button(page, 'Skip').tap();
    await page.getByRole('dialog').getByText('Busy', { exact: true }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await projectHeading(page).filter({ hasNotText: skipped }).waitFor();
    await banner.getByText(`Skipped (Busy): ${skipped}.`).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await offFirstScreen(walkAndTap(page))).toEqual([]);
    expect(await page.evaluate(layoutProblems, false)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a reload with no network after an offline Done', () => {
  it('opens /judge/live and /judge from what the phone holds, counts the Done, and catches up once back online', async () => {
    const { page, id, errors } = await judgeOnPhone('Hedy Lamarr');
    await page.goto(url('/judge/live'));
    await projectHeading(page).waitFor();
    const finished = (await projectHeading(page).textContent())!.trim();
    await serviceWorkerActive(page);
    await button(page, 'Start Judging').tap();
    await page.waitForTimeout(ANSWERS_STALE_MS);

    await page.context().setOffline(true);
    await button(page, 'Done').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await page.waitForURL(url('/judge'));
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();

    // The dashboard's refetch failed offline; the answers stay on the phone all the same.
    await page.goto(url('/judge/live'));
    await page.getByRole('heading', { name: 'Saved on this phone' }).waitFor();
    expect(await page.getByText('Could not load this page').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Hedy Lamarr' }).waitFor();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    // The visit is over on the phone: the next project is offered and Seen counts the Done.
    expect(await page.getByRole('link', { name: 'Next Project' }).count()).toBe(1);
    expect(await tile(page, 'Seen')).toBe('1');
    expect(await tile(page, 'Total Projects')).toBe('–'); // never read on this phone yet
    // What Seen counts is in the Unranked list too, as the phone keeps it (the list was empty).
    const unranked = page.locator('.judge-list--unranked li[data-project-id]');
    expect(await unranked.allInnerTexts()).toEqual([expect.stringContaining(finished)]);
    // Its page opens from there, offline, from what the lists show.
    await unranked.getByRole('link', { name: finished }).tap();
    await page.getByRole('heading', { level: 1, name: finished }).waitFor();
    expect(await page.getByText('Could not load this page').count()).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { name: 'Welcome, Hedy Lamarr' }).waitFor();

    // Back online: the Done is sent, the count read, and the next project comes on the live page.
    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tile(page, 'Total Projects'), { timeout: 20_000 }).toMatch(/^\d+$/);
    await page.goto(url('/judge/live'));
    await projectHeading(page).filter({ hasNotText: finished }).waitFor({ timeout: 20_000 });
    expect((await judgeRecord(server, id)).seen_projects.map((p) => p.name)).toEqual([finished]);
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});

describe('a conflict of interest declared on the project a judge holds', () => {
  it('tells the judge, in words, that an organizer moved them on, with directions from that table (and from a skipped one)', async () => {
    const { page, id, token, errors } = await judgeOnPhone('Alan Turing');
    // A visit finished at table 3 first: the "last table" the directions used to start from.
    const first = await nextToAssign(3, 'Mesh Radio for Festivals');
    await apiCall(server, 'POST', '/judge/next', undefined, token);
    await apiCall(server, 'POST', '/judge/finish', { notes: '', starred: false }, token);
    const held = await nextToAssign(30, 'Kelp Farm Monitor');
    await page.goto(url('/judge/live'));
    await projectHeading(page).filter({ hasText: held.name }).waitFor();
    await page.locator('.table-map svg').waitFor();
    expect(await page.locator('.table-map__text').textContent()).toContain(
      `of your last table (${first.location})`,
    );
    await button(page, 'Start Judging').tap();

    await apiCall(server, 'PUT', `/judge/conflicts/${id}`, { projects: [held.id] });
    const notice = page.getByRole('status').filter({ hasText: 'An organizer moved you on from' });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain(`${held.name} (table ${held.location})`);
    await projectHeading(page).filter({ hasNotText: held.name }).waitFor();
    const next = (await judgeRecord(server, id)).current;
    expect(next).not.toBeNull();
    expect(next).not.toBe(held.id);
    // The judge stands at the table they were moved on from.
    await expect
      .poll(() => page.locator('.table-map__text').textContent())
      .toContain(`of your last table (${held.location})`);
    expect(await page.getByText('Could not load this page').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The judge's own Skip moves on without that notice; the judge stands at the skipped table.
    const skipped = (await projects()).find((p) => p.id === next)!;
    await button(page, 'Skip').tap();
    await page.getByRole('dialog').getByText('Busy', { exact: true }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(async () => (await judgeRecord(server, id)).current).not.toBe(next);
    await projectHeading(page).filter({ hasNotText: skipped.name }).waitFor();
    expect(await notice.count()).toBe(0);
    await expect
      .poll(() => page.locator('.table-map__text').textContent())
      .toContain(`of your last table (${skipped.location})`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('judging paused while a judge holds a project', () => {
  it('says so on the live page and pauses the visit clock until judging resumes', async () => {
    const { page, errors } = await visitTimedOnPhone('Katherine Johnson');

    await apiCall(server, 'POST', '/admin/clock/pause');
    const notice = page.getByRole('status').filter({ hasText: 'The organizers paused judging.' });
    await notice.waitFor({ timeout: 10_000 });
    // It says what the timer does, as its own hint does ("Paused · tap to resume").
    expect(await notice.textContent()).toContain(
      'Your timer paused with it and goes on when they resume (or when you tap it)',
    );
    await page.locator('.judge-clock--paused').waitFor();
    const time = () => page.locator('.judge-clock__time').textContent();
    const pausedAt = await time();
    await page.waitForTimeout(1_500);
    expect(await time()).toBe(pausedAt);
    expect(await button(page, 'Done').isEnabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await apiCall(server, 'POST', '/admin/clock/unpause');
    await page.locator('.judge-clock--running').waitFor({ timeout: 10_000 });
    expect(await notice.count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a reload while the Done popup is open', () => {
  it('finds the visit clock running on, as closing the popup would have left it', async () => {
    const { page, errors } = await visitTimedOnPhone('Dorothy Vaughan');
    await button(page, 'Done').tap();
    await page.getByRole('dialog', { name: 'Finish Project' }).waitFor();
    await page.locator('.judge-clock--paused').waitFor();
    await page.reload();
    await projectHeading(page).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('.judge-clock--running').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a judge page waiting for its first answer on a slow network', () => {
  it('shows its spinner in place, leaving the header whole: Back on the live and project pages, Logout on the others', async () => {
    const { page, context, errors } = await judgeOnPhone('Annie Easley');
    const project = (await projects())[0]!;
    // Every read of the judge's answers hangs, as on a network that takes them and never answers.
    const held: Route[] = [];
    await context.route(/\/api\/judge/, (route) => {
      if (route.request().method() === 'GET') held.push(route);
      else void route.fallback();
    });
    const loading = page.getByRole('status').filter({ hasText: 'Loading' });
    const back = page.getByRole('link', { name: 'Back' });
    const logout = button(page, 'Logout');
    const headerControls: [string, Record<string, Locator>][] = [
      ['/judge/live', { Back: back }],
      [`/judge/project/${project.id}`, { Back: back }],
      ['/judge/welcome', { Logout: logout }],
      ['/judge', { Logout: logout }],
    ];
    for (const [path, controls] of headerControls) {
      await page.goto(url(path));
      await loading.waitFor();
      expect({ path, problems: await offFirstScreen(controls) }).toEqual({ path, problems: [] });
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await logout.tap();
    await page.waitForURL(url('/'));
    expect(held.length).toBeGreaterThan(0);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
