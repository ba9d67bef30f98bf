/**
 * Warnings in a page's flow (`page-warning`) read as warnings: amber, not the green edge
 * of the toasts that say something worked, and their text flows as one paragraph. The toasts' flex
 * layout once applied to them too: on a phone the printed-links warning showed a syllable per line,
 * its address cut in two, and every warning (deliberation on, a track no project names) was green.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  judgeOnPhone,
  launchBrowser,
  openAdminPage,
  seedProject,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
  type OpenedPage,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedProject(server, { name: 'Robot Arm', challenge_list: 'Hardware' });
  // A track no project names: Settings warns that its judges would have nothing to judge.
  await apiCall(server, 'POST', '/admin/tracks', { tracks: ['Hardwear'] });
});

afterAll(async () => {
  for (const { errors } of opened) expect(unexpectedErrors(errors)).toEqual([]);
  for (const { context } of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

/**
 * How `warning` reads: whether its background and left edge are the warning colours the
 * stylesheet defines, and the words of its text broken over two lines or more.
 */
function looks(warning: Locator): Promise<{ amber: boolean; brokenWords: string[] }> {
  return warning.evaluate((element) => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--color-warning-bg)';
    probe.style.borderLeft = '1px solid var(--color-warning-border)';
    document.body.append(probe);
    const expected = getComputedStyle(probe);
    const shown = getComputedStyle(element);
    const amber =
      shown.backgroundColor === expected.backgroundColor &&
      shown.borderLeftColor === expected.borderLeftColor;
    probe.remove();
    const brokenWords: string[] = [];
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) brokenWords.push(word[0]);
      }
    }
    return { amber, brokenWords };
  });
}

const READS_AS_WARNING = { amber: true, brokenWords: [] };

describe('a warning in the page', () => {
  it("on a phone, the printed cards' links that phones cannot open: amber, one paragraph", async () => {
    const admin = await openAdminPage(browser, server, VIEWPORTS.phone);
    opened.push(admin);
    await admin.page.goto(`${server.baseUrl}/admin/judge-codes`);
    const warning = admin.page.locator('.printed-links-notice');
    await warning.waitFor();
    expect(await warning.textContent()).toContain("this computer's own address");
    expect(await looks(warning)).toEqual(READS_AS_WARNING);
  });

  it('on a phone, a track no project names, in Settings: amber, its sentence and list one block', async () => {
    const admin = await openAdminPage(browser, server, VIEWPORTS.phone);
    opened.push(admin);
    await admin.page.goto(`${server.baseUrl}/admin/settings`);
    const warning = admin.page.locator('.page-warning', { hasText: 'No project lists this track' });
    await warning.waitFor();
    expect(await looks(warning)).toEqual(READS_AS_WARNING);
    // The list sits under its sentence, not beside it.
    const [sentence, list] = await Promise.all(
      ['p', 'ul'].map((tag) => warning.locator(tag).evaluate((e) => e.getBoundingClientRect().toJSON())),
    );
    expect(list.top).toBeGreaterThanOrEqual(sentence.bottom);
  });

  it("while deliberation is on, on the organizer's dashboard and on a judge's phone: amber", async () => {
    const judge = await judgeOnPhone(browser, server, 'Ada');
    const admin = await openAdminPage(browser, server);
    opened.push(judge, admin);
    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    try {
      await admin.page.goto(`${server.baseUrl}/admin`);
      const banner = admin.page.locator('.dashboard-toolbar__banner');
      await banner.waitFor();
      expect(await looks(banner)).toEqual(READS_AS_WARNING);
      await judge.page.goto(`${server.baseUrl}/judge`);
      const judgeBanner = judge.page.locator('.judge-deliberation');
      await judgeBanner.waitFor();
      expect(await looks(judgeBanner)).toEqual(READS_AS_WARNING);
    } finally {
      await apiCall(server, 'POST', '/admin/deliberation', { start: false });
    }
  });
});
