/**
 * Podium as docs/deploy.md runs it on two machines, on loopback: two built instances
 * (`node apps/server/dist/main.js`) sharing one PostgreSQL database with TRUST_PROXY=true, behind
 * nginx configured from deploy/nginx (nginx.ts). An instance can be killed with SIGKILL and started
 * again on its port, where nginx expects it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './child-processes.js';
import { startNginx, type Nginx } from './nginx.js';
import { ensureBuilt, startServer, stopServer, type ServerProcess } from './server-process.js';

export interface Instance {
  /** `instance 1`, `instance 2`, … */
  name: string;
  /** `127.0.0.1:<port>`, as nginx's upstream and its access log name it. */
  address: string;
  /** `http://127.0.0.1:<port>`: the instance itself, bypassing nginx. */
  url: string;
  /** SIGKILL, as a crash: nothing is flushed or closed. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it listens. */
  restart(): Promise<void>;
  /** Its standard output and error, for failure messages. */
  output(): string;
  /** Its process id while it runs (a benchmark samples its memory). */
  pid(): number | undefined;
}

export interface LoadBalancedPodium {
  /** nginx: where judges, admins and browsers go. */
  url: string;
  nginx: Nginx;
  instances: Instance[];
  /** Stops nginx and every instance still running. */
  stop(): Promise<void>;
}

export interface LoadBalancedOptions {
  /** The event's database: one empty PostgreSQL database shared by every instance (R96). */
  databaseUrl: string;
  adminPassword: string;
}

/** As many as deploy/nginx/podium/instances.conf lists (nginx.ts checks). */
const INSTANCES = 2;

/** An instance and what only the harness does with it. */
interface ManagedInstance extends Instance {
  /** The first start. */
  start(): Promise<void>;
  /** SIGTERM, as at the end of an event. */
  stop(): Promise<void>;
  /** SIGKILL without waiting: for a test process that exits without stop(). */
  killNow(): void;
}

function instanceOn(
  name: string,
  port: number,
  dataDir: string,
  { databaseUrl, adminPassword }: LoadBalancedOptions,
): ManagedInstance {
  let server: ServerProcess | undefined;
  const running = () =>
    server !== undefined && server.child.exitCode === null && server.child.signalCode === null;
  const start = async () => {
    try {
      server = await startServer(dataDir, adminPassword, {
        env: { PORT: String(port), DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' },
      });
    } catch (error) {
      throw new Error(`${name} did not start on 127.0.0.1:${port}: ${String(error)}`, { cause: error });
    }
  };
  return {
    name,
    address: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    start,
    kill: async () => {
      if (server && running()) await stopServer(server, 'SIGKILL');
    },
    stop: async () => {
      if (server && running()) await stopServer(server, 'SIGTERM');
    },
    restart: async () => {
      if (running()) throw new Error(`${name} is still running`);
      await start();
    },
    output: () => server?.output.join('') ?? '',
    pid: () => (running() ? server?.child.pid : undefined),
    killNow: () => {
      if (running()) server?.child.kill('SIGKILL');
    },
  };
}

/**
 * Starts two instances (one after another: the first creates the schema) on free loopback ports,
 * then nginx in front of them.
 */
export async function startLoadBalancedPodium(options: LoadBalancedOptions): Promise<LoadBalancedPodium> {
  ensureBuilt();
  // With DATABASE_URL nothing is written under DATA_DIR (R95); it only has to be a path.
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-balanced-'));
  const instances: ManagedInstance[] = [];
  // Should the test process exit without stop(), the instances must not outlive it.
  const killOnExit = () => instances.forEach((instance) => instance.killNow());
  process.on('exit', killOnExit);
  const stopInstances = async () => {
    process.off('exit', killOnExit);
    for (const instance of instances) await instance.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 1; i <= INSTANCES; i++) {
      const instance = instanceOn(`instance ${i}`, await freePort(), dataDir, options);
      instances.push(instance);
      await instance.start();
    }
    const nginx = await startNginx(instances.map((instance) => instance.address));
    return {
      url: nginx.url,
      nginx,
      instances,
      stop: async () => {
        await nginx.stop();
        await stopInstances();
      },
    };
  } catch (error) {
    await stopInstances();
    throw error;
  }
}
