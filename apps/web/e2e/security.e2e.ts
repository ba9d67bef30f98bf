/**
 * Issue 15 in a real browser against the real server: the admin cookie holds a session token,
 * never the password, and Logout revokes it (R70b); another site cannot frame the admin dashboard
 * and the main pages run under the Content-Security-Policy without a violation; the dashboard
 * shows the judge-login guard live, ends it and blocks code logins in one click, and a judge with
 * the emailed link logs in while the guard refuses codes (R70c, issue 22 item 2).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  adminApi,
  collectPageErrors,
  launchBrowser,
  publicApi,
  saveAdminPassword,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';

/** The guard's bucket on this server: 5 failed code logins at once. */
const BURST = 5;
let server: ServerHandle;
let judge: { id: string; code: string };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startServer({ LOGIN_GUARD_BURST: String(BURST), TRUST_PROXY: '1' });
  browser = await launchBrowser();
  await seedProject(server, { name: 'Robot Arm', url: 'https://example.org/robot' });
  judge = await seedJudge(server, { name: 'Ada Judge', email: 'ada@example.org' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext(VIEWPORTS.desktop);
  page = await context.newPage();
  errors = collectPageErrors(page);
});
afterEach(async () => {
  await context.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
/** `POST /admin/auth` with `secret` as the Basic password: the status says whether it authenticates. */
const authStatus = async (secret: string) =>
  (
    await fetch(url('/api/admin/auth'), {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`admin:${secret}`, 'utf8').toString('base64')}` },
    })
  ).status;

async function adminCookie(): Promise<string | undefined> {
  return (await context.cookies(server.baseUrl)).find((cookie) => cookie.name === 'admin-pass')?.value;
}

describe('admin sessions in the browser (R70b)', () => {
  it('keeps a session token, never the password, in the cookie; Logout revokes it', async () => {
    await page.goto(url('/admin/login'));
    await page.getByLabel('Enter the admin password').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(url('/admin'));
    await page.getByRole('link', { name: 'Robot Arm' }).waitFor();

    const cookies = await page.evaluate(() => document.cookie);
    expect(cookies).not.toContain(server.adminPassword);
    expect(cookies).not.toContain(encodeURIComponent(server.adminPassword));
    const token = decodeURIComponent((await adminCookie()) ?? '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await authStatus(token)).toBe(200);

    // The dashboard works with it: a reload keeps the admin in, and a change arrives.
    await page.reload();
    await page.getByRole('link', { name: 'Robot Arm' }).waitFor();
    await seedProject(server, { name: 'Solar Kite', url: 'https://example.org/kite' });
    await page.getByRole('link', { name: 'Solar Kite' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));
    expect(await adminCookie()).toBeUndefined();
    await expect.poll(() => authStatus(token)).toBe(401);
    expect(await authStatus(server.adminPassword)).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('a wrong password stays on the login page and saves nothing', async () => {
    await page.goto(url('/admin/login'));
    await page.getByLabel('Enter the admin password').fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid admin password').waitFor();
    expect(await adminCookie()).toBeUndefined();
  });
});

describe('security headers in the browser', () => {
  let framer: Server;
  let framerUrl: string;
  beforeAll(async () => {
    // Another site on the same host (another port): same-site, so the admin cookie goes along.
    framer = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>Framer</title><iframe id="victim" src="${url('/admin')}"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => framer.close(resolve));
  });

  it('another site cannot frame the logged-in admin dashboard', async () => {
    await saveAdminPassword(context, server);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    await page.goto(framerUrl);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals[0]).toContain("frame-ancestors 'none'");
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // The blocked frame shows the browser's error page, never the app.
    expect(frame?.url()).not.toBe(url('/admin'));
    expect(await frame?.locator('#root').count()).toBe(0);
  });

  it.each(['/', '/judge/login', '/admin', '/expo'])('%s runs without a CSP violation', async (path) => {
    await saveAdminPassword(context, server);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const response = await page.goto(url(path));
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(errors.filter((line) => line.includes('Content Security Policy'))).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

/** Wrong codes from BURST new addresses (TRUST_PROXY: X-Forwarded-For), as the attack of the issue. */
async function guessFrom(subnet: number): Promise<void> {
  for (let i = 1; i <= BURST; i += 1) {
    const res = await fetch(url('/api/judge/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.0.${subnet}.${i}` },
      body: JSON.stringify({ code: '00000000' }),
    });
    expect(res.status).toBe(400);
  }
}

describe('the judge-login guard on the dashboard (R70c, issue 22 item 2)', () => {
  it('alerts live while code logins are limited; Block, Allow and End act at once', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin'));
    await page.getByRole('link', { name: 'Robot Arm' }).waitFor();
    const alert = page.getByRole('alert', { name: 'Judge login guard' });
    expect(await alert.count()).toBe(0);

    await guessFrom(0);
    await alert
      .getByText('Judge logins by code limited: 5 failed attempts from 5 addresses in the last minute')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await alert.getByRole('button', { name: 'Block code logins' }).click();
    await alert.getByText(/^Judge logins by code are blocked/).waitFor();
    expect((await adminApi<{ blocked: boolean }>(server, 'GET', '/admin/login-guard')).body.blocked).toBe(
      true,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Allow code logins' }).click();
    await alert.getByRole('button', { name: 'Block code logins' }).waitFor();

    await alert.getByRole('button', { name: 'End' }).click();
    await alert.waitFor({ state: 'detached' });
    expect((await publicApi(server, 'POST', '/judge/login', { code: judge.code })).status).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('a judge who opens the emailed link logs in while the guard refuses the code alone', async () => {
    await guessFrom(1);
    const proofs = await adminApi<Record<string, string>>(server, 'GET', '/admin/login-proofs');
    const proof = proofs.body[judge.id] ?? '';
    const phone = await browser.newContext(VIEWPORTS.phone);
    const judgePage = await phone.newPage();
    const judgeErrors = collectPageErrors(judgePage);
    try {
      // The code alone (a typed code, no proof) is refused...
      await judgePage.goto(url(`/judge/login?code=${judge.code}`));
      await judgePage.getByRole('button', { name: 'Log In' }).click();
      await judgePage.getByText('Login rate limit exceeded, please contact an organizer').waitFor();
      // ...the link with its proof logs in.
      await judgePage.goto(url(`/judge/login?code=${judge.code}&proof=${encodeURIComponent(proof)}`));
      expect(await judgePage.getByLabel('Enter your judging code').inputValue()).toBe(judge.code);
      await judgePage.getByRole('button', { name: 'Log In' }).click();
      await judgePage.waitForURL((address) => !address.pathname.startsWith('/judge/login'));
      expect(new URL(judgePage.url()).pathname).toMatch(/^\/judge/);
      expect(unexpectedErrors(judgeErrors).filter((line) => !line.includes('429'))).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('a dashboard opened while the guard is on shows it at once (read after connecting)', async () => {
    await saveAdminPassword(context, server);
    await page.goto(url('/admin'));
    await page
      .getByRole('alert', { name: 'Judge login guard' })
      .getByText(/^Judge logins by code limited: \d+ failed attempts from \d+ addresses in the last minute$/)
      .waitFor();
  });
});
