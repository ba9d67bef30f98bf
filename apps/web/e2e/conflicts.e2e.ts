/**
 * Conflicts of interest (issue 24 item 3), in a real browser against the real server: a judge on
 * a phone (390×844) says "I know this team", gets the next project at once and never sees that
 * team again; the organizer (1280×800) declares a conflict in the Edit Judge dialog and the
 * engine never gives that judge the project. A judge who says it knows every team gets a pace mark
 * on the organizer's judges table, live, and the organizer refuses its conflicts there (issue 31).
 * Both screens pass axe.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAID_CONFLICTS_REFUSED } from '@podium/protocol';
import type { SeededJudge, ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  loginJudgeApi,
  noticeWithText,
  launchBrowser,
  openAdminPage,
  openPhonePage,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
} from './harness';

interface Conflicts {
  conflicts: { project_id: string; source: 'declared' | 'judge' }[];
}

const PROJECTS = ['Solar Rover', 'Braille Buddy', 'Quiet Quill'];
let server: ServerHandle;
let browser: Browser;
const ids = new Map<string, string>();
let grace: SeededJudge;
let alan: SeededJudge;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of PROJECTS)
    ids.set(name, await seedProject(server, { name, description: `${name} does things.` }));
  grace = await seedJudge(server, { name: 'Grace Hopper', email: 'grace@example.org' });
  alan = await seedJudge(server, { name: 'Alan Turing', email: 'alan@example.org' });
  await apiCall(server, 'POST', '/admin/options', { judging_timer: 0 });
  await apiCall(server, 'POST', '/admin/clock/unpause');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const conflictsOf = (judgeId: string) => apiCall<Conflicts>(server, 'GET', `/judge/conflicts/${judgeId}`);

describe('a judge who knows a team (phone)', () => {
  it('picks "I know this team", gets the next project, and never sees that one again', async () => {
    const token = await loginJudgeApi(server, grace.code);
    const { context, page, errors } = await openPhonePage(browser, server, token);
    const h1 = () => page.getByRole('heading', { level: 1 });
    const dialog = () => page.getByRole('dialog');
    const tap = (locator: Locator) => locator.tap();
    const liveProject = async () => {
      await page.getByText('Table', { exact: true }).waitFor();
      return (await h1().textContent()) ?? '';
    };

    await page.goto(`${server.baseUrl}/judge`);
    await tap(page.getByRole('link', { name: 'Next Project' }));
    await page.waitForURL(`${server.baseUrl}/judge/live`);
    const known = await liveProject();
    expect(PROJECTS).toContain(known);

    await tap(page.getByRole('button', { name: 'Skip', exact: true }));
    await dialog().getByRole('heading', { name: 'Skip Project' }).waitFor();
    const option = dialog().getByLabel('I know this team (conflict of interest)');
    // A phone's tap target: the whole row is the label, at least 44 px high.
    const row = await dialog()
      .locator('label.judge-reason')
      .filter({ hasText: 'I know this team' })
      .boundingBox();
    expect(row?.height).toBeGreaterThanOrEqual(44);
    expect(await accessibilityViolations(page)).toEqual([]);
    await tap(option);
    await tap(dialog().getByRole('button', { name: 'Submit' }));
    await h1().filter({ hasNotText: known }).filter({ hasText: /\w/ }).waitFor();
    await page
      .getByRole('region', { name: 'Undo' })
      .getByText(`Skipped for good (you know this team): ${known}.`)
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // No flag against the team; a conflict of this judge instead.
    expect(await apiCall<unknown[]>(server, 'GET', '/admin/flags')).toEqual([]);
    expect((await conflictsOf(grace.id)).conflicts).toEqual([
      expect.objectContaining({ project_id: ids.get(known), source: 'judge' }),
    ]);

    // Judging the rest: every other project once, then the end, and never the known one.
    const seen: string[] = [];
    for (;;) {
      seen.push(await liveProject());
      await tap(page.getByRole('button', { name: 'Done', exact: true }));
      await tap(dialog().getByRole('button', { name: 'Submit' }));
      await page.waitForURL(`${server.baseUrl}/judge`);
      if (seen.length === PROJECTS.length - 1) break;
      await tap(page.getByRole('link', { name: 'Next Project' }));
      await page.waitForURL(`${server.baseUrl}/judge/live`);
    }
    expect(new Set(seen)).toEqual(new Set(PROJECTS.filter((name) => name !== known)));
    await page.goto(`${server.baseUrl}/judge/live`);
    await h1().filter({ hasText: "You've seen all the projects!" }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('the organizer declares a conflict (admin, 1280×800)', () => {
  it('ticks a project in the Edit Judge dialog; the engine never gives it to that judge', async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for Alan Turing' }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Judge' });
    await edit.getByRole('group', { name: 'Conflicts of interest' }).waitFor();
    // Each project's line ticks from its whole 44px height, its name as well as its box.
    const heights = await edit
      .locator('.conflicts-field__list label')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
    expect(heights).toHaveLength(3);
    expect(heights.filter((height) => height < 44)).toEqual([]);
    await edit.getByLabel('Search projects').fill('2');
    // "2" is a table number: only table 2 is listed, not names containing a 2.
    await edit.getByText('1 of 3 projects').waitFor();
    const braille = edit.getByLabel('Table 2 · Braille Buddy');
    await braille.check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save' }).click();
    await noticeWithText(page, 'Judge updated successfully!').waitFor();
    expect((await conflictsOf(alan.id)).conflicts).toEqual([
      expect.objectContaining({ project_id: ids.get('Braille Buddy'), source: 'declared' }),
    ]);

    // Opened again, the dialog shows it ticked.
    await page.getByRole('button', { name: 'Actions for Alan Turing' }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    expect(await edit.getByLabel('Table 2 · Braille Buddy').isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();

    const token = await loginJudgeApi(server, alan.code);
    const given: string[] = [];
    for (;;) {
      const next = await apiCall<{ project_id?: string; reason?: string }>(
        server,
        'POST',
        '/judge/next',
        undefined,
        token,
      );
      if (next.project_id === undefined) {
        expect(next.reason).toBe('done');
        break;
      }
      given.push(next.project_id);
      await apiCall(server, 'POST', '/judge/finish', {}, token);
    }
    expect(new Set(given)).toEqual(new Set([ids.get('Solar Rover'), ids.get('Quiet Quill')]));
  });
});

describe('the judge CSV with a Conflicts column (admin)', () => {
  it("the check under the preview lists each judge's conflicts; Upload declares them", async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/add-judges`);
    const csv = 'Edsger Dijkstra,edsger@example.org,,,"1; quiet quill"\nBarbara Liskov,barbara@example.org\n';
    await page
      .getByLabel('Judge CSV file')
      .setInputFiles({ name: 'judges.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByText('Would add 2 judges.', { exact: true }).waitFor();
    await page.getByText('Edsger Dijkstra: table 1 (Solar Rover), table 3 (Quiet Quill)').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'Upload a judge CSV' }).getByLabel('Do not send an email').check();
    await page.getByRole('button', { name: 'Upload' }).click();
    await noticeWithText(page, 'Added judge(s) successfully! 2 added').waitFor();
    const judges = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/judge/list');
    const edsger = judges.find((j) => j.name === 'Edsger Dijkstra')?.id as string;
    expect(new Set((await conflictsOf(edsger)).conflicts.map((c) => c.project_id))).toEqual(
      new Set([ids.get('Solar Rover'), ids.get('Quiet Quill')]),
    );
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a judge who says it knows every team (admin judges table, 1280×800)', () => {
  it('gets a pace mark and the count live, and the organizer refuses its conflicts there', async () => {
    const steer = await seedJudge(server, { name: 'Steer Clear', email: 'steer@example.org' });
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    const row = page.getByRole('row', { name: /Steer Clear/ });
    await row.waitFor();
    expect(await row.locator('.row-badge--pace').count()).toBe(0);

    // "I know this team" at every project, through the API as a phone sends it; the page is not
    // reloaded: the mark comes with the judges.changed event.
    const token = await loginJudgeApi(server, steer.code);
    const said: string[] = [];
    for (
      let answer = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
      answer.project_id !== undefined;
      answer = await apiCall(server, 'POST', '/judge/next', undefined, token)
    ) {
      said.push(answer.project_id);
      await apiCall(server, 'POST', '/judge/skip', { reason: 'conflict' }, token);
    }
    expect(said).toHaveLength(PROJECTS.length);
    const mark = row.locator('.row-badge--pace');
    // Well before the dashboard's 15 s fallback poll: the event brought it.
    await mark.filter({ hasText: 'Many conflicts' }).waitFor({ timeout: 5_000 });
    expect(await mark.getAttribute('title')).toBe(
      `Said "I know this team" at ${PROJECTS.length} projects: conflicts of interest can steer which projects the judge gets. Actions → Refuse conflicts gives them back.`,
    );
    await row.getByText(`Conflicts said: ${PROJECTS.length}`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Actions for Steer Clear' }).click();
    await page.getByRole('menuitem', { name: 'Refuse conflicts', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refuse Conflicts' });
    await dialog.getByText(`Remove the ${PROJECTS.length} conflicts of interest Steer Clear said`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refuse conflicts' }).click();
    await noticeWithText(
      page,
      `Conflicts refused: ${PROJECTS.length} removed, so those projects may be given to this judge again; "I know this team" is turned off for them.`,
    ).waitFor();
    await row.getByText('Conflicts refused', { exact: true }).waitFor();
    await mark.waitFor({ state: 'detached' });
    expect(await row.getByText(/Conflicts said/).count()).toBe(0);
    expect((await conflictsOf(steer.id)).conflicts).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The judge is given those projects again, and may not say it knows them any more.
    const back = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
    expect(said).toContain(back.project_id);
    const refused = await fetch(`${server.baseUrl}/api/judge/skip`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'conflict' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: SAID_CONFLICTS_REFUSED });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
