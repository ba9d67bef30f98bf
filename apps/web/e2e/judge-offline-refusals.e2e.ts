/**
 * Changes a judge made offline that the server refuses once sent, and a Done whose answer came
 * just before the network dropped, on a judge's phone (390×844, touch) against the real server
 * (the network cut in the browser only): an undo queued behind a refused Done is dropped with it,
 * never sent to undo the judge's other phone's Done; a refused "I know this team" gives back the
 * notes set aside for the project; a score correction refused for deliberation is said in words;
 * a Done that landed still offers Undo once the network is gone.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DELIBERATION_BLOCKS_SCORING, JUDGE_CONFLICT_LABEL, SAID_CONFLICTS_REFUSED } from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxStorageKey } from '../src/judge/device/offline-queue';
import type { ServerHandle } from './harness';
import {
  apiCall,
  doneDialog,
  finishWithNotes,
  judgeOnPhone as signedInJudgeOnPhone,
  judgeProjectHeading,
  launchBrowser,
  liveProject,
  noticeWithText,
  recordApiWrites,
  scoreButton,
  seedProject,
  serviceWorkerActive,
  startServer,
  startUntimedJudging,
  undoButton,
  withoutOfflineNoise,
  OVERTAKEN_DONE,
  BOTH_PHONES_NOTES,
  seenProjectsOf,
} from './harness';

interface Self {
  current: string | null;
  seen_projects: { project_id: string; notes: string }[];
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
const judgeSelf = (token: string) => apiCall<Self>(server, 'GET', '/judge', undefined, token);
// A write sent while the network is cut fails in the browser's console; a refusal is a 400.
const withoutNoise = (errors: readonly string[]) =>
  withoutOfflineNoise(errors).filter((e) => !/status of 400/.test(e));

async function judgeOnPhone(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  return judge;
}

/** Nothing waits in the judge's outbox on the phone any more (the page may have moved on). */
const outboxEmptied = (page: Page, judgeId: string) =>
  expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), outboxStorageKey(judgeId)), {
      timeout: 20_000,
    })
    .toBeNull();

describe("an undo tapped offline behind a Done the server refuses (the judge's other phone finished that project)", () => {
  it("is dropped with the Done: it never undoes the other phone's Done", async () => {
    const { id, page, token, errors } = await judgeOnPhone('Radia Perlman');
    const project = await liveProject(server, page, token);
    await serviceWorkerActive(page);
    const writes = recordApiWrites(page);
    await page.context().setOffline(true);
    await finishWithNotes(page, 'Typed on the phone that was behind.');
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    // The judge changes their mind on this phone: the undo waits behind the Done.
    await undoButton(page).tap();
    await page.getByText('Offline: 2 changes waiting', { exact: true }).waitFor();

    // Meanwhile the other phone (online) finishes the project and is given the next one.
    await apiCall(server, 'POST', '/judge/finish', { notes: 'From the other phone.' }, token);
    const given = (await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token))
      .project_id;

    await page.context().setOffline(false);
    await noticeWithText(page, OVERTAKEN_DONE).waitFor({ timeout: 20_000 });
    await outboxEmptied(page, id);
    // The undo meant the refused Done: it is never sent, and the server keeps the other phone's
    // finish (its notes, with this phone's after them) and the project it was given since.
    expect(writes).not.toContain('POST /api/judge/undo');
    await expect
      .poll(() => seenProjectsOf(server, token), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ project_id: project.id, notes: BOTH_PHONES_NOTES })]);
    const self = await judgeSelf(token);
    expect(self.current).toBe(given);
    expect(await page.getByText(`Undone: you are judging ${project.name} again`).count()).toBe(0);
    expect(withoutNoise(errors)).toEqual([]);
  });
});

describe('"I know this team" made offline, refused once sent', () => {
  it('gives the judge the project back with the notes typed for it', async () => {
    const { id, page, token, errors } = await judgeOnPhone('Katherine Johnson');
    const project = await liveProject(server, page, token);
    await serviceWorkerActive(page);
    await page.locator('#judge-live-notes').fill('Great hardware, weak story.');
    await page.context().setOffline(true);
    await button(page, 'Skip').tap();
    const dialog = page.getByRole('dialog', { name: 'Skip Project' });
    await dialog.getByLabel(JUDGE_CONFLICT_LABEL).check();
    await button(dialog, 'Submit').tap();
    await page.getByText('Saved on this phone', { exact: false }).first().waitFor();
    // Meanwhile the organizer refuses the conflicts this judge says (issue 31): the skip is refused.
    await apiCall(server, 'PUT', `/judge/conflicts/refuse/${id}`, { refuse: true });

    await page.context().setOffline(false);
    await noticeWithText(
      page,
      `The server did not accept skipping the project (${SAID_CONFLICTS_REFUSED}). It was not saved.`,
    ).waitFor({ timeout: 20_000 });
    // A refused skip changes nothing: the judge still holds the project, the page shows it with
    // the notes typed for it before the Skip (set aside on the phone at the tap, never sent).
    expect((await judgeSelf(token)).current).toBe(project.id);
    await expect.poll(() => judgeProjectHeading(page).textContent()).toBe(project.name);
    await expect
      .poll(() => page.locator('#judge-live-notes').inputValue())
      .toBe('Great hardware, weak story.');
    expect(withoutNoise(errors)).toEqual([]);
  });
});

describe('a score corrected offline, sent once deliberation began', () => {
  it('is said in words not to be saved, and the page shows the score the server kept', async () => {
    const pitch = await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', { name: 'Pitch' });
    try {
      const { id, page, token, errors } = await judgeOnPhone('Dorothy Vaughan');
      const project = await liveProject(server, page, token);
      await button(page, 'Done').tap();
      await scoreButton(doneDialog(page), 'Pitch', 3).tap();
      await button(doneDialog(page), 'Submit').tap();
      await page.waitForURL(url('/judge'));
      await page.getByText('All saved', { exact: true }).waitFor();
      await page.goto(url(`/judge/project/${project.id}`));
      const scores = page.getByRole('region', { name: 'Your scores' });
      await scores.waitFor();

      // Judging still runs: the judge corrects the score with no network.
      await page.context().setOffline(true);
      await scoreButton(scores, 'Pitch', 5).tap();
      await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
      await apiCall(server, 'POST', '/admin/deliberation', { start: true });
      await page.context().setOffline(false);
      await noticeWithText(
        page,
        `The server did not accept your scores (${DELIBERATION_BLOCKS_SCORING}). It was not saved.`,
      ).waitFor({ timeout: 20_000 });
      await outboxEmptied(page, id);
      const kept = await apiCall<{ scores: Record<string, Record<string, number>> }>(
        server,
        'GET',
        '/judge/scores',
        undefined,
        token,
      );
      expect(kept.scores[project.id]).toEqual({ [pitch.id]: 3 });
      await expect
        .poll(() =>
          scores.getByRole('radiogroup', { name: 'Pitch' }).getByRole('radio', { name: '3' }).isChecked(),
        )
        .toBe(true);
      expect(withoutNoise(errors)).toEqual([]);
    } finally {
      await apiCall(server, 'POST', '/admin/deliberation', { start: false });
      await apiCall(server, 'POST', '/admin/clock/unpause'); // deliberation paused it
      await apiCall(server, 'DELETE', `/admin/criteria/${pitch.id}`);
    }
  });
});

describe('the network lost right after a Done landed', () => {
  it('still offers Undo for the Done while its two minutes run, though `GET /judge/undo` cannot be read', async () => {
    const { page, token, errors } = await judgeOnPhone('Evelyn Boyd');
    const project = await liveProject(server, page, token);
    // The Done reaches the server, and the network drops before its answer reaches the page: every
    // read the answer starts (`GET /judge/undo`) fails.
    await page.route('**/api/judge/finish', async (route) => {
      const response = await route.fetch();
      await page.context().setOffline(true);
      await route.fulfill({ response });
    });
    await finishWithNotes(page, 'Sent just in time.');
    await page.getByText('All saved', { exact: true }).waitFor();
    expect((await judgeSelf(token)).seen_projects.map((p) => p.project_id)).toEqual([project.id]);
    await undoButton(page).waitFor({ timeout: 5_000 });
    expect(await undoButton(page).textContent()).toMatch(/^Undo \((2:00|1:5\d)\)$/);
    // Tapped offline, the undo waits on the phone and lands once the network is back.
    await undoButton(page).tap();
    await page.getByText('Offline: 1 change waiting', { exact: true }).waitFor();
    await page.context().setOffline(false);
    await noticeWithText(page, `Undone: you are judging ${project.name} again`).waitFor({ timeout: 20_000 });
    expect(await judgeSelf(token)).toMatchObject({ current: project.id, seen_projects: [] });
    expect(withoutNoise(errors)).toEqual([]);
  });
});
