/**
 * Browser end-to-end harness (DESIGN.md §5, tier 3): the REAL built server as a child process on
 * a free port with a fresh data directory, serving the built web app, and Debian Chromium driven
 * by playwright-core. Nothing is mocked and no browser is ever downloaded (TOOLCHAIN.md).
 */
import axe from 'axe-core';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');

export const TEST_ADMIN_PASSWORD = 'e2e: pässwörd';
export const TEST_EVENT_NAME = 'E2E Hack Night';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerHandle {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  baseUrl: string;
  adminPassword: string;
  dataDir: string;
  /** The server's recent stdout and stderr, for failure messages. */
  output: () => string;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop: () => Promise<void>;
}

/** A port that was free a moment ago (the OS picks it). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function heartbeatOk(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { ok?: unknown };
    return response.ok && body.ok === 1;
  } catch {
    return false; // not listening yet
  }
}

/** Starts `node apps/server/dist/main.js` and resolves once `GET /api/` answers `{"ok":1}`. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<ServerHandle> {
  for (const [file, what] of [
    [SERVER_MAIN, 'the server'],
    [WEB_INDEX, 'the web app'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build ${what} first (cd ${REPO_ROOT} && npx turbo run build)`);
    }
  }
  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'podium-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      EVENT_NAME: TEST_EVENT_NAME,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL'); // a graceful close that hangs must not hang the test run
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await heartbeatOk(baseUrl))) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (exited || Date.now() > deadline) {
      await stop();
      const why = exited
        ? `exited (${child.exitCode ?? child.signalCode})`
        : 'did not answer GET /api/ in time';
      throw new Error(`server ${why}; its output:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { baseUrl, adminPassword: TEST_ADMIN_PASSWORD, dataDir, output: () => log, stop };
}

/** Debian Chromium, launched exactly as TOOLCHAIN.md prescribes. */
export function launchBrowser(): Promise<Browser> {
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

/** The two screens every journey runs on: a laptop and a phone (390×844, touch). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** Collects uncaught page errors and console errors, to assert a clean run. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Runs axe-core in the page; returns one line per violation (WCAG 2.x A/AA rules). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, so a strict Content-Security-Policy cannot block it.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const result = await injected.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
  return violations;
}
