/**
 * What the browser benchmarks (`bench:web`, `bench:dashboard`) share: Debian's Chromium and an
 * organizer's browser context, both from the browser tests' harness (so run with tsx), and how a
 * run's figures are summed up.
 */
import { saveAdminPassword, VIEWPORTS } from '../../apps/web/e2e/harness.ts';
import { ADMIN_PASSWORD } from '../load/server.mjs';

export { launchBrowser } from '../../apps/web/e2e/harness.ts';

/** A fresh context (empty HTTP cache) signed in as the organizer, on a laptop's screen. */
export async function adminContext(browser, base) {
  const context = await browser.newContext(VIEWPORTS.desktop);
  await saveAdminPassword(context, { baseUrl: base, adminPassword: ADMIN_PASSWORD });
  return context;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export const mark = (ok) => (ok ? '✅' : '❌');
