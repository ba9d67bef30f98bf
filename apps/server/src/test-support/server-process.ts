/**
 * The real built server (`node apps/server/dist/main.js`) as a child process, for tests of what
 * only a whole process shows: crashes, start-up refusals, signals, files on disk.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const protocolRoot = join(serverRoot, '../../packages/protocol');
export const MAIN_JS = join(serverRoot, 'dist/main.js');

/** Newest modification time of the sources under `dir` (tests excluded). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Builds the server (and the protocol it references) when dist is missing or older than src. */
export function ensureBuilt(): void {
  const built = existsSync(MAIN_JS) ? statSync(join(serverRoot, 'dist/.tsbuildinfo')).mtimeMs : 0;
  const sources = Math.max(newestSource(join(serverRoot, 'src')), newestSource(join(protocolRoot, 'src')));
  if (built >= sources) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b'], { cwd: serverRoot, stdio: 'pipe' });
  } catch (error) {
    // A type error elsewhere still emits JavaScript; only a missing entry point is fatal.
    if (!existsSync(MAIN_JS)) throw error;
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Standard output and error so far, interleaved. */
  output: string[];
}

export interface SpawnOptions {
  env?: Record<string, string>;
  /** A command the server runs under, e.g. `nsenter … --` to enter a mount namespace. */
  prefix?: readonly string[];
}

function spawnServer(dataDir: string, password: string, options: SpawnOptions): ChildProcess {
  const [command, ...args] = [...(options.prefix ?? []), process.execPath, MAIN_JS];
  return spawn(command as string, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The environment that puts the built server on `storage` (a TestStorage): its database when it
 * is PostgreSQL. Typed by its one field, so the browser tests' harness, which uses this file,
 * does not load test-app.ts and the whole server behind it.
 */
export function storageEnv(storage: { databaseUrl: string | undefined }): Record<string, string> {
  return storage.databaseUrl === undefined ? {} : { DATABASE_URL: storage.databaseUrl };
}

/**
 * How long a start may take, to listen or to refuse, before the test gives up on it and kills it.
 * A guard against a hung start, not a speed check (speed lives in benchmarks): a start takes
 * about 1 s here. In CI of 8af10ce one start in full-disk.test.ts printed nothing for 15 s, the
 * guard then; it never recurred here. The server passes' test timeout (vitest.config.ts) is above
 * it, so a hung start fails with this message and the server's output.
 */
const START_GUARD_MS = 40_000;

/** Starts the real server on a free port and resolves once it listens. */
export async function startServer(
  dataDir: string,
  password: string,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const child = spawnServer(dataDir, password, options);
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Killed, so a hung server holds no port, folder or disk after the test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${START_GUARD_MS / 1000} s: ${output.join('')}`));
    }, START_GUARD_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /running at (http:\/\/[^\s]+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output.join('')}`)));
  });
  return { url, child, output };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the server until it exits by itself (a refused start); kills it after `START_GUARD_MS`. */
export async function runUntilExit(
  dataDir: string,
  password: string,
  options: SpawnOptions = {},
): Promise<Exit> {
  const child = spawnServer(dataDir, password, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), START_GUARD_MS);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  return { code, signal, stdout, stderr };
}

/** Sends `signal` and resolves with the exit code and how long the process took to exit. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; ms: number }> {
  if (server.child.exitCode !== null) return { code: server.child.exitCode, ms: 0 };
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill(signal);
  const code = await exited;
  return { code, ms: Date.now() - started };
}
