#!/usr/bin/env node
/**
 * Events through the outbox (`npm run bench:outbox`): how many realtime events per second the
 * built server sends when every write's events go through the outbox table (DESIGN.md §7), and
 * how long an event takes from its write's answer to an admin socket: on the instance that served
 * the write and, on PostgreSQL, on a second instance (a NOTIFY, then a read of the rows).
 *
 * Each write is `POST /admin/options` with a new `judging_timer`: one transaction, one
 * `options.changed` (never coalesced, no data read to send it). --writes of them (default 1000)
 * by --writers clients at once (default 1,4: one run each). Per run: writes answered per second,
 * events received per second on each socket (first write to last event), none missing, and with
 * one writer the latency from each write's answer to its event (p50, p99; an event that overtakes
 * its answer counts 0 ms); and the CPU time per write of the server processes and of PostgreSQL's
 * (/proc: less disturbed than wall time on a shared machine).
 *
 * Engines (--engines, default sqlite,postgres): SQLite in a temporary DATA_DIR; PostgreSQL in a
 * fresh database on a throwaway server with durable settings (as bench:load), with one instance,
 * then with two (the writes go to the second; the first reads them from the outbox).
 * --baseline <main.js> runs the single-instance runs once more on another build (before the
 * outbox: events went from the commit listener to the sockets in process), --baseline-node its Node.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { startPostgres, createDatabase } from '../../apps/server/src/test-support/postgres-server.ts';
import { ADMIN_AUTH, ADMIN_PASSWORD, api, machine, percentile, startServer } from '../load/server.mjs';

const { values: args } = parseArgs({
  options: {
    writes: { type: 'string', default: '1000' },
    writers: { type: 'string', default: '1,4' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    baseline: { type: 'string' },
    'baseline-node': { type: 'string', default: process.execPath },
  },
});
const WRITES = Number(args.writes);
const WRITERS = args.writers.split(',').map(Number);
const ENGINES = args.engines.split(',');

const epochNow = () => performance.timeOrigin + performance.now();

/** Fields of /proc/<pid>/stat after the command: [state, ppid, …]; undefined once it exited. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used by `pids` (and by their children that exited: a postmaster's backends). */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = stat(pid) ?? [];
    // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 after the command.
    for (const i of [11, 12, 13, 14]) ticks += Number(fields[i] ?? 0);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The PostgreSQL server's processes: the postmaster and its children (backends, writers). */
async function postgresPids(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("select setting from pg_settings where name = 'data_directory'");
  await client.end();
  const postmaster = Number(readFileSync(join(rows[0].setting, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return () => [
    postmaster,
    ...readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name) && Number(stat(name)?.[1]) === postmaster)
      .map(Number),
  ];
}

/** An admin socket recording when each `options.changed` arrives. */
function watch(base) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      auth: { admin_password: ADMIN_PASSWORD },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const watcher = { socket, at: [] };
    socket.on('options.changed', () => watcher.at.push(epochNow()));
    socket.once('connect', () => resolve(watcher));
    socket.once('connect_error', reject);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let timer = 0;

/** `writers` clients send WRITES writes between them; each write's send and answer times. */
async function write(base, writers) {
  const times = [];
  let next = 0;
  const client = async () => {
    while (next < WRITES) {
      next += 1;
      timer += 1;
      const sentAt = epochNow();
      await api(base, 'POST', '/admin/options', { auth: ADMIN_AUTH, body: { judging_timer: timer } });
      times.push({ sentAt, answeredAt: epochNow() });
    }
  };
  await Promise.all(Array.from({ length: writers }, client));
  return times;
}

const fixed = (n) => Number(n.toFixed(2));

/**
 * One run: the writes go to `writeTo`; every watcher must get one event per write. `cpu` counts
 * the CPU milliseconds of the servers and of PostgreSQL.
 */
async function run(label, writeTo, watchers, writers, cpu) {
  for (const watcher of watchers) watcher.at.length = 0;
  const cpuBefore = cpu();
  const times = await write(writeTo, writers);
  const deadline = Date.now() + 30_000;
  while (watchers.some((w) => w.at.length < WRITES) && Date.now() < deadline) await sleep(5);
  await sleep(200);
  const cpuAfter = cpu();
  const start = times[0].sentAt;
  const answered = Math.max(...times.map((t) => t.answeredAt));
  const result = {
    label,
    writers,
    writesPerSecond: Math.round(WRITES / ((answered - start) / 1000)),
    serverCpuMsPerWrite: fixed((cpuAfter.servers - cpuBefore.servers) / WRITES),
    postgresCpuMsPerWrite: fixed((cpuAfter.postgres - cpuBefore.postgres) / WRITES),
    sockets: watchers.map((watcher) => {
      const socket = {
        where: watcher.where,
        received: watcher.at.length,
        eventsPerSecond: Math.round(watcher.at.length / ((Math.max(...watcher.at) - start) / 1000)),
      };
      if (writers === 1) {
        const latency = watcher.at
          .map((at, i) => Math.max(0, at - times[i].answeredAt))
          .sort((a, b) => a - b);
        Object.assign(socket, { p50: fixed(percentile(latency, 50)), p99: fixed(percentile(latency, 99)) });
      }
      return socket;
    }),
  };
  console.log(JSON.stringify(result));
  return result;
}

/** The runs of one engine: one instance, or two on one PostgreSQL database (writes to the second). */
async function runEngine(engine, postgres, { main, node, label = engine, instances = 1 } = {}) {
  const env =
    engine === 'postgres' ? { DATABASE_URL: await createDatabase(postgres.url, `bench_${Date.now()}`) } : {};
  const servers = [];
  const watchers = [];
  try {
    for (let i = 0; i < instances; i += 1) servers.push(await startServer({ env, main, node }));
    for (const [i, server] of servers.entries()) {
      const watcher = await watch(server.url);
      watcher.where = i === servers.length - 1 ? 'writer' : 'other instance';
      watchers.push(watcher);
    }
    const writeTo = servers.at(-1).url;
    const postgresProcesses = engine === 'postgres' ? await postgresPids(env.DATABASE_URL) : () => [];
    const cpu = () => ({
      servers: cpuMs(servers.map((server) => server.pid)),
      postgres: cpuMs(postgresProcesses()),
    });
    await write(writeTo, 1); // warm-up: JIT, statement caches, pool connections
    await sleep(500);
    const results = [];
    for (const writers of WRITERS) results.push(await run(label, writeTo, watchers, writers, cpu));
    return results;
  } finally {
    for (const watcher of watchers) watcher.socket.close();
    for (const server of servers) await server.stop();
  }
}

async function main() {
  console.log(`machine: ${JSON.stringify(machine())}`);
  const postgres = ENGINES.includes('postgres') ? await startPostgres({ durable: true }) : undefined;
  const results = [];
  try {
    for (const engine of ENGINES) {
      results.push(...(await runEngine(engine, postgres)));
      if (engine === 'postgres') {
        results.push(
          ...(await runEngine(engine, postgres, { instances: 2, label: 'postgres, 2 instances' })),
        );
      }
      if (args.baseline) {
        const baseline = { main: args.baseline, node: args['baseline-node'], label: `${engine} baseline` };
        results.push(...(await runEngine(engine, postgres, baseline)));
      }
    }
  } finally {
    await postgres?.stop();
  }
  console.log(
    '\n| Run | Writers | Writes/s | Server CPU ms/write | PostgreSQL CPU ms/write | Socket | Events/s | Received | p50 ms | p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const r of results) {
    for (const s of r.sockets) {
      console.log(
        `| ${r.label} | ${r.writers} | ${r.writesPerSecond} | ${r.serverCpuMsPerWrite} | ${r.postgresCpuMsPerWrite} | ${s.where} | ${s.eventsPerSecond} | ${s.received}/${WRITES} | ${s.p50 ?? '–'} | ${s.p99 ?? '–'} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
