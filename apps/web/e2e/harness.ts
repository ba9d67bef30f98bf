/**
 * Browser end-to-end harness (DESIGN.md §5, tier 3): the REAL built server as a child process on
 * a free port with a fresh data directory, serving the built web app, and Debian Chromium driven
 * by playwright-core. Nothing is mocked and no browser is ever downloaded (TOOLCHAIN.md).
 */
import axe from 'axe-core';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Route } from 'playwright-core';
import { exited, freePort } from '../../server/src/test-support/child-processes';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');

export const TEST_ADMIN_PASSWORD = 'e2e: pässwörd';
export const TEST_EVENT_NAME = 'E2E Hack Night';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerHandle {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  baseUrl: string;
  adminPassword: string;
  dataDir: string;
  /** The server's recent stdout and stderr, for failure messages. */
  output: () => string;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop: () => Promise<void>;
}

/** Whether the server at `baseUrl` answers its heartbeat (`GET /api/`, `{"ok":1}`). */
async function heartbeatOk(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { ok?: unknown };
    return response.ok && body.ok === 1;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Starts `node apps/server/dist/main.js` and resolves once `GET /api/` answers `{"ok":1}`. `port`:
 * the address of a server stopped before, for a restart that open pages must ride out.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<ServerHandle> {
  for (const [file, what] of [
    [SERVER_MAIN, 'the server'],
    [WEB_INDEX, 'the web app'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build ${what} first (cd ${REPO_ROOT} && npx turbo run build)`);
    }
  }
  port ??= await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'podium-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      EVENT_NAME: TEST_EVENT_NAME,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await exited(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL'); // a graceful close that hangs must not hang the test run
        await exited(child, STOP_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await heartbeatOk(baseUrl))) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (exited || Date.now() > deadline) {
      await stop();
      const why = exited
        ? `exited (${child.exitCode ?? child.signalCode})`
        : 'did not answer GET /api/ in time';
      throw new Error(`server ${why}; its output:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { baseUrl, adminPassword: TEST_ADMIN_PASSWORD, dataDir, output: () => log, stop };
}

/**
 * The features playwright-core disables (its chromiumSwitches.ts), repeated: Chromium keeps only the
 * last `--disable-features`, so ours must name them too. Checked against the version they came from.
 */
const PLAYWRIGHT_DISABLED_FEATURES = {
  version: '1.65.1',
  features: [
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'TcpPortRandomizationWin',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ],
};

/**
 * Every new context is a window, and headless Chromium 156 opens two renderers per window for its
 * address bar's WebUI popups, which no test uses: 30 % of a context's CPU (docs/toolchain.md).
 */
const UNUSED_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * A change the server announces shows on an admin or team page within this long: the server's
 * coalescing second and slack for CI, below the admin pages' 15-second poll, so a page that shows
 * it in time heard the event. (Public screens wait a random moment first: their tests allow 10 s.)
 */
export const LIVE_MS = 8_000;

/** Debian Chromium, launched as TOOLCHAIN.md prescribes, without the address bar's popups. */
export async function launchBrowser(): Promise<Browser> {
  const { version: installed } = createRequire(import.meta.url)('playwright-core/package.json') as {
    version: string;
  };
  if (installed !== PLAYWRIGHT_DISABLED_FEATURES.version) {
    throw new Error(
      `playwright-core is ${installed}: copy its disabledFeatures (chromiumSwitches.ts) into ` +
        `PLAYWRIGHT_DISABLED_FEATURES in e2e/harness.ts, with this version`,
    );
  }
  return await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES.features, ...UNUSED_WINDOW_FEATURES].join(',')}`,
    ],
  });
}

/** The two screens every journey runs on: a laptop and a phone (390×844, touch). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Counts the API requests `page` makes from now on, by `METHOD /api/path?query`, into `requested`
 * (several pages may share one count): "one fetch per view" (issue 14) is checked with it.
 */
export function countApiRequests(page: Page, requested = new Map<string, number>()): Map<string, number> {
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    const key = `${request.method()} ${pathname}${search}`;
    requested.set(key, (requested.get(key) ?? 0) + 1);
  });
  return requested;
}

/** The requests of a count made more than once. */
export function requestedTwice(requested: Map<string, number>): string[] {
  return [...requested].filter(([, n]) => n > 1).map(([key]) => key);
}

/**
 * Holds the requests of `page` to `url` as a slow network would, until the returned function lets
 * them through (and stops holding new ones).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let deliver = () => {};
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  const held: Promise<void>[] = [];
  const hold = (route: Route) => {
    const sent = delivered.then(() => route.continue());
    held.push(sent);
    return sent;
  };
  await page.route(url, hold);
  return async () => {
    deliver();
    await Promise.all(held);
    await page.unroute(url, hold);
  };
}

/**
 * A venue Wi-Fi's sign-in page (a captive portal) answering `pattern`'s requests instead of the
 * server, as such pages do: 200 with HTML.
 */
export async function behindSignInPage(target: Page, pattern: string): Promise<void> {
  await target.route(pattern, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<html><body>Sign in to Venue Wi-Fi</body></html>',
    }),
  );
}

/** Below ANSWER_TIMEOUT_MS (15 s), with room for a request sent just before a step. */
const LEAP_STEP_MS = 10_000;

/**
 * The page's API requests not answered yet, for tests that move the page's installed clock: the
 * server answers in real time, and the app gives up a phone's request unanswered after 15 s of the
 * page's clock (`ANSWER_TIMEOUT_MS`), so a leap of the clock over a request in flight gives it up.
 * `settled` waits until none is open. `fastForward` leaps the clock (due timers fire once,
 * animation frames are skipped) 10 s at a time, settled before each step: a request sent between
 * a `settled` and one longer leap (a socket's reconnect refetches at any moment) was given up, and
 * a poll that shared it never answered. Not for a page that sets a clock by the server's answers
 * (the judge's Undo window): an answer between steps sets it back to the server's real time.
 */
export function openApiRequests(page: Page): {
  settled: () => Promise<void>;
  fastForward: (ms: number) => Promise<void>;
  stop: () => void;
} {
  const open = new Set<unknown>();
  const opened = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  };
  const closed = (request: unknown) => open.delete(request);
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  const settled = async () => {
    const deadline = Date.now() + LIVE_MS;
    while (open.size > 0) {
      if (Date.now() > deadline) throw new Error(`${open.size} API requests unanswered for ${LIVE_MS} ms`);
      await page.waitForTimeout(20);
    }
  };
  return {
    settled,
    fastForward: async (ms) => {
      for (let leapt = 0; leapt < ms; leapt += LEAP_STEP_MS) {
        await settled();
        await page.clock.fastForward(Math.min(LEAP_STEP_MS, ms - leapt));
      }
    },
    stop: () => {
      page.off('request', opened);
      page.off('requestfinished', closed);
      page.off('requestfailed', closed);
    },
  };
}

/**
 * Runs the page's installed clock `ms` on, 5 s at a time, each API request the page made meanwhile
 * answered before the clock goes on (`openApiRequests`): one `runFor` over a minute would give up
 * the minute's poll before its answer could come.
 */
export async function runClockAnswered(page: Page, ms: number): Promise<void> {
  const requests = openApiRequests(page);
  try {
    for (let ran = 0; ran < ms; ran += 5_000) {
      await page.clock.runFor(Math.min(5_000, ms - ran));
      await requests.settled();
    }
  } finally {
    requests.stop();
  }
}

/** `promise`, or a failure naming `what` after `ms`: for a wait the test's own timeout would end unnamed. */
export async function within<T>(promise: Promise<T>, what: string, ms = LIVE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Collects uncaught page errors and console errors, to assert a clean run. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed request's message does not name it; its location does.
    const { url } = message.location();
    errors.push(`console: ${message.text()}${url ? ` (${url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`);
  });
  return errors;
}

/**
 * Waits until the service worker holds the app (its chunks too), so that the page opens, reloads
 * and moves between screens with no network.
 */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

/** Runs axe-core in the page; returns one line per violation (WCAG 2.x A/AA rules). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, so a strict Content-Security-Policy cannot block it.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const result = await injected.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
  return violations;
}

// ---------- Seeding over the real API (expo and add-self journeys) ----------

/** A JSON answer of the API: its HTTP status and parsed body. */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** `Basic base64(UTF-8 "admin:" + password)`, as the web app builds it (API.md 2.2). */
export function adminAuthHeader(password: string = TEST_ADMIN_PASSWORD): string {
  return `Basic ${Buffer.from(`admin:${password}`, 'utf8').toString('base64')}`;
}

async function answer<T>(response: Response): Promise<ApiAnswer<T>> {
  return { status: response.status, body: (await response.json()) as T };
}

/** Calls `/api<path>` without credentials; `body` is sent as JSON. */
export async function publicApi<T = unknown>(
  server: ServerHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer<T>(response);
}

/** Calls `/api<path>` as the admin; `body` is sent as JSON. */
export async function adminApi<T = unknown>(
  server: ServerHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Authorization: adminAuthHeader(server.adminPassword) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer<T>(response);
}

/** Uploads a CSV file to an import route (`/project/csv`, `/judge/csv`, ...) as a multipart form. */
export async function uploadCsv(
  server: ServerHandle,
  path: string,
  file: string,
  { headerRow = false }: { headerRow?: boolean } = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append('csv', new Blob([await readFile(file)], { type: 'text/csv' }), basename(file));
  form.append('headerRow', String(headerRow));
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { Authorization: adminAuthHeader(server.adminPassword) },
    body: form,
  });
  return answer(response);
}

/** The sample data (projects.csv, judges.csv, ...): `shared/data` beside the repository. */
export const SHARED_DATA_DIR = join(REPO_ROOT, '../shared/data');

// ---------- Admin data pages (login, add projects and judges, QR codes, audit log) ----------

/** Saves the admin password in the browser as the web app does (`admin-pass`, percent-encoded). */
export async function saveAdminPassword(
  context: BrowserContext,
  server: Pick<ServerHandle, 'baseUrl' | 'adminPassword'>,
): Promise<void> {
  await context.addCookies([
    { name: 'admin-pass', value: encodeURIComponent(server.adminPassword), url: server.baseUrl },
  ]);
}

/**
 * What a judge's phone says when its Done, saved there, is refused because their other phone
 * finished the project first, and the notes typed in it were added to the project's notes.
 */
export const OVERTAKEN_DONE =
  "You are no longer judging this project (it was finished or skipped on your other phone or tab, or an organizer changed it), so this Done was not saved. Its notes were added to the project's notes.";

/** The notes of a project Done on two phones: the other phone's, then those the refused Done kept. */
export const BOTH_PHONES_NOTES = 'From the other phone.\n\nTyped on the phone that was behind.';

/** The judge's seen projects as the server keeps them (`GET /judge`). */
export async function seenProjectsOf(
  server: ServerHandle,
  token: string,
): Promise<{ project_id: string; notes: string }[]> {
  return (
    await apiCall<{ seen_projects: { project_id: string; notes: string }[] }>(
      server,
      'GET',
      '/judge',
      undefined,
      token,
    )
  ).seen_projects;
}

/** The judge's Done popup. */
export const doneDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Finish Project' });

/** The heading of the project a judge's page shows. */
export const judgeProjectHeading = (page: Page): Locator => page.locator('h1.judge-project-heading__name');

/** The Undo banner's button. */
export const undoButton = (page: Page): Locator =>
  page.getByRole('region', { name: 'Undo' }).getByRole('button', { name: /^Undo/ });

/** Opens the live page and gives its project: its id (the server's `current`) and name. */
export async function liveProject(
  server: ServerHandle,
  page: Page,
  token: string,
): Promise<{ id: string; name: string }> {
  await page.goto(`${server.baseUrl}/judge/live`);
  await judgeProjectHeading(page).waitFor();
  const { current } = await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token);
  return { id: current, name: (await judgeProjectHeading(page).textContent()) ?? '' };
}

/** Done with `notes` (and `feedback` for the team) on the live page; the page goes to the dashboard. */
export async function finishWithNotes(page: Page, notes: string, feedback = ''): Promise<void> {
  await page.getByRole('button', { name: 'Done', exact: true }).tap();
  const dialog = doneDialog(page);
  await dialog.getByLabel('Personal notes').fill(notes);
  if (feedback !== '') {
    await dialog.getByRole('button', { name: 'Add feedback for the team', exact: true }).tap();
    await dialog.getByLabel('Feedback for the team').fill(feedback);
  }
  await dialog.getByRole('button', { name: 'Submit', exact: true }).tap();
  await page.waitForURL((url) => url.pathname === '/judge');
}

/** Skips the project the live page shows for `reason` (its label in the Skip popup). */
export async function skipShownProject(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Skip', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Skip Project' });
  await dialog.getByLabel(reason).check();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).tap();
  await dialog.waitFor({ state: 'hidden' });
}

/** A criterion's score button (a radio drawn as a button) in the Done popup or on the project page. */
export const scoreButton = (scope: Page | Locator, criterion: string, score: number): Locator =>
  scope
    .getByRole('radiogroup', { name: criterion, exact: true })
    .locator('label')
    .filter({ hasText: new RegExp(`^${score}$`) });

/** Text of one of the app's notices (the spec's alerts), matched whole. */
export function noticeWithText(page: Page, text: string): Locator {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.notices .notice__text').filter({ hasText: exact });
}

/**
 * The shades on a side-scrolling frame's edges (components/SideScroll.tsx) as drawn now: each
 * shade's opacity, 1 where the frame hides content beyond that edge, 0 where it hides none.
 */
export async function edgeShades(frame: Locator): Promise<{ before: number; after: number }> {
  return await frame.evaluate((element) => {
    const host = element.parentElement as HTMLElement;
    const opacity = (pseudo: string) => Number(getComputedStyle(host, pseudo).opacity);
    return { before: opacity('::before'), after: opacity('::after') };
  });
}

/** The pixels of a canvas, read in the page: RGBA bytes, row by row. */
export async function canvasPixels(
  canvas: Locator,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const { width, height, base64 } = await canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const bytes = context.getImageData(0, 0, element.width, element.height).data;
    // base64 crosses the DevTools protocol far faster than a million-number JSON array.
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { width: element.width, height: element.height, base64: btoa(binary) };
  });
  return { width, height, data: new Uint8ClampedArray(Buffer.from(base64, 'base64')) };
}

/** Console errors other than the browser's own line for each 4xx answer, which tests provoke on purpose. */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter(
    (line) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(line),
  );
}

/** `unexpectedErrors` without the console's line for each request a cut network failed. */
export function withoutOfflineNoise(errors: readonly string[]): string[] {
  return unexpectedErrors(errors).filter((line) => !/ERR_INTERNET_DISCONNECTED/.test(line));
}

// ---------- Seeding through the real API (judge portal tests) ----------

/** Calls `/api<path>` on the server: as the admin by default, or as a judge with `token`. */
export async function apiCall<T = unknown>(
  server: ServerHandle,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: token
      ? `Bearer ${token}`
      : `Basic ${Buffer.from(`admin:${server.adminPassword}`, 'utf8').toString('base64')}`,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export interface SeededJudge {
  id: string;
  code: string;
}

/** The judge record the admin sees (`GET /api/judge/list`), for checking what the server stored. */
export interface JudgeRecord {
  id: string;
  name: string;
  code: string;
  current: string | null;
  rankings: string[];
  flagged: string[];
  seen_projects: { project_id: string; name: string; notes: string; starred: boolean }[];
}

export async function seedProject(
  server: ServerHandle,
  project: { name: string; description?: string; url?: string; challenge_list?: string },
): Promise<string> {
  const { id } = await apiCall<{ id: string }>(server, 'POST', '/project/new', project);
  return id;
}

/** Judging runs with no timer: Done is enabled as soon as a project is shown. */
export async function startUntimedJudging(server: ServerHandle): Promise<void> {
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  await apiCall(server, 'POST', '/admin/clock/unpause');
}

/** Adds a judge without sending mail and reads its login code from the admin list. */
export async function seedJudge(
  server: ServerHandle,
  judge: { name: string; email: string; track?: string },
): Promise<SeededJudge> {
  const { id } = await apiCall<{ id: string }>(server, 'POST', '/judge/new', { ...judge, no_send: true });
  const record = await judgeRecord(server, id);
  return { id, code: record.code };
}

export async function judgeRecord(server: ServerHandle, id: string): Promise<JudgeRecord> {
  const list = await apiCall<JudgeRecord[]>(server, 'GET', '/judge/list');
  const record = list.find((judge) => judge.id === id);
  if (!record) throw new Error(`judge ${id} is not in /judge/list`);
  return record;
}

/** Logs a judge in through the API; with `welcome`, also accepts the welcome. Returns the token. */
export async function loginJudgeApi(server: ServerHandle, code: string, welcome = true): Promise<string> {
  const { token } = await apiCall<{ token: string }>(server, 'POST', '/judge/login', { code });
  if (welcome) await apiCall(server, 'POST', '/judge/welcome', undefined, token);
  return token;
}

/** Puts the judge's token cookie into a browser context, as the login page would. */
export async function useJudgeToken(
  context: BrowserContext,
  server: ServerHandle,
  token: string,
): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: server.baseUrl, sameSite: 'Strict' }]);
}

/**
 * A judge signed in over the API (welcome accepted), with judging running and a visit timer of
 * `judgingTimer` seconds (0: none).
 */
export async function judgeWhileJudging(
  server: ServerHandle,
  judge: { name: string; email: string },
  judgingTimer: number,
): Promise<{ id: string; token: string }> {
  const { id, code } = await seedJudge(server, judge);
  const token = await loginJudgeApi(server, code);
  await apiCall(server, 'POST', '/admin/options', { judging_timer: judgingTimer });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  return { id, token };
}

/** A browser context and its page, with the page's errors collected. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Opens a phone-sized page, logged in as a judge when `token` is given. */
export async function openPhonePage(
  browser: Browser,
  server: ServerHandle,
  token?: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ ...VIEWPORTS.phone, ...options });
  if (token !== undefined) await useJudgeToken(context, server, token);
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

/**
 * A judge added and signed in over the API (welcome accepted), with a phone page (`options` over
 * the default phone's); the caller closes its `context`.
 */
export async function judgeOnPhone(
  browser: Browser,
  server: ServerHandle,
  name: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage & { id: string; token: string }> {
  const judge = await seedJudge(server, {
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}@example.org`,
  });
  const token = await loginJudgeApi(server, judge.code);
  return { id: judge.id, token, ...(await openPhonePage(browser, server, token, options)) };
}

/** A fresh browser context logged in as the admin (the saved password cookie), with its page's errors. */
export async function openAdminPage(
  browser: Browser,
  server: ServerHandle,
  viewport: BrowserContextOptions = VIEWPORTS.desktop,
): Promise<OpenedPage> {
  const context = await browser.newContext(viewport);
  await saveAdminPassword(context, server);
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

// ---------- Admin settings ----------

/** axe violations of impact serious or critical only (WCAG 2.x A/AA rules), one line each. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const result = await injected.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/** Closes every notice on the page, so the next alert to wait for cannot be an old one. */
export async function dismissNotices(page: Page): Promise<void> {
  // Clicked in the page in one go: a success notice may fade between a count and a click.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>('.notices .notice__close').forEach((b) => b.click()),
  );
  await page.waitForFunction(() => document.querySelectorAll('.notices .notice').length === 0);
}

/** Requests other than GET to `/api/`, recorded from now on: what the page sent to change state. */
export function recordApiWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && request.method() !== 'GET')
      writes.push(`${request.method()} ${pathname}`);
  });
  return writes;
}

// ---------- Admin dashboard ----------

/**
 * Uploads CSV text built by the test to an import route (`/project/csv`, `/judge/csv`) as a
 * multipart form; `fields` adds form fields such as `noSend` (R83).
 */
export async function uploadCsvText(
  server: ServerHandle,
  path: string,
  csv: string,
  fields: Record<string, string> = {},
): Promise<ApiAnswer<{ ok?: number; count?: number; error?: string }>> {
  const form = new FormData();
  form.append('csv', new Blob([csv], { type: 'text/csv' }), 'generated.csv');
  form.append('headerRow', 'false');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { Authorization: adminAuthHeader(server.adminPassword) },
    body: form,
  });
  return answer(response);
}

/** What the projects table showed at each step of a sort by Name; see `sortProjectsByName`. */
export interface NameSortCycle {
  steps: { direction: string | null; inOrder: boolean; rows: number }[];
  /** Every row after the cycle is an element from before it: rows were moved, none rebuilt. */
  rowsKept: boolean;
}

/**
 * Clicks the projects table's Name header through ascending, descending and cleared, and reads
 * the names after each: in the app's collation order, reversed, then the order before. How fast
 * is `npm run bench:dashboard`'s to measure (docs/benchmarks.md), never a test's.
 */
export function sortProjectsByName(page: Page): Promise<NameSortCycle> {
  return page.evaluate(async () => {
    const header = [...document.querySelectorAll('.dashboard-table thead th')].find((th) =>
      th.textContent?.startsWith('Name'),
    )!;
    const rows = () => [...document.querySelectorAll('.dashboard-table tbody tr')];
    // A name cell holds the name (a link or text), then its badges.
    const names = () => rows().map((row) => row.querySelector('th')!.firstChild!.textContent!);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    const sortedBy = (list: string[], sign: number) =>
      list.every((name, i) => i === 0 || sign * collator.compare(list[i - 1]!, name) <= 0);
    const before = new Set(rows());
    const unsorted = names().join('\n');
    const steps: NameSortCycle['steps'] = [];
    for (const direction of ['ascending', 'descending', null]) {
      header.querySelector('button')!.click();
      while (header.getAttribute('aria-sort') !== direction) await frame();
      const list = names();
      const inOrder =
        direction === null
          ? list.join('\n') === unsorted
          : sortedBy(list, direction === 'ascending' ? 1 : -1);
      steps.push({ direction, inOrder, rows: list.length });
    }
    return { steps, rowsKept: rows().every((row) => before.has(row)) };
  });
}

/** The cycle `sortProjectsByName` should see on a table of `rows` projects. */
export function nameSortCycle(rows: number): NameSortCycle {
  return {
    steps: ['ascending', 'descending', null].map((direction) => ({ direction, inOrder: true, rows })),
    rowsKept: true,
  };
}
