/**
 * On SQLite the real server never loads the PostgreSQL driver (issue 33: `pg` is loaded only for
 * a PostgreSQL URL). An import made for one constant is enough to load it: from 4f05182 to the
 * copies' move into event-copies/, db/event-copies.ts took SESSION_NAME from
 * db/instance-session.ts, which imports `pg`, and every SQLite server loaded it at start.
 * A module hook given to the built server reports each module it resolves.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startServer, stopServer, type ServerProcess } from './test-support/server-process.js';

const PASSWORD = 'engine-loading-password';
const ADMIN = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

/** Prints `resolved <specifier>` on standard error for every bare specifier the process resolves. */
const HOOK = `
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (/^[a-z@]/.test(specifier) && !specifier.startsWith('node:')) process.stderr.write('resolved ' + specifier + '\\n');
    return next(specifier, context);
  },
});
`;

let root: string;
let server: ServerProcess | undefined;

/** The packages the server resolved so far. */
const resolved = (): string[] =>
  [...server!.output.join('').matchAll(/^resolved (\S+)$/gm)].map((match) => match[1] ?? '');

describe('the SQLite server and the PostgreSQL driver', () => {
  beforeAll(async () => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'podium-engine-loading-'));
    const hook = join(root, 'report-resolutions.mjs');
    writeFileSync(hook, HOOK);
    server = await startServer(join(root, 'data'), PASSWORD, {
      env: { NODE_OPTIONS: `--import ${pathToFileURL(hook).href}` },
    });
  }, 180_000);
  afterAll(async () => {
    if (server !== undefined) await stopServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  it('loads SQLite and not pg, at start and when the Settings page lists the kept copies', async () => {
    const copies = await fetch(`${server!.url}/api/admin/reset/copies`, {
      headers: { authorization: ADMIN },
    });
    expect(copies.status).toBe(200);
    expect(resolved()).toContain('better-sqlite3'); // the hook reports what the server loads
    expect(resolved().filter((name) => name === 'pg' || name.startsWith('pg-'))).toEqual([]);
  });
});
