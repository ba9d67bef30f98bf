import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle, ViewportName } from './harness';
import {
  accessibilityViolations,
  collectPageErrors,
  launchBrowser,
  startServer,
  TEST_EVENT_NAME,
  VIEWPORTS,
} from './harness';

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PORTALS = [
  { name: 'Judging Portal', path: '/judge/login', heading: 'Judge Login' },
  { name: 'Admin Portal', path: '/admin/login', heading: 'Admin Login' },
  { name: 'Project Expo', path: '/expo', heading: 'Project Expo' },
];

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('landing page on %s', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS[viewport]);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterEach(async () => {
    await context.close();
  });

  const h1 = () => page.getByRole('heading', { level: 1 });
  // A phone is driven by touch, a laptop by the mouse.
  const press = (name: string) => {
    const link = page.getByRole('link', { name, exact: true });
    return viewport === 'phone' ? link.tap() : link.click();
  };

  it('shows the title, the event name from the server and the three portals', async () => {
    await page.goto(`${server.baseUrl}/`);
    await h1()
      .filter({ hasText: /^Podium$/ })
      .waitFor();
    await page.getByText(TEST_EVENT_NAME).waitFor();
    expect(await page.title()).toBe('Podium');
    const portals = page.getByRole('navigation', { name: 'Portals' }).getByRole('link');
    expect(await portals.allTextContents()).toEqual(PORTALS.map((p) => p.name));
    expect(errors).toEqual([]);
  });

  for (const portal of PORTALS) {
    it(`${portal.name} leads to ${portal.path}`, async () => {
      await page.goto(`${server.baseUrl}/`);
      await press(portal.name);
      await page.waitForURL(`${server.baseUrl}${portal.path}`);
      await h1().filter({ hasText: portal.heading }).waitFor();
      // The shared header leads back home.
      await press(portal.path.startsWith('/admin') ? 'Podium Admin' : 'Podium');
      await page.waitForURL(`${server.baseUrl}/`);
      expect(errors).toEqual([]);
    });
  }

  it('shows the generic error page for an unknown URL, with a way home', async () => {
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200); // the server's SPA fallback; the app decides
    await h1().filter({ hasText: 'Unexpected Application Error!' }).waitFor();
    await press('Go to the home page');
    await page.waitForURL(`${server.baseUrl}/`);
    // The landing page is a lazy chunk: wait for it rather than reading the old heading.
    await h1()
      .filter({ hasText: /^Podium$/ })
      .waitFor();
  });

  it('loads a deep link with an encoded track directly', async () => {
    await page.goto(`${server.baseUrl}/expo/AI%2FML`);
    await h1().filter({ hasText: 'Project Expo' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is accessible: no axe violations, tap targets of at least 44px, no sideways scrolling', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByText(TEST_EVENT_NAME).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    for (const link of await page.getByRole('link').all()) {
      const box = await link.boundingBox();
      const label = (await link.textContent()) ?? '';
      expect(box?.height, label).toBeGreaterThanOrEqual(44);
      expect(box?.width, label).toBeGreaterThanOrEqual(44);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto(`${server.baseUrl}/unknown`);
    await h1().filter({ hasText: 'Unexpected Application Error!' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows a visible focus ring on keyboard focus', async () => {
    await page.goto(`${server.baseUrl}/`);
    await h1().waitFor();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused) return null;
      const style = getComputedStyle(focused);
      return { text: focused.textContent, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline).toMatchObject({ text: 'Judging Portal', style: 'solid' });
    expect(outline?.width).toBeGreaterThanOrEqual(2);
  });
});
