/**
 * The real nginx (Debian's `nginx` package) in front of Podium instances, run from the shipped
 * configuration in `deploy/nginx/` for tests: `podium.conf` and everything it includes are copied
 * unchanged into a temporary prefix, except what only an operator can know: the instances'
 * addresses in `podium/instances.conf` become the test's loopback ports, and `podium/https.conf`
 * and `podium/http.conf` (public name, certificate, ports 443 and 80) become plain-HTTP listens on
 * free loopback ports, and the shipped access log (`podium/access-log.conf`) is written in the
 * prefix. A small top-level `nginx.conf` of the test wraps it: no daemon, its files in the prefix,
 * and beside the shipped access log one that names the instances each request went to.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, freePort } from './child-processes.js';

/** The shipped configuration: `podium.conf` and its `podium/` folder. */
export const DEPLOY_NGINX_DIR = fileURLToPath(new URL('../../../../deploy/nginx', import.meta.url));

const TEMP_PREFIX = 'podium-nginx-';
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;
const INSTALL_HINT =
  'The failover tests run the real nginx. On Debian or Ubuntu: `sudo apt-get install -y nginx` ' +
  '(bash .ci/run does it); elsewhere install nginx and set NGINX_PATH to its binary.';

/** One line of the test's access log: a request and the instances nginx tried for it, in order. */
export interface ProxiedRequest {
  /** Milliseconds since the epoch when nginx finished the request. */
  time: number;
  method: string;
  /** As the client sent it, query included. */
  uri: string;
  status: number;
  /** `127.0.0.1:<port>` of each instance tried, in order; more than one when nginx retried. */
  upstreams: string[];
  /** The answer (or failure, 502) of each instance tried. */
  upstreamStatuses: string[];
  /** The `podium_socket` routing cookie the request carried, `""` without one. */
  socketCookie: string;
}

export interface Nginx {
  /** `http://127.0.0.1:<port>`: the site of `podium/https.conf`. */
  url: string;
  /** `http://127.0.0.1:<port>`: the site of `podium/http.conf` (redirects to HTTPS). */
  redirectUrl: string;
  /** Every request nginx finished so far. */
  requests(): ProxiedRequest[];
  /** The access log as deploy/nginx writes it (podium/access-log.conf), so far. */
  shippedAccessLog(): string;
  /** nginx's error log so far (failed connections to instances, requests cut by a dying one). */
  errorLog(): string;
  /** Stops nginx (SIGTERM), then deletes the prefix. Safe to call more than once. */
  stop(): Promise<void>;
}

/** `NGINX_PATH`, else `nginx` in /usr/sbin or on PATH. */
export function findNginx(): string {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`NGINX_PATH=${fromEnv} does not exist. ${INSTALL_HINT}`);
  }
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(':').filter(Boolean)];
  const found = dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
  if (found === undefined) throw new Error(`No nginx binary in /usr/sbin or on PATH. ${INSTALL_HINT}`);
  return found;
}

/**
 * The shipped `podium/instances.conf` with its addresses replaced by `instances`, in order,
 * keeping each line's parameters (max_fails, fail_timeout). The shipped file must list as many
 * instances as the test runs, so that the test runs its lines and nothing else.
 */
export function instancesConf(shipped: string, instances: readonly string[]): string {
  const serverLine = /^(\s*server\s+)(\S+)(.*)$/gm;
  const listed = [...shipped.matchAll(serverLine)].length;
  if (listed !== instances.length) {
    throw new Error(
      `deploy/nginx/podium/instances.conf lists ${listed} instances; the test runs ${instances.length}. ` +
        'Keep one `server <address> …;` line per instance of the test there.',
    );
  }
  let index = 0;
  return shipped.replace(serverLine, (_line, head: string, _address: string, rest: string) => {
    const address = instances[index++] as string;
    return `${head}${address}${rest}`;
  });
}

/** The access log's fields: nginx variables, one JSON object a line (escape=json). */
const LOG_FIELDS = {
  msec: '$msec',
  method: '$request_method',
  uri: '$request_uri',
  status: '$status',
  upstreams: '$upstream_addr',
  upstreamStatuses: '$upstream_status',
  socketCookie: '$cookie_podium_socket',
};
type LogLine = Record<keyof typeof LOG_FIELDS, string>;

function topLevelConf(prefix: string): string {
  return `# Written by apps/server/src/test-support/nginx.ts: the test's wrapper around deploy/nginx.
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events {
    # Each proxied connection takes two (client and instance): bench:load --balanced keeps 1000
    # expo sockets open through it, and they refetch at once after each change (4096 were short).
    worker_connections 10240;
}
http {
    log_format podium_test escape=json '${JSON.stringify(LOG_FIELDS)}';
    client_body_temp_path ${join(prefix, 'client_body_temp')};
    proxy_temp_path ${join(prefix, 'proxy_temp')};
    fastcgi_temp_path ${join(prefix, 'fastcgi_temp')};
    uwsgi_temp_path ${join(prefix, 'uwsgi_temp')};
    scgi_temp_path ${join(prefix, 'scgi_temp')};
    include podium.conf;
}
`;
}

function parseAccessLog(text: string): ProxiedRequest[] {
  // Tries within one upstream group are separated by ", ", a switch of group by " : ".
  const list = (value: string) => (value === '' ? [] : value.split(/, | : /));
  // nginx writes each line whole; a read may still end inside the line being written.
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      const fields = JSON.parse(line) as LogLine;
      return {
        time: Math.round(Number(fields.msec) * 1000),
        method: fields.method,
        uri: fields.uri,
        status: Number(fields.status),
        upstreams: list(fields.upstreams),
        upstreamStatuses: list(fields.upstreamStatuses),
        socketCookie: fields.socketCookie,
      };
    });
}

/** Whether nginx itself answers on `port` (not another process that holds it). */
async function nginxAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(2_000),
    });
    await response.arrayBuffer();
    return response.headers.get('server')?.startsWith('nginx') ?? false;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Starts nginx from deploy/nginx in front of `instances` (`127.0.0.1:<port>` each) and resolves
 * once it accepts connections. Fails with nginx's own words when the configuration is refused or
 * a port is taken (after trying other free ports).
 */
export async function startNginx(instances: readonly string[]): Promise<Nginx> {
  const nginx = findNginx();
  const prefix = mkdtempSync(join(tmpdir(), TEMP_PREFIX));
  // As root, nginx's workers run as an unprivileged user: they must reach the temp folders.
  chmodSync(prefix, 0o755);
  let child: ChildProcess | undefined;
  // Should the test process exit without stop(), nginx must not outlive it (SIGTERM: a master
  // killed with SIGKILL would leave its worker running).
  const killOnExit = (): void => {
    child?.kill('SIGTERM');
  };
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      process.off('exit', killOnExit);
      if (child && !(await stopFast(child))) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    })());

  try {
    cpSync(join(DEPLOY_NGINX_DIR, 'podium.conf'), join(prefix, 'podium.conf'));
    cpSync(join(DEPLOY_NGINX_DIR, 'podium'), join(prefix, 'podium'), { recursive: true });
    const shippedInstances = readFileSync(join(DEPLOY_NGINX_DIR, 'podium', 'instances.conf'), 'utf8');
    writeFileSync(join(prefix, 'podium', 'instances.conf'), instancesConf(shippedInstances, instances));
    // The shipped access log, in the prefix, and beside it the test's own.
    const shippedAccessLog = readFileSync(join(DEPLOY_NGINX_DIR, 'podium', 'access-log.conf'), 'utf8');
    writeFileSync(
      join(prefix, 'podium', 'access-log.conf'),
      `${shippedAccessLog.replace(/\/var\/log\/nginx\/(\S+)/, (_path, name: string) => join(prefix, name))}` +
        `access_log ${join(prefix, 'access.log')} podium_test;\n`,
    );
    writeFileSync(join(prefix, 'nginx.conf'), topLevelConf(prefix));
    const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];

    for (let attempt = 1; ; attempt++) {
      const [port, redirectPort] = [await freePort(), await freePort()];
      writeFileSync(join(prefix, 'podium', 'https.conf'), `listen 127.0.0.1:${port};\n`);
      writeFileSync(join(prefix, 'podium', 'http.conf'), `listen 127.0.0.1:${redirectPort};\n`);
      try {
        execFileSync(nginx, ['-t', '-q', ...args], { stdio: 'pipe' });
      } catch (error) {
        // podium.conf is the shipped file, line for line: name it so.
        const output = String((error as { stderr?: Buffer }).stderr ?? error).replaceAll(
          join(prefix, 'podium.conf'),
          join(DEPLOY_NGINX_DIR, 'podium.conf'),
        );
        throw new Error(`nginx refused the configuration of deploy/nginx:\n${output}`, { cause: error });
      }
      let output = '';
      child = spawn(nginx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      process.on('exit', killOnExit);
      const deadline = Date.now() + START_TIMEOUT_MS;
      let listening = false;
      while (!listening && child.exitCode === null && Date.now() < deadline) {
        listening = (await nginxAnswers(port)) && (await nginxAnswers(redirectPort));
        if (!listening) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (listening) {
        return {
          url: `http://127.0.0.1:${port}`,
          redirectUrl: `http://127.0.0.1:${redirectPort}`,
          requests: () => parseAccessLog(readIfExists(join(prefix, 'access.log'))),
          shippedAccessLog: () => readIfExists(join(prefix, 'podium-access.log')),
          errorLog: () => readIfExists(join(prefix, 'error.log')),
          stop,
        };
      }
      const exitedBySelf = child.exitCode !== null;
      if (!exitedBySelf) child.kill('SIGKILL');
      await exited(child, STOP_TIMEOUT_MS);
      process.off('exit', killOnExit);
      const why = `${output}${readIfExists(join(prefix, 'error.log'))}`.trim();
      // Another process took a port between freePort() and nginx binding it: try other ports.
      if (attempt < 5 && /Address already in use/.test(why)) continue;
      throw new Error(
        `nginx ${exitedBySelf ? `exited with ${child.exitCode}` : `did not listen on 127.0.0.1:${port} and :${redirectPort} within ${START_TIMEOUT_MS / 1000} s`}:\n${why}`,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

function readIfExists(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/**
 * SIGTERM, nginx's fast shutdown: open connections are closed at once (a graceful SIGQUIT waits
 * for long-polls and WebSockets). False if it did not exit in time.
 */
async function stopFast(child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  child.kill('SIGTERM');
  return await exited(child, STOP_TIMEOUT_MS);
}
