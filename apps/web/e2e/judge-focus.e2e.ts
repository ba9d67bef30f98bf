/**
 * A judge's phone (390×844, touch) after the judge's own Submit: a Done, Skip or Flag the server
 * refuses while online leaves the judge on the project, the popup open with the refusal said in
 * it, the focus on its title (Submit was disabled while it was on its way) and the visit's clock
 * as the popup left it; after a Skip, Flag or Done that lands, the next project's or the
 * dashboard's heading holds the focus; so does the page's heading when the Undo banner holding it
 * goes by itself, the new page's heading after a link (Next Project, Back) and the timer after
 * Start Judging. Never the page's <body>, where a screen reader or the next Tab would start again
 * from the top of the page. Each screen passes axe.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { JUDGE_CONFLICT_LABEL, SAID_CONFLICTS_REFUSED, UNDO_WINDOW_MS } from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeOnPhone as signedInJudgeOnPhone,
  launchBrowser,
  openApiRequests,
  seedProject,
  startServer,
  startUntimedJudging,
  unexpectedErrors,
  doneDialog,
  scoreButton,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

/** Scores are required for every criterion, so a criterion added meanwhile refuses a Done. */
const CRITERIA = [
  { name: 'Impact', description: '1: helps nobody yet; 5: changes how people live or work.', weight: 2 },
  { name: 'Design', description: '1: hard to use; 5: a pleasure to use.', weight: 1 },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (let i = 1; i <= 12; i += 1)
    await seedProject(server, { name: `Project ${i}`, description: 'A demo.' });
  await startUntimedJudging(server); // one test sets a timer and puts this back
  for (const criterion of CRITERIA) await apiCall(server, 'POST', '/admin/criteria', criterion);
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const projectHeading = (page: Page) => page.locator('h1.judge-project-heading__name');
/** What holds the focus: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
/** The refusal of a Done (or of a Skip or Flag) in plain words, with the server's reason. */
const refusal = (scope: Page | Locator, reason: string, refused = 'finishing the project') =>
  scope
    .locator('.notice__text')
    .filter({ hasText: `The server did not accept ${refused} (${reason}). It was not saved.` });

let judges = 0;
async function judgeOnPhone() {
  judges += 1;
  const judge = await signedInJudgeOnPhone(browser, server, `Focus Judge ${judges}`);
  opened.push(judge.context);
  return judge;
}

/** The live page's project, with its Done popup open and every criterion scored `score`. */
async function scoredDone(page: Page, score: number): Promise<Locator> {
  await page.goto(url('/judge/live'));
  await projectHeading(page).waitFor();
  await button(page, 'Done').tap();
  const dialog = doneDialog(page);
  for (const { name } of CRITERIA) await scoreButton(dialog, name, score).tap();
  return dialog;
}

/** Runs `test` with a 5-minute visit timer, then puts back the untimed judging the other tests use. */
async function withTimer(test: () => Promise<void>): Promise<void> {
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 300 });
  try {
    await test();
  } finally {
    await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  }
}

describe('a Done the server refuses while the judge is online', () => {
  it('keeps the judge on the project, with the popup open, the refusal said in it and the focus on its title', async () => {
    const { page, token, errors } = await judgeOnPhone();
    const dialog = await scoredDone(page, 4);
    const held = (await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token)).current;
    // The organizer adds a criterion as the judge taps Submit: the server refuses the finish.
    let added = '';
    await page.route('**/api/judge/finish', async (route) => {
      if (!added)
        added = (await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', { name: 'Accessibility' }))
          .id;
      await route.continue();
    });
    try {
      await button(dialog, 'Submit').tap();
      await refusal(page, 'Please score every criterion: Accessibility').waitFor();
      await page.waitForTimeout(500); // anything that would close the popup has happened
      expect({ popup: await dialog.isVisible(), focus: await focused(page) }).toEqual({
        popup: true,
        focus: 'H2 Finish Project',
      });
      // Said in the popup, where the judge looks (the page behind it is inert).
      expect(await refusal(dialog, 'Please score every criterion: Accessibility').count()).toBe(1);
      expect(await accessibilityViolations(page)).toEqual([]);

      // The judge scores the criterion added meanwhile and does Done again: it lands.
      await scoreButton(dialog, 'Accessibility', 3).tap();
      await button(dialog, 'Submit').tap();
      await page.waitForURL(url('/judge'));
      const self = await apiCall<{ seen_projects: { project_id: string }[] }>(
        server,
        'GET',
        '/judge',
        undefined,
        token,
      );
      expect(self.seen_projects.map((seen) => seen.project_id)).toEqual([held]);
    } finally {
      if (added) await apiCall(server, 'DELETE', `/admin/criteria/${added}`);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('leaves the visit clock as it was: paused by the popup, and running again once the judge closes it', async () => {
    await withTimer(async () => {
      const { page } = await judgeOnPhone();
      await page.goto(url('/judge/live'));
      await button(page, 'Start Judging').tap();
      const clock = page.locator('.judge-clock');
      await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
      await button(page, 'Done').tap();
      const dialog = doneDialog(page);
      for (const { name } of CRITERIA) await scoreButton(dialog, name, 4).tap();
      await page.route('**/api/judge/finish', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: '{"error":"Refused for the test"}',
        }),
      );
      await button(dialog, 'Submit').tap();
      await refusal(page, 'Refused for the test').waitFor();
      await page.waitForTimeout(500);
      // The judge paused nothing and is still deciding: the popup holds the clock, as before Submit.
      expect({ popup: await dialog.isVisible(), clock: await clock.getAttribute('data-status') }).toEqual({
        popup: true,
        clock: 'paused',
      });
      await button(dialog, 'Close').tap();
      await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
      expect(await focused(page)).toBe('BUTTON Done');
    });
  });
});

describe('a criterion deleted while its score holds the focus in the Done popup', () => {
  it('leaves the focus in the popup, on a score of the criterion now in its place', async () => {
    const { page, errors } = await judgeOnPhone();
    const { id } = await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', { name: 'Fun' });
    let deleted = false;
    try {
      const dialog = await scoredDone(page, 3);
      await scoreButton(dialog, 'Fun', 2).tap();
      await scoreButton(dialog, 'Fun', 2).locator('input').focus(); // a keyboard user's arrows
      expect(await focused(page)).toBe('INPUT ');
      await apiCall(server, 'DELETE', `/admin/criteria/${id}`);
      deleted = true;
      await dialog.getByRole('radiogroup', { name: 'Fun' }).waitFor({ state: 'detached' });
      // The last criterion went: the one before it, on the judge's score, takes the focus.
      await expect
        .poll(() =>
          dialog.evaluate((popup) => {
            const active = document.activeElement as HTMLInputElement | null;
            if (!active || !popup.contains(active)) return `outside the popup: ${active?.tagName}`;
            const group = active.closest('[role="radiogroup"]')?.textContent;
            return `${active.tagName} ${active.value} in ${group?.slice(0, 'Design'.length)}`;
          }),
        )
        .toBe('INPUT 3 in Design');
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      if (!deleted) await apiCall(server, 'DELETE', `/admin/criteria/${id}`);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a Skip or a Flag the server refuses while the judge is online', () => {
  // Skip: really refused. The organizer turns off "I know this team" for the judge (issue 31) as
  // the judge taps Submit. Flag: no refusal the server gives while online leaves the judge on the
  // project (a hidden or replaced judge, a deleted project: the page moves on), so the answer is a
  // 409 from `page.route`.
  const cases = [
    {
      action: 'Skip',
      reason: JUDGE_CONFLICT_LABEL,
      refusedWith: SAID_CONFLICTS_REFUSED,
      refuse: (page: Page, judgeId: string) =>
        page.route('**/api/judge/skip', async (route) => {
          await apiCall(server, 'PUT', `/judge/conflicts/refuse/${judgeId}`, { refuse: true });
          await route.continue();
        }),
    },
    {
      action: 'Flag',
      reason: "Can't Demo",
      refusedWith: 'Refused for the test',
      refuse: (page: Page) =>
        page.route('**/api/judge/skip', (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"error":"Refused for the test"}',
          }),
        ),
    },
  ] as const;
  for (const { action, reason, refusedWith, refuse } of cases) {
    it(`${action}: keeps the popup open with the refusal said in it, the clock as it was and the focus on its title`, async () => {
      await apiCall(server, 'POST', '/admin/options', { judging_timer: 300 });
      try {
        const { page, id, errors } = await judgeOnPhone();
        await page.goto(url('/judge/live'));
        const shown = await projectHeading(page).textContent();
        await button(page, 'Start Judging').tap();
        const clock = page.locator('.judge-clock');
        await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
        await button(page, action).tap();
        const dialog = page.getByRole('dialog', { name: `${action} Project` });
        await dialog.getByLabel(reason).check();
        const clockBefore = await clock.getAttribute('data-status');
        await refuse(page, id);
        await button(dialog, 'Submit').tap();
        await refusal(dialog, refusedWith, 'skipping the project').waitFor();
        await page.waitForTimeout(500); // anything that would close the popup has happened
        expect({
          popup: await dialog.isVisible(),
          project: await projectHeading(page).textContent(),
          clock: await clock.getAttribute('data-status'),
          focus: await focused(page),
        }).toEqual({ popup: true, project: shown, clock: clockBefore, focus: `H2 ${action} Project` });
        expect(await accessibilityViolations(page)).toEqual([]);
        await button(dialog, 'Close').tap();
        await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
        expect(await focused(page)).toBe(`BUTTON ${action}`);
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
      }
    });
  }
});

describe('after the judge’s own Skip, Flag or Done lands', () => {
  for (const [action, reason] of [
    ['Skip', 'Busy'],
    ['Flag', "Can't Demo"],
  ] as const) {
    it(`${action}: the focus is on the next project’s heading`, async () => {
      const { page } = await judgeOnPhone();
      await page.goto(url('/judge/live'));
      const first = await projectHeading(page).textContent();
      await button(page, action).tap();
      const dialog = page.getByRole('dialog', { name: `${action} Project` });
      await dialog.getByLabel(reason).check();
      await button(dialog, 'Submit').tap();
      await expect.poll(() => projectHeading(page).textContent()).not.toBe(first);
      const next = await projectHeading(page).textContent();
      await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 ${next}`);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  it('Done: the focus is on the dashboard’s heading', async () => {
    const { page } = await judgeOnPhone();
    const dialog = await scoredDone(page, 5);
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await page.getByRole('region', { name: 'Undo' }).waitFor();
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 Welcome, Focus Judge ${judges}`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('the screen changing under an open popup', () => {
  it('an organizer hides the judge while the Done popup is open: the focus is on what shows instead', async () => {
    const { page, id } = await judgeOnPhone();
    const dialog = await scoredDone(page, 4);
    await apiCall(server, 'PUT', `/judge/hide/${id}`, { hide: true });
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    const title = 'Your judging account is currently disabled';
    await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 ${title}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await apiCall(server, 'PUT', `/judge/hide/${id}`, { hide: false });
  });
});

describe('the Undo banner going by itself', () => {
  it('gives the focus it held to the page’s heading', async () => {
    const { page } = await judgeOnPhone();
    await page.clock.install();
    const requests = openApiRequests(page);
    const dialog = await scoredDone(page, 2);
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    const undo = page.getByRole('region', { name: 'Undo' }).getByRole('button', { name: /^Undo/ });
    await undo.focus(); // a keyboard or screen-reader user about to decide
    // The dashboard's reads answered first: the leap would give up one still on its way (15 s).
    await requests.settled();
    requests.stop();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByRole('region', { name: 'Undo' }).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 Welcome, Focus Judge ${judges}`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('after a link the judge follows with the keyboard', () => {
  it('Next Project: the project’s heading, once it shows; Back: the dashboard’s', async () => {
    const { page } = await judgeOnPhone();
    await page.goto(url('/judge'));
    const dashboardHeading = `H1 Welcome, Focus Judge ${judges}`;
    await page.getByRole('link', { name: 'Next Project' }).focus();
    await page.keyboard.press('Enter');
    await projectHeading(page).waitFor(); // after the project's read: the page shows no heading before
    const project = await projectHeading(page).textContent();
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 ${project}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /Back/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/judge'));
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(dashboardHeading);
    // The next Tab goes on from the heading, not from the header's links.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A Resume Project');
  });

  it('Start Judging: the timer that takes its place, which pauses and resumes from the keyboard', async () => {
    await withTimer(async () => {
      const { page } = await judgeOnPhone();
      await page.goto(url('/judge/live'));
      await button(page, 'Start Judging').focus();
      await page.keyboard.press('Enter');
      const clock = page.locator('.judge-clock');
      await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
      expect(await focused(page)).toMatch(/^BUTTON \d\d:\d\dTap to pause$/);
      await page.keyboard.press('Enter');
      await expect.poll(() => clock.getAttribute('data-status')).toBe('paused');
      expect(await focused(page)).toMatch(/^BUTTON \d\d:\d\dPaused · tap to resume$/);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });

  it('a first load leaves the focus where the browser puts it, for a screen reader to read from the top', async () => {
    const { page } = await judgeOnPhone();
    await page.goto(url('/judge'));
    await page.getByRole('link', { name: 'Next Project' }).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});
