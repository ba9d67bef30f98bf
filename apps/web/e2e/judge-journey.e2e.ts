/**
 * A general judge's whole journey on a phone (390×844, touch): login, welcome, live judging
 * (skip, flag, done), keyboard ranking on the dashboard, notes autosave on the project page and
 * the deliberation lock, checked against the real server's stored data.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededJudge, ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeRecord,
  noticeWithText,
  launchBrowser,
  seedJudge,
  seedProject,
  startServer,
  openPhonePage,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let judge: SeededJudge;
const projectNames = ['Solar Rover', 'Braille Buddy', 'Quiet Quill', 'Tide Tracker'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of projectNames) {
    await seedProject(server, {
      name,
      description: `${name} does things.`,
      url: 'https://example.org/' + name.length,
    });
  }
  judge = await seedJudge(server, { name: 'Grace Hopper', email: 'grace@example.org' });
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  ({ context, page, errors } = await openPhonePage(browser, server));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const h1 = () => page.getByRole('heading', { level: 1 });
const tap = (locator: Locator) => locator.tap();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const dialog = () => page.getByRole('dialog');
/** The banner over the next project that says what the last Done, Skip or Flag did, with its Undo. */
const undoBanner = () => page.getByRole('region', { name: 'Undo' });
/** No serious or critical axe violations (WCAG 2.1 A/AA). */
async function expectAccessible() {
  expect(await accessibilityViolations(page)).toEqual([]);
}
/** The project shown on /judge/live, once loaded. */
async function liveProjectName(): Promise<string> {
  await page.getByText('Table', { exact: true }).waitFor();
  return (await h1().textContent()) ?? '';
}
/** The network errors of deliberately refused requests are expected; nothing else is. */
const unexpectedErrors = () => errors.filter((e) => !e.includes('status of 400'));

describe('a general judge on a phone', () => {
  it('logs in with the code from the link, after a wrong code', async () => {
    await page.goto(`${server.baseUrl}/judge/login`);
    const field = page.getByLabel('Enter your judging code');
    await field.waitFor();
    expect(await field.getAttribute('placeholder')).toBe('XXXXXX');
    expect(await button('Log In').isDisabled()).toBe(true);
    await expectAccessible();

    await field.fill('000 000');
    await field.press('Enter');
    await page.getByText('Invalid judging code').waitFor();
    await field.fill('1');
    expect(await page.getByText('Invalid judging code').count()).toBe(0);

    await page.goto(`${server.baseUrl}/judge/login?code=${judge.code.slice(0, 4)}%20${judge.code.slice(4)}`);
    expect(await page.getByLabel('Enter your judging code').inputValue()).toBe(
      `${judge.code.slice(0, 4)} ${judge.code.slice(4)}`,
    );
    await tap(button('Log In'));
    await page.waitForURL(`${server.baseUrl}/judge/welcome`);
  });

  it('must confirm the three boxes of the welcome page', async () => {
    await h1().filter({ hasText: 'Welcome, Grace Hopper!' }).waitFor();
    await page.getByText('grace@example.org').waitFor();
    // A judge who knows a team learns the way out before meeting it (issue 32).
    expect(await page.locator('.judge-welcome__steps').textContent()).toContain(
      'If you know the team (a friend, a colleague, a former student), press Skip and choose I know this team',
    );
    await expectAccessible();
    await tap(button('Continue'));
    await page
      .getByText('Please read the welcome message and confirm by checking the boxes below before proceeding.')
      .waitFor();
    for (const box of await page.getByRole('checkbox').all()) await tap(box);
    await tap(button('Continue'));
    await page.waitForURL(`${server.baseUrl}/judge`);
    await h1().filter({ hasText: 'Welcome, Grace Hopper' }).waitFor();
    // The dashboard shows the kept judge at once; its title is set by an effect just after.
    await expect.poll(() => page.title()).toBe('Judging | Podium');
  });

  it('shows the stats and leads to live judging', async () => {
    const tiles = page.locator('.stat-tile');
    await tiles.filter({ hasText: 'Total Projects' }).filter({ hasText: '4' }).waitFor();
    await tiles.filter({ hasText: 'Seen' }).filter({ hasText: '0' }).waitFor();
    await expectAccessible();
    await tap(page.getByRole('link', { name: 'Next Project' }));
    await page.waitForURL(`${server.baseUrl}/judge/live`);
  });

  it('skips a busy team, asking for a reason first', async () => {
    const first = await liveProjectName();
    expect(projectNames).toContain(first);
    await page.getByText(`${first} does things.`).waitFor();
    await expectAccessible();

    await tap(button('Skip'));
    await dialog().getByRole('heading', { name: 'Skip Project' }).waitFor();
    await expectAccessible();
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await dialog().getByText('Please select an option.').waitFor();
    await tap(dialog().getByText('Busy', { exact: true }));
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await h1().filter({ hasNotText: first }).filter({ hasText: /\w/ }).waitFor();
    // The next project replaced it at once: the Undo banner over it names the one skipped, and
    // why (issue 23); no notice says it again over the actions.
    await undoBanner().getByText(`Skipped (Busy): ${first}.`).waitFor();
    expect(await page.locator('.notices .notice').count()).toBe(0);
    expect(await judgeRecord(server, judge.id).then((j) => j.current)).not.toBeNull();
  });

  it('flags a project that cannot demo', async () => {
    const flagged = await liveProjectName();
    await tap(button('Flag'));
    await tap(dialog().getByText("Can't Demo", { exact: true }));
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await h1().filter({ hasNotText: flagged }).filter({ hasText: /\w/ }).waitFor();
    await undoBanner().getByText(`Flagged (Can't Demo): ${flagged}.`).waitFor();
    const record = await judgeRecord(server, judge.id);
    expect(record.flagged).toHaveLength(1);
  });

  it('finishes a project with notes and a star, and returns to the dashboard', async () => {
    const name = await liveProjectName();
    await page.getByLabel('Personal notes').fill('Great demo, clear pitch.');
    await tap(button('Done'));
    await dialog().getByRole('heading', { name: 'Finish Project' }).waitFor();
    expect(await dialog().getByLabel('Personal notes').inputValue()).toBe('Great demo, clear pitch.');
    await expectAccessible();
    await tap(dialog().getByRole('button', { name: `Star ${name}` }));
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await page.waitForURL(`${server.baseUrl}/judge`);
    const record = await judgeRecord(server, judge.id);
    expect(record.seen_projects).toMatchObject([{ name, notes: 'Great demo, clear pitch.', starred: true }]);
    // The draft is gone once the server has the notes (R29).
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('podium:notes:'))),
    ).toEqual([]);
  });

  it('judges one more project without a timer', async () => {
    await tap(page.getByRole('link', { name: 'Next Project' }));
    await liveProjectName();
    await tap(button('Done'));
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await page.waitForURL(`${server.baseUrl}/judge`);
    await page.locator('.stat-tile').filter({ hasText: 'Seen' }).filter({ hasText: '3' }).waitFor();
  });

  it('ranks projects by keyboard dragging, saved on the server', async () => {
    const unranked = page.locator('.judge-list--unranked li[data-project-id]');
    await unranked.nth(1).waitFor();
    const [newest, older] = await Promise.all(
      [0, 1].map((i) => unranked.nth(i).getAttribute('data-project-id')),
    );
    await expectAccessible();

    await dragIntoRanking(newest!);
    await page.locator(`.judge-list--ranked li[data-project-id="${newest}"]`).waitFor();
    await waitForServerRanking([newest!]);

    // Then the older one, dropped above the first: it becomes rank 1.
    await dragIntoRanking(older!, true);
    await waitForServerRanking([older!, newest!]);
    const ranked = page.locator('.judge-list--ranked li[data-project-id]');
    expect(await ranked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project-id')))).toEqual([
      older,
      newest,
    ]);
    await page.locator('.judge-list--ranked .judge-rank-badge--1').filter({ hasText: '1' }).waitFor();
    await page.getByText('All saved', { exact: true }).waitFor();
  });

  it('reorders the ranking by touch dragging the handle', async () => {
    const ranked = page.locator('.judge-list--ranked li[data-project-id]');
    const before = await ranked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project-id')));
    await touchDrag(ranked.nth(1).locator('.judge-row__handle'), ranked.nth(0));
    await waitForServerRanking([before[1]!, before[0]!]);
    expect(await ranked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project-id')))).toEqual([
      before[1],
      before[0],
    ]);
  });

  it('ranks a project last, by touch on the end zone and by keyboard (issue 23)', async () => {
    const ranked = page.locator('.judge-list--ranked li[data-project-id]');
    const order = () => ranked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project-id')));
    const [top, second] = await order();
    await touchDrag(ranked.nth(0).locator('.judge-row__handle'), page.locator('.judge-list__end'));
    await waitForServerRanking([second!, top!]);

    // By keyboard: one arrow down from the first of two places ranks it last. A drag starts once
    // the touch drop's animation is over.
    await page.locator('.judge-row--overlay').waitFor({ state: 'detached', timeout: 10_000 });
    await page.locator(`li[data-project-id="${second}"] .judge-row__handle`).focus();
    await pickUp();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await waitForServerRanking([top!, second!]);
    expect(await order()).toEqual([top, second]);
  });

  it('moves a project one place per arrow press, saying where it will drop (issue 32)', async () => {
    const ranked = page.locator('.judge-list--ranked li[data-project-id]');
    const order = () => ranked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project-id')));
    const [first, last] = await order();
    const row = page.locator(`li[data-project-id="${last}"]`);
    const name = (await row.locator('.judge-row__name').textContent())!;
    // dnd-kit's live region, as a screen reader hears it, and the badge of the dragged copy.
    const announcement = page.locator('[id^="DndLiveRegion"]');
    const badge = page.locator('.judge-row--overlay .judge-rank-badge');
    const expectSaid = (where: string) =>
      expect.poll(() => announcement.textContent()).toBe(`${name} is ${where}.`);
    const expectPlace = async (place: number) => {
      await expectSaid(`ranked at position ${place}`);
      expect(await badge.textContent()).toBe(`Rank ${place}`);
      await expect.poll(copyOffset).toBeLessThanOrEqual(1);
    };

    // Picked up only once the last drop has settled: a later shift of the list (a save's status
    // line, a refetch) moves the project's place but not the copy, which dnd-kit places once.
    await page.locator('.judge-row--overlay').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('All saved', { exact: true }).waitFor();
    await row.locator('.judge-row__handle').focus();
    await expect.poll(() => stillFor(row, 200), { timeout: 10_000 }).toBe(true);
    await pickUp();
    await expectPlace(2);
    // Down from the last place unranks it; Up from the unranked list ranks it last again.
    await page.keyboard.press('ArrowDown');
    await expectSaid('in the unranked list');
    expect(await badge.count()).toBe(0);
    await page.keyboard.press('ArrowUp');
    await expectPlace(2);
    await page.keyboard.press('ArrowUp');
    await expectPlace(1);
    await page.keyboard.press('Space');
    await announcement.filter({ hasText: `Dropped ${name}.` }).waitFor();
    await waitForServerRanking([last!, first!]);
    expect(await order()).toEqual([last, first]);
  });

  it('keeps the dragged project on its place when a notice goes during the drag', async () => {
    // A notice, then back to the dashboard within the app (a reload would drop it).
    await tap(page.getByRole('link', { name: 'Next Project' }));
    const skipped = await liveProjectName();
    await tap(button('Skip'));
    await tap(dialog().getByText('Busy', { exact: true }));
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await tap(undoBanner().getByRole('button', { name: /^Undo/ }));
    const notice = noticeWithText(page, `Undone: you are judging ${skipped} again`);
    // Held while the pointer is on it; it goes 5 s after the pointer leaves (Notices.tsx).
    await notice.hover();
    await page.getByRole('link', { name: 'Back', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/judge`);
    // Scrolled to the page's end, which the notice's room lengthens.
    const handle = page
      .locator('.judge-list--ranked li[data-project-id]')
      .last()
      .locator('.judge-row__handle');
    await handle.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await handle.focus();
    await pickUp();
    await expect.poll(copyOffset).toBeLessThanOrEqual(1);
    await page.mouse.move(0, 0);
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    // The page's end gives the notice's room back a moment after it goes: check after that.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    expect(await copyOffset()).toBeLessThanOrEqual(1);
    await page.keyboard.press('Escape');
    await page.locator('.judge-row--overlay').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('autosaves notes on the project page', async () => {
    const row = page.locator('.judge-list--ranked li[data-project-id]').first();
    const id = await row.getAttribute('data-project-id');
    await tap(row.getByRole('link'));
    await page.waitForURL(`${server.baseUrl}/judge/project/${id}`);
    const notes = page.getByLabel('Personal notes');
    await notes.waitFor();
    await expectAccessible();
    await notes.fill('Needs a better README.');
    await page.getByText('All saved', { exact: true }).waitFor();
    const record = await judgeRecord(server, judge.id);
    expect(record.seen_projects.find((p) => p.project_id === id)?.notes).toBe('Needs a better README.');
  });

  it('locks rankings and stars once deliberation starts (after a reload)', async () => {
    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    await page.goto(`${server.baseUrl}/judge`);
    await page.getByText('Deliberation has started. You cannot change rankings or stars.').waitFor();
    const handles = page.locator('.judge-row__handle');
    for (const handle of await handles.all()) expect(await handle.isDisabled()).toBe(true);
    await expectAccessible();

    // The paused state stands where Next Project was; the live page says the same.
    await page.locator('.judge-summary__paused').getByText('Judging Paused').waitFor();
    expect(await page.getByRole('link', { name: 'Next Project' }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/judge/live`);
    await h1().filter({ hasText: 'Judging Paused' }).waitFor();
    await expectAccessible();
    expect(unexpectedErrors()).toEqual([]);
  });
});

/**
 * Keyboard drag of one project into the ranking: Space picks it up, ArrowUp ranks it last and then
 * moves it up one place at a time (with `toTop`, to the first place), Space drops it.
 */
async function dragIntoRanking(projectId: string, toTop = false) {
  const handle = page.locator(`li[data-project-id="${projectId}"] .judge-row__handle`);
  await handle.focus();
  await pickUp();
  const inRanked = page.locator(`.judge-list--ranked li[data-project-id="${projectId}"]`);
  const firstRanked = page.locator('.judge-list--ranked li[data-project-id]').first();
  for (let step = 0; step < 60; step++) {
    const placed =
      (await inRanked.count()) > 0 &&
      (!toTop || (await firstRanked.getAttribute('data-project-id')) === projectId);
    if (placed) break;
    await page.keyboard.press('ArrowUp');
  }
  await page.keyboard.press('Space');
}

/** How far the dragged copy is from the project's place in the list: 0 when it sits on it. */
async function copyOffset() {
  const [copy, place] = await Promise.all(
    ['.judge-row--overlay', '.judge-row--placeholder'].map((s) => page.locator(s).boundingBox()),
  );
  return copy && place ? Math.round(Math.abs(copy.y - place.y)) : null;
}

/** Whether `locator` stays where it is for `ms`. */
async function stillFor(locator: Locator, ms: number) {
  const before = JSON.stringify(await locator.boundingBox());
  await page.waitForTimeout(ms);
  return JSON.stringify(await locator.boundingBox()) === before;
}

/**
 * Space on the focused handle picks its project up. dnd-kit's keyboard sensor listens for the
 * arrows from its next task on: keys pressed before that would be lost, and the drag never end.
 */
async function pickUp() {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/**
 * A finger drag over the DevTools protocol: touch down on `from`, move in steps onto the top of `to`,
 * lift once `to` shows the drop place (a row makes room; the end zone lights up). A gesture that
 * shows none is cancelled (touchcancel: dnd-kit drops nothing) and made again, up to three times:
 * on a machine starved of CPU, dnd-kit's sensor missed a whole gesture's moves (docs/toolchain.md).
 */
type Box = { x: number; y: number; width: number; height: number };

async function touchDrag(from: Locator, to: Locator) {
  const misses: unknown[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const missed = await touchGesture(from, to);
    if (missed === undefined) return;
    misses.push(missed);
  }
  throw new Error(`the touch drag never showed a drop place: ${JSON.stringify(misses)}`);
}

/** One gesture of `touchDrag`: undefined once dropped, else where it was tried (it was cancelled). */
async function touchGesture(from: Locator, to: Locator): Promise<{ start: Box; end: Box } | undefined> {
  // Touches land at viewport coordinates: both rows must be on screen (a phone is short), and the
  // target away from the screen's edges, where a resting finger scrolls the page (auto-scroll)
  // and the target moves away from under it.
  await to.evaluate((target) => target.scrollIntoView({ block: 'center' }));
  await from.scrollIntoViewIfNeeded();
  // The previous drag's drop animation must be over: until its overlay is gone, dnd-kit starts no
  // new drag (on a busy machine it outlasted the test's next steps).
  await page.locator('.judge-row--overlay').waitFor({ state: 'detached', timeout: 10_000 });
  // The list may still be settling (a refetch after the last save re-renders it): touch down only
  // once both rows stay where they are, or the finger lands beside the handle.
  const boxes = async () => JSON.stringify([await from.boundingBox(), await to.boundingBox()]);
  let settled = await boxes();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(100);
    const now = await boxes();
    if (now === settled) break;
    settled = now;
  }
  const [start, end] = JSON.parse(settled) as [Box | null, Box | null];
  if (!start || !end) throw new Error('nothing to drag');
  const cdp = await context.newCDPSession(page);
  const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  const targetY = end.y + end.height / 4;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) });
  // A finger rests a moment before it moves.
  await page.waitForTimeout(50);
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(x, y + ((targetY - y) * step) / 10),
    });
    // A finger takes time to move: let dnd-kit measure and find what it is over between moves,
    // as it would between real touch events (back-to-back moves on a busy machine lose the target).
    await page.waitForTimeout(40);
  }
  // Lift the finger only once the list shows the drop place: the target row has made room (moved
  // down). A resting finger still jitters, which keeps the sensor updating on a slow machine.
  const madeRoom = () =>
    to.evaluate(
      (target) =>
        target.classList.contains('judge-list__end--over') ||
        /translate3d\(0px, [1-9]/.test((target as HTMLElement).style.transform),
    );
  for (let wait = 0; wait < 60 && !(await madeRoom()); wait++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(x, targetY + (wait % 2)),
    });
    await page.waitForTimeout(50);
  }
  const dropped = await madeRoom();
  // The drop animation runs once the finger lifts; the new order is checked after it.
  await cdp.send('Input.dispatchTouchEvent', { type: dropped ? 'touchEnd' : 'touchCancel', touchPoints: [] });
  await cdp.detach();
  return dropped ? undefined : { start, end };
}

async function waitForServerRanking(expected: string[]) {
  await expect
    .poll(async () => (await judgeRecord(server, judge.id)).rankings, { timeout: 10_000 })
    .toEqual(expected);
}
