/**
 * Issue 14, the judge portal on a crowded venue network, in real Chromium against the real
 * server: every judge write made offline waits in the outbox and lands exactly once (R91), also
 * over a reload with no network and a closed tab; a write whose answer was lost is retried with
 * the same Idempotency-Key and counts once; the portal opens with no network after a first visit
 * (service worker + kept answers); the visit timer survives a reload; a page load fetches no API
 * URL twice; the dashboard's lists are asked again with their ETag and a 304 keeps them.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxStorageKey } from '../src/judge/device/offline-queue';
import type { ServerHandle } from './harness';
import { socketConnected } from './socket-signals';
import {
  accessibilityViolations,
  apiCall,
  collectPageErrors,
  countApiRequests,
  holdRequests,
  judgeOnPhone as signedInJudgeOnPhone,
  judgeRecord,
  launchBrowser,
  loginJudgeApi,
  noticeWithText,
  openPhonePage,
  recordApiWrites,
  requestedTwice,
  seedJudge,
  seedProject,
  serviceWorkerActive,
  startServer,
  undoButton,
  withoutOfflineNoise,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ['Mesh Radio', 'Kelp Farm', 'Solar Kiln', 'Bee Counter', 'Tide Clock', 'Moss Wall']) {
    await seedProject(server, { name, description: `${name} does things.` });
  }
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  await apiCall(server, 'POST', '/admin/clock/unpause');
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

/** A signed-in judge (welcome accepted) and a phone page for them, closed after the file. */
async function judgeOnPhone(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  return judge;
}

const url = (path: string) => `${server.baseUrl}${path}`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** The held project's name once /judge/live shows one (different from `not`, when given). */
async function liveProject(page: Page, not?: string): Promise<string> {
  const title = page.locator('h1.judge-project-heading__name');
  if (not) await title.filter({ hasNotText: not }).waitFor({ timeout: 20_000 });
  else await title.waitFor({ timeout: 20_000 });
  return (await title.textContent())?.trim() ?? '';
}

async function auditLines(pattern: RegExp): Promise<string[]> {
  const { log } = await apiCall<{ log: string }>(server, 'GET', '/admin/log');
  return log.split('\n').filter((line) => pattern.test(line));
}

interface FlagRecord {
  judge_id: string | null;
  project_id: string;
  reason: string;
}
const flagsOf = async (judgeId: string) =>
  (await apiCall<FlagRecord[]>(server, 'GET', '/admin/flags')).filter((f) => f.judge_id === judgeId);

const projectIdOf = async (name: string) =>
  (await apiCall<{ id: string; name: string }[]>(server, 'GET', '/project/list')).find(
    (p) => p.name === name,
  )!.id;

async function skipWith(page: Page, kind: 'Skip' | 'Flag', reason: string): Promise<void> {
  await button(page, kind).tap();
  await dialog(page).getByText(reason, { exact: true }).tap();
  await dialog(page).getByRole('button', { name: 'Submit' }).tap();
}

/** The judge's own audit lines matching `pattern` (other tests' judges write the same lines). */
const judgeLines = async (judgeId: string, pattern: RegExp) =>
  (await auditLines(pattern)).filter((line) => line.includes(`(${judgeId}) |`));

/**
 * On the dashboard, with the network gone, moves the seen project `projectId` into the ranking
 * by keyboard; the change waits on the phone.
 */
async function rankOffline(page: Page, projectId: string): Promise<void> {
  await page.goto(url('/judge'));
  const handle = page.locator(`li[data-project-id="${projectId}"] .judge-row__handle`);
  await handle.waitFor();
  await page.context().setOffline(true);
  await handle.focus();
  await page.keyboard.press('Space');
  const ranked = page.locator(`.judge-list--ranked li[data-project-id="${projectId}"]`);
  for (let step = 0; step < 20 && (await ranked.count()) === 0; step++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
}

/**
 * With the network gone: reloads the page, where `waiting` must still show, and closes the tab;
 * then, back online, opens `path` in a new tab of the same browser.
 */
async function reloadOfflineThenReopen(
  page: Page,
  path: string,
  waiting: (page: Page) => Locator,
): Promise<{ page: Page; errors: string[]; writes: string[] }> {
  await page.reload();
  await waiting(page).waitFor();
  const context = page.context();
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  const errors = collectPageErrors(reopened);
  const writes = recordApiWrites(reopened);
  await reopened.goto(url(path));
  return { page: reopened, errors, writes };
}

describe('judge writes made offline', () => {
  let judge: Awaited<ReturnType<typeof judgeOnPhone>>;
  beforeAll(async () => {
    judge = await judgeOnPhone('Ada');
  });
  afterEach(() => {
    expect(withoutOfflineNoise(judge.errors)).toEqual([]);
  });

  it('Skip and Flag made offline wait on the phone, then land once each and the next project comes', async () => {
    const { page, id } = judge;
    await page.goto(url('/judge/live'));
    const first = await liveProject(page);
    // The service worker has the app (the dashboard's chunks too) before the network goes.
    await serviceWorkerActive(page);

    await page.context().setOffline(true);
    await skipWith(page, 'Skip', 'Busy');
    await heading(page).filter({ hasText: 'Saved on this phone' }).waitFor();
    await page.getByText('The next project comes once the phone is back online.', { exact: false }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await flagsOf(id)).toEqual([]);

    await page.context().setOffline(false);
    const second = await liveProject(page, first);

    await page.context().setOffline(true);
    await skipWith(page, 'Flag', "Can't Demo");
    await heading(page).filter({ hasText: 'Saved on this phone' }).waitFor();
    await page.context().setOffline(false);
    await liveProject(page, second);

    expect((await flagsOf(id)).map((f) => [f.project_id, f.reason])).toEqual([
      [await projectIdOf(first), 'busy'],
      [await projectIdOf(second), 'cannot-demo'],
    ]);
    expect(await auditLines(/Skipped busy project/)).toHaveLength(1);
    expect(await auditLines(/Flagged project/)).toHaveLength(1);
  });

  it('Done made offline shows as saved, goes to the dashboard, and finishes the project once', async () => {
    const { page, id } = judge;
    const third = await liveProject(page);
    await page.context().setOffline(true);
    await page.getByLabel('Personal notes').fill('Written in a dead zone.');
    await button(page, 'Done').tap();
    await dialog(page).getByRole('button', { name: 'Submit' }).tap();
    const waiting = noticeWithText(page, 'Saved on this phone; it will be sent when you are back online.');
    await waiting.waitFor();
    await page.waitForURL(url('/judge'));
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    expect((await judgeRecord(server, id)).seen_projects).toEqual([]);

    // Held while it has the focus (a keyboard on its ×): once sent, it is untrue, and goes all the same.
    await page
      .locator('.notices .notice')
      .filter({ hasText: 'Saved on this phone' })
      .getByRole('button', { name: 'Dismiss' })
      .focus();
    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await waiting.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await judgeRecord(server, id)).seen_projects.map((p) => [p.name, p.notes]))
      .toEqual([[third, 'Written in a dead zone.']]);
    expect(await auditLines(/Finished judging project/)).toHaveLength(1);
  });

  it('rank, star and notes made offline land once each', async () => {
    const { page, id } = judge;
    const [seen] = (await judgeRecord(server, id)).seen_projects;
    await rankOffline(page, seen!.project_id);

    await page.context().setOffline(false);
    await page.goto(url(`/judge/project/${seen!.project_id}`));
    const notes = page.getByLabel('Personal notes');
    await notes.waitFor();
    await page.context().setOffline(true);
    await button(page, 'Star').tap();
    await notes.fill('Second thoughts, offline.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });

    await expect
      .poll(async () => {
        const record = await judgeRecord(server, id);
        return [record.rankings, record.seen_projects[0]?.starred, record.seen_projects[0]?.notes];
      })
      .toEqual([[seen!.project_id], true, 'Second thoughts, offline.']);
    expect(await auditLines(/Updated rankings/)).toHaveLength(1);
    expect(await auditLines(/Added star/)).toHaveLength(1);
  });
});

describe('logging out with changes waiting (issue 22)', () => {
  /** A judge who judged one project, on the dashboard, with a ranking made offline waiting. */
  async function judgeWithWaitingRanking(name: string) {
    const judge = await judgeOnPhone(name);
    await apiCall(server, 'POST', '/judge/next', undefined, judge.token);
    await apiCall(server, 'POST', '/judge/finish', { notes: 'Kept for later.' }, judge.token);
    const [seen] = (await judgeRecord(server, judge.id)).seen_projects;
    await rankOffline(judge.page, seen!.project_id);
    return { ...judge, projectId: seen!.project_id };
  }

  /** Every `localStorage` entry that still names the judge or holds its project. */
  const tracesOf = (page: Page, judgeId: string, projectId: string) =>
    page.evaluate(
      ([id, project]) =>
        Object.keys(localStorage).filter((key) => {
          const value = localStorage.getItem(key) ?? '';
          return key.includes(id!) || value.includes(id!) || value.includes(project!);
        }),
      [judgeId, projectId],
    );

  it('asks first; the change the phone sends once online turns the question into "All changes sent"', async () => {
    const { page, id, projectId } = await judgeWithWaitingRanking('Bea');
    await button(page, 'Logout').tap();
    const ask = page.getByRole('dialog', { name: '1 change not sent yet' });
    await ask.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Send and log out' }).tap();
    await ask
      .getByRole('alert')
      .filter({ hasText: /^Not sent: the phone cannot reach the server/ })
      .waitFor();
    expect((await judgeRecord(server, id)).rankings).toEqual([]);

    // Back online, the phone sends what waits by itself, the dialog still open.
    await page.context().setOffline(false);
    const sent = page.getByRole('dialog', { name: 'All changes sent' });
    await sent.getByText('Everything you saved on this phone has reached the server.').waitFor();
    expect(await sent.getByRole('alert').count()).toBe(0);
    expect((await judgeRecord(server, id)).rankings).toEqual([projectId]);
    await sent.getByRole('button', { name: 'Log out', exact: true }).tap();
    await page.waitForURL(url('/'));
    expect(await tracesOf(page, id, projectId)).toEqual([]);
  });

  it('"Send and log out" waits for the send under way, then logs out', async () => {
    const { page, id, projectId } = await judgeWithWaitingRanking('Dee');
    // The server answers the phone's own resend only once the judge has asked to send.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const resendArrived = new Promise<void>((resolve) => (arrived = resolve));
    await page.route('**/api/judge/rank', async (route) => {
      arrived();
      await released;
      await route.continue();
    });
    await page.context().setOffline(false);
    await resendArrived;

    await button(page, 'Logout').tap();
    const ask = page.getByRole('dialog', { name: '1 change not sent yet' });
    await ask.getByRole('button', { name: 'Send and log out' }).tap();
    await ask.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await ask.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    release();
    await page.waitForURL(url('/'));
    expect((await judgeRecord(server, id)).rankings).toEqual([projectId]);
    expect(await tracesOf(page, id, projectId)).toEqual([]);
  });

  it('logs out without sending when the judge says so, and leaves nothing of the judge', async () => {
    const { page, id, projectId } = await judgeWithWaitingRanking('Cy');
    await button(page, 'Logout').tap();
    await page
      .getByRole('dialog', { name: '1 change not sent yet' })
      .getByRole('button', { name: 'Log out without sending' })
      .tap();
    await page.waitForURL(url('/'));
    expect(await tracesOf(page, id, projectId)).toEqual([]);
    await page.context().setOffline(false);
    await page.waitForTimeout(1500);
    expect((await judgeRecord(server, id)).rankings).toEqual([]);
  });
});

describe('a write whose answer is lost', () => {
  it('is retried with the same Idempotency-Key and counts once (R91)', async () => {
    const { page, id, errors } = await judgeOnPhone('Grace');
    await page.goto(url('/judge/live'));
    const held = await liveProject(page);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/judge/skip')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    let dropped = false;
    await page.route('**/api/judge/skip', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch(); // the server applies the skip...
      await route.abort('internetdisconnected'); // ...and its answer never reaches the phone
    });
    await skipWith(page, 'Skip', 'Busy');
    const next = await liveProject(page, held);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(keys[1]).toBe(keys[0]);
    // Applied twice, the retry would have skipped the newly assigned project too (R21).
    expect((await flagsOf(id)).map((f) => f.project_id)).toEqual([await projectIdOf(held)]);
    expect((await judgeRecord(server, id)).current).toBe(await projectIdOf(next));
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});

describe('the outbox over a reload and a closed tab', () => {
  it('Done and Skip made offline still wait after a reload, and land once each from a new tab', async () => {
    const judge = await judgeOnPhone('Hedy');
    const errors = [judge.errors];
    await judge.page.goto(url('/judge/live'));
    const finished = await liveProject(judge.page);
    await serviceWorkerActive(judge.page);

    await judge.page.context().setOffline(true);
    await judge.page.getByLabel('Personal notes').fill('Noted before the reload.');
    await button(judge.page, 'Done').tap();
    await dialog(judge.page).getByRole('button', { name: 'Submit' }).tap();
    await judge.page.waitForURL(url('/judge'));
    const oneWaiting = (page: Page) => page.getByText('Offline: 1 change waiting', { exact: true });
    await oneWaiting(judge.page).waitFor();
    const afterDone = await reloadOfflineThenReopen(judge.page, '/judge', oneWaiting);
    errors.push(afterDone.errors);
    await afterDone.page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await judgeRecord(server, judge.id)).seen_projects.map((p) => [p.name, p.notes])).toEqual([
      [finished, 'Noted before the reload.'],
    ]);
    expect(await judgeLines(judge.id, /Finished judging project/)).toHaveLength(1);
    await expect.poll(() => afterDone.writes).toEqual(['POST /api/judge/finish']);

    await afterDone.page.goto(url('/judge/live'));
    const skipped = await liveProject(afterDone.page);
    await afterDone.page.context().setOffline(true);
    await skipWith(afterDone.page, 'Skip', 'Busy');
    const skipWaiting = (page: Page) => heading(page).filter({ hasText: 'Saved on this phone' });
    await skipWaiting(afterDone.page).waitFor();
    const afterSkip = await reloadOfflineThenReopen(afterDone.page, '/judge/live', skipWaiting);
    errors.push(afterSkip.errors);
    const next = await liveProject(afterSkip.page, skipped);
    expect((await flagsOf(judge.id)).map((f) => [f.project_id, f.reason])).toEqual([
      [await projectIdOf(skipped), 'busy'],
    ]);
    expect(await judgeLines(judge.id, /Skipped busy project/)).toHaveLength(1);
    await expect
      .poll(() => afterSkip.writes.filter((write) => write === 'POST /api/judge/skip'))
      .toHaveLength(1);
    expect((await judgeRecord(server, judge.id)).current).toBe(await projectIdOf(next));
    expect(errors.flatMap(withoutOfflineNoise)).toEqual([]);
  });

  it('the welcome accepted offline is sent once from a new tab back online', async () => {
    const { id, code } = await seedJudge(server, { name: 'Radia', email: 'radia@example.org' });
    const token = await loginJudgeApi(server, code, false);
    const { context, page, errors } = await openPhonePage(browser, server, token);
    opened.push(context);
    await page.goto(url('/judge/welcome'));
    const welcome = (tab: Page) => heading(tab).filter({ hasText: 'Welcome, Radia!' });
    await welcome(page).waitFor();
    await serviceWorkerActive(page);

    await context.setOffline(true);
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await button(page, 'Continue').tap();
    await page
      .getByText('You are offline: your confirmation is saved on this phone', { exact: false })
      .waitFor();
    expect(await judgeLines(id, /Read welcome message/)).toEqual([]);
    const reopened = await reloadOfflineThenReopen(page, '/judge/welcome', welcome);

    await expect.poll(() => judgeLines(id, /Read welcome message/)).toHaveLength(1);
    // The browser's report of the request can reach the test after the server's log line.
    await expect.poll(() => reopened.writes).toEqual(['POST /api/judge/welcome']);
    // Leaving before the answer is read would leave the entry stored, and the next page would send
    // it again (the same R91 key, so the server replays it): wait until the phone has let it go.
    await reopened.page.waitForFunction((key) => localStorage.getItem(key) === null, outboxStorageKey(id));
    // Accepted: the dashboard opens instead of sending the judge back to the welcome page.
    await reopened.page.goto(url('/judge'));
    await reopened.page.getByRole('heading', { name: 'Welcome, Radia', exact: true }).waitFor();
    expect(reopened.page.url()).toBe(url('/judge'));
    expect(reopened.writes).toEqual(['POST /api/judge/welcome']);
    expect(await judgeLines(id, /Read welcome message/)).toHaveLength(1);
    expect(withoutOfflineNoise([...errors, ...reopened.errors])).toEqual([]);
  });
});

describe('opening the portal', () => {
  it('opens /judge/live with no network after a first visit, showing the held project', async () => {
    const { page } = await judgeOnPhone('Linus');
    await page.goto(url('/judge/live'));
    const held = await liveProject(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const context = page.context();
    await page.close();
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto(url('/judge/live'));
    expect(await liveProject(offline)).toBe(held);
    await context.setOffline(false);
  });

  it("shows the dashboard with no network before the phone holds the ranking board's code: only the board waits, and loads once back online", async () => {
    // No service worker: the phone holds no chunk it has not loaded yet (its precache not done).
    const { code } = await seedJudge(server, { name: 'Sammet', email: 'sammet@example.org' });
    const token = await loginJudgeApi(server, code);
    const { context, page, errors } = await openPhonePage(browser, server, token, {
      serviceWorkers: 'block',
    });
    opened.push(context);
    const boardHeading = page.getByRole('heading', { name: /^Unranked/ });
    const failure = page.getByText('Could not load the ranking board: check the network.', { exact: false });
    await page.goto(url('/judge/live'));
    const project = await liveProject(page);

    // Done made offline takes the judge to the dashboard, whose board was never loaded.
    await context.setOffline(true);
    await button(page, 'Done').tap();
    await dialog(page).getByRole('button', { name: 'Submit' }).tap();
    await page.waitForURL(url('/judge'));
    await failure.waitFor();
    await page.getByRole('heading', { name: 'Welcome, Sammet' }).waitFor();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    expect(await undoButton(page).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Back online, the board loads by itself and the Done lands.
    await context.setOffline(false);
    await boardHeading.waitFor({ timeout: 20_000 });
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('listitem').filter({ hasText: project }).waitFor();
    expect(await failure.count()).toBe(0);

    // A network that answers nothing though the phone says it is online: Try again loads it.
    await page.route(/\/assets\/RankingBoard-[^/]*\.js(\?.*)?$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.reload();
    await failure.waitFor();
    await page.unrouteAll();
    await button(page, 'Try again').tap();
    await boardHeading.waitFor();
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it("keeps Next Project and Logout in reach while the ranking board's code is still on its way", async () => {
    const { code } = await seedJudge(server, { name: 'Noether', email: 'noether@example.org' });
    const token = await loginJudgeApi(server, code);
    const { context, page, errors } = await openPhonePage(browser, server, token, {
      serviceWorkers: 'block',
    });
    opened.push(context);
    // Venue Wi-Fi: the board's chunk arrives only after the judge has moved on.
    const deliver = await holdRequests(page, /\/assets\/RankingBoard-[^/]*\.js(\?.*)?$/);
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Noether' }).waitFor();
    // The spinner stands in the board's place, not over the page.
    await page.getByRole('status').filter({ hasText: 'Loading the ranking board' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await button(page, 'Logout').tap({ trial: true }); // the checks of a tap (nothing covers it), no tap
    await page.getByRole('link', { name: 'Next Project' }).tap();
    await page.waitForURL(url('/judge/live'));
    await liveProject(page);
    await deliver();
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it("goes live once the network is back, with or without an 'online' event, when it was lost before the phone held the socket's code", async () => {
    const { code, id } = await seedJudge(server, { name: 'Tharp', email: 'tharp@example.org' });
    const token = await loginJudgeApi(server, code);
    const { context, page, errors } = await openPhonePage(browser, server, token, {
      serviceWorkers: 'block',
    });
    opened.push(context);
    // The page loads, but the chunk holding socket.io-client does not arrive (the network went).
    await page.route(/\/assets\/connection-[^/]*\.js(\?.*)?$/, (route) =>
      route.abort('internetdisconnected'),
    );
    const refused = page.waitForEvent('requestfailed', (request) => /\/connection-/.test(request.url()));
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Tharp' }).waitFor();
    await refused;

    // The network comes back: the socket's code loads, it connects, and the page follows the
    // organizer's change. (Until then every try fails: the route stays.)
    const connected = socketConnected(page);
    await context.setOffline(true);
    await page.unrouteAll();
    await context.setOffline(false);
    await connected;
    await apiCall(server, 'PUT', `/judge/${id}`, { name: 'Twyla Tharp', email: 'tharp@example.org' });
    await page.getByRole('heading', { name: 'Welcome, Twyla Tharp' }).waitFor({ timeout: 15_000 });

    // A network that answered nothing though the phone says it is online: tried again shortly.
    await page.route(/\/assets\/connection-[^/]*\.js(\?.*)?$/, (route) =>
      route.abort('internetdisconnected'),
    );
    const refusedAgain = page.waitForEvent('requestfailed', (request) => /\/connection-/.test(request.url()));
    const connectedAgain = socketConnected(page);
    await page.reload();
    await refusedAgain;
    await page.unrouteAll();
    await connectedAgain;
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it('asks the server again when reopened a moment after its last reads: kept answers are never fresh', async () => {
    const { page, id } = await judgeOnPhone('Hopper');
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Hopper' }).waitFor();
    const context = page.context();
    await page.close();
    // Changed while the page is closed, so no event can tell it; reopened well within the 5 s in
    // which a page load's own answers count as fresh (judge/queries/reads.ts).
    await apiCall(server, 'PUT', `/judge/${id}`, { name: 'Grace Hopper', email: 'hopper@example.org' });
    const reopened = await context.newPage();
    await reopened.goto(url('/judge'));
    await reopened.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor({ timeout: 10_000 });
  });

  it('fetches no API URL twice while a judge page or the admin dashboard loads', async () => {
    const { page, token } = await judgeOnPhone('Barbara');
    const requested = countApiRequests(page);
    const twice = () => requestedTwice(requested);

    await page.goto(url('/judge/live'));
    await liveProject(page);
    await page.waitForTimeout(2_000); // the socket connects meanwhile: it must not refetch
    expect(twice()).toEqual([]);

    requested.clear();
    await page.goto(url('/judge'));
    await page.getByRole('link', { name: 'Resume Project' }).waitFor();
    await page.waitForTimeout(2_000);
    expect(twice()).toEqual([]);

    // The project page of a judged project: the judge, deliberation, the project, once each. The
    // judge finishes it elsewhere (over the API) while no page is open: an open one would hear it.
    await page.goto('about:blank');
    const { project_id: judged } = await apiCall<{ project_id: string }>(
      server,
      'POST',
      '/judge/next',
      undefined,
      token,
    );
    await apiCall(server, 'POST', '/judge/finish', { notes: 'Counted once.' }, token);
    requested.clear();
    await page.goto(url(`/judge/project/${judged}`));
    await page.getByLabel('Personal notes').waitFor();
    await page.waitForTimeout(2_000);
    expect(twice()).toEqual([]);
    expect(requested.get(`GET /api/judge/project/${judged}`)).toBe(1);

    requested.clear();
    const admin = await browser.newContext();
    opened.push(admin);
    await admin.addCookies([
      { name: 'admin-pass', value: encodeURIComponent(server.adminPassword), url: server.baseUrl },
    ]);
    const adminPage = await admin.newPage();
    countApiRequests(adminPage, requested);
    await adminPage.goto(url('/admin'));
    await adminPage.locator('.dashboard-table tbody tr').first().waitFor();
    await adminPage.waitForTimeout(2_000);
    expect(twice()).toEqual([]);
  });
});

describe('conditional list reads (ETag, 304)', () => {
  it('the dashboard asks again with the kept ETag after a reconnect, and a 304 keeps its table', async () => {
    const admin = await browser.newContext();
    opened.push(admin);
    await admin.addCookies([
      { name: 'admin-pass', value: encodeURIComponent(server.adminPassword), url: server.baseUrl },
    ]);
    const page = await admin.newPage();
    const errors = collectPageErrors(page);
    const firstList = page.waitForResponse((response) => response.url().endsWith('/api/project/list'));
    await page.goto(url('/admin'));
    const rows = page.locator('.dashboard-table tbody tr');
    await rows.first().waitFor();
    const shown = await rows.count();
    const first = await firstList;
    expect(first.headers().etag).toMatch(/^"[\w-]+"$/);

    const revalidated = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/project/list') &&
        response.request().headers()['if-none-match'] === first.headers().etag,
      { timeout: 30_000 },
    );
    await admin.setOffline(true);
    await page.getByText('Connection lost.', { exact: false }).waitFor();
    await admin.setOffline(false);
    expect((await revalidated).status()).toBe(304);
    await page.getByText('Connection lost.', { exact: false }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(shown);
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});

describe('the visit timer', () => {
  it('survives a reload: the clock runs on and Done stays enabled', async () => {
    await apiCall(server, 'POST', '/admin/options', { judging_timer: 300 });
    const { page } = await judgeOnPhone('Katherine');
    await page.goto(url('/judge/live'));
    await liveProject(page);
    await button(page, 'Start Judging').tap();
    await page.locator('.judge-clock--running').waitFor();
    await page.waitForTimeout(1_500);
    await page.reload();
    await page.locator('.judge-clock--running').waitFor();
    expect(await button(page, 'Start Judging').count()).toBe(0);
    expect(await button(page, 'Done').isDisabled()).toBe(false);
    const time = (await page.locator('.judge-clock__time').textContent()) ?? '';
    expect(time < '05:00' && time > '04:00').toBe(true); // went on from before the reload
    await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  });
});

// Last: the `all` reset deletes everything the tests above seeded.
describe('an open judge page after its judge is gone', () => {
  const removed = (page: Page) => page.getByText('Your judging account was removed by an organizer.');

  it('lands on the login page with a message when an organizer deletes the judge', async () => {
    const { page, id } = await judgeOnPhone('Edsger');
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Edsger' }).waitFor();
    await page.waitForTimeout(1_000); // the socket is connected
    await apiCall(server, 'DELETE', `/judge/${id}`);
    await page.waitForURL(url('/judge/login'), { timeout: 15_000 });
    await removed(page).waitFor();
  });

  it('follows an `all` reset without a reload: the dashboard lands on the login page', async () => {
    const { page } = await judgeOnPhone('Frances');
    await page.goto(url('/judge'));
    await page.getByRole('heading', { name: 'Welcome, Frances' }).waitFor();
    await page.waitForTimeout(1_000);
    await apiCall(server, 'POST', '/admin/clock/pause');
    await apiCall(server, 'POST', '/admin/reset', { type: 'all' });
    await page.waitForURL(url('/judge/login'), { timeout: 15_000 });
    await removed(page).waitFor();
  });
});
