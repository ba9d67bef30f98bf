/**
 * Issue 34 on a judge's phone (390×844, touch), against the real server: without criteria the Done
 * dialog is as before; with five, Done shows a score per criterion, the star, the notes and
 * Submit on the first screen, Submit waits for every score (not once the organizer made them
 * optional), and the server stores them; a score is corrected from the dashboard's list (the
 * project's page) until deliberation; a Done made offline carries its scores when it is sent, and
 * a refusal of it is told as any queued write's; a score given before the organizer changed the
 * criterion's scale is asked again on the project page; the welcome names the criteria before the
 * first pitch; an undo gives back the star and scores of a Done, and those chosen before "I know
 * this team".
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { JUDGE_CONFLICT_LABEL } from '@podium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeOnPhone as signedInJudgeOnPhone,
  launchBrowser,
  loginJudgeApi,
  openAdminPage,
  openPhonePage,
  noticeWithText,
  seedJudge,
  seedProject,
  serviceWorkerActive,
  startServer,
  startUntimedJudging,
  unexpectedErrors,
  doneDialog,
  scoreButton,
  withoutOfflineNoise,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

/** Five criteria, as an event's rules might name them; "Impact" weighs most. */
const CRITERIA = [
  { name: 'Impact', description: '1: helps nobody yet; 5: changes how people live or work.', weight: 3 },
  { name: 'Technical difficulty', description: '1: a template; 5: hard problems solved well.', weight: 2 },
  { name: 'Design', description: '1: hard to use; 5: a pleasure to use.', weight: 1 },
  { name: 'Presentation', description: '1: unclear demo; 5: clear, live and on time.', weight: 1 },
  { name: 'Originality', description: '', weight: 1 },
] as const;

interface Criterion {
  id: string;
  name: string;
}
let criteria: Criterion[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (let i = 1; i <= 8; i += 1) {
    await seedProject(server, {
      name: `Project ${i}: Solar Mesh Radio for Festivals`,
      description: 'A demo.',
    });
  }
  await startUntimedJudging(server);
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const projectHeading = (page: Page) => page.locator('h1.judge-project-heading__name');
const criterionGroup = (scope: Page | Locator, name: string) =>
  scope.getByRole('radiogroup', { name, exact: true });
/** A score's button: the label drawn as the button (its radio is visually hidden). */
const judgeScores = (token: string) =>
  apiCall<{
    scores: Record<string, Record<string, number>>;
    scales: Record<string, Record<string, number>>;
  }>(server, 'GET', '/judge/scores', undefined, token);

/** A judge signed in (welcome accepted), with a phone page closed after the file. */
async function judgeOnPhone(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  return judge;
}

/** Opens the live page and the Done dialog; the held project's id. */
async function openDone(page: Page, token: string): Promise<string> {
  await page.goto(url('/judge/live'));
  await projectHeading(page).waitFor();
  await button(page, 'Done').tap();
  await doneDialog(page).waitFor();
  const self = await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token);
  return self.current;
}

/** Why `target` is not inside the 390×844 viewport, or ''. */
async function outsideViewport(target: Locator): Promise<string> {
  const box = await target.boundingBox();
  if (!box) return 'not shown';
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844;
  return inside
    ? ''
    : `at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
}

/** The scores of `given` (criterion name → score), by criterion id. */
const byId = (given: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(given).map(([name, score]) => [criteria.find((c) => c.name === name)!.id, score]),
  );

const FIRST_SCORES = { Impact: 4, 'Technical difficulty': 3, Design: 5, Presentation: 2, Originality: 4 };

/**
 * The live page loaded online, the app held by the service worker, then the network gone and the
 * Done popup open. Returns the held project's id and the popup.
 */
async function openDoneOffline(page: Page, token: string): Promise<{ held: string; dialog: Locator }> {
  await page.goto(url('/judge/live'));
  await projectHeading(page).waitFor();
  const held = (await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token)).current;
  await serviceWorkerActive(page);
  await page.context().setOffline(true);
  await button(page, 'Done').tap();
  return { held, dialog: doneDialog(page) };
}

describe('judging by criteria on a phone', () => {
  let first: { token: string; page: Page; errors: string[] };
  let finishedId = '';

  it('without criteria, the Done dialog is as before: star, notes and Submit', async () => {
    first = await judgeOnPhone('Ada Lovelace');
    const { page, token } = first;
    await openDone(page, token);
    const dialog = doneDialog(page);
    expect(await dialog.getByRole('radiogroup').count()).toBe(0);
    expect(await dialog.locator('p').first().textContent()).toMatch(
      /You can still edit your notes and star later\.$/,
    );
    expect(await dialog.getByLabel('Personal notes').getAttribute('rows')).toBe('5');
    expect(await button(dialog, 'Submit').isEnabled()).toBe(true);
    await button(dialog, 'Close').tap();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows five criteria, the star, the notes and Submit on the first screen; Submit waits for every score', async () => {
    for (const criterion of CRITERIA) await apiCall(server, 'POST', '/admin/criteria', criterion);
    criteria = (await apiCall<{ criteria: Criterion[] }>(server, 'GET', '/admin/criteria')).criteria;
    expect(criteria.map((c) => c.name)).toEqual(CRITERIA.map((c) => c.name));

    const { page, token, errors } = first;
    finishedId = await openDone(page, token);
    const dialog = doneDialog(page);
    await criterionGroup(dialog, 'Originality').waitFor();
    const whole: Record<string, Locator> = {
      Submit: button(dialog, 'Submit'),
      Star: dialog.getByRole('button', { name: /^Star/ }),
      'Personal notes': dialog.getByLabel('Personal notes'),
      // The feedback for the team (issue 35) waits folded behind its button.
      'Add feedback for the team': button(dialog, 'Add feedback for the team'),
    };
    for (const { name } of CRITERIA) whole[name] = criterionGroup(dialog, name);
    const off: string[] = [];
    for (const [name, target] of Object.entries(whole)) {
      const why = await outsideViewport(target);
      if (why) off.push(`${name}: ${why}`);
    }
    expect(off).toEqual([]);
    expect(await dialog.evaluate((d) => d.scrollHeight <= d.clientHeight)).toBe(true);
    // Every score is a 44 px target.
    const small = await dialog
      .locator('.judge-criterion__score span')
      .evaluateAll(
        (spans) =>
          spans.map((s) => s.getBoundingClientRect()).filter((box) => box.width < 44 || box.height < 44)
            .length,
      );
    expect(small).toBe(0);

    // A criterion's description is a tap away.
    const about = dialog.getByText(CRITERIA[0].description);
    expect(await about.isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Impact: what the scores mean' }).tap();
    await about.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500); // the buttons' colours change over 0.15 s
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    const submit = button(dialog, 'Submit');
    const entries = Object.entries(FIRST_SCORES);
    for (const [name, score] of entries.slice(0, -1)) await scoreButton(dialog, name, score).tap();
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByText('Score every criterion to submit: 1 left.').count()).toBe(1);
    const [lastName, lastScore] = entries.at(-1)!;
    await scoreButton(dialog, lastName, lastScore).tap();
    expect(await submit.isEnabled()).toBe(true);
    expect(await criterionGroup(dialog, 'Impact').getByRole('radio', { name: '4' }).isChecked()).toBe(true);

    await submit.tap();
    await page.waitForURL(url('/judge'));
    expect((await judgeScores(token)).scores[finishedId]).toEqual(byId(FIRST_SCORES));
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('on a 320×568 phone, opens the feedback box above the Submit held at the bottom, not behind it', async () => {
    const judge = await seedJudge(server, { name: 'Ida Rhodes', email: 'ida@example.org' });
    const token = await loginJudgeApi(server, judge.code);
    const { context, page, errors } = await openPhonePage(browser, server, token, {
      viewport: { width: 320, height: 568 },
    });
    opened.push(context);
    await openDone(page, token);
    const dialog = doneDialog(page);
    await criterionGroup(dialog, 'Originality').waitFor();
    await button(dialog, 'Add feedback for the team').tap();
    const field = dialog.getByLabel('Feedback for the team');
    await field.waitFor();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    // Focused, it scrolled into the popup's view, but under the Submit bar: typed in blind.
    const underBar = () =>
      field.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const bar = element.closest('dialog')!.querySelector('.judge-done__submit')!.getBoundingClientRect();
        return box.bottom > bar.top ? `${box.top}–${box.bottom}, the bar from ${bar.top}` : '';
      });
    await expect.poll(underBar).toBe('');
    await page.keyboard.type('Great pitch.');
    expect(await underBar()).toBe('');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('names the criteria and what their scores mean on the welcome page, before the first pitch', async () => {
    const judge = await seedJudge(server, { name: 'Grace Hopper', email: 'grace.hopper@example.org' });
    const token = await loginJudgeApi(server, judge.code, false);
    const { context, page, errors } = await openPhonePage(browser, server, token);
    opened.push(context);
    await page.goto(url('/judge/welcome'));
    const listed = page.locator('.judge-welcome__criteria li');
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual(
      CRITERIA.map(({ name, description }) => (description === '' ? name : `${name}: ${description}`)),
    );
    await page.getByText('score the project from 1 to 5 on each criterion:', { exact: false }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("corrects a score from the dashboard's list, shows a criterion added later as unscored, and locks during deliberation", async () => {
    const { page, token, errors } = first;
    // The scores are asked once the criteria are read: until they are in, no row says "unscored"
    // (before, every judged row did for that moment; a fresh-clone CI run caught it).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/judge/scores', async (route) => {
      await held;
      await route.continue();
    });
    const scoresAsked = page.waitForRequest('**/api/judge/scores');
    await page.goto(url('/judge'));
    const row = page.locator(`.judge-row[data-project-id="${finishedId}"]`);
    await row.waitFor();
    await scoresAsked;
    expect(await row.locator('.judge-row__unscored').count()).toBe(0);
    release();
    await page.waitForResponse('**/api/judge/scores');
    await page.unroute('**/api/judge/scores');
    expect(await row.locator('.judge-row__unscored').count()).toBe(0);

    // A criterion added while the dashboard is open: the row says the project lacks its score.
    const added = await apiCall<Criterion>(server, 'POST', '/admin/criteria', { name: 'Sustainability' });
    await row.getByText('· 1 criterion unscored').waitFor();

    await row.getByRole('link').tap();
    const scores = page.getByRole('region', { name: 'Your scores' });
    await scores.waitFor();
    expect(await criterionGroup(scores, 'Design').getByRole('radio', { name: '5' }).isChecked()).toBe(true);
    await scoreButton(scores, 'Impact', 2).tap();
    await scoreButton(scores, 'Sustainability', 3).tap();
    await page.getByText('All saved', { exact: true }).waitFor();
    await expect
      .poll(async () => (await judgeScores(token)).scores[finishedId])
      .toEqual({ ...byId({ ...FIRST_SCORES, Impact: 2 }), [added.id]: 3 });
    expect(await accessibilityViolations(page)).toEqual([]);

    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    await page.getByText('Deliberation has started: your scores can no longer change.').waitFor();
    expect(await criterionGroup(scores, 'Impact').getByRole('radio', { name: '3' }).isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The organizer's dashboard says the scores froze too, since the event has criteria.
    const admin = await openAdminPage(browser, server);
    await admin.page.goto(url('/admin'));
    await admin.page
      .getByText('Deliberation is on: judges cannot change their rankings, stars or scores.', {
        exact: false,
      })
      .waitFor();
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.context.close();
    await apiCall(server, 'POST', '/admin/deliberation', { start: false });
    await apiCall(server, 'POST', '/admin/clock/unpause'); // deliberation paused it
    await apiCall(server, 'DELETE', `/admin/criteria/${added.id}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('criteria the organizer made optional', () => {
  it('let the judge submit with some criteria, or none, scored', async () => {
    await apiCall(server, 'POST', '/admin/options', { criteria_required: false });
    const { page, token, errors } = await judgeOnPhone('Katherine Johnson');
    const held = await openDone(page, token);
    const dialog = doneDialog(page);
    await criterionGroup(dialog, 'Impact').waitFor();
    const submit = button(dialog, 'Submit');
    expect(await submit.isEnabled()).toBe(true);
    expect(await dialog.getByText(/^Score every criterion/).count()).toBe(0);
    await scoreButton(dialog, 'Design', 2).tap();
    await submit.tap();
    await page.waitForURL(url('/judge'));
    expect((await judgeScores(token)).scores[held]).toEqual(byId({ Design: 2 }));
    await apiCall(server, 'POST', '/admin/options', { criteria_required: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a Done made offline with its scores', () => {
  /**
   * A judge's Done made offline (the live page loaded online first), with notes: every criterion
   * scored 3 but Originality, scored `last`. Returns the held project's id.
   */
  async function doneOffline(page: Page, token: string, last: number): Promise<string> {
    const { held, dialog } = await openDoneOffline(page, token);
    await criterionGroup(dialog, 'Originality').waitFor();
    for (const { name } of CRITERIA.slice(0, -1)) await scoreButton(dialog, name, 3).tap();
    await scoreButton(dialog, 'Originality', last).tap();
    await dialog.getByLabel('Personal notes').fill('Strong demo.');
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    return held;
  }

  it('is sent with its scores once the phone is back online', async () => {
    const { page, token, errors } = await judgeOnPhone('Grace Hopper');
    const held = await doneOffline(page, token, 5);
    expect((await judgeScores(token)).scores[held]).toBeUndefined();

    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    const expected = Object.fromEntries(criteria.map((c) => [c.id, c.name === 'Originality' ? 5 : 3]));
    expect((await judgeScores(token)).scores[held]).toEqual(expected);
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it('is refused in plain words when a criterion was added meanwhile, and the judge keeps the project', async () => {
    const { page, token, errors } = await judgeOnPhone('Hedy Lamarr');
    const held = await doneOffline(page, token, 4);
    const added = await apiCall<Criterion>(server, 'POST', '/admin/criteria', { name: 'Accessibility' });

    await page.context().setOffline(false);
    await noticeWithText(
      page,
      'The server did not accept finishing the project (Please score every criterion: Accessibility). It was not saved.',
    ).waitFor({ timeout: 20_000 });
    const self = await apiCall<{ current: string; seen_projects: unknown[] }>(
      server,
      'GET',
      '/judge',
      undefined,
      token,
    );
    expect(self.current).toBe(held);
    expect(self.seen_projects).toEqual([]);
    // The project is back on the live page with the notes typed in the refused Done.
    await page.goto(url('/judge/live'));
    await projectHeading(page).waitFor();
    await expect.poll(() => page.locator('#judge-live-notes').inputValue()).toBe('Strong demo.');
    await apiCall(server, 'DELETE', `/admin/criteria/${added.id}`);
    expect(withoutOfflineNoise(errors).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});

describe('criteria changed while the Done was on its way', () => {
  it('a Done saved offline is sent without the score of a criterion the organizer deleted meanwhile', async () => {
    const doomed = await apiCall<Criterion>(server, 'POST', '/admin/criteria', { name: 'Doomed' });
    const { page, token, errors } = await judgeOnPhone('Joan Clarke');
    const { held, dialog } = await openDoneOffline(page, token);
    await criterionGroup(dialog, 'Doomed').waitFor();
    for (const { name } of [...CRITERIA, doomed]) await scoreButton(dialog, name, 3).tap();
    await button(dialog, 'Submit').tap();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    await apiCall(server, 'DELETE', `/admin/criteria/${doomed.id}`);

    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await judgeScores(token)).scores[held]).toEqual(
      Object.fromEntries(criteria.map((c) => [c.id, 3])),
    );
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it('a Done refused for a criterion the phone never heard of (no socket) shows that criterion to score', async () => {
    const { page, token } = await judgeOnPhone('Frances Allen');
    // The socket never connects (a venue proxy that drops websockets and long polls).
    await page.route('**/socket.io/**', (route) => route.abort());
    await openDone(page, token);
    const dialog = doneDialog(page);
    await criterionGroup(dialog, 'Originality').waitFor();
    for (const { name } of CRITERIA) await scoreButton(dialog, name, 4).tap();
    const added = await apiCall<Criterion>(server, 'POST', '/admin/criteria', { name: 'Missed one' });
    await button(dialog, 'Submit').tap();
    // Refused while online: the popup stays open and says why (the page behind it is inert).
    await dialog
      .locator('.notice__text')
      .filter({
        hasText:
          'The server did not accept finishing the project (Please score every criterion: Missed one). It was not saved.',
      })
      .waitFor({ timeout: 10_000 });
    await scoreButton(dialog, 'Missed one', 2).tap();
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 10_000 });
    await apiCall(server, 'DELETE', `/admin/criteria/${added.id}`);
  });
});

describe('a long criterion name', () => {
  it('is shown whole above its scale, with the mark that it has a description', async () => {
    const name = 'Best use of the sponsor API and open data (Twilio)';
    const long = await apiCall<Criterion>(server, 'POST', '/admin/criteria', {
      name,
      description: '1: not used; 5: central to the demo.',
    });
    const { page, token } = await judgeOnPhone('Sophie Wilson');
    await openDone(page, token);
    const group = criterionGroup(doneDialog(page), name);
    const text = group.locator('.judge-criterion__name-text');
    await text.waitFor();
    const [nameBox, scaleBox, shortBox] = await Promise.all([
      group.getByRole('button', { name: `${name}: what the scores mean` }).boundingBox(),
      group.locator('.judge-criterion__scale').boundingBox(),
      criterionGroup(doneDialog(page), 'Technical difficulty')
        .locator('.judge-criterion__scale')
        .boundingBox(),
    ]);
    // Nothing of the name is cut, and the "i" after it is inside the phone's width.
    expect(
      await text.evaluate((e) => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth),
    ).toBe(true);
    expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(390);
    expect(nameBox!.y + nameBox!.height).toBeLessThanOrEqual(scaleBox!.y);
    // A short name stays beside its scale.
    expect(shortBox!.x).toBeGreaterThan(100);
    expect(await accessibilityViolations(page)).toEqual([]);
    await apiCall(server, 'DELETE', `/admin/criteria/${long.id}`);
  });
});

describe("a score given before the organizer changed the criterion's scale", () => {
  it('is asked again on the new scale, the old one said beside it, and corrected with a tap', async () => {
    const { page, token, errors } = await judgeOnPhone('Mary Jackson');
    const impact = criteria.find((c) => c.name === 'Impact')!;
    const held = (await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token))
      .project_id;
    const given = { ...FIRST_SCORES, Impact: 4 };
    await apiCall(server, 'POST', '/judge/finish', { notes: '', scores: byId(given) }, token);

    await page.goto(url('/judge'));
    const row = page.locator(`.judge-row[data-project-id="${held}"]`);
    await row.waitFor();
    expect(await row.locator('.judge-row__unscored').count()).toBe(0);
    // The organizer makes Impact 1–10 while the dashboard is open: 4 of 5 is asked again, from the
    // moment the phone has the new criteria, before its scores are read again (held back here;
    // before, the phone paired the new scale with the old answer and showed 4 of 10).
    let release = () => {};
    const scoresHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/judge/scores', async (route) => {
      await scoresHeld;
      await route.continue();
    });
    await apiCall(server, 'PUT', `/admin/criteria/${impact.id}`, { scale: 10 });
    await row.getByText('· 1 criterion unscored').waitFor();
    release();
    await page.unrouteAll({ behavior: 'wait' }); // the held request goes on first

    await row.getByRole('link').tap();
    const scores = page.getByRole('region', { name: 'Your scores' });
    const group = criterionGroup(scores, 'Impact');
    await group.getByRole('radio', { name: '10' }).waitFor({ state: 'attached' });
    expect(await group.getByRole('radio', { checked: true }).count()).toBe(0);
    const before = group.getByText('You gave 4 of 5 before the scale changed.', { exact: true });
    await before.waitFor();
    expect(await outsideViewport(before)).toBe('');
    const describedBy = (await group.getAttribute('aria-describedby'))?.split(' ') ?? [];
    expect(describedBy).toContain(await before.getAttribute('id'));
    // The other criteria keep their scores, chosen.
    expect(await criterionGroup(scores, 'Design').getByRole('radio', { name: '5' }).isChecked()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await scoreButton(scores, 'Impact', 7).tap();
    await before.waitFor({ state: 'detached' });
    expect(await group.getByRole('radio', { name: '7' }).isChecked()).toBe(true);
    await page.getByText('All saved', { exact: true }).waitFor();
    await expect
      .poll(async () => await judgeScores(token))
      .toMatchObject({
        scores: { [held]: byId({ ...given, Impact: 7 }) },
        scales: { [held]: byId({ Impact: 10 }) },
      });

    await page.reload();
    await group.getByRole('radio', { name: '7' }).waitFor({ state: 'attached' });
    await expect.poll(() => group.getByRole('radio', { name: '7' }).isChecked()).toBe(true);
    expect(await group.getByText(/before the scale changed/).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(url('/judge'));
    await row.waitFor();
    expect(await row.locator('.judge-row__unscored').count()).toBe(0);

    await apiCall(server, 'PUT', `/admin/criteria/${impact.id}`, { scale: 5 });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the Done popup keeps what the judge chose', () => {
  const impactOf = () => criteria.find((c) => c.name === 'Impact')!;
  const rescaleImpact = (scale: number) =>
    apiCall(server, 'PUT', `/admin/criteria/${impactOf().id}`, { scale });
  const star = (dialog: Locator) => dialog.getByRole('button', { name: /^Star/ });
  // Impact is 1–5 again after each test, also one that failed midway.
  afterEach(async () => {
    await rescaleImpact(5);
  });

  /** Every criterion scored as in `given` (by name), in the open Done popup. */
  async function scoreAll(dialog: Locator, given: Record<string, number>): Promise<void> {
    await criterionGroup(dialog, 'Originality').waitFor();
    for (const [name, score] of Object.entries(given)) await scoreButton(dialog, name, score).tap();
  }

  /** Opens the Done popup and checks it holds FIRST_SCORES, the star and `notes`; the popup. */
  async function doneWithChoices(page: Page, notes: string): Promise<Locator> {
    await button(page, 'Done').tap();
    const dialog = doneDialog(page);
    await criterionGroup(dialog, 'Originality').waitFor();
    for (const [name, score] of Object.entries(FIRST_SCORES))
      expect(
        await criterionGroup(dialog, name)
          .getByRole('radio', { name: String(score) })
          .isChecked(),
        name,
      ).toBe(true);
    expect(await star(dialog).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByLabel('Personal notes').inputValue()).toBe(notes);
    return dialog;
  }

  it('scores, star, notes and feedback survive closing and reopening the popup, and a reload', async () => {
    const { page, token, errors } = await judgeOnPhone('Dorothy Vaughan');
    const held = await openDone(page, token);
    let dialog = doneDialog(page);
    await scoreAll(dialog, FIRST_SCORES);
    await star(dialog).tap();
    await dialog.getByLabel('Personal notes').fill('Clear pitch.');
    await button(dialog, 'Add feedback for the team').tap();
    await dialog.getByLabel('Feedback for the team').fill('Great demo, tell us more about the mesh.');

    /** The popup, reopened, holds every choice and lets the judge submit at once. */
    const expectKept = async () => {
      dialog = await doneWithChoices(page, 'Clear pitch.');
      expect(await dialog.getByLabel('Feedback for the team').inputValue()).toBe(
        'Great demo, tell us more about the mesh.',
      );
      expect(await button(dialog, 'Submit').isEnabled()).toBe(true);
    };
    await button(dialog, 'Close').tap();
    await dialog.waitFor({ state: 'hidden' });
    await expectKept();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectKept();
    expect(await accessibilityViolations(page)).toEqual([]);
    await button(dialog, 'Close').tap();
    await page.reload();
    await projectHeading(page).waitFor();
    await expectKept();

    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    expect((await judgeScores(token)).scores[held]).toEqual(byId(FIRST_SCORES));
    const self = await apiCall<{ seen_projects: { project_id: string; starred: boolean }[] }>(
      server,
      'GET',
      '/judge',
      undefined,
      token,
    );
    expect(self.seen_projects.find((p) => p.project_id === held)?.starred).toBe(true);
    // The next project's popup starts empty.
    await page.goto(url('/judge/live'));
    await projectHeading(page).waitFor();
    await button(page, 'Done').tap();
    dialog = doneDialog(page);
    await criterionGroup(dialog, 'Originality').waitFor();
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await star(dialog).getAttribute('aria-pressed')).toBe('false');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('an undo gives back what the judge chose: the star and scores of a Done, and what was chosen before "I know this team"', async () => {
    const { page, token, errors } = await judgeOnPhone('Gladys West');
    const held = await openDone(page, token);
    const heldName = await projectHeading(page).textContent();
    let dialog = doneDialog(page);
    await scoreAll(dialog, FIRST_SCORES);
    await star(dialog).tap();
    await dialog.getByLabel('Personal notes').fill('Solid radio range.');
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    const undo = async () => {
      await page.getByRole('region', { name: 'Undo' }).getByRole('button', { name: /^Undo/ }).tap();
      await page.waitForURL(url('/judge/live'));
      await expect.poll(() => projectHeading(page).textContent()).toBe(heldName);
      const self = await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token);
      expect(self.current).toBe(held);
      // The page opened the project with what was kept for it (its notes show it).
      await expect.poll(() => page.locator('#judge-live-notes').inputValue()).toBe('Solid radio range.');
    };
    /** The Done popup holds every choice made before the undone tap. */
    const expectChosen = async () => {
      dialog = await doneWithChoices(page, 'Solid radio range.');
      await button(dialog, 'Close').tap();
      await dialog.waitFor({ state: 'hidden' });
    };

    // The server deleted the view with its star and scores: the undo's answer gives them back.
    await undo();
    await expectChosen();

    // A conflict skip sends nothing of them; the phone sets them aside for its undo.
    await button(page, 'Skip').tap();
    const skipDialog = page.getByRole('dialog', { name: 'Skip Project' });
    await skipDialog.getByLabel(JUDGE_CONFLICT_LABEL).check();
    await button(skipDialog, 'Submit').tap();
    await page.getByRole('region', { name: 'Undo' }).waitFor();
    await undo();
    await expectChosen();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('asks again a score tapped before the organizer changed the scale while the popup was open; never stores it as 4 of 10', async () => {
    const { page, token, errors } = await judgeOnPhone('Annie Easley');
    const held = await openDone(page, token);
    const dialog = doneDialog(page);
    await scoreAll(dialog, FIRST_SCORES); // Impact 4 of 5
    const submit = button(dialog, 'Submit');
    expect(await submit.isEnabled()).toBe(true);

    await rescaleImpact(10);
    const group = criterionGroup(dialog, 'Impact');
    await group.getByRole('radio', { name: '10' }).waitFor({ state: 'attached' });
    const before = group.getByText('You gave 4 of 5 before the scale changed.', { exact: true });
    await before.waitFor();
    expect(await group.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByText('Score every criterion to submit: 1 left.').count()).toBe(1);
    const describedBy = (await group.getAttribute('aria-describedby'))?.split(' ') ?? [];
    expect(describedBy).toContain(await before.getAttribute('id'));
    expect(await accessibilityViolations(page)).toEqual([]);

    await scoreButton(dialog, 'Impact', 8).tap();
    await before.waitFor({ state: 'detached' });
    expect(await submit.isEnabled()).toBe(true);
    await submit.tap();
    await page.waitForURL(url('/judge'));
    expect(await judgeScores(token)).toMatchObject({
      scores: { [held]: byId({ ...FIRST_SCORES, Impact: 8 }) },
    });
    expect((await judgeScores(token)).scales[held]).toMatchObject({ [impactOf().id]: 10 });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('sends a Done saved offline with 4 of 5 as 4 of 5 after the scale changed, asked again on the project page', async () => {
    const { page, token, errors } = await judgeOnPhone('Evelyn Boyd Granville');
    const { held, dialog } = await openDoneOffline(page, token);
    await scoreAll(dialog, FIRST_SCORES); // Impact 4 of 5
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();

    await rescaleImpact(10);
    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    const answer = await judgeScores(token);
    expect(answer.scores[held]).toEqual(byId(FIRST_SCORES));
    expect(answer.scales[held]).toMatchObject({ [impactOf().id]: 5 });

    // The project page asks it again, as for any score given before a scale change.
    await page.goto(url(`/judge/project/${held}`));
    const scores = page.getByRole('region', { name: 'Your scores' });
    await criterionGroup(scores, 'Impact')
      .getByText('You gave 4 of 5 before the scale changed.', { exact: true })
      .waitFor();
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});
