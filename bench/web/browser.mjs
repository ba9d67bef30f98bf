/**
 * What the browser benchmarks (`bench:web`, `bench:dashboard`) share: Debian's Chromium launched
 * headless, an organizer's browser context, and how a run's figures are summed up.
 */
import { chromium } from 'playwright-core';
import { ADMIN_PASSWORD } from '../load/server.mjs';

/** Headless Debian Chromium (`CHROMIUM_PATH` overrides), without its background traffic. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (empty HTTP cache) signed in as the organizer, on a laptop's screen. */
export async function adminContext(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'admin-pass', value: encodeURIComponent(ADMIN_PASSWORD), url: base }]);
  return context;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export const mark = (ok) => (ok ? '✅' : '❌');
