/**
 * Instances upgraded one at a time behind the real nginx of deploy/nginx (docs/deploy.md, "Upgrading"):
 * for a while one instance serves the new build of the web app and the other the old one, and
 * nginx sends each request to either. A page loaded from one must still get its script and styles
 * from the other. Two test apps stand for the two builds; what is checked is the static files, so
 * each keeps its own SQLite event (the shared database of R96 plays no part in it).
 * Incident class: a judge opening the app mid-upgrade gets a blank screen, or a phone's service
 * worker keeps the page as its script for good.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../test-support/nginx.js';
import { createTestApp, tempDataDir, type TestApp } from '../test-support/test-app.js';

/** A build of the web app: its page names its hashed script. */
function writeBuild(script: string): string {
  const root = tempDataDir();
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><script type="module" src="/${script}"></script>`);
  writeFileSync(join(root, script), `console.log(${JSON.stringify(script)});`);
  return root;
}

const OLD_SCRIPT = 'assets/index-0ld1.js';
const NEW_SCRIPT = 'assets/index-new2.js';
const roots = [writeBuild(OLD_SCRIPT), writeBuild(NEW_SCRIPT)];
let instances: TestApp[] = [];
let nginx: Nginx;

beforeAll(async () => {
  instances = await Promise.all(roots.map((webRoot) => createTestApp({ app: { webRoot } })));
  const addresses = await Promise.all(
    instances.map(async ({ app }) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }),
  );
  nginx = await startNginx(addresses);
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.close()));
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('an upgrade, one instance at a time, behind nginx', () => {
  it("gets every page its own build's script, from whichever instance has it", async () => {
    for (let round = 0; round < 4; round += 1) {
      for (const script of [OLD_SCRIPT, NEW_SCRIPT]) {
        const res = await fetch(`${nginx.url}/${script}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/javascript/);
        expect(await res.text()).toBe(`console.log(${JSON.stringify(script)});`);
      }
    }
    // Round robin sent some of them to the instance without the file first.
    const retried = nginx.requests().filter((request) => request.upstreams.length === 2);
    expect(retried.map((request) => request.upstreamStatuses)).toContainEqual(['404', '200']);
  });

  it('answers 404 for a file no instance has, after asking each', async () => {
    const res = await fetch(`${nginx.url}/assets/index-none3.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not found' });
    const asked = nginx.requests().find((request) => request.uri === '/assets/index-none3.js');
    expect(asked?.upstreamStatuses).toEqual(['404', '404']);
  });

  it('still answers a client route with the page of the instance asked', async () => {
    const res = await fetch(`${nginx.url}/judge/live`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<!doctype html><script type="module" src="\/assets\/index-/);
  });
});
