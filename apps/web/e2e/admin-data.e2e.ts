/**
 * The admin data screens in a real browser against the real server (product spec §2: admin
 * login, Add Projects, Add Judges, CSV upload panel, QR page, audit log). The tests share one
 * server and run in file order: later ones see what earlier ones added, as an organizer would.
 */
import jsQRModule from 'jsqr';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QrCode } from '@podium/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import { socketConnected } from './socket-signals';
import {
  LIVE_MS,
  accessibilityViolations,
  adminApi,
  canvasPixels,
  collectPageErrors,
  launchBrowser,
  noticeWithText,
  publicApi,
  saveAdminPassword,
  SHARED_DATA_DIR,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';

// jsqr is CommonJS: Node hands its whole `module.exports` over as the default import.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as typeof jsQRModule;

let server: ServerHandle;
let browser: Browser;
let scratch: string; // temporary CSV files

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  scratch = await mkdtemp(join(tmpdir(), 'podium-admin-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const data = (file: string) => join(SHARED_DATA_DIR, file);
const url = (path: string) => `${server.baseUrl}${path}`;

/** No axe violations at all, whatever their impact. */
async function expectAccessible(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** The value shown by the stat tile `label`, once it equals `value`. */
async function expectStat(page: Page, label: string, value: string) {
  const tile = page.locator('.stat-tile').filter({ has: page.locator('dt', { hasText: label }) });
  await tile
    .locator('dd')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();
}

async function statValue(page: Page, label: string): Promise<number> {
  const tile = page.locator('.stat-tile').filter({ has: page.locator('dt', { hasText: label }) });
  const dd = tile.locator('dd').filter({ hasText: /^\d/ }); // loaded: no longer the dash
  return Number(await dd.textContent());
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Decodes the QR image drawn on the page's canvas. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const canvas = page.locator('canvas.qr-canvas[data-text]');
  await canvas.waitFor();
  const { width, height, data: pixels } = await canvasPixels(canvas);
  return jsQR(pixels, width, height)?.data;
}

describe('admin data pages (laptop)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const h1 = (text: string | RegExp) => page.getByRole('heading', { level: 1 }).filter({ hasText: text });

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterEach(async () => {
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('logs in: a wrong password is refused inline, the right one opens /admin and is remembered', async () => {
    await page.goto(url('/admin/login'));
    await h1('Admin Login').waitFor();
    const password = page.getByLabel('Enter the admin password');
    expect(await password.getAttribute('placeholder')).toBe('Admin password...');
    await expectAccessible(page);

    await password.fill('not the password');
    await password.press('Enter'); // Enter submits
    await page.getByText('Invalid admin password', { exact: true }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await password.fill(server.adminPassword); // typing clears the message
    expect(await page.getByText('Invalid admin password').count()).toBe(0);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(url('/admin'));
    const cookie = (await context.cookies()).find((c) => c.name === 'admin-pass');
    // The cookie holds a session token, never the password (R70b).
    expect(decodeURIComponent(cookie?.value ?? '')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });

    // A saved session that still works skips the form.
    await page.goto(url('/admin/login'));
    await page.waitForURL(url('/admin'));
  });

  it('sends a visitor without the password from every admin data page to the login', async () => {
    for (const path of ['/admin/add-projects', '/admin/add-judges', '/admin/log', '/admin/qr']) {
      await page.goto(url(path));
      await page.waitForURL(url('/admin/login'));
      await h1('Admin Login').waitFor();
    }
    // A wrong saved password is no better, and is forgotten.
    await context.addCookies([{ name: 'admin-pass', value: 'wrong', url: server.baseUrl }]);
    await page.goto(url('/admin/add-projects'));
    await page.waitForURL(url('/admin/login'));
    await page.getByLabel('Enter the admin password').waitFor();
    expect((await context.cookies()).some((c) => c.name === 'admin-pass')).toBe(false);
  });

  it('logs out from the header, back to the landing page', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/log'));
    await h1('Audit Log').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));
    expect((await context.cookies()).some((c) => c.name === 'admin-pass')).toBe(false);
  });

  it('adds a project by form: the success notice, a cleared form, updated stats', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-projects'));
    await h1('Add Projects').waitFor();
    await expectStat(page, 'Active Projects', '0');
    await expectStat(page, 'Average Seen', '0');

    // No client checks: the server's refusal, said beside the Name field.
    await page.getByRole('button', { name: 'Add Project' }).click();
    await page.locator('.field__error', { hasText: 'Enter a name.' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Hand-Made Hack');
    await page.getByLabel('Description').fill('Built by hand, added by form.');
    await page.getByLabel('URL', { exact: true }).fill('https://example.org/hand-made');
    await page.getByLabel('Try It link').fill('https://try.example.org');
    await page.getByLabel('Challenge list').fill('Best Hardware Hack, Fintech');
    await page.getByRole('button', { name: 'Add Project' }).click();
    await noticeWithText(page, 'Project added successfully!').waitFor();
    await expectStat(page, 'Active Projects', '1');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const projects = await adminApi<{ name: string; challenge_list: string[] }[]>(
      server,
      'GET',
      '/project/list',
    );
    expect(projects.body).toMatchObject([
      { name: 'Hand-Made Hack', challenge_list: ['Best Hardware Hack', 'Fintech'] },
    ]);
    await expectAccessible(page);
  });

  it('previews and uploads projects.csv (50 projects)', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-projects'));
    const before = await statValue(page, 'Active Projects');
    const upload = page.getByRole('button', { name: 'Upload' }).first();
    expect(await upload.isDisabled()).toBe(true); // no file yet

    await page.getByLabel('Project CSV file').setInputFiles(data('projects.csv'));
    await page.getByText('projects.csv', { exact: true }).waitFor(); // the chosen file's name
    const preview = page.getByRole('region', { name: 'Preview of projects.csv' });
    await preview.waitFor();
    await page.getByText('50 rows', { exact: true }).waitFor();
    // The dry run marks each row (R86a): all new on an empty event.
    await page.getByText('Would import: 50 added, 0 updated, 0 unchanged').waitFor();
    // With a laptop's room a cell shows what fits of its text (phones keep the spec's 10
    // characters), the full text on hover; the preview is at most 500px high.
    const first = preview.locator('tbody tr').first().locator('td').nth(1);
    expect(await first.textContent()).toBe('CivicCanvas');
    expect(await first.getAttribute('title')).toBe('CivicCanvas');
    expect((await preview.boundingBox())?.height).toBeLessThanOrEqual(500);
    expect(await preview.locator('thead th').allTextContents()).toEqual([
      'Line',
      'Import',
      'Name',
      'Description',
      'URL',
      'Try It link',
      'Video link',
      'Challenges',
    ]);
    await expectAccessible(page);

    await upload.click();
    await noticeWithText(page, 'Added project(s) successfully! 50 added, 0 updated, 0 unchanged').waitFor();
    await expectStat(page, 'Active Projects', String(before + 50));
    await page.getByText('No file chosen').first().waitFor(); // cleared: not uploaded twice by accident
  });

  it('takes the first row of projects-with-header.csv as its header without being told, and says so', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-projects'));
    const before = await statValue(page, 'Active Projects');
    const headerBox = page
      .getByRole('region', { name: 'Upload a project CSV' })
      .getByLabel('CSV contains a header row');
    await page.getByLabel('Project CSV file').setInputFiles(data('projects-with-header.csv'));
    // Imported as data, its header would be a project called "Name" at the next table.
    await page.getByText('Would import: 0 added, 0 updated, 12 unchanged').waitFor();
    expect(await headerBox.isChecked()).toBe(true);
    const note = page.getByText(
      'Line 1 holds column names (Name, Description, URL, Try It, Video, Challenges)',
    );
    expect(await note.getAttribute('id')).toBe(await headerBox.getAttribute('aria-describedby'));
    await page.getByText('12 rows after the header', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).first().click();
    await noticeWithText(page, 'Added project(s) successfully! 0 added, 0 updated, 12 unchanged').waitFor();
    await expectStat(page, 'Active Projects', String(before));

    // The next file, without a header row, has the box unticked again: its first project counts.
    await page.getByLabel('Project CSV file').setInputFiles(data('projects.csv'));
    await page.getByText('50 rows', { exact: true }).waitFor();
    expect(await headerBox.isChecked()).toBe(false);
    expect(await note.count()).toBe(0);
  });

  it('refuses projects-bad-row.csv with the line of the bad row, adding nothing', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-projects'));
    const before = await statValue(page, 'Active Projects');
    await page.getByLabel('Project CSV file').setInputFiles(data('projects-bad-row.csv'));
    // The preview numbers rows by physical line, so the server's 'line 6' is findable.
    const preview = page.getByRole('region', { name: 'Preview of projects-bad-row.csv' });
    await preview.locator('tbody th', { hasText: /^6$/ }).waitFor();
    // The dry run says so before Upload, which waits: the server would only say the same.
    await page
      .getByText('This file would be refused: line 6: expected at least 3 columns (name, description, url)')
      .waitFor();
    const upload = page.getByRole('button', { name: 'Upload' }).first();
    expect(await upload.isDisabled()).toBe(true);
    const why = page.getByText('Upload is off: the server would refuse this file (see above).');
    expect(await why.getAttribute('id')).toBe(await upload.getAttribute('aria-describedby'));
    await expectStat(page, 'Active Projects', String(before));
  });

  it('uploads a hackathon-platform export and says how many drafts were skipped', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-projects'));
    const before = await statValue(page, 'Active Projects');
    // Chosen in the project CSV panel by mistake, it would import by position, drafts included.
    await page.getByLabel('Project CSV file').setInputFiles(data('devpost-export.csv'));
    await page
      .getByText('Upload is off: this is a hackathon-platform export: upload it under "Upload a', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).first().isDisabled()).toBe(true);
    // Adding every row again (the box ticked by default updates instead, R86a).
    await page
      .getByRole('region', { name: 'Upload a hackathon-platform export' })
      .getByLabel('Update projects that are already here (matched by URL, else by name)')
      .uncheck();
    await page.getByLabel('Hackathon-platform export file').setInputFiles(data('devpost-export.csv'));
    const preview = page.getByRole('region', { name: 'Preview of devpost-export.csv' });
    // The export always has a header row (BOM stripped): it heads the preview, after the dry run's marks.
    await page.getByText('Would import: 27 added, 0 updated, 0 unchanged, 3 skipped').first().waitFor();
    expect(await preview.locator('thead th').nth(2).textContent()).toBe('Project Title');
    await page.getByRole('button', { name: 'Upload' }).nth(1).click();
    await noticeWithText(
      page,
      'Added project(s) successfully! 27 added (3 rows skipped: ignored tracks or drafts)',
    ).waitFor();
    await expectStat(page, 'Active Projects', String(before + 27));
  });

  it('adds a judge by form; name and email are required first', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-judges'));
    await h1('Add Judges').waitFor();
    await expectStat(page, 'Total Judges', '0');

    await page.getByLabel('Name', { exact: true }).fill('Only A Name');
    await page.getByRole('button', { name: 'Add Judge' }).click();
    await noticeWithText(page, 'Name and email are required').waitFor();

    await page.getByLabel('Email', { exact: true }).fill('  ');
    await page.getByRole('button', { name: 'Add Judge' }).click();
    expect(await noticeWithText(page, 'Name and email are required').count()).toBeGreaterThan(0);

    await page.getByLabel('Email', { exact: true }).fill('ada.form@judges.example');
    await page.getByLabel('Notes').fill('Added by form');
    const form = page.getByRole('region', { name: 'Add a judge' });
    await form.getByLabel('Do not send an email').check();
    // No tracks yet: general judging is the only choice.
    expect(await page.getByLabel('Track', { exact: true }).locator('option').allTextContents()).toEqual([
      'General (no track)',
    ]);
    await page.getByRole('button', { name: 'Add Judge' }).click();
    await noticeWithText(page, 'Judge added successfully!').waitFor();
    await expectStat(page, 'Total Judges', '1');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Do not send an email').isChecked()).toBe(false);
    await expectAccessible(page);
  });

  it('uploads judges: a CSV with a header row, refused for an unknown track, the track added in one click, then accepted', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-judges'));
    const before = await statValue(page, 'Total Judges');
    const file = page.getByLabel('Judge CSV file');
    await file.setInputFiles(data('judges-with-header.csv'));
    await page.getByText('Line 1 holds column names (Name, Email, Track, Notes)', { exact: false }).waitFor();
    expect(await page.getByLabel('CSV contains a header row').isChecked()).toBe(true);
    const preview = page.getByRole('region', { name: 'Preview of judges-with-header.csv' });
    expect(await preview.locator('thead th').allTextContents()).toEqual([
      'Line',
      'Name',
      'Email',
      'Track',
      'Notes',
    ]);
    await page.getByText('6 rows after the header', { exact: true }).waitFor();
    // The dry run says so before Upload (issue 23), and offers to add the track.
    await page
      .getByText('This file names a track not set up under Track Judging: AI/ML.', { exact: false })
      .waitFor();
    await page.getByRole('region', { name: 'Upload a judge CSV' }).getByLabel('Do not send an email').check();
    // Upload waits for the track rather than sending a file the server would refuse (issue 32).
    const upload = page.getByRole('button', { name: 'Upload' });
    expect(await upload.isDisabled()).toBe(true);
    expect(await upload.getAttribute('aria-describedby')).not.toBeNull();
    await page.getByText('Upload is off: add the tracks above first.', { exact: true }).waitFor();
    await expectStat(page, 'Total Judges', String(before));

    // One click adds the track; the same file then goes in, and the track becomes a choice.
    await page.getByLabel('Judge CSV file').setInputFiles(data('judges-with-header.csv'));
    await page.getByRole('button', { name: 'Add this track' }).click();
    await noticeWithText(page, 'Added the track AI/ML.').waitFor();
    await page.getByText('Would add 6 judges.', { exact: true }).waitFor();
    expect((await adminApi<{ tracks: string[] }>(server, 'GET', '/admin/options')).body.tracks).toEqual([
      'AI/ML',
    ]);
    await page.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(page, 'Added judge(s) successfully! 6 added').waitFor();
    await expectStat(page, 'Total Judges', String(before + 6));

    // The same sheet again, grown by one judge: the six here are left as they are.
    const grown = join(scratch, 'judges-grown.csv');
    const sheet = await readFile(data('judges-with-header.csv'), 'utf8');
    await writeFile(grown, `${sheet.trimEnd()}\nEdith Clarke,edith.clarke@judges.example,,\n`);
    await file.setInputFiles(grown);
    await page
      .getByText('Would add 1 judge. 6 are already here and left as they are.', { exact: true })
      .waitFor();
    expect(
      await page.getByLabel('Leave out judges who are already here (matched by email)').isChecked(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(page, 'Added judge(s) successfully! 1 added, 6 already here').waitFor();
    await expectStat(page, 'Total Judges', String(before + 7));
    expect(
      (await adminApi(server, 'POST', '/admin/tracks', { tracks: ['AI/ML', 'Health.Tech'] })).status,
    ).toBe(200);
    await expect
      .poll(() => page.getByLabel('Track', { exact: true }).locator('option').allTextContents())
      .toEqual(['General (no track)', 'AI/ML', 'Health.Tech']);
  });

  it('takes a CSV dropped on the drop zone', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-judges'));
    const before = await statValue(page, 'Total Judges');
    const csv = 'Dee Dropped,dee.dropped@judges.example,Health.Tech,"Dropped, not browsed"\n';
    await page.locator('.drop-zone').evaluate((zone, text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }, csv);
    await page.getByText('dropped.csv', { exact: true }).waitFor();
    const cell = page.getByRole('region', { name: 'Preview of dropped.csv' }).locator('td').last();
    expect(await cell.getAttribute('title')).toBe('Dropped, not browsed');
    await page.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(page, 'Added judge(s) successfully! 1 added').waitFor();
    await expectStat(page, 'Total Judges', String(before + 1));
  });

  it('shows the general QR code: it decodes to the add-self link, and a new code replaces it', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-judges'));
    await page.getByRole('link', { name: 'General Judges QR Code' }).click();
    await page.waitForURL(url('/admin/qr'));
    await h1('General Judging QR Code').waitFor();

    const first = await decodeQr(page);
    expect(first).toMatch(new RegExp(`^${server.baseUrl}/add-self\\?code=[A-Za-z0-9]{16,}&track=$`));
    expect(await page.getByLabel('Self-add link').inputValue()).toBe(first);
    const firstCode = new URL(first ?? '').searchParams.get('code');
    expect((await publicApi(server, 'POST', '/qr/check', { code: firstCode })).body).toEqual({ ok: 1 });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Generate New Code' }).click();
    await page.locator(`canvas.qr-canvas:not([data-text="${first}"])[data-text]`).waitFor();
    const second = await decodeQr(page);
    expect(second).not.toBe(first);
    expect(second).toMatch(new RegExp(`^${server.baseUrl}/add-self\\?code=[A-Za-z0-9]{16,}&track=$`));
    const secondCode = new URL(second ?? '').searchParams.get('code');
    expect((await publicApi(server, 'POST', '/qr/check', { code: secondCode })).body).toEqual({ ok: 1 });
    expect((await publicApi(server, 'POST', '/qr/check', { code: firstCode })).body).toEqual({ ok: 0 });

    // The same code comes back on the next visit; Back leads to Add Judges.
    await page.reload();
    expect(await decodeQr(page)).toBe(second);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(url('/admin/add-judges'));
  });

  it('shows the new code at once when another laptop generates one (the old one is dead)', async () => {
    await saveAdminPassword(context, server);
    const connected = socketConnected(page);
    await page.goto(url('/admin/qr'));
    const shown = await decodeQr(page);
    await connected;
    // The check-in desk's screen shows `shown`; another organizer replaces the code.
    const replaced = (await adminApi<QrCode>(server, 'POST', '/admin/qr')).body;
    await page
      .locator(`canvas.qr-canvas:not([data-text="${shown}"])[data-text]`)
      .waitFor({ timeout: LIVE_MS });
    const now = await decodeQr(page);
    expect(new URL(now ?? '').searchParams.get('code')).toBe(replaced.qr_code);
    expect(await page.getByLabel('Self-add link').inputValue()).toBe(now);
  });

  it("shows a track's QR code, chosen on Add Judges", async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/add-judges'));
    await page.getByLabel('Track of the QR code').selectOption('AI/ML');
    await page.getByRole('link', { name: 'AI/ML QR Code' }).click();
    await page.waitForURL(url('/admin/qr?track=AI%2FML'));
    await h1('AI/ML Judging QR Code').waitFor();
    const link = await decodeQr(page);
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/add-self\\?code=[A-Za-z0-9]{16,}&track=AI%2FML$`));
    const code = new URL(link ?? '').searchParams.get('code');
    expect((await publicApi(server, 'POST', '/qr/check/AI%2FML', { code })).body).toEqual({ ok: 1 });
  });

  it('says a track whose name is too long for a QR code has none, and offers the link to copy', async () => {
    const tracks = (await adminApi<{ tracks: string[] }>(server, 'GET', '/admin/options')).body.tracks;
    const long = 'Sustainable Cities and Communities '.repeat(40).trim(); // ~1,700 bytes in the link
    expect((await adminApi(server, 'POST', '/admin/tracks', { tracks: [...tracks, long] })).status).toBe(200);
    try {
      await saveAdminPassword(context, server);
      await page.goto(url(`/admin/qr?track=${encodeURIComponent(long)}`));
      await page.getByRole('alert').filter({ hasText: 'This link is too long for a QR code' }).waitFor();
      const link = page.getByLabel('Self-add link');
      await expect.poll(() => link.inputValue()).toMatch(/&track=Sustainable%20Cities/);
      expect(await page.getByRole('button', { name: 'Copy' }).isEnabled()).toBe(true);
      expect(await page.locator('canvas.qr-canvas').count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await adminApi(server, 'POST', '/admin/tracks', { tracks });
    }
  });

  it('shows the audit log with the actions just taken, newest at the bottom', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin/log'));
    await h1('Audit Log').waitFor();
    const log = page.getByRole('log', { name: 'Audit log' });
    await log.waitFor();
    const text = (await log.textContent()) ?? '';
    for (const line of [
      'ADMIN  | Invalid log in attempt',
      'ADMIN  | Log in',
      'ADMIN  | Added project Hand-Made Hack (',
      'ADMIN  | Added 50 projects from CSV',
      'ADMIN  | Added 27 projects from hackathon-platform CSV',
      'ADMIN  | Added judge Only A Name (ada.form@judges.example), track: general',
      'ADMIN  | Added 6 judges from CSV',
      'ADMIN  | Generated QR code for track AI/ML',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain(server.adminPassword);
    const scrolled = await log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
    expect(scrolled).toBeLessThanOrEqual(1);
    await expectAccessible(page);

    // Refresh shows new lines: one more than the tests before this one left.
    const generated = async () =>
      ((await log.textContent()) ?? '').split('\n').filter((l) => l.endsWith('| Generated QR code')).length;
    const before = await generated();
    expect(before).toBeGreaterThan(0);
    await adminApi(server, 'POST', '/admin/qr');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(generated).toBe(before + 1);
  });
});

describe('admin data pages (phone, 390×844)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS.phone);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterEach(async () => {
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('logs in and adds a project and a judge by touch', async () => {
    await page.goto(url('/admin/login'));
    await page.getByLabel('Enter the admin password').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Log In' }).tap();
    await page.waitForURL(url('/admin'));

    await page.goto(url('/admin/add-projects'));
    const before = await statValue(page, 'Active Projects');
    await page.getByLabel('Name', { exact: true }).fill('Phone Project');
    await page.getByRole('button', { name: 'Add Project' }).tap();
    await noticeWithText(page, 'Project added successfully!').waitFor();
    await expectStat(page, 'Active Projects', String(before + 1));

    const csv = join(scratch, 'phone-judges.csv');
    await writeFile(csv, 'Name,Email\nPat Phone,pat.phone@judges.example\n');
    await page.goto(url('/admin/add-judges'));
    const judges = await statValue(page, 'Total Judges');
    await page.getByLabel('Judge CSV file').setInputFiles(csv);
    // 'Name,Email' ticks the header box by itself.
    await page.getByText('Line 1 holds column names (Name, Email)', { exact: false }).waitFor();
    expect(await page.getByLabel('CSV contains a header row').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Upload' }).tap();
    await noticeWithText(page, 'Added judge(s) successfully! 1 added').waitFor();
    await expectStat(page, 'Total Judges', String(judges + 1));
  });

  it('fits every screen: no sideways scrolling, 44px controls, no axe violations', async () => {
    await saveAdminPassword(context, server);
    const screens = [
      { path: '/admin/add-projects', heading: 'Add Projects' },
      { path: '/admin/add-judges', heading: 'Add Judges' },
      { path: '/admin/qr', heading: 'General Judging QR Code' },
      { path: '/admin/log', heading: 'Audit Log' },
    ];
    for (const screen of screens) {
      await page.goto(url(screen.path));
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      await page.locator('.stat-tile dd, canvas.qr-canvas[data-text], [role="log"]').first().waitFor();
      if (screen.path === '/admin/add-projects') {
        await page.getByLabel('Project CSV file').setInputFiles(data('projects.csv'));
        await page.getByRole('region', { name: 'Preview of projects.csv' }).waitFor();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      for (const control of await page.locator('main button:visible, main a:visible, main select').all()) {
        const box = await control.boundingBox();
        expect(box?.height, `${screen.path}: ${await control.textContent()}`).toBeGreaterThanOrEqual(44);
      }
    }
    // The 500px QR code shrinks to the screen and stays square and readable.
    await page.goto(url('/admin/qr'));
    const canvas = page.locator('canvas.qr-canvas[data-text]');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);
    expect(await decodeQr(page)).toMatch(/\/add-self\?code=[A-Za-z0-9]{16,}&track=$/);
  });
});
