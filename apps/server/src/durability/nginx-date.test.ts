/**
 * Behind the real nginx of deploy/nginx, a page's answers carry the `Date` of the instance that
 * answered, not nginx's: pages set their clock by it (web api/server-clock.ts) to compare with the
 * times that instance wrote, and nginx may run on another machine (docs/deploy.md, deployment c).
 * Each instance here is a plain HTTP server with its clock an hour off, standing in for a Podium
 * instance on such a machine (the header is all that is checked; nginx is the component tested).
 * Incident class: every judge shown idle, or none, on the dashboard, from a clock that is not
 * the server's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../test-support/nginx.js';

const HOUR_AHEAD = new Date(Date.now() + 3_600_000).toUTCString();
const servers: Server[] = [];
let nginx: Nginx;

beforeAll(async () => {
  const addresses: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const server = createServer((_request, response) => {
      response.setHeader('Date', HOUR_AHEAD);
      response.setHeader('Content-Type', 'application/json');
      response.end('{"ok":1}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    addresses.push(`127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  nginx = await startNginx(addresses);
});

afterAll(async () => {
  await nginx?.stop();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

it("passes on the answering instance's Date, once, for the API and for pages", async () => {
  for (const path of ['/api/health', '/judge/live']) {
    const response = await fetch(`${nginx.url}${path}`);
    await response.arrayBuffer();
    expect([path, response.status, response.headers.get('date')]).toEqual([path, 200, HOUR_AHEAD]);
  }
});
