/**
 * The Results view (issue 16, docs/api-extensions.md "Results and deliberation"): the ranking in
 * rank_score order with its odds, contenders and the R10 action that prioritizes them, judges'
 * reliability and the judge worth a word, tracks, the export, the print view, projector mode and
 * a phone's width. Judges judge and rank through the real HTTP API; the page is the real app in
 * Chromium.
 */
import { readFile } from 'node:fs/promises';
import type { JudgeAdmin, JudgeSelf, Results } from '@podium/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's test reader of ZIP archives: no unzip program or library is needed on the machine.
import { unzipText } from '../../server/src/test-support/unzip';
import type { ServerHandle } from './harness';
import {
  LIVE_MS,
  VIEWPORTS,
  apiCall,
  edgeShades,
  holdRequests,
  launchBrowser,
  openAdminPage,
  loginJudgeApi,
  noticeWithText,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  startServer,
  unexpectedErrors,
  useJudgeToken,
} from './harness';

let server: ServerHandle;
let browser: Browser;
/** The judge who ranks everything it saw in reverse: the one "Worth a word". */
let contrarianToken: string;

/** Fourteen projects, best first by construction: every judge ranks what it saw in this order. */
const NAMES = Array.from({ length: 14 }, (_, i) => `Project ${String.fromCharCode(65 + i)}`);
const VISITS_PER_JUDGE = 7;

const LATE_PROJECT = 'Late Lantern';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiCall(server, 'POST', '/admin/tracks', { tracks: ['AI'] });
  await apiCall(server, 'POST', '/admin/options', { judge_tracks: true });
  const ids: string[] = [];
  for (const [i, name] of NAMES.entries()) {
    ids.push(await seedProject(server, { name, challenge_list: i % 3 === 0 ? 'AI' : '' }));
  }
  const tracker = await seedJudge(server, { name: 'Track Judge', email: 'track@example.org', track: 'AI' });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  /** A new judge visits `visits` projects and ranks them in `order`; returns its token. */
  const judgeAndRank = async (
    name: string,
    email: string,
    order: readonly string[],
    visits = VISITS_PER_JUDGE,
  ) => {
    const judge = await seedJudge(server, { name, email });
    const token = await loginJudgeApi(server, judge.code);
    const seen: string[] = [];
    for (let i = 0; i < visits; i += 1) {
      const next = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
      if (next.project_id === undefined) break;
      seen.push(next.project_id);
      await apiCall(server, 'POST', '/judge/finish', { notes: '', starred: false }, token);
    }
    const ranking = order.filter((id) => seen.includes(id));
    await apiCall(server, 'POST', '/judge/rank', { ranking }, token);
    return token;
  };
  for (const n of [1, 2, 3, 4]) await judgeAndRank(`Judge ${n}`, `judge${n}@example.org`, ids);
  // The contrarian sees every project, so its reversed ranking contradicts the others on every
  // pair they judged, whichever projects the engine gave them: the mark cannot depend on chance.
  contrarianToken = await judgeAndRank(
    'Contrarian',
    'contrarian@example.org',
    [...ids].reverse(),
    NAMES.length,
  );
  const trackToken = await loginJudgeApi(server, tracker.code);
  const trackNext = await apiCall<{ project_id: string }>(
    server,
    'POST',
    '/judge/next',
    undefined,
    trackToken,
  );
  await apiCall(server, 'POST', '/judge/finish', { notes: '', starred: true }, trackToken);
  expect(ids.filter((_, i) => i % 3 === 0)).toContain(trackNext.project_id);
  await apiCall(server, 'POST', '/admin/clock/pause');
  // Added late, seen by nobody: listed as not judged yet, and no contender.
  await seedProject(server, { name: LATE_PROJECT });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const results = () => apiCall<Results>(server, 'GET', '/admin/results');

function rankingRows(page: Page): Promise<{ name: string; rank: string; pTop: string; pFirst: string }[]> {
  return page.$$eval('section[aria-labelledby="results-ranking"] tbody tr', (rows) =>
    rows.map((row) => ({
      rank: row.children[0]?.textContent ?? '',
      name: row.querySelector('.results-table__name')?.textContent ?? '',
      pTop: row.children[4]?.textContent ?? '',
      pFirst: row.children[5]?.textContent ?? '',
    })),
  );
}

async function openResults(page: Page, query = ''): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/results${query}`);
  await page
    .locator('section[aria-labelledby="results-ranking"] tbody tr')
    .nth(NAMES.length - 1)
    .waitFor();
}

describe('the Results view', () => {
  it('ranks by rank_score with the odds, and prioritizes exactly the contenders', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Results' }).click();
    await page
      .locator('section[aria-labelledby="results-ranking"] tbody tr')
      .nth(NAMES.length - 1)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/results');

    // The order of rank_score (ties: Copeland, then table), as the project list gives it.
    const list = await apiCall<{ name: string; rank_score?: number; score: number; location: number }[]>(
      server,
      'GET',
      '/project/list',
    );
    const byRankScore = list
      .filter((p) => p.name !== LATE_PROJECT)
      .sort(
        (a, b) => (b.rank_score ?? 0) - (a.rank_score ?? 0) || b.score - a.score || a.location - b.location,
      )
      .map((p) => p.name);
    const rows = await rankingRows(page);
    expect(rows.map((r) => r.name)).toEqual(byRankScore);
    expect(rows.map((r) => r.rank)).toEqual(NAMES.map((_, i) => String(i + 1)));
    for (const row of rows) {
      expect(row.pTop).toMatch(/^(<1|>99|\d{1,3})%$/);
      expect(row.pFirst).toMatch(/^(<1|>99|\d{1,3})%$/);
    }
    const headers = await page.$$eval('section[aria-labelledby="results-ranking"] thead th', (cells) =>
      cells.map((th) => th.textContent ?? ''),
    );
    expect(headers[0]).toBe('Rank');
    // Plain words first; the model's names (rank_score, draws, Copeland) are behind "How this is computed".
    expect(headers).toContain('Chance of top 10');
    expect(headers).not.toContain('Copeland score');
    const ranking = page.locator('section[aria-labelledby="results-ranking"]');
    expect(await ranking.locator('.results-note').textContent()).not.toMatch(/rank_score|draws|P\(/);
    await ranking.getByText('How this is computed').click();
    expect(await ranking.locator('.results-how').textContent()).toMatch(/rank_score.*draws.*Copeland/s);

    // Contenders are marked with the looks they need; the button prioritizes exactly them, never
    // the project nobody has seen (it is listed as not judged yet, without odds).
    const before = await results();
    const contenders = before.projects.filter((p) => p.odds?.contender).map((p) => p.id);
    expect(before.projects.find((p) => p.name === LATE_PROJECT)?.odds).toBeNull();
    await page.locator('.results-unseen').getByText(LATE_PROJECT).waitFor({ state: 'attached' });
    expect(contenders.length).toBeGreaterThan(0);
    expect(await page.locator('.results-table__contender').count()).toBe(contenders.length);
    const mark =
      /^Open for (first place|the top 10|first place and the top 10): needs (~\d+ more looks?|\d+\+ more looks)$/;
    expect(await page.getByText(mark).count()).toBe(contenders.length);
    await page.getByRole('button', { name: 'Prioritize contenders for the next judges' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prioritize contenders' });
    await dialog.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Prioritize' }).click();
    const noun = contenders.length === 1 ? 'contender' : 'contenders';
    await noticeWithText(page, `Prioritized ${contenders.length} ${noun} for the next judges.`).waitFor();
    const after = await apiCall<{ id: string; prioritized: boolean }[]>(server, 'GET', '/project/list');
    expect(
      after
        .filter((p) => p.prioritized)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...contenders].sort());
    await page.getByText('Prioritized', { exact: true }).first().waitFor();
    // Nothing is left to prioritize: the button says so, and keeps the focus the popup gave back.
    const button = page.getByRole('button', { name: 'Prioritize contenders for the next judges' });
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    expect(
      await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
    ).toBe('BUTTON Prioritize contenders for the next judges');

    // Judges and tracks.
    const judgeNames = await page.$$eval(
      'section[aria-labelledby="results-judges"] tbody .results-table__name',
      (cells) => cells.map((c) => c.textContent),
    );
    expect(judgeNames).toEqual(['Judge 1', 'Judge 2', 'Judge 3', 'Judge 4', 'Contrarian']);
    const trackStars = await page.$$eval('section[aria-labelledby="results-tracks"] tbody tr', (rows) =>
      rows.map((row) => row.children[2]?.textContent),
    );
    expect(trackStars[0]).toBe('1');
    expect(trackStars).toHaveLength(5);

    // Export: one ZIP of four CSVs with ISO times and each judge's ranked projects by name, logged.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export results (ZIP of CSVs)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('results.zip');
    const entries = unzipText(await readFile((await download.path()) ?? ''));
    const lines = (entry: string) => (entries.find(({ name }) => name === entry)?.content ?? '').split('\n');
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    const projectsCsv = lines('projects.csv');
    expect(projectsCsv[0]?.split(',').at(-1)).toBe('LastActivity');
    expect(projectsCsv.slice(1, -1).map((row) => row.split(',')[1])).toEqual([
      ...rows.map((r) => r.name),
      LATE_PROJECT,
    ]);
    // The project nobody has seen: its place, and no odds (RankLow to MoreLooks), no contender.
    expect(projectsCsv.at(-2)?.split(',').slice(0, 13)).toEqual([
      String(rows.length + 1),
      LATE_PROJECT,
      expect.any(String),
      '0',
      ...['', '', '', '', '', ''],
      'false',
      '',
      '',
    ]);
    for (const row of projectsCsv.slice(1, -2)) expect(row.split(',').at(-1)).toMatch(iso);
    expect(projectsCsv.at(-2)?.split(',').at(-1)).toBe(''); // never judged
    expect(lines('judges.csv')[0]).toBe(
      'Name,Active,Seen,Ranked,Comparisons,Reliability,Agreement,WorthAWord,LastActivity',
    );
    expect(lines('tracks.csv')[0]).toBe('Track,Name,Table,Active,TrackSeen,TrackStars');
    // Per judge: its ranked projects by name in rank order, then the seen but unranked ones.
    const judgeRankings = lines('judge-rankings.csv');
    expect(judgeRankings[0]).toBe('Judge,Code,Rank,Table,Project,Finished');
    const expected = (await apiCall<JudgeAdmin[]>(server, 'GET', '/judge/list')).flatMap((judge) => {
      const rankOf = (seen: { project_id: string }) => judge.rankings.indexOf(seen.project_id);
      const ranked = judge.seen_projects.filter((seen) => rankOf(seen) >= 0);
      ranked.sort((a, b) => rankOf(a) - rankOf(b));
      const unranked = judge.seen_projects.filter((seen) => rankOf(seen) < 0);
      return [...ranked, ...unranked].map((seen) => [
        judge.name,
        judge.code,
        rankOf(seen) >= 0 ? String(rankOf(seen) + 1) : '',
        `Table ${seen.location}`,
        seen.name,
      ]);
    });
    const exported = judgeRankings.slice(1, -1).map((row) => row.split(','));
    expect(exported.map((cells) => cells.slice(0, 5))).toEqual(expected);
    expect(exported.filter((cells) => cells[0] === 'Contrarian')).toHaveLength(NAMES.length);
    for (const cells of exported) expect(cells[5]).toMatch(iso);
    const { log } = await apiCall<{ log: string }>(server, 'GET', '/admin/log');
    expect(log).toContain('ADMIN  | Exported results to CSV');

    // Live: hiding a project (projects.changed) moves it out of the ranking at once.
    const last = before.projects[NAMES.length - 1] as Results['projects'][number];
    await apiCall(server, 'PUT', `/project/hide/${last.id}`, { hide: true });
    await expect
      .poll(async () => (await rankingRows(page)).at(-1))
      .toMatchObject({ name: last.name, rank: '–', pTop: '–' });
    await apiCall(server, 'PUT', `/project/hide/${last.id}`, { hide: false });

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('marks only the judge whose rankings disagree "Worth a word", and shows no judge its reliability', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    await openResults(page);
    const judgeRows = page.locator('section[aria-labelledby="results-judges"] tbody tr');
    await judgeRows.nth(4).waitFor();
    const marked = await judgeRows.evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('.results-table__name')?.textContent,
        row.textContent?.includes('Worth a word before deliberation'),
      ]),
    );
    expect(marked).toEqual([
      ['Judge 1', false],
      ['Judge 2', false],
      ['Judge 3', false],
      ['Judge 4', false],
      ['Contrarian', true],
    ]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();

    // The contrarian's own pages say nothing of reliability, agreement or the mark.
    const judgeContext = await browser.newContext(VIEWPORTS.phone);
    await useJudgeToken(judgeContext, server, contrarianToken);
    const judgePage = await judgeContext.newPage();
    const self = await apiCall<JudgeSelf>(server, 'GET', '/judge', undefined, contrarianToken);
    const first = self.seen_projects[0] as JudgeSelf['seen_projects'][number];
    expect(Object.keys(self).filter((key) => /reliab|agree|worth/i.test(key))).toEqual([]);
    for (const path of ['/judge', `/judge/project/${first.project_id}`]) {
      await judgePage.goto(`${server.baseUrl}${path}`);
      await judgePage.getByText(first.name).first().waitFor();
      expect(await judgePage.locator('body').innerText(), path).not.toMatch(
        /reliab|worth a word|agrees with the others/i,
      );
    }
    await judgeContext.close();
  });

  it('drops the contenders and their button live when deliberation starts, and shows them again when it ends', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    await openResults(page);
    const contenders = page.locator('.results-table__contender');
    const note = page.getByText('Contenders are the projects whose prize is still open.', { exact: false });
    const prioritize = page.getByRole('button', { name: 'Prioritize contenders for the next judges' });
    await contenders.first().waitFor();
    // Started from another tab or another organizer's laptop: this page hears of it by event.
    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    try {
      await contenders.first().waitFor({ state: 'detached', timeout: LIVE_MS });
      expect(await note.count()).toBe(0);
      expect(await prioritize.count()).toBe(0); // no judge is given a project meanwhile
    } finally {
      await apiCall(server, 'POST', '/admin/deliberation', { start: false });
    }
    await contenders.first().waitFor({ timeout: LIVE_MS });
    expect(await note.count()).toBe(1);
    expect(await prioritize.count()).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('is where the Settings exports send the organizer for the prize order', async () => {
    const { context, page } = await openAdminPage(browser, server, VIEWPORTS.phone);
    await page.goto(`${server.baseUrl}/admin/settings#export`);
    const note = page.locator('#export').getByText(/^Score in these files counts/);
    await note.waitFor();
    expect(await note.textContent()).toMatch(/Copeland count.*not a rating\. Prizes go by Rank in Results/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await note.getByRole('link', { name: 'Results' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/results`);
    await page.locator('section[aria-labelledby="results-ranking"] thead th').first().waitFor();
    expect(
      await page.locator('section[aria-labelledby="results-ranking"] thead th').first().textContent(),
    ).toBe('Rank');
    await context.close();
  });

  it('has a full-screen projector view without the judges or the admin controls, and a print view', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    await openResults(page);
    const size = () =>
      page.$eval('section[aria-labelledby="results-ranking"] table', (t) =>
        parseFloat(getComputedStyle(t).fontSize),
      );
    const normal = await size();
    await page.getByRole('link', { name: 'Projector' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('projector')).toBe('true');
    await page.locator('section[aria-labelledby="results-ranking"] tbody tr').first().waitFor();
    // Polled: a fresh-clone CI run read NaN here, a table that the page replaced as it was measured.
    await expect.poll(size).toBeGreaterThanOrEqual(normal * 1.25);
    expect(await page.locator('section[aria-labelledby="results-judges"]').count()).toBe(0);
    // A room's view: no admin header, Back or Logout, and nothing that changes the event.
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Prioritize|Logout/ }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Leave the projector view' }).click();
    await page.getByRole('link', { name: 'Print' }).click();
    await page
      .locator('.results-print tbody tr')
      .nth(NAMES.length - 1)
      .waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Results');
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.locator('.results-print section[aria-labelledby="results-judges"]').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.results-room__actions').isVisible()).toBe(false);
    expect(await page.locator('.results-print tbody tr').first().isVisible()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('says so when the results, the prioritizing or the export fail, and changes nothing', async () => {
    const all = (await results()).projects.map((p) => p.id);
    await apiCall(server, 'POST', '/project/prioritize', { items: all, prioritize: false });
    const { context, page } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    const failure = {
      status: 500,
      contentType: 'application/json',
      body: '{"error":"internal server error"}',
    };

    await page.route('**/api/admin/results', (route) => route.fulfill(failure));
    await page.goto(`${server.baseUrl}/admin/results`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Could not load the results: internal server error' })
      .waitFor();
    await page.unroute('**/api/admin/results');

    await openResults(page);
    let refusals = 0;
    await page.route('**/api/project/prioritize', (route) => {
      refusals += 1;
      return route.fulfill(failure);
    });
    await page.getByRole('button', { name: 'Prioritize contenders for the next judges' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prioritize contenders' });
    const confirm = dialog.getByRole('button', { name: 'Prioritize' });
    // Three CI runs saw no request leave after a mouse click here, and no other step fail; never
    // in 22 runs of this file alone or beside other files. Enter on the focused button is one
    // event, where a click is a press and a release that a page changing in between can part. If
    // no request leaves still, the failure says what the dialog showed.
    await confirm.press('Enter');
    // vitest's poll failure shows no value: the last one seen is said in its place (CI of f3b5712,
    // under two exploratory sessions' load, failed here once more without saying which).
    let seen = '';
    await expect
      .poll(async () => {
        if (refusals > 0) return (seen = `${refusals} request`);
        if (!(await dialog.isVisible())) return (seen = 'no request, the dialog closed');
        seen = (await confirm.isDisabled()) ? 'no request, the dialog waits' : 'no request, the dialog open';
        return seen;
      })
      .toBe('1 request')
      .catch((error: unknown) => {
        throw new Error(`Prioritize sent no refused request: ${seen}`, { cause: error });
      });
    await noticeWithText(page, 'Could not prioritize the contenders: internal server error').waitFor();
    const list = await apiCall<{ prioritized: boolean }[]>(server, 'GET', '/project/list');
    expect(list.filter((p) => p.prioritized)).toEqual([]);

    await page.route('**/api/admin/export/results', (route) => route.fulfill(failure));
    await page.getByRole('button', { name: 'Export results (ZIP of CSVs)' }).click();
    await noticeWithText(page, 'Error exporting data: Internal Server Error').waitFor();
    await context.close();
  });

  it('keeps Back and Logout in reach while the results are computed', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, {
      viewport: { width: 1440, height: 900 },
    });
    // A busy server's draws: the answer comes only after the organizer has left.
    const answer = await holdRequests(page, '**/api/admin/results');
    await page.goto(`${server.baseUrl}/admin/results`);
    await page.getByRole('status').filter({ hasText: 'Loading the results' }).waitFor();
    // A trial click: the checks of a real one (nothing covers the button) without logging out.
    await page.getByRole('button', { name: 'Logout' }).click({ trial: true });
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await answer();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('fits a phone: no sideways page scroll, the tables scroll inside their frames, a shade on the edge that hides columns', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.phone);
    await openResults(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    // The ranking is wider than the phone: the shade is on the edge its hidden columns are beyond.
    const ranking = page.locator('section[aria-labelledby="results-ranking"] .data-table-wrap');
    expect(await ranking.evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBeGreaterThan(100);
    await expect.poll(() => edgeShades(ranking)).toEqual({ before: 0, after: 1 });
    await ranking.evaluate((frame) => frame.scrollTo({ left: frame.scrollWidth }));
    await expect.poll(() => edgeShades(ranking)).toEqual({ before: 1, after: 0 });
    await ranking.evaluate((frame) => frame.scrollTo({ left: 40 }));
    await expect.poll(() => edgeShades(ranking)).toEqual({ before: 1, after: 1 });
    // On a laptop the whole table fits: no shade.
    await page.setViewportSize(VIEWPORTS.desktop.viewport);
    await expect.poll(() => edgeShades(ranking)).toEqual({ before: 0, after: 0 });
    await page.setViewportSize(VIEWPORTS.phone.viewport);
    const buttons = await page.$$eval('.results-toolbar .btn', (list) =>
      list.map((b) => b.getBoundingClientRect().height),
    );
    for (const height of buttons) expect(height).toBeGreaterThanOrEqual(44);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
