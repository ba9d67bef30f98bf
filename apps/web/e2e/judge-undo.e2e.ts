/**
 * Issue 35 on a judge's phone (390×844, touch), against the real server: after Done the dashboard,
 * after a Skip (Busy, or "I know this team") the next screen, show "Undo" with the server's
 * countdown for two minutes; the tap gives the project back (the dashboard no longer lists it,
 * the notes are the draft again, the visit's clock runs on); the banner goes once the window
 * passed (the page's clock run forward); a refusal is said in words and the banner goes; an undo
 * tapped offline waits behind the Done before it and both are sent in order. The banner passes axe.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  JUDGE_CONFLICT_LABEL,
  UNDO_DURING_DELIBERATION,
  UNDO_REDONE,
  UNDO_WINDOW_MS,
} from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  doneDialog,
  finishWithNotes,
  judgeOnPhone as signedInJudgeOnPhone,
  judgeProjectHeading,
  launchBrowser,
  liveProject,
  noticeWithText,
  seedProject,
  serviceWorkerActive,
  skipShownProject,
  startServer,
  startUntimedJudging,
  undoButton,
  unexpectedErrors,
  withoutOfflineNoise,
  OVERTAKEN_DONE,
  BOTH_PHONES_NOTES,
  seenProjectsOf,
} from './harness';

interface Self {
  current: string | null;
  seen_projects: { project_id: string; notes: string }[];
  flagged: string[];
}
interface Undoable {
  undo: { project_id: string; action: string } | null;
}

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ['Moonshot', 'Braille Buddy', 'Quiet Quill', 'Solar Rover', 'Tide Tracker', 'Owl Post'])
    await seedProject(server, { name, description: `${name} does things.` });
  await startUntimedJudging(server);
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
/** What holds the focus: its tag and text (the Undo button it was on has left the page). */
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);
const banner = (page: Page) => page.getByRole('region', { name: 'Undo' });
const seenRow = (page: Page, projectId: string) => page.locator(`.judge-row[data-project-id="${projectId}"]`);
const judgeSelf = (token: string) => apiCall<Self>(server, 'GET', '/judge', undefined, token);
const undoable = (token: string) => apiCall<Undoable>(server, 'GET', '/judge/undo', undefined, token);

async function judgeOnPhone(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  return judge;
}

/** Writes to `/api/` the server answered from now on (attempts that failed offline are left out), in order. */
function answeredWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    if (pathname.startsWith('/api/') && method !== 'GET')
      writes.push(`${method} ${pathname} ${response.status()}`);
  });
  return writes;
}

/** The seconds the Undo button shows (`Undo (1:42)` → 102). */
async function secondsShown(page: Page): Promise<number> {
  const [, minutes, seconds] = /^Undo \((\d):(\d\d)\)$/.exec((await undoButton(page).textContent()) ?? '')!;
  return Number(minutes) * 60 + Number(seconds);
}

describe('undo after Done', () => {
  it('shows the banner on the dashboard with the countdown, and gives the project back with its notes and feedback', async () => {
    const { page, token, errors } = await judgeOnPhone('Ada Lovelace');
    const project = await liveProject(server, page, token);
    await finishWithNotes(page, 'Strong demo, shaky API.', 'Lovely demo.');
    await seenRow(page, project.id).waitFor();

    await undoButton(page).waitFor();
    expect(await banner(page).locator('p').textContent()).toBe(`Finished ${project.name}.`);
    const shown = await secondsShown(page);
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThanOrEqual(120);
    const box = (await undoButton(page).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500); // the colours change over 0.15 s
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await undoButton(page).tap();
    await page.waitForURL(url('/judge/live'));
    await noticeWithText(page, `Undone: you are judging ${project.name} again`).waitFor();
    expect(await judgeProjectHeading(page).textContent()).toBe(project.name);
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 ${project.name}`);
    // The view, its notes and feedback are gone on the server: they are the drafts again.
    expect(await page.locator('#judge-live-notes').inputValue()).toBe('Strong demo, shaky API.');
    await button(page, 'Done').tap();
    expect(await doneDialog(page).getByLabel('Feedback for the team').inputValue()).toBe('Lovely demo.');
    await button(doneDialog(page), 'Close').tap();
    expect(await page.getByText(/An organizer moved you on/).count()).toBe(0);
    expect(await banner(page).count()).toBe(0);
    const self = await judgeSelf(token);
    expect(self.current).toBe(project.id);
    expect(self.seen_projects).toEqual([]);
    expect((await undoable(token)).undo).toBeNull();

    // The dashboard no longer lists it as seen.
    await page.goto(url('/judge'));
    await page.getByRole('link', { name: 'Resume Project' }).waitFor();
    expect(await seenRow(page, project.id).count()).toBe(0);
    expect(await page.locator('.stat-tile').filter({ hasText: 'Seen' }).locator('dd').textContent()).toBe(
      '0',
    );
    expect(await banner(page).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('gives the notes and feedback back also when the page was reloaded between Done and Undo', async () => {
    const { page, token, errors } = await judgeOnPhone('Mary Somerville');
    const project = await liveProject(server, page, token);
    await finishWithNotes(page, 'Clever scheduler.', 'The pitch ran long.');
    await seenRow(page, project.id).waitFor();
    // Nothing of the finish is left on this page: only the server keeps the words now.
    await page.reload();
    await undoButton(page).tap();
    await page.waitForURL(url('/judge/live'));
    expect(await judgeProjectHeading(page).textContent()).toBe(project.name);
    expect(await page.locator('#judge-live-notes').inputValue()).toBe('Clever scheduler.');
    await button(page, 'Done').tap();
    expect(await doneDialog(page).getByLabel('Feedback for the team').inputValue()).toBe(
      'The pitch ran long.',
    );
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('counts the window down and takes the banner away once it passed', async () => {
    const { page, token, errors } = await judgeOnPhone('Alan Turing');
    // The window is counted from the server's answer, on the server's clock, which is not faked: an
    // answer landing after a fast-forward (a refetch on the Done's event, late under CI's load) sets
    // the count back to the real time left (CI: 111 s shown, 90 expected). So once the banner shows,
    // the page's later reads of it are left unanswered, and the count runs on the phone's clock alone.
    let answering = 0;
    let holding = false;
    await page.route(/\/api\/judge\/undo$/, async (route) => {
      if (route.request().method() !== 'GET') return await route.continue();
      if (holding) return;
      answering += 1;
      try {
        await route.fulfill({ response: await route.fetch() });
      } finally {
        answering -= 1;
      }
    });
    await page.clock.install();
    await liveProject(server, page, token);
    await finishWithNotes(page, '');
    await undoButton(page).waitFor();
    holding = true;
    await expect.poll(() => answering).toBe(0);
    const first = await secondsShown(page);

    await page.clock.fastForward(30_000);
    await expect.poll(() => secondsShown(page)).toBeLessThanOrEqual(first - 30);
    expect(await secondsShown(page)).toBeGreaterThan(first - 32);
    await page.clock.fastForward(UNDO_WINDOW_MS - 30_000);
    await banner(page).waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('undo after Skip', () => {
  it('shows the banner over the next project after a busy skip, and gives the skipped one back', async () => {
    const { page, token, errors } = await judgeOnPhone('Grace Hopper');
    const skipped = await liveProject(server, page, token);
    await skipShownProject(page, 'Busy');
    await expect.poll(() => judgeProjectHeading(page).textContent()).not.toBe(skipped.name);
    const next = (await judgeSelf(token)).current;
    expect(next).not.toBe(skipped.id);

    await undoButton(page).waitFor();
    expect(await banner(page).locator('p').textContent()).toBe(`Skipped (Busy): ${skipped.name}.`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await undoButton(page).tap();
    await noticeWithText(page, `Undone: you are judging ${skipped.name} again`).waitFor();
    await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(skipped.name);
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe(`H1 ${skipped.name}`);
    // The project shown meanwhile went back to the pool by the judge's own hand, not an organizer's.
    expect(await page.getByText(/An organizer moved you on/).count()).toBe(0);
    expect(await banner(page).count()).toBe(0);
    expect((await judgeSelf(token)).current).toBe(skipped.id);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("gives the project back with its visit's clock running on from where it was", async () => {
    await apiCall(server, 'POST', '/admin/options', { judging_timer: 300 });
    try {
      const { page, token, errors } = await judgeOnPhone('Ida Rhodes');
      const skipped = await liveProject(server, page, token);
      await button(page, 'Start Judging').tap();
      const clock = page.locator('.judge-clock');
      const time = () => clock.locator('.judge-clock__time').textContent();
      await expect.poll(time, { timeout: 5_000 }).toMatch(/^04:5[0-8]$/);
      await skipShownProject(page, 'Busy');
      await expect.poll(() => judgeProjectHeading(page).textContent()).not.toBe(skipped.name);
      await undoButton(page).tap();
      await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(skipped.name);
      // Not a fresh 05:00 waiting for Start Judging: the time at the table kept counting.
      await expect.poll(() => clock.getAttribute('data-status')).toBe('running');
      expect(await button(page, 'Done').isDisabled()).toBe(false);
      expect(await time()).toMatch(/^04:[0-5]\d$/);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
    }
  });

  it('undoes "I know this team": the conflict goes and the project is shown again', async () => {
    const { id, page, token, errors } = await judgeOnPhone('Katherine Johnson');
    const known = await liveProject(server, page, token);
    await skipShownProject(page, JUDGE_CONFLICT_LABEL);
    await undoButton(page).waitFor();
    expect(await banner(page).locator('p').textContent()).toBe(
      `Skipped for good (you know this team): ${known.name}.`,
    );
    const conflicts = () =>
      apiCall<{ conflicts: { project_id: string }[] }>(server, 'GET', `/judge/conflicts/${id}`);
    expect((await conflicts()).conflicts.map((c) => c.project_id)).toEqual([known.id]);

    await undoButton(page).tap();
    await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(known.name);
    expect((await conflicts()).conflicts).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('an undo tapped offline', () => {
  it('waits behind the Done made offline before it; back online both are sent in order and the judge is on the project again', async () => {
    const { page, token, errors } = await judgeOnPhone('Hedy Lamarr');
    const project = await liveProject(server, page, token);
    await serviceWorkerActive(page);
    const writes = answeredWrites(page);
    await page.context().setOffline(true);
    await finishWithNotes(page, 'Offline notes.');
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();

    // The Done waits on the phone: its undo is offered without a countdown, which starts on the server.
    await undoButton(page).waitFor();
    expect(await undoButton(page).textContent()).toBe('Undo');
    expect(await banner(page).locator('p').textContent()).toBe(
      `Finished ${project.name}. Saved on this phone.`,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await undoButton(page).tap();
    await noticeWithText(
      page,
      'Undo saved on this phone; it will be sent when you are back online.',
    ).waitFor();
    await page.getByText('Offline: 2 changes waiting', { exact: true }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await page.locator('.stat-tile').filter({ hasText: 'Seen' }).locator('dd').textContent()).toBe(
      '0',
    );

    await page.context().setOffline(false);
    await page.waitForURL(url('/judge/live'), { timeout: 20_000 });
    await noticeWithText(page, `Undone: you are judging ${project.name} again`).waitFor();
    await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(project.name);
    expect(writes.filter((write) => write !== 'POST /api/judge/next 200')).toEqual([
      'POST /api/judge/finish 200',
      'POST /api/judge/undo 200',
    ]);
    const self = await judgeSelf(token);
    expect(self.current).toBe(project.id);
    expect(self.seen_projects).toEqual([]);
    expect(await page.locator('#judge-live-notes').inputValue()).toBe('Offline notes.');
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });

  it('is refused in words when deliberation began meanwhile, and its banner goes', async () => {
    const { page, token, errors } = await judgeOnPhone('Margaret Hamilton');
    const project = await liveProject(server, page, token);
    await finishWithNotes(page, '');
    await undoButton(page).waitFor();
    await serviceWorkerActive(page);
    await page.context().setOffline(true);
    await undoButton(page).tap();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    // The banner went with the tap (the undo waits on the phone): its focus is the page heading's.
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe('H1 Welcome, Margaret Hamilton');
    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    await page.context().setOffline(false);
    await noticeWithText(
      page,
      `The server did not accept the undo (${UNDO_DURING_DELIBERATION}). It was not saved.`,
    ).waitFor({ timeout: 20_000 });
    await apiCall(server, 'POST', '/admin/deliberation', { start: false });
    await apiCall(server, 'POST', '/admin/clock/unpause'); // deliberation paused it
    // Deliberation is over, and the server still lists the finish while its window lasts: the
    // phone offers it no more.
    expect((await undoable(token)).undo?.project_id).toBe(project.id);
    await page.getByText('All saved', { exact: true }).waitFor();
    // The dashboard shows deliberation over (its Next Project link is back), without the banner.
    await page.getByRole('link', { name: 'Next Project' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect((await judgeSelf(token)).seen_projects.map((p) => p.project_id)).toEqual([project.id]);
    expect(withoutOfflineNoise(errors).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});

describe("the judge's other phone moved on while this one was offline", () => {
  it('refuses the Done saved on this phone instead of finishing the project given since, and the phone follows the server', async () => {
    const { page, token, errors } = await judgeOnPhone('Radia Perlman');
    const project = await liveProject(server, page, token);
    await serviceWorkerActive(page);
    await page.context().setOffline(true);
    await finishWithNotes(page, 'Typed on the phone that was behind.');
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    // The other phone finishes the project and is given the next one.
    await apiCall(server, 'POST', '/judge/finish', { notes: 'From the other phone.' }, token);
    const given = (await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token))
      .project_id;

    await page.context().setOffline(false);
    await noticeWithText(page, OVERTAKEN_DONE).waitFor({ timeout: 20_000 });
    // The notes typed on this phone are not lost: they follow the other phone's.
    await expect
      .poll(() => seenProjectsOf(server, token), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ project_id: project.id, notes: BOTH_PHONES_NOTES })]);
    const self = await judgeSelf(token);
    expect(self.current).toBe(given);
    const { name } = await apiCall<{ name: string }>(server, 'GET', `/project/${given}`, undefined, token);
    await page.getByRole('link', { name: 'Resume Project' }).tap();
    await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(name);
    expect(withoutOfflineNoise(errors).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('refuses the undo tapped on this phone once the other phone undid that Done and did it again', async () => {
    const { page, token, errors } = await judgeOnPhone('Barbara Liskov');
    const project = await liveProject(server, page, token);
    await finishWithNotes(page, 'First look.');
    await undoButton(page).waitFor();
    await serviceWorkerActive(page);
    await page.context().setOffline(true);
    await undoButton(page).tap();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    // The other phone undoes the Done and does it again, corrected.
    await apiCall(server, 'POST', '/judge/undo', { project_id: project.id }, token);
    await apiCall(server, 'POST', '/judge/finish', { notes: 'Corrected.' }, token);

    await page.context().setOffline(false);
    await noticeWithText(
      page,
      `The server did not accept the undo (${UNDO_REDONE}). It was not saved.`,
    ).waitFor({
      timeout: 20_000,
    });
    const self = await judgeSelf(token);
    expect(self.current).toBeNull();
    expect(self.seen_projects).toEqual([
      expect.objectContaining({ project_id: project.id, notes: 'Corrected.' }),
    ]);
    expect(withoutOfflineNoise(errors).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
