/**
 * A judge's popups on small phones (360×640, 320×568, 844×390 landscape) and at 200 % text size,
 * with the five criteria of judge-criteria.e2e.ts: every criterion's name is whole, beside or above
 * its scores and never under them; the Done popup never scrolls sideways, and its Submit is on the
 * first screen, at 200 % text in a footer of at most a quarter of the popup; the Skip popup's
 * "Please select an option." shows where the judge looks. The live page at 200 % text shows the
 * project and its table first, its timer and actions (too tall to hold at the bottom) at the end.
 * The Undo banner cuts a long name, never the flag's reason before it.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SELECT_AN_OPTION } from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  collectPageErrors,
  launchBrowser,
  loginJudgeApi,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
  useJudgeToken,
  scoreButton,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

const CRITERIA = [
  { name: 'Impact', description: '1: helps nobody yet; 5: changes how people live or work.', weight: 3 },
  { name: 'Technical difficulty', description: '1: a template; 5: hard problems solved well.', weight: 2 },
  { name: 'Design', description: '1: hard to use; 5: a pleasure to use.', weight: 1 },
  { name: 'Presentation', description: '1: unclear demo; 5: clear, live and on time.', weight: 1 },
  { name: 'Originality', description: '', weight: 1 },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (let i = 1; i <= 12; i += 1)
    await seedProject(server, {
      name: `Project ${i}: Solar Mesh Radio for Festivals`,
      description: 'A demo.',
    });
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  for (const criterion of CRITERIA) await apiCall(server, 'POST', '/admin/criteria', criterion);
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

let judges = 0;
/** A judge signed in (welcome accepted) on a touch phone of `width`×`height`; `textSize` is the phone's. */
async function judgeOn(width: number, height: number, textSize?: string) {
  judges += 1;
  const judge = await seedJudge(server, { name: `Judge ${judges}`, email: `judge${judges}@example.org` });
  const token = await loginJudgeApi(server, judge.code);
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  opened.push(context);
  await useJudgeToken(context, server, token);
  if (textSize)
    await context.addInitScript((size) => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = size;
      });
    }, textSize);
  const page = await context.newPage();
  return { page, token, errors: collectPageErrors(page) };
}

async function openDone(page: Page): Promise<Locator> {
  await page.goto(url('/judge/live'));
  await page.locator('h1.judge-project-heading__name').waitFor();
  await button(page, 'Done').tap();
  const dialog = page.getByRole('dialog', { name: 'Finish Project' });
  await dialog.getByRole('radiogroup', { name: 'Originality' }).waitFor();
  return dialog;
}

/**
 * What is wrong with the criteria's names in `scope`: a name drawn under (or past) its scores, in a
 * column of no width, or a word of it broken over two lines.
 */
function namesCut(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('.judge-criterion')].flatMap((criterion) => {
      const textElement = criterion.querySelector('.judge-criterion__name-text')!;
      const name = textElement.textContent ?? '';
      const text = textElement.getBoundingClientRect();
      const column = criterion.querySelector('.judge-criterion__name')!.getBoundingClientRect();
      const scale = criterion.querySelector('.judge-criterion__scale')!.getBoundingClientRect();
      const sameRow = scale.top < text.bottom && text.top < scale.bottom;
      const under = sameRow ? text.right - scale.left : 0;
      const problems: string[] = [];
      if (under > 0.5) problems.push(`${name}: ${Math.round(under)}px under the scores`);
      if (column.width < 1) problems.push(`${name}: in a ${Math.round(column.width)}px column`);
      const node = textElement.firstChild!;
      let at = 0;
      for (const word of name.split(' ')) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        at += word.length + 1;
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`${name}: "${word}" broken over ${lines.size} lines`);
      }
      return problems;
    }),
  );
}

/** The score buttons (and Submit) of `scope` smaller than a 44 px target. */
function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('.judge-criterion__score span, button[type="submit"]')].flatMap((target) => {
      const box = target.getBoundingClientRect();
      return box.width < 44 || box.height < 44
        ? [`${target.textContent}: ${Math.round(box.width)}×${Math.round(box.height)}`]
        : [];
    }),
  );
}

describe('criterion names on a small phone', () => {
  for (const [width, height] of [
    [360, 640],
    [320, 568],
  ] as const) {
    it(`are whole and clear of the scores at ${width}×${height}, in the Done popup and on the project page`, async () => {
      const { page, token, errors } = await judgeOn(width, height);
      const dialog = await openDone(page);
      expect(await namesCut(dialog)).toEqual([]);
      expect(await smallTargets(dialog)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);

      for (const { name } of CRITERIA) await scoreButton(dialog, name, 3).tap();
      const held = (await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token)).current;
      await button(dialog, 'Submit').tap();
      await page.waitForURL(url('/judge'));
      await page.goto(url(`/judge/project/${held}`));
      const scores = page.getByRole('region', { name: 'Your scores' });
      await scores.getByRole('radiogroup', { name: 'Originality' }).waitFor();
      expect(await namesCut(scores)).toEqual([]);
      expect(await smallTargets(scores)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});

/**
 * How much of the popup's height the part stuck at its bottom edge (Submit's) takes, in %, and
 * whether Submit shows whole on screen without scrolling, not covered.
 */
function stickyFooter(dialog: Locator): Promise<{ share: number; submitShown: boolean }> {
  return dialog.evaluate((popup) => {
    const submit = popup.querySelector<HTMLElement>('button[type="submit"]')!;
    let footer: HTMLElement = submit;
    while (getComputedStyle(footer).position !== 'sticky' && footer.parentElement !== popup)
      footer = footer.parentElement!;
    const box = submit.getBoundingClientRect();
    const onTop = submit.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    return {
      share: Math.round((100 * footer.getBoundingClientRect().height) / popup.getBoundingClientRect().height),
      submitShown: onTop && box.top >= 0 && box.bottom <= window.innerHeight,
    };
  });
}

describe('the Done popup at 200 % text size', () => {
  for (const [phoneWidth, phoneHeight] of [
    [390, 844],
    [360, 640],
  ] as const) {
    it(`shows every score without sideways scrolling at ${phoneWidth}×${phoneHeight}, each name whole, every score a 44 px target`, async () => {
      const { page, errors } = await judgeOn(phoneWidth, phoneHeight, '200%');
      const dialog = await openDone(page);
      const width = await dialog.evaluate((d) => ({ content: d.scrollWidth, shown: d.clientWidth }));
      expect(width.content).toBeLessThanOrEqual(width.shown);
      const pastTheEdge = await dialog.evaluate((d) => {
        const right = d.getBoundingClientRect().right;
        return [...d.querySelectorAll('.judge-criterion__score')].filter(
          (score) => score.getBoundingClientRect().right > right + 0.5,
        ).length;
      });
      expect(pastTheEdge).toBe(0);
      expect(await namesCut(dialog)).toEqual([]);
      expect(await smallTargets(dialog)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }

  for (const [width, height] of [
    [390, 844],
    [360, 640],
  ] as const) {
    it(`keeps Submit on screen at ${width}×${height} in a footer of at most a quarter of the popup`, async () => {
      const { page, errors } = await judgeOn(width, height, '200%');
      const dialog = await openDone(page);
      const footer = await stickyFooter(dialog);
      expect(footer.submitShown).toBe(true);
      expect(footer.share).toBeLessThanOrEqual(25);
      // Nothing scored yet: why Submit waits is Submit's description, and shows above it at the end.
      const submit = button(dialog, 'Submit');
      expect(
        await submit.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()),
      ).toBe('Score every criterion to submit: 5 left.');
      await dialog.evaluate((popup) => popup.scrollTo(0, popup.scrollHeight));
      const whyShown = await dialog.evaluate((popup) => {
        const why = popup.querySelector('#judge-done-unscored')!.getBoundingClientRect();
        const atCenter = document.elementFromPoint(why.x + why.width / 2, why.y + why.height / 2);
        return atCenter?.id === 'judge-done-unscored' && why.top >= 0 && why.bottom <= window.innerHeight;
      });
      expect(whyShown).toBe(true);
      expect(await stickyFooter(dialog)).toMatchObject({ submitShown: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});

describe('the Done popup on a 360×640 phone with five criteria', () => {
  it('has Submit on the first screen, not covered, and it submits', async () => {
    const { page, errors } = await judgeOn(360, 640);
    const dialog = await openDone(page);
    const submit = button(dialog, 'Submit');
    const box = (await submit.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    const onTop = await submit.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    for (const { name } of CRITERIA) await scoreButton(dialog, name, 4).tap();
    await submit.tap();
    await page.waitForURL(url('/judge'));
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('"Please select an option." in the Skip popup', () => {
  for (const [width, height] of [
    [320, 568],
    [844, 390],
  ] as const) {
    it(`shows on screen when Submit is tapped with no reason at ${width}×${height}`, async () => {
      const { page, errors } = await judgeOn(width, height);
      await page.goto(url('/judge/live'));
      await page.locator('h1.judge-project-heading__name').waitFor();
      await button(page, 'Skip').tap();
      const dialog = page.getByRole('dialog', { name: 'Skip Project' });
      await button(dialog, 'Submit').tap();
      const notice = dialog.locator('.notice').filter({ hasText: SELECT_AN_OPTION });
      await notice.waitFor();
      await expect
        .poll(
          async () => {
            const box = (await notice.boundingBox())!;
            const [top, bottom] = [Math.round(box.y), Math.round(box.y + box.height)];
            return top >= 0 && bottom <= height ? 'on screen' : `at y ${top}–${bottom} of ${height}`;
          },
          { timeout: 2000 },
        )
        .toBe('on screen');
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});

describe('the Undo banner on a small phone', () => {
  it("keeps a flag's reason whole beside a long name at 320×568: only the name is cut", async () => {
    const { page, errors } = await judgeOn(320, 568);
    await page.goto(url('/judge/live'));
    await page.locator('h1.judge-project-heading__name').waitFor();
    await button(page, 'Flag').tap();
    const dialog = page.getByRole('dialog', { name: 'Flag Project' });
    await dialog.getByText("Can't Demo", { exact: true }).tap();
    await button(dialog, 'Submit').tap();
    const what = page.getByRole('region', { name: 'Undo' }).locator('.judge-undo__what');
    await what.waitFor();
    const shown = await what.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf("(Can't Demo)");
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + "(Can't Demo)".length);
        const reason = range.getBoundingClientRect();
        return {
          reasonShown: reason.bottom <= box.bottom + 0.5,
          nameCut: element.scrollHeight > element.clientHeight,
        };
      }
      return { reasonShown: false, nameCut: false };
    });
    expect(shown).toEqual({ reasonShown: true, nameCut: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the live page at 200 % text size', () => {
  // With a timer, the bar holds Start Judging and what it does too: the tallest it gets.
  beforeAll(() => apiCall(server, 'POST', '/admin/options', { judging_timer: 300 }));
  afterAll(() => apiCall(server, 'POST', '/admin/options', { judging_timer: 0 }));

  /** Whether `target` is inside the screen and drawn on top (no bar over it). */
  const shownOnTop = (target: Locator) =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return box.top >= 0 && box.bottom <= window.innerHeight && top !== null && element.contains(top);
    });

  it('shows the project and its table first, with its timer and actions at the end of the page', async () => {
    // At this size the bar held at the bottom took 669 of the 844 px: it covered the project's name
    // and table, and its own buttons went past the screen's bottom edge.
    const { page, errors } = await judgeOn(390, 844, '200%');
    await page.goto(url('/judge/live'));
    const name = page.locator('h1.judge-project-heading__name');
    await name.waitFor();
    await expect.poll(() => shownOnTop(name)).toBe(true);
    expect(await shownOnTop(page.locator('.judge-project-heading__table'))).toBe(true);
    const start = button(page, 'Start Judging');
    await start.scrollIntoViewIfNeeded();
    await start.tap();
    const done = button(page, 'Done');
    await done.scrollIntoViewIfNeeded();
    expect(await shownOnTop(done)).toBe(true);
    await done.tap();
    await page.getByRole('dialog', { name: 'Finish Project' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('keeps the bar at the bottom of the first screen at the usual text size', async () => {
    const { page, errors } = await judgeOn(390, 844);
    await page.goto(url('/judge/live'));
    await page.locator('h1.judge-project-heading__name').waitFor();
    await expect.poll(() => shownOnTop(button(page, 'Done'))).toBe(true);
    // The project is short: the bar is at the screen's bottom edge all the same, not mid-screen
    // above the page's end (it ended 130 px above it), and the page does not scroll.
    const below = await page
      .locator('.judge-live-bar')
      .evaluate((bar) => window.innerHeight - bar.getBoundingClientRect().bottom);
    expect(Math.abs(below)).toBeLessThanOrEqual(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
