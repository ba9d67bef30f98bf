/**
 * A real, throwaway PostgreSQL server for tests: `initdb` into a fresh temporary folder, `postgres`
 * on 127.0.0.1 and a free port, settings that trade durability for speed, and everything deleted on
 * `stop()`. `postgres-global-setup.ts` starts one per `vitest run`; a test file asks for its own
 * empty database on it with `freshDatabaseUrl()`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exited, freePort } from './child-processes.js';

/** The environment variable through which the global setup hands the server's URL to test files. */
export const TEST_POSTGRES_URL_ENV = 'PODIUM_TEST_POSTGRES_URL';

const TEMP_PREFIX = 'podium-pg-';
const START_TIMEOUT_MS = 60_000;
/** Binaries' folder on Debian/Ubuntu (`apt-get install postgresql`), one per major version. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

const INSTALL_HINT =
  'The server tests run against a real PostgreSQL server they start themselves and need its binaries ' +
  '(initdb, postgres). On Debian or Ubuntu: `sudo apt-get install -y postgresql`; elsewhere install ' +
  'PostgreSQL and set PG_BIN to the folder holding initdb and postgres. To run the tests without ' +
  'PostgreSQL, set PODIUM_TEST_POSTGRES=off.';

export interface PostgresServer {
  /** `postgres://podium@127.0.0.1:<port>/postgres`: superuser `podium`, trust authentication. */
  url: string;
  /** Fast shutdown, then the cluster's folder is deleted. Safe to call more than once. */
  stop(): Promise<void>;
  /**
   * SIGKILL to the postmaster, as a crash or a managed database's failover does: its backends end
   * their connections ("terminating connection due to unexpected postmaster exit"). Resolves once
   * the postmaster and every backend are gone.
   */
  crash(): Promise<void>;
  /** Starts the server again on the same data and port (after `crash`); it recovers from its WAL. */
  restart(): Promise<void>;
}

/** The folder holding initdb and postgres: `PG_BIN`, else the newest /usr/lib/postgresql/<n>/bin. */
export function findPostgresBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (existsSync(join(fromEnv, 'initdb')) && existsSync(join(fromEnv, 'postgres'))) return fromEnv;
    throw new Error(`PG_BIN=${fromEnv} holds no initdb and postgres. ${INSTALL_HINT}`);
  }
  const versions = existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT) : [];
  const found = versions
    .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  const newest = found[0];
  if (newest === undefined)
    throw new Error(`No PostgreSQL binaries in ${DEBIAN_ROOT}/*/bin. ${INSTALL_HINT}`);
  return join(DEBIAN_ROOT, newest, 'bin');
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * initdb and postgres refuse to run as root. As root, they run as the `postgres` system user (the
 * Debian package creates it; created here if missing): spawn's uid/gid drop the privileges in the
 * child itself, so the postgres process is our direct child and gets our signals. Otherwise they run
 * as we do.
 */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number =>
    Number(
      execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim(),
    );
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      {
        stdio: 'pipe',
      },
    );
    return { uid: id('-u'), gid: id('-g') };
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the folders of earlier runs whose test process died without stopping its server (a killed
 * vitest), after stopping that server if it still runs. Another run's live folder is left alone.
 */
function removeAbandonedClusters(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    try {
      const ownerFile = join(dir, 'owner.pid');
      const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
      if (owner > 0 && isAlive(owner)) continue;
      if (!owner && Date.now() - statSync(dir).mtimeMs < 10 * 60_000) continue; // still being set up
      const pidFile = join(dir, 'data', 'postmaster.pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        const cmdline =
          pid > 0 && existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
        if (cmdline.includes(dir)) process.kill(pid, 'SIGQUIT'); // immediate shutdown: it is all deleted
      }
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not ours to judge (another user's, or vanishing under us): leave it.
    }
  }
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; as: RunAs | undefined },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options.as,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/**
 * Settings for a server whose data is thrown away: nothing waits for the disk. What tests trade
 * away for speed; a benchmark keeps it, as a hosted PostgreSQL does.
 */
const NOT_DURABLE = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/** A server certificate and its key (PEM), for a server that accepts TLS as hosted ones do. */
export interface ServerTls {
  certificate: string;
  key: string;
}

function serverArgs(
  dataDir: string,
  socketDir: string,
  port: number,
  durable: boolean,
  tlsFiles: { certificate: string; key: string } | undefined,
): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: socketDir,
    ...(durable ? {} : NOT_DURABLE),
    ...(tlsFiles && { ssl: 'on', ssl_cert_file: tlsFiles.certificate, ssl_key_file: tlsFiles.key }),
    max_connections: '300',
    shared_buffers: '32MB',
    max_wal_size: '1GB',
    log_min_messages: 'warning',
    log_line_prefix: '%m [%p] ',
  };
  return ['-D', dataDir, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])];
}

/** Connects until the server answers a query, or fails when it exits or takes too long. */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `postgres exited during start-up (${child.signalCode ?? `exit ${child.exitCode}`}):\n${output()}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`postgres did not accept connections: ${String(error)}\n${output()}`, {
          cause: error,
        });
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGINT'); // fast shutdown: roll back open transactions, disconnect clients
  const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000); // immediate shutdown
  await gone;
  clearTimeout(timer);
}

/**
 * Starts a fresh cluster (superuser `podium`, trust authentication, UTF8, locale C so text sorts
 * byte-wise as SQLite does) on 127.0.0.1 and a free port, with its unix socket in its own folder.
 * `durable`: commits are flushed to disk (PostgreSQL's defaults), for benchmarks. `tls`: the
 * server also accepts TLS with this certificate.
 */
export async function startPostgres({
  durable = false,
  tls,
}: { durable?: boolean; tls?: ServerTls } = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const as = runAs();
  removeAbandonedClusters();
  const dir = mkdtempSync(join(tmpdir(), TEMP_PREFIX));
  let child: ChildProcess | undefined;
  // Should the test process exit without stop(), the server must not outlive it.
  const killOnExit = (): void => {
    child?.kill('SIGQUIT');
  };
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      process.off('exit', killOnExit);
      if (child) await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    writeFileSync(join(dir, 'owner.pid'), String(process.pid));
    if (as) chownSync(dir, as.uid, as.gid);
    const dataDir = join(dir, 'data');
    await run(
      join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'podium',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      { cwd: dir, as },
    );
    // The key must belong to the server's user and be readable by it alone, or it refuses it.
    const tlsFiles = tls && { certificate: join(dir, 'server.crt'), key: join(dir, 'server.key') };
    if (tls && tlsFiles) {
      writeFileSync(tlsFiles.certificate, tls.certificate);
      writeFileSync(tlsFiles.key, tls.key, { mode: 0o600 });
      if (as) for (const file of Object.values(tlsFiles)) chownSync(file, as.uid, as.gid);
    }
    let port = 0;
    let output = (): string => '';
    /** Starts postgres on `port`; resolves once it answers a query. */
    const launch = async (): Promise<void> => {
      const lines: string[] = [];
      output = (): string => lines.join('').slice(-4_000);
      child = spawn(join(bin, 'postgres'), serverArgs(dataDir, dir, port, durable, tlsFiles), {
        cwd: dir,
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...as,
      });
      child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => {
        lines.push(chunk.toString());
        if (lines.length > 200) lines.splice(0, lines.length - 200);
      });
      process.on('exit', killOnExit);
      try {
        await waitUntilReady(url(), child, output);
      } catch (error) {
        process.off('exit', killOnExit);
        await stopChild(child);
        throw error;
      }
    };
    const url = () => `postgres://podium@127.0.0.1:${port}/postgres`;
    const crash = async (): Promise<void> => {
      const postmaster = child;
      if (postmaster === undefined) return;
      const backends = await backendsOf(postmaster.pid ?? 0);
      const gone = exited(postmaster);
      postmaster.kill('SIGKILL');
      await gone;
      // Orphaned backends notice their postmaster's death and exit; a restart before they have
      // would find its shared memory still in use.
      await processesEnded(backends);
    };
    const restart = async (): Promise<void> => {
      if (child !== undefined && child.exitCode === null && child.signalCode === null)
        throw new Error('postgres is still running');
      await launch();
    };
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await launch();
        return { url: url(), stop, crash, restart };
      } catch (error) {
        // Another process took the port between freePort() and postgres binding it: try another.
        if (attempt < 5 && /could not (bind|create any TCP\/IP sockets)/i.test(output())) continue;
        throw error;
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The processes whose parent is `pid` (a postmaster's backends), from /proc. */
async function backendsOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fourth field of /proc/<pid>/stat, after the parenthesised command, is the parent's id.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

/** Resolves once none of `pids` runs (each backend exits within a second of its postmaster). */
async function processesEnded(pids: readonly number[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Quotes an SQL identifier. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The same server's URL with another database. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function onAdminDatabase(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database `name` on the server at `url` and returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  await onAdminDatabase(url, (client) => client.query(`create database ${quoteIdentifier(name)}`));
  return withDatabase(url, name);
}

/** How long a drop waits for the connections of a pool that was just ended to close by themselves. */
const CLOSING_GRACE_MS = 1000;

/**
 * Drops the database a URL names, ending any connection still open to it. pg-pool's `end()`
 * resolves before its connections have closed; those are given a moment first, as a drop that
 * cuts them makes their pool report a lost connection.
 */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await onAdminDatabase(databaseUrl, async (client) => {
    const deadline = Date.now() + CLOSING_GRACE_MS;
    const open = async () =>
      (await client.query('select 1 from pg_stat_activity where datname = $1', [name])).rowCount ?? 0;
    while ((await open()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });
}

/** The URL of the shared test server the global setup started, or undefined when it is off. */
export function testPostgresUrl(): string | undefined {
  return process.env[TEST_POSTGRES_URL_ENV] || undefined;
}

let databases = 0;

/**
 * A new, uniquely named, empty database on the shared test server; `dropDatabase(url)` removes it.
 * Throws when the global setup started no server (PODIUM_TEST_POSTGRES=off).
 */
export async function freshDatabaseUrl(): Promise<string> {
  const server = testPostgresUrl();
  if (!server) {
    throw new Error(
      `${TEST_POSTGRES_URL_ENV} is not set: the test PostgreSQL server is off (PODIUM_TEST_POSTGRES=off) ` +
        'or vitest ran without src/test-support/postgres-global-setup.ts.',
    );
  }
  databases += 1;
  const name = `podium_test_${process.pid}_${databases}_${randomBytes(4).toString('hex')}`;
  return createDatabase(server, name);
}
