/**
 * Issue 32: a first-time organizer's event, as the sample data builds it (shared/data: 50 projects,
 * 20 judges in two tracks) on a 40-table hall, checked at the sizes where each problem was seen.
 */
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  LIVE_MS,
  SHARED_DATA_DIR,
  VIEWPORTS,
  accessibilityViolations,
  apiCall,
  judgeRecord,
  launchBrowser,
  loginJudgeApi,
  openAdminPage,
  startServer,
  uploadCsv,
} from './harness';

const TRACKS = ['AI/ML', 'Health.Tech'];
const LOBBY = { viewport: { width: 1920, height: 1080 } } satisfies BrowserContextOptions;

let server: ServerHandle;
let browser: Browser;
/** A general judge of judges.csv, by id. */
let grace: string;

/** The hall: 40 tables in 5 rows of 8. */
const HALL = Array.from({ length: 40 }, (_, i) => ({
  table: i + 1,
  x: (i % 8) * 3,
  y: Math.floor(i / 8) * 3,
}));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiCall(server, 'POST', '/admin/tracks', { tracks: TRACKS });
  await apiCall(server, 'POST', '/admin/track-views', { track_views: [2, 2] });
  expect((await uploadCsv(server, '/project/csv', join(SHARED_DATA_DIR, 'projects.csv'))).status).toBe(200);
  expect((await uploadCsv(server, '/judge/csv', join(SHARED_DATA_DIR, 'judges.csv'))).status).toBe(200);
  await apiCall(server, 'PUT', '/admin/layout', { tables: HALL.map((t) => ({ ...t, area: 'Hall' })) });
  const judges = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/judge/list');
  grace = judges.find((judge) => judge.name === 'Grace Hopper')?.id ?? '';
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` as the admin at `size` (on the sample event, or `on`) and waits for its data and fonts. */
async function openAt(path: string, size: BrowserContextOptions, on: ServerHandle = server): Promise<Page> {
  const { page } = await openAdminPage(browser, on, size);
  await page.goto(`${on.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** Search placeholders wider than their box: cut, even where an ellipsis ends them. */
const placeholdersCut = (page: Page) =>
  page.evaluate(() => {
    const measure = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll<HTMLInputElement>('input[type="search"]')].flatMap((input) => {
      const style = getComputedStyle(input);
      if (!measure || input.clientWidth === 0) return [];
      measure.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = measure.measureText(input.placeholder).width;
      return needed > room
        ? [`"${input.placeholder}": ${Math.round(needed)}px in ${Math.round(room)}px`]
        : [];
    });
  });

describe('the expo search field (item 1)', () => {
  it('is one line tall on a phone, with the count and links right below it', async () => {
    const page = await openAt('/expo', VIEWPORTS.phone);
    await page.locator('tbody tr').first().waitFor();
    // The label and the box, then the count and the links right below: no blank gap between.
    const search = await page.locator('.expo-search').boundingBox();
    const meta = await page.locator('.expo-toolbar__meta').boundingBox();
    expect(search?.height).toBeLessThan(100);
    expect((meta?.y ?? 0) - ((search?.y ?? 0) + (search?.height ?? 0))).toBeLessThan(32);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['the expo at 1280×800', '/expo', VIEWPORTS.desktop],
    ['the expo at 1920×1080', '/expo', LOBBY],
    ['the admin dashboard at 390×844', '/admin', VIEWPORTS.phone],
    ['the admin dashboard at 1280×800', '/admin', VIEWPORTS.desktop],
  ] as const)('shows its whole placeholder in %s', async (_, path, size) => {
    const page = await openAt(path, size);
    await page.getByRole('searchbox').first().waitFor();
    expect(await placeholdersCut(page)).toEqual([]);
    await page.context().close();
  });
});

describe("a judge's visits (item 2)", () => {
  it('says a conflict of interest, a flag and a skip in words', async () => {
    const token = await loginJudgeApi(server, (await judgeRecord(server, grace)).code);
    await apiCall(server, 'POST', '/admin/clock/unpause');
    for (const reason of ['conflict', 'cannot-demo', 'absent']) {
      await apiCall(server, 'POST', '/judge/next', undefined, token);
      await apiCall(server, 'POST', '/judge/skip', { reason }, token);
    }
    await apiCall(server, 'POST', '/admin/clock/pause');
    const page = await openAt('/admin', VIEWPORTS.desktop);
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Visits', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Visits of Grace Hopper' });
    await dialog.locator('tbody tr').nth(2).waitFor();
    // The Outcome column, before the one of the removal's button (issue 35).
    const outcomes = await dialog.locator('tbody tr td:nth-last-child(2)').allTextContents();
    expect(outcomes).toEqual([
      'Conflict of interest (knows this team)',
      "Flagged: Can't Demo",
      'Skipped: Absent',
      'Judging now', // a skip hands the judge the next project
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the judge CSV on Add Judges (item 3)', () => {
  /** Chooses a judge CSV built from `csv` and waits for its preview. */
  async function chooseJudgeCsv(page: Page, name: string, csv: string): Promise<void> {
    await page
      .getByLabel('Judge CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByRole('region', { name: `Preview of ${name}` }).waitFor();
  }

  it('turns Upload off, saying why, while the check says the server would refuse the file', async () => {
    const page = await openAt('/admin/add-judges', VIEWPORTS.desktop);
    const upload = page.getByRole('button', { name: 'Upload' });
    await chooseJudgeCsv(page, 'bad-email.csv', 'Ann Able,ann@judges.example\nBo Bad,not-an-email\n');
    await page.getByText('This file would be refused: line 2: invalid email: not-an-email').waitFor();
    expect(await upload.isDisabled()).toBe(true);
    const why = page.getByText('Upload is off: the server would refuse this file (see above).');
    expect(await why.getAttribute('id')).toBe(await upload.getAttribute('aria-describedby'));
    expect(await accessibilityViolations(page)).toEqual([]);

    await chooseJudgeCsv(page, 'good.csv', 'Ann Able,ann@judges.example\n');
    await page.getByText('Would add 1 judge.', { exact: true }).waitFor();
    expect(await upload.isDisabled()).toBe(false);
    await page.context().close();
  });

  it('says a track the file spells otherwise than the one set up, before it is added twice', async () => {
    const page = await openAt('/admin/add-judges', VIEWPORTS.desktop);
    await chooseJudgeCsv(page, 'spelled.csv', 'Hal Health,hal@judges.example,Health Tech\n');
    await page
      .getByText(
        'Check the spelling first: Health Tech is set up as Health.Tech (tracks must match exactly). If it is that track, correct the file rather than add another.',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('says track judging is off once the tracks are added, and turns it on in one click', async () => {
    const page = await openAt('/admin/add-judges', VIEWPORTS.desktop);
    const csv = 'Fay Fintech,fay@judges.example,Fintech\nCal Climate,cal@judges.example,Climate\n';
    await chooseJudgeCsv(page, 'new-tracks.csv', csv);
    await page.getByText('Upload is off: add the tracks above first.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add these 2 tracks' }).click();
    await page.getByText('Would add 2 judges.', { exact: true }).waitFor();
    const trackJudgingOff = page.getByText(
      'Track judging is off (Settings → Track Judging): the 2 track judges in this file will get no projects until it is turned on.',
    );
    await trackJudgingOff.waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Turn on track judging' }).click();
    // The button is renamed "Turning on..." as the request leaves; the notice goes once the page
    // has the server's new options.
    await trackJudgingOff.waitFor({ state: 'detached' });
    const options = await apiCall<{ judge_tracks: boolean }>(server, 'GET', '/admin/options');
    expect(options.judge_tracks).toBe(true);
    await apiCall(server, 'POST', '/admin/options', { judge_tracks: false }); // as the event was
    await page.context().close();
  });

  it('says in Settings which tracks no project lists among its challenges, and how the projects spell them', async () => {
    const { tracks } = await apiCall<{ tracks: string[] }>(server, 'GET', '/admin/options');
    const page = await openAt('/admin/settings', VIEWPORTS.desktop);
    const warning = page
      .getByRole('status')
      .filter({ hasText: 'No project lists these tracks among its challenges' });
    try {
      // Typed by hand from the prize list: their judges would be "complete" at once.
      await apiCall(server, 'POST', '/admin/tracks', { tracks: ['AI/ML', 'Health Tech', 'Robotics'] });
      await warning.waitFor();
      expect(await warning.locator('li').allTextContents()).toEqual([
        'Health Tech (the projects say Health.Tech: write it exactly so)',
        'Robotics',
      ]);
      expect(await accessibilityViolations(page)).toEqual([]);
      await apiCall(server, 'POST', '/admin/tracks', { tracks: ['AI/ML', 'Health.Tech'] });
      await warning.waitFor({ state: 'detached' });
    } finally {
      await apiCall(server, 'POST', '/admin/tracks', { tracks });
      await page.context().close();
    }
  });
});

describe('Edit Judge (item 4)', () => {
  it('keeps Cancel and Save in view at 1280×800 with the 50 projects listed', async () => {
    const page = await openAt('/admin', VIEWPORTS.desktop);
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Judge' });
    await dialog.getByRole('checkbox').first().waitFor();
    for (const name of ['Cancel', 'Save']) {
      const button = dialog.getByRole('button', { name, exact: true });
      // Drawn on top at its middle, inside the screen: seen and clickable without scrolling.
      const onTop = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.bottom <= window.innerHeight && hit !== null && element.contains(hit);
      });
      expect(onTop, name).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the dashboard at 1280×800 with track judging on (item 5)', () => {
  let page: Page;
  beforeAll(async () => {
    await apiCall(server, 'POST', '/admin/options', { judge_tracks: true });
    page = await openAt('/admin', VIEWPORTS.desktop);
    await page.locator('.dashboard-table tbody tr').first().waitFor();
    await page.locator('.progress-chart').waitFor();
  });
  afterAll(async () => {
    await page.context().close();
    await apiCall(server, 'POST', '/admin/options', { judge_tracks: false });
  });

  it('keeps the toolbar on one line, with the Track selector on its own', async () => {
    const middle = async (button: Locator) => {
      const box = await button.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0) / 2;
    };
    // The clock's button (Start or Resume Judging) and Flags, whatever their words now.
    const clockButton = page.getByRole('region', { name: 'Judging clock' }).getByRole('button');
    const flags = page.getByRole('button', { name: /^Flags/ });
    expect(Math.abs((await middle(clockButton)) - (await middle(flags)))).toBeLessThan(12);
    expect(await page.getByLabel('Track', { exact: true }).isVisible()).toBe(true);
  });

  it('is centred: as much room left of the content as right of it', async () => {
    const [left, right] = await page.locator('.dashboard').evaluate((dashboard) => {
      const box = dashboard.getBoundingClientRect();
      const style = getComputedStyle(dashboard);
      const contentLeft = box.left + parseFloat(style.paddingLeft);
      const contentRight = box.right - parseFloat(style.paddingRight);
      return [contentLeft, document.documentElement.clientWidth - contentRight];
    });
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
  });

  it('shows the projection headings on at most two lines', async () => {
    // Lines of each heading's text: the distinct tops of its line boxes.
    const lines = await page.locator('.progress-chart__scopes thead th').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(Math.max(...lines)).toBeLessThanOrEqual(2);
  });

  it('shows the floor map above the tables', async () => {
    const map = await page.getByRole('heading', { name: 'Floor map' }).boundingBox();
    const tables = await page.locator('.dashboard__tables').boundingBox();
    expect(map?.y ?? Infinity).toBeLessThan(tables?.y ?? 0);
  });

  it('prints every table row, not blank ones for the rows off screen', async () => {
    await page.emulateMedia({ media: 'print' });
    // Polled: a loaded machine may hand the print media to the page a frame after the call returns.
    const drawn = () =>
      page
        .locator('.dashboard-table tbody tr')
        .evaluateAll(
          (rows) =>
            rows.filter((row) => row.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }))
              .length,
        );
    await expect.poll(drawn).toBe(50);
    await page.emulateMedia({ media: 'screen' });
  });

  it('has no axe violations', async () => {
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('the lobby screen at 1920×1080 (item 6)', () => {
  it('shows more than twice as many projects at once, and a dark hall map with numbers readable across a room', async () => {
    const context = await browser.newContext({ ...LOBBY, reducedMotion: 'reduce' }); // pages hold still
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/expo?display=true`, { waitUntil: 'networkidle' });
    const map = page.getByRole('img', { name: 'Hall map: 50 projects at their tables' });
    await map.waitFor();
    await page.evaluate(() => document.fonts.ready);

    const wholeRows = await page.locator('.expo-display__viewport').evaluate((viewport) => {
      const box = viewport.getBoundingClientRect();
      return [...viewport.querySelectorAll('.expo-display__row')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      }).length;
    });
    expect(wholeRows).toBeGreaterThanOrEqual(14); // 6 with the map below the list

    // Table numbers at least 24 px tall on screen (they were 13 px).
    const numberHeights = await map
      .locator('g[data-table] text')
      .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(numberHeights).toHaveLength(40);
    expect(Math.min(...numberHeights)).toBeGreaterThanOrEqual(24);

    // Dark like the rest of the screen: neither the map nor a project's table is drawn bright.
    const luminance = await map.evaluate((svg) => {
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
      // WCAG's relative luminance: 0 for black, 1 for white.
      const linear = (c: number) => (c <= 10 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      const light = (colour: string) => {
        const [r = 0, g = 0, b = 0] = rgb(colour).map(linear);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const table = svg.querySelector('g[data-tone="plain"] rect');
      const background = getComputedStyle(svg).backgroundColor;
      return {
        background: background === 'rgba(0, 0, 0, 0)' ? 0 : light(background),
        table: table ? light(getComputedStyle(table).fill) : 1,
      };
    });
    expect(luminance.background).toBeLessThan(0.2);
    expect(luminance.table).toBeLessThan(0.2);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Every name on screen whole, with groups on too: each row names its group under the project
    // (a Group column beside the map left names 5 letters: "Civic…").
    const cutNames = () =>
      page
        .locator('.expo-display__list')
        .first()
        .locator('.expo-display__name')
        .evaluateAll((names) =>
          names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
        );
    expect(await cutNames()).toEqual([]);
    await apiCall(server, 'POST', '/admin/options', {
      group_names: ['North Hall Upstairs Wing', 'Annex', 'Garden'],
    });
    await apiCall(server, 'POST', '/admin/options', { multi_group: true });
    try {
      await page.getByText('North Hall Upstairs Wing').first().waitFor({ timeout: LIVE_MS });
      expect(await cutNames()).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await apiCall(server, 'POST', '/admin/options', { multi_group: false });
    }
    await context.close();
  });
});

describe("a new event's dashboard (item 7)", () => {
  let empty: ServerHandle;
  beforeAll(async () => {
    empty = await startServer();
  });
  afterAll(async () => {
    await empty?.stop();
  });

  const isPrimary = (within: Page | Locator, role: 'link' | 'button', name: string) =>
    within
      .getByRole(role, { name, exact: true })
      .evaluate((element) => element.classList.contains('btn--primary'));

  it('leads with Add projects and Add judges until there are some, and keeps deliberation last', async () => {
    const page = await openAt('/admin', VIEWPORTS.desktop, empty);
    const steps = page.getByRole('region', { name: 'Set up your event' });
    await steps.waitFor();
    expect(await isPrimary(steps, 'link', 'Add projects')).toBe(true);
    expect(await isPrimary(steps, 'link', 'Add judges')).toBe(true);
    expect(await isPrimary(page, 'button', 'Start Judging')).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items.slice(0, 2)).toEqual(['Add Projects', 'Add Judges']);
    expect(items.at(-1)).toBe('Start Deliberation');
    await page.keyboard.press('Escape');

    // Projects first: that step is done, judges are still the next one (the lists follow live).
    await apiCall(empty, 'POST', '/project/new', { name: 'CivicCanvas' });
    await steps.getByText('Add projects: done.').waitFor();
    expect(await isPrimary(steps, 'link', 'Add judges')).toBe(true);
    await apiCall(empty, 'POST', '/judge/new', {
      name: 'Ada Lovelace',
      email: 'ada@judges.example',
      no_send: true,
    });
    await steps.waitFor({ state: 'detached' });
    expect(await isPrimary(page, 'button', 'Start Judging')).toBe(true);
    await page.context().close();
  });
});
