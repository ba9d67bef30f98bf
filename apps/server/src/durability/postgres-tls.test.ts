/**
 * Issue 32 item 5: a hosted PostgreSQL, as docs/deploy.md's managed-database path sets it up: TLS
 * with the provider's own certificate authority (`sslmode=verify-full&sslrootcert=<its CA>`). A
 * throwaway server of this test's own accepts TLS with a certificate for 127.0.0.1 signed by a
 * CA made here; the built server starts on it, serves, and every one of its connections (the
 * pool, the session that listens for events and holds the timer lock) is encrypted, with no
 * warning from node-postgres. A server whose certificate the given CA did not sign is refused at
 * start, with the reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, type PostgresServer } from '../test-support/postgres-server.js';
import {
  ensureBuilt,
  runUntilExit,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test-support/server-process.js';

let folder: string;
let postgres: PostgresServer;
let databaseUrl: string;
let server: ServerProcess | undefined;

/** A certificate authority in `folder`: `<name>.crt` and `<name>.key`. */
function authority(name: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      join(folder, `${name}.key`),
      '-out',
      join(folder, `${name}.crt`),
    ],
    { stdio: 'pipe' },
  );
}

/** A certificate for 127.0.0.1 signed by the `ca` authority: the server's, as a provider's is. */
function serverCertificate(ca: string): { certificate: string; key: string } {
  const file = (name: string) => join(folder, name);
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  execFileSync(
    'openssl',
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      file('server.key'),
      '-out',
      file('server.csr'),
    ],
    { stdio: 'pipe' },
  );
  execFileSync(
    'openssl',
    [
      'x509',
      '-req',
      '-days',
      '2',
      '-in',
      file('server.csr'),
      '-CA',
      file(`${ca}.crt`),
      '-CAkey',
      file(`${ca}.key`),
      '-CAcreateserial',
      '-extfile',
      file('san.ext'),
      '-out',
      file('server.crt'),
    ],
    { stdio: 'pipe' },
  );
  return {
    certificate: readFileSync(file('server.crt'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
  };
}

/** The database's URL with the TLS settings docs/deploy.md gives for a provider's CA. */
const withTls = (ca: string) =>
  `${databaseUrl}?sslmode=verify-full&sslrootcert=${encodeURIComponent(join(folder, `${ca}.crt`))}`;

beforeAll(async () => {
  ensureBuilt();
  folder = mkdtempSync(join(tmpdir(), 'podium-tls-'));
  authority('provider-ca');
  authority('other-ca');
  postgres = await startPostgres({ tls: serverCertificate('provider-ca') });
  databaseUrl = await createDatabase(postgres.url, 'podium_tls');
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("a hosted PostgreSQL with its provider's certificate authority", () => {
  it('starts, serves, and encrypts every connection, with no warning', async () => {
    server = await startServer(folder, 'tls-admin-password', {
      env: { DATABASE_URL: withTls('provider-ca') },
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      // The pool's connections, and the session that listens and holds the timer lock.
      const { rows } = await admin.query<{ application_name: string; ssl: boolean }>(
        `select a.application_name, s.ssl from pg_stat_activity a join pg_stat_ssl s using (pid)
         where a.datname = 'podium_tls' order by 1`,
      );
      expect(rows.map((row) => row.application_name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^podium instance /)]),
      );
      expect(rows.filter((row) => !row.ssl)).toEqual([]);
    } finally {
      await admin.end();
    }
    expect(server.output.join('')).not.toContain('SECURITY WARNING');
  });

  it('refuses at start a server whose certificate that authority did not sign, saying why', async () => {
    const exit = await runUntilExit(folder, 'tls-admin-password', {
      env: { DATABASE_URL: withTls('other-ca') },
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(
      /Podium cannot start: the PostgreSQL database at .* cannot be used \(.*certificate.*\)/,
    );
  });
});
