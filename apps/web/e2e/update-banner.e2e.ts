/**
 * "A new version is available — Reload" (components/UpdateBanner.tsx, pwa/register.ts) against
 * the real Workbox service worker: a first visit installs it; then a new version is deployed
 * (the files a second build changes: `index.html` and the precache manifest in `sw.js`, with
 * their `.br`/`.gz` siblings, rewritten in `dist/` and put back afterwards; this file runs after
 * the others, alone, see vitest.e2e.config.ts); the next load finds the update waiting and offers it,
 * without reloading by itself; Reload brings the new version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import { collectPageErrors, launchBrowser, startServer, unexpectedErrors } from './harness';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const DEPLOYED = ['index.html', 'sw.js'].flatMap((file) => [file, `${file}.br`, `${file}.gz`]);
const original = new Map<string, Buffer>();

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  for (const file of DEPLOYED) original.set(file, readFileSync(join(DIST, file)));
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const [file, content] of original) writeFileSync(join(DIST, file), content);
  await browser?.close();
  await server?.stop();
});

/** Writes a file and the compressed siblings the server prefers (build/precompress.ts). */
function writeDeployed(file: string, text: string): void {
  const content = Buffer.from(text);
  writeFileSync(join(DIST, file), content);
  writeFileSync(join(DIST, `${file}.br`), brotliCompressSync(content));
  writeFileSync(join(DIST, `${file}.gz`), gzipSync(content));
}

/** A second deployment: a changed `index.html`, and a `sw.js` whose manifest names its new revision. */
function deployNewVersion(): void {
  const index = original.get('index.html')!.toString();
  writeDeployed(
    'index.html',
    index.replace('<head>', '<head>\n    <meta name="podium-version" content="second" />'),
  );
  const worker = original.get('sw.js')!.toString();
  const updated = worker.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1second-version"');
  expect(updated).not.toBe(worker);
  writeDeployed('sw.js', updated);
}

/**
 * A build this server does not serve: `index.html` and `sw.js` name a main script it has no file
 * for, as when a build is written under the running server, or a page comes from an instance
 * already upgraded while its files are asked of one that is not (docs/deploy.md, "Upgrading").
 */
function deployBuildNotServed(): void {
  const index = original.get('index.html')!.toString();
  const main = /src="\/(assets\/index-[\w-]+\.js)"/.exec(index)?.[1];
  expect(main).toBeDefined();
  writeDeployed('index.html', index.replace(`/${main}`, '/assets/index-not-served.js'));
  const worker = original.get('sw.js')!.toString();
  const updated = worker
    .replace(`url:"${main}"`, 'url:"assets/index-not-served.js"')
    .replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1not-served"');
  expect(updated).not.toContain(main);
  writeDeployed('sw.js', updated);
}

const newVersionShown = () =>
  document.querySelector('meta[name="podium-version"]')?.getAttribute('content') === 'second';

describe('a new version of the app', () => {
  it('is offered by the banner once it waits, and Reload brings it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The first install takes over the open page (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await banner.count()).toBe(0);

    deployNewVersion();
    // The next load checks the worker again (sw.js is sent with no-cache): the update installs and waits.
    await page.reload();
    await banner.waitFor({ timeout: 30_000 });
    // Offered, not forced: the page is still the old version until the judge chooses.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(newVersionShown)).toBe(false);

    await banner.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(newVersionShown, undefined, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await banner.count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('is not installed while the server lacks one of its files, and the app goes on working', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });

    deployBuildNotServed();
    // Served as the page, the missing script installed and, on Reload, left a blank screen for good.
    const outcome = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      const worker = registration.installing;
      if (worker === null) return registration.waiting === null ? 'no update' : 'installed';
      await new Promise<void>((settled) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed' || worker.state === 'redundant') settled();
        }),
      );
      return worker.state;
    });
    expect(outcome).toBe('redundant');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
