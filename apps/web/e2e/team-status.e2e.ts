/**
 * Issue 24 in real Chromium against the real server: a team's status page on a phone follows its
 * judging live ("0 of 3 views" → "A judge is on the way" → "You're done") while judges judge over
 * HTTP; its alert reaches the organizer's floor view, where prioritize and dismiss work live; the
 * table cards carry each team's link. axe finds nothing on the three screens.
 */
import type { TeamCode } from '@podium/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  behindSignInPage,
  LIVE_MS,
  accessibilityViolations,
  adminApi,
  apiCall,
  launchBrowser,
  loginJudgeApi,
  openAdminPage,
  openPhonePage,
  runClockAnswered,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
} from './harness';
import { socketConnected } from './socket-signals';

let server: ServerHandle;
let browser: Browser;
let code: string;
let oldCode: string;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  projectId = await seedProject(server, { name: 'Moonshot Kiln' });
  await apiCall(server, 'POST', '/admin/options', { teams_may_leave: true });
  const codes = (await adminApi<TeamCode[]>(server, 'GET', '/admin/team-codes')).body;
  code = codes.find((c) => c.project_id === projectId)!.code;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('team status page, floor view and table cards (issue 24)', () => {
  it('the table cards carry each team link, ready to print, with no axe violation', async () => {
    const { context, page, errors } = await openAdminPage(browser, server);
    await page.goto(`${server.baseUrl}/admin/table-cards`);
    const card = page.locator('.table-card').first();
    await expect.poll(() => card.locator('.table-card__table').textContent()).toBe('Table 1');
    const link = `${server.baseUrl}/team/${code}`;
    expect(await card.locator('.table-card__link').textContent()).toBe(link);
    expect(await card.locator('svg.qr-svg').getAttribute('data-text')).toBe(link);
    // Served at 127.0.0.1 without PUBLIC_URL: the organizer is told before printing (issue 32).
    await expect
      .poll(() => page.locator('.table-cards__intro [role="note"]').textContent())
      .toContain(`These links point at ${server.baseUrl}, this computer's own address`);
    await page.getByLabel('Letter').check();
    expect(await page.locator('.table-cards--letter').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Renamed on another laptop: the card to print follows, live (and back).
    const name = card.locator('.table-card__name');
    for (const renamed of ['Moonshot Kiln 2', 'Moonshot Kiln']) {
      await apiCall(server, 'PUT', `/project/${projectId}`, { name: renamed });
      await expect.poll(() => name.textContent(), { timeout: LIVE_MS }).toBe(renamed);
    }
    // A lost card: its code is replaced, the card shows the new link.
    await card.getByRole('button', { name: 'Replace code of Moonshot Kiln' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replace the code' }).click();
    await expect.poll(() => card.locator('.table-card__link').textContent()).not.toBe(link);
    oldCode = code;
    code = (await adminApi<TeamCode[]>(server, 'GET', '/admin/team-codes')).body[0]!.code;
    expect(await card.locator('.table-card__link').textContent()).toBe(`${server.baseUrl}/team/${code}`);
    // Replaced on another laptop: this one's card follows, live.
    code = (await adminApi<TeamCode>(server, 'POST', `/admin/project/${projectId}/team-code`)).body.code;
    await expect
      .poll(() => card.locator('.table-card__link').textContent(), { timeout: LIVE_MS })
      .toBe(`${server.baseUrl}/team/${code}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a wrong or replaced code gets a clear page, not an error screen', async () => {
    const { context, page } = await openPhonePage(browser, server);
    for (const wrong of ['not-a-real-code', oldCode]) {
      await page.goto(`${server.baseUrl}/team/${wrong}`);
      await page.getByRole('heading', { name: 'This team link is not valid' }).waitFor();
      expect(
        await page
          .getByText('Please ask an organizer for help. This page checks again every minute.')
          .isVisible(),
      ).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it("says what to do when a venue Wi-Fi's sign-in page answers instead of the server", async () => {
    const { context, page } = await openPhonePage(browser, server);
    await behindSignInPage(page, `**/api/team/${code}`);
    await page.goto(`${server.baseUrl}/team/${code}`);
    await page
      .getByText(
        'Could not load your status: Error parsing response. Trying again shortly. The answer did not come ' +
          'from the judging server: if the Wi-Fi asks you to sign in, do so, then try again.',
      )
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('regression (issue 31 item 5): a page told its code is not valid opens no socket and asks once a minute', async () => {
    const { context, page } = await openPhonePage(browser, server);
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/team/') || pathname.startsWith('/socket.io/')) asked.push(pathname);
    });
    let reads = 0;
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/team/')) reads++;
    });
    await page.goto(`${server.baseUrl}/team/not-a-real-code`);
    await page.getByRole('heading', { name: 'This team link is not valid' }).waitFor();
    await page.clock.runFor(2_000);
    const answered = asked.length;
    const readsBefore = reads;
    // Five minutes on the page's clock, a minute at a time (each read answered before the next):
    // before issue 31, a socket handshake every 5 s and a poll a minute; now only the minute's
    // poll, so the page can come back by itself.
    for (let minute = 1; minute <= 5; minute++) {
      await runClockAnswered(page, 60_000);
      await expect.poll(() => reads - readsBefore).toBe(minute);
    }
    await page.waitForTimeout(500);
    expect(asked.slice(answered)).toEqual(Array(5).fill('/api/team/not-a-real-code'));
    await page.getByRole('heading', { name: 'This team link is not valid' }).waitFor();
    await context.close();
  });

  it('follows the judging live, and the alert reaches the floor view', async () => {
    const team = await openPhonePage(browser, server);
    const connected = socketConnected(team.page);
    await team.page.goto(`${server.baseUrl}/team/${code}`);
    await team.page.getByRole('heading', { name: 'Moonshot Kiln' }).waitFor();
    await team.page.getByText('0 of 3 views').waitFor();
    await connected;
    expect(await team.page.getByText('Table 1', { exact: true }).isVisible()).toBe(true);
    expect(await accessibilityViolations(team.page)).toEqual([]);
    // Phone-first: no sideways scrolling, and the button is a 44px tap target.
    expect(await team.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = await team.page
      .getByRole('button', { name: 'No judge has come for a while' })
      .boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(44);

    // A teammate's phone has the page open too.
    const teammate = await openPhonePage(browser, server);
    const teammateConnected = socketConnected(teammate.page);
    await teammate.page.goto(`${server.baseUrl}/team/${code}`);
    await teammate.page.getByText('0 of 3 views').waitFor();
    await teammateConnected;

    // Judging starts: nobody comes, the team raises an alert.
    await apiCall(server, 'POST', '/admin/clock/unpause');
    await team.page.getByText('Judging is not running right now.').waitFor({ state: 'detached' });
    await team.page.getByRole('button', { name: 'No judge has come for a while' }).click();
    await team.page.getByText('The organizers have been told.', { exact: false }).waitFor();
    await team.page.getByText('You can press this again at', { exact: false }).waitFor();
    expect(await team.page.getByRole('button', { name: 'No judge has come for a while' }).isDisabled()).toBe(
      true,
    );
    // The teammate's phone shows it raised at once, not at its next minute's poll, and says so.
    await teammate.page
      .getByText('You can press this again at', { exact: false })
      .waitFor({ timeout: LIVE_MS });
    expect(
      await teammate.page.getByText('The organizers have been told.', { exact: false }).isVisible(),
    ).toBe(true);
    expect(
      await teammate.page.getByRole('button', { name: 'No judge has come for a while' }).isDisabled(),
    ).toBe(true);
    expect(unexpectedErrors(teammate.errors)).toEqual([]);
    await teammate.context.close();

    // The organizer's floor view: the alert and the waiting team; prioritize, then dismiss.
    const admin = await openAdminPage(browser, server);
    await admin.page.goto(`${server.baseUrl}/admin`);
    const floor = admin.page.getByRole('region', { name: 'Teams on the floor' });
    await floor.getByText('says no judge has come for a while', { exact: false }).waitFor();
    await floor.getByRole('heading', { name: 'Waiting longest for a judge' }).waitFor();
    await floor.getByText('Table 1: Moonshot Kiln').nth(1).waitFor();
    expect(await floor.getByText('no view yet; judging started', { exact: false }).isVisible()).toBe(true);
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await floor.getByRole('button', { name: 'Prioritize Moonshot Kiln' }).first().click();
    await floor.getByText('Prioritized').first().waitFor({ timeout: LIVE_MS });
    expect(
      (await adminApi<{ id: string; prioritized: boolean }[]>(server, 'GET', '/project/list')).body,
    ).toEqual([expect.objectContaining({ id: projectId, prioritized: true })]);
    await floor.getByRole('button', { name: 'Dismiss the alert of Moonshot Kiln' }).click();
    await floor
      .getByText('says no judge has come for a while', { exact: false })
      .waitFor({ state: 'detached', timeout: LIVE_MS });

    // A judge takes the project, then says it knows the team: the team waits again, live.
    const zed = await loginJudgeApi(
      server,
      (await seedJudge(server, { name: 'Zed', email: 'zed@x.org' })).code,
    );
    await apiCall(server, 'POST', '/judge/next', undefined, zed);
    await floor.waitFor({ state: 'detached', timeout: LIVE_MS });
    await apiCall(server, 'POST', '/judge/skip', { reason: 'conflict' }, zed);
    await floor.getByRole('heading', { name: 'Waiting longest for a judge' }).waitFor({ timeout: LIVE_MS });

    // Three judges judge it over HTTP; the page follows without a reload.
    const tokens: string[] = [];
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      const judge = await seedJudge(server, { name, email: `${name.toLowerCase()}@x.org` });
      tokens.push(await loginJudgeApi(server, judge.code));
    }
    const alertButton = team.page.getByRole('button', { name: 'No judge has come for a while' });
    for (const [i, token] of tokens.entries()) {
      const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token);
      expect(next.project_id).toBe(projectId);
      await team.page.getByText('A judge is on the way').waitFor({ timeout: LIVE_MS });
      // Nothing to raise while a judge comes: the button is back once the judge is done.
      expect(await alertButton.count()).toBe(0);
      await apiCall(server, 'POST', '/judge/finish', {}, token);
      if (i < 2) {
        await team.page.getByText(`${i + 1} of 3 views`).waitFor({ timeout: LIVE_MS });
        await team.page.getByText('A judge is on the way').waitFor({ state: 'detached', timeout: LIVE_MS });
        await alertButton.waitFor();
      }
    }
    await team.page.getByText('You’re done: you may leave').waitFor({ timeout: LIVE_MS });
    await team.page.getByText('3 of 3 views').waitFor();
    // Nothing of the judging itself reaches the team.
    const text = (await team.page.locator('body').textContent()) ?? '';
    for (const word of ['Ada', 'Grace', 'Edsger', 'score', 'rank', 'star']) expect(text).not.toContain(word);
    expect(await accessibilityViolations(team.page)).toEqual([]);
    // The floor view no longer lists the team as waiting.
    await floor.waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(unexpectedErrors(team.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await team.context.close();
    await admin.context.close();
  });

  it('a page shown "not valid" comes back by itself once the link works again (an absent skip undone)', async () => {
    const orbit = await seedProject(server, { name: 'Orbit Loom' });
    const orbitCode = (await adminApi<TeamCode[]>(server, 'GET', '/admin/team-codes')).body.find(
      (c) => c.project_id === orbit,
    )!.code;
    const team = await openPhonePage(browser, server);
    await team.page.clock.install();
    const connected = socketConnected(team.page);
    await team.page.goto(`${server.baseUrl}/team/${orbitCode}`);
    await team.page.getByRole('heading', { name: 'Orbit Loom' }).waitFor();
    await connected;

    // Three judges find nobody at the table: the third "absent" skip hides the project.
    let last = '';
    for (const name of ['Ida', 'Jon', 'Kai']) {
      last = await loginJudgeApi(
        server,
        (await seedJudge(server, { name, email: `${name.toLowerCase()}@x.org` })).code,
      );
      const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, last);
      expect(next.project_id).toBe(orbit);
      await apiCall(server, 'POST', '/judge/skip', { reason: 'absent' }, last);
    }
    await team.page
      .getByRole('heading', { name: 'This team link is not valid' })
      .waitFor({ timeout: LIVE_MS });
    await runClockAnswered(team.page, 2 * 60_000);
    expect(
      await team.page
        .getByText('Please ask an organizer for help. This page checks again every minute.')
        .isVisible(),
    ).toBe(true);

    // The last judge undoes the skip (the team was there after all): the project is shown again,
    // and the page, without a reload, shows the team's status at its next minute's check.
    await apiCall(server, 'POST', '/judge/undo', { project_id: orbit }, last);
    await runClockAnswered(team.page, 60_000);
    await team.page.getByRole('heading', { name: 'Orbit Loom' }).waitFor({ timeout: LIVE_MS });
    await team.page.getByText('0 of 3 views').waitFor();
    // Live again: its socket is back, so a judge taking the project shows at once.
    const lia = await loginJudgeApi(
      server,
      (await seedJudge(server, { name: 'Lia', email: 'lia@x.org' })).code,
    );
    const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, lia);
    expect(next.project_id).toBe(orbit);
    await team.page.getByText('A judge is on the way').waitFor({ timeout: LIVE_MS });
    expect(await accessibilityViolations(team.page)).toEqual([]);
    expect(unexpectedErrors(team.errors)).toEqual([]);
    await team.context.close();
  });
});
