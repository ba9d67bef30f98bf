/**
 * Re-importing projects in a real browser against the real server (API.md R86a and the import dry
 * run of docs/api-extensions.md): the Add Projects page previews what each row would do, updates
 * the projects already there by default, says what it did, and shows how much of a large file was
 * sent. The tests share one server and run in file order, as an organizer would work.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Project } from '@podium/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  adminApi,
  collectPageErrors,
  launchBrowser,
  noticeWithText,
  saveAdminPassword,
  seriousAccessibilityViolations,
  SHARED_DATA_DIR,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  scratch = await mkdtemp(join(tmpdir(), 'podium-reimport-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const data = (file: string) => join(SHARED_DATA_DIR, file);
const UPDATE_LABEL = 'Update projects that are already here (matched by URL, else by name)';

async function projects(): Promise<Project[]> {
  return (await adminApi<Project[]>(server, 'GET', '/project/list')).body;
}

const duplicatedNames = (list: readonly Project[]) =>
  list.map((p) => p.name).filter((name, i, names) => names.indexOf(name) !== i);

describe('re-importing projects (laptop)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  /** The Import column of the preview region of `file`, row by row. */
  const statuses = (file: string) =>
    page
      .getByRole('region', { name: `Preview of ${file}` })
      .locator('tbody tr td:first-of-type')
      .allTextContents();

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
    errors = collectPageErrors(page);
    await saveAdminPassword(context, server);
    await page.goto(`${server.baseUrl}/admin/add-projects`);
  });

  afterEach(async () => {
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('projects.csv then the platform export: marked rows, counted results, no duplicates', async () => {
    const projectPanel = page.getByRole('region', { name: 'Upload a project CSV' });
    expect(await projectPanel.getByLabel(UPDATE_LABEL).isChecked()).toBe(true);
    await page.getByLabel('Project CSV file').setInputFiles(data('projects.csv'));
    await page.getByText('Would import: 50 added, 0 updated, 0 unchanged').waitFor();
    expect(new Set(await statuses('projects.csv'))).toEqual(new Set(['New']));
    await projectPanel.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(page, 'Added project(s) successfully! 50 added, 0 updated, 0 unchanged').waitFor();

    const exportPanel = page.getByRole('region', { name: 'Upload a hackathon-platform export' });
    await page.getByLabel('Hackathon-platform export file').setInputFiles(data('devpost-export.csv'));
    await page
      .getByText('Would import: 0 added, 0 updated, 27 unchanged, 3 skipped (drafts or ignored tracks)')
      .waitFor();
    const marks = await statuses('devpost-export.csv');
    expect(marks.filter((mark) => mark === 'Unchanged')).toHaveLength(27);
    expect(marks.filter((mark) => mark === 'Skipped')).toHaveLength(3);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await exportPanel.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(
      page,
      'Added project(s) successfully! 0 added, 0 updated, 27 unchanged, 3 skipped (drafts or ignored tracks)',
    ).waitFor();

    const list = await projects();
    expect(list).toHaveLength(50);
    expect(duplicatedNames(list)).toEqual([]);
  });

  it('an edited export: the changed row names its field, and only that project changes', async () => {
    const edited = join(scratch, 'edited-export.csv');
    const text = await readFile(data('devpost-export.csv'), 'utf8');
    await writeFile(
      edited,
      text.replace('CivicCanvas predicts bus delays from live feeds.', 'CivicCanvas predicts trains.'),
    );
    await page.getByLabel('Hackathon-platform export file').setInputFiles(edited);
    await page.getByText('Would import: 0 added, 1 updated, 26 unchanged').waitFor();
    expect((await statuses('edited-export.csv'))[0]).toBe('Changed: description');
    await page
      .getByRole('region', { name: 'Upload a hackathon-platform export' })
      .getByRole('button', { name: 'Upload' })
      .click();
    await noticeWithText(
      page,
      'Added project(s) successfully! 0 added, 1 updated, 26 unchanged, 3 skipped (drafts or ignored tracks)',
    ).waitFor();
    const list = await projects();
    expect(list).toHaveLength(50);
    expect(list.find((p) => p.name === 'CivicCanvas')?.description).toContain('predicts trains.');
  });

  it('a large file shows how much was sent, then that the server is processing it', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) =>
        `Bulk ${i},A project described at some length for the upload test.,https://bulk.example/p${i}`,
    );
    const large = join(scratch, 'large.csv');
    await writeFile(large, `${rows.join('\n')}\n`);
    const projectPanel = page.getByRole('region', { name: 'Upload a project CSV' });
    await page.getByLabel('Project CSV file').setInputFiles(large);
    await page.getByText('Would import: 20000 added, 0 updated, 0 unchanged').waitFor({ timeout: 30_000 });

    // A slow uplink (about 1.6 MB of file at 256 kB/s), so the progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    // The server parses the file as it arrives, so "Processing…" may show for only a moment once
    // the last byte is sent: the panel records whether it ever showed.
    await projectPanel.evaluate((panel) => {
      const seen = () => panel.textContent?.includes('Processing…') === true;
      new MutationObserver(() => {
        if (seen()) panel.dataset.processingShown = 'yes';
      }).observe(panel, { childList: true, subtree: true, characterData: true });
    });
    await projectPanel.getByRole('button', { name: 'Upload' }).click();
    const bar = projectPanel.getByRole('progressbar', { name: /^Uploading the file: \d+%$/ });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await noticeWithText(page, 'Added project(s) successfully! 20000 added, 0 updated, 0 unchanged').waitFor({
      timeout: 30_000,
    });
    expect(await projectPanel.getAttribute('data-processing-shown')).toBe('yes');
    expect(await projects()).toHaveLength(20_050);
  });
});
