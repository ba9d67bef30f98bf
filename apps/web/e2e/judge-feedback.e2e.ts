/**
 * Issue 35 on a judge's phone (390×844, touch), against the real server: the Done dialog's
 * feedback for the team, apart from the personal notes, folded behind a button until the judge
 * opens it; it says who reads it, counts down near its 2000 characters, and reaches the organizer
 * (`GET /admin/feedback`) with the finish, a Done made offline included. The opened field passes
 * axe.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { FEEDBACK_MAX_CHARS } from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeOnPhone as signedInJudgeOnPhone,
  launchBrowser,
  seedProject,
  serviceWorkerActive,
  startServer,
  startUntimedJudging,
  unexpectedErrors,
  doneDialog,
  withoutOfflineNoise,
} from './harness';

interface FeedbackList {
  released: boolean;
  feedback: { judge_name: string; project_id: string; project_name: string; text: string; hidden: boolean }[];
}

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ['Moonshot', 'Braille Buddy', 'Quiet Quill', 'Solar Rover'])
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
const feedbackList = () => apiCall<FeedbackList>(server, 'GET', '/admin/feedback');

async function judgeOnPhone(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  return judge;
}

/** Opens the live page and the Done dialog; the held project's id and name. */
async function openDone(page: Page, token: string): Promise<{ id: string; name: string }> {
  await page.goto(url('/judge/live'));
  const heading = page.locator('h1.judge-project-heading__name');
  await heading.waitFor();
  const self = await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token);
  await button(page, 'Done').tap();
  await doneDialog(page).waitFor();
  return { id: self.current, name: (await heading.textContent()) ?? '' };
}

describe('feedback for the team in the Done dialog', () => {
  it('opens from a button, says who reads it, counts down near the limit, and reaches the organizer apart from the notes', async () => {
    const { page, token, errors } = await judgeOnPhone('Ada Lovelace');
    const held = await openDone(page, token);
    const dialog = doneDialog(page);
    // Folded: one button on the first screen, no field yet.
    expect(await dialog.getByLabel('Feedback for the team').count()).toBe(0);
    const open = button(dialog, 'Add feedback for the team');
    const box = (await open.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await open.tap();

    const field = dialog.getByLabel('Feedback for the team');
    await field.waitFor();
    // The opening button is gone: the field has the focus, and says who reads it.
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.getAttribute('maxlength')).toBe(String(FEEDBACK_MAX_CHARS));
    expect(await field.evaluate((element) => element.getAttribute('aria-describedby'))).toBe(
      'judge-done-feedback-who',
    );
    expect(await dialog.locator('#judge-done-feedback-who').textContent()).toBe(
      'Shown to the team once the organizers share it, without your name. Your personal notes stay private.',
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    // Near the limit the characters left are counted, and read with the field.
    await field.fill('x'.repeat(FEEDBACK_MAX_CHARS - 150));
    await dialog.getByText('150 characters left', { exact: true }).waitFor();
    expect(await field.getAttribute('aria-describedby')).toBe(
      'judge-done-feedback-who judge-done-feedback-left',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500); // the colours change over 0.15 s
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    // The field takes no more than the limit.
    await field.fill('z'.repeat(FEEDBACK_MAX_CHARS));
    await field.press('End');
    await field.pressSequentially('!');
    expect((await field.inputValue()).length).toBe(FEEDBACK_MAX_CHARS);
    await dialog.getByText('0 characters left', { exact: true }).waitFor();

    // Closed and opened again, the dialog keeps what the judge wrote, unfolded.
    const feedback = 'Great demo! A bigger font on the slides would help the back row.';
    await field.fill(feedback);
    await dialog.getByLabel('Personal notes').fill('Private: ask them about the API keys.');
    await button(dialog, 'Close').tap();
    await dialog.waitFor({ state: 'hidden' });
    await button(page, 'Done').tap();
    expect(await doneDialog(page).getByLabel('Feedback for the team').inputValue()).toBe(feedback);

    await button(doneDialog(page), 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await expect
      .poll(async () => (await feedbackList()).feedback.map((entry) => [entry.project_id, entry.text]))
      .toEqual([[held.id, feedback]]);
    const [entry] = (await feedbackList()).feedback;
    expect(entry).toMatchObject({ judge_name: 'Ada Lovelace', project_name: held.name, hidden: false });
    // The notes stay the judge's own: in the view, never in the feedback.
    const self = await apiCall<{ seen_projects: { project_id: string; notes: string }[] }>(
      server,
      'GET',
      '/judge',
      undefined,
      token,
    );
    expect(self.seen_projects).toMatchObject([
      { project_id: held.id, notes: 'Private: ask them about the API keys.' },
    ]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('sends nothing for the team when the judge wrote none', async () => {
    const { page, token, errors } = await judgeOnPhone('Alan Turing');
    const held = await openDone(page, token);
    await button(doneDialog(page), 'Add feedback for the team').tap();
    await doneDialog(page).getByLabel('Feedback for the team').fill('   ');
    const finish = page.waitForRequest((request) => request.url().endsWith('/api/judge/finish'));
    await button(doneDialog(page), 'Submit').tap();
    expect((await finish).postDataJSON()).toEqual({ project_id: held.id, notes: '', starred: false });
    await page.waitForURL(url('/judge'));
    expect((await feedbackList()).feedback.some((entry) => entry.project_id === held.id)).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('rides with a Done made offline, sent once the phone is back online', async () => {
    const { page, token, errors } = await judgeOnPhone('Grace Hopper');
    await page.goto(url('/judge/live'));
    await page.locator('h1.judge-project-heading__name').waitFor();
    const held = (await apiCall<{ current: string }>(server, 'GET', '/judge', undefined, token)).current;
    // The service worker holds the app, so the dashboard opens offline after Done.
    await serviceWorkerActive(page);
    await page.context().setOffline(true);
    await button(page, 'Done').tap();
    const dialog = doneDialog(page);
    await button(dialog, 'Add feedback for the team').tap();
    await dialog.getByLabel('Feedback for the team').fill('Loved the live demo.');
    await button(dialog, 'Submit').tap();
    await page.waitForURL(url('/judge'));
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    expect((await feedbackList()).feedback.some((entry) => entry.project_id === held)).toBe(false);

    await page.context().setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    const sent = (await feedbackList()).feedback.find((entry) => entry.project_id === held);
    expect(sent).toMatchObject({ judge_name: 'Grace Hopper', text: 'Loved the live demo.' });
    expect(withoutOfflineNoise(errors)).toEqual([]);
  });
});
