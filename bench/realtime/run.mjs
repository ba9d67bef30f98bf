#!/usr/bin/env node
/**
 * Realtime fan-out benchmark (`npm run bench:realtime`): 1000 socket.io clients (judges and the
 * public, mixed) on loopback; the admin toggles deliberation 50 times over HTTP; every client must
 * receive every `deliberation` event, and the delivery latency is measured from the HTTP response
 * (and, for reference, from the request) to each client's receipt.
 *
 * Options: --clients <n> (default 1000), --judges <n> (of them, default 300), --toggles <n>
 * (default 50), --gap <ms> between toggles once all clients have the event (default 50),
 * --procs <n> client processes (default 4), --profile, --json <file>.
 * Targets (2 cores): p99 < 200 ms, no missed event, server RSS < 200 MB.
 *
 * The clients run in --procs processes (clients.mjs), the admin in this one; times are epoch
 * milliseconds (performance.timeOrigin + now), comparable across processes. Their event loops
 * share the 2 cores with the server, so client-side time is part of the latency.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ADMIN_AUTH,
  api,
  judgeCsv,
  loginJudges,
  machine,
  percentile,
  projectCsv,
  startServer,
  uploadCsv,
} from '../load/server.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    judges: { type: 'string', default: '300' },
    toggles: { type: 'string', default: '50' },
    gap: { type: 'string', default: '50' },
    procs: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const CLIENTS = Number(args.clients);
const JUDGE_CLIENTS = Math.min(Number(args.judges), CLIENTS);
const TOGGLES = Number(args.toggles);
const GAP_MS = Number(args.gap);
const PROCS = Number(args.procs);
const TARGETS = { p99: 200, rssMb: 200 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const epochNow = () => performance.timeOrigin + performance.now();

/** Client processes: each connects its share of the clients and reports receipts over IPC. */
function startClientProcesses(base, auths) {
  const per = Math.ceil(auths.length / PROCS);
  return Promise.all(
    Array.from({ length: PROCS }, (_, p) => {
      const child = fork(fileURLToPath(new URL('./clients.mjs', import.meta.url)), { stdio: 'inherit' });
      const proc = { child, got: -1 };
      child.on('message', (message) => {
        if (message.got !== undefined) proc.got = Math.max(proc.got, message.got);
      });
      return new Promise((resolve, reject) => {
        child.once('error', reject);
        child.on('message', (message) => message.ready !== undefined && resolve(proc));
        child.send({ connect: base, auths: auths.slice(p * per, (p + 1) * per) });
      });
    }),
  );
}

function collect(proc) {
  return new Promise((resolve) => {
    proc.child.on('message', (message) => message.received && resolve(message));
    proc.child.send({ report: true });
  });
}

async function main() {
  const report = { machine: machine(), settings: { CLIENTS, JUDGE_CLIENTS, TOGGLES, GAP_MS } };
  console.log(`machine: ${JSON.stringify(report.machine)}`);
  const server = await startServer({ profile: args.profile });
  const base = server.url;
  let procs = [];
  try {
    await uploadCsv(base, '/project/csv', projectCsv(100));
    await uploadCsv(base, '/judge/csv', judgeCsv(JUDGE_CLIENTS), { noSend: 'true' });
    const judges = await loginJudges(base, await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH }));
    // Judges and the public interleaved, as a crowd arriving would be.
    const auths = Array.from({ length: CLIENTS }, (_, i) =>
      i < JUDGE_CLIENTS ? { token: judges[i].token } : null,
    );
    auths.sort(() => Math.random() - 0.5);

    const connectStart = performance.now();
    procs = await startClientProcesses(base, auths);
    report.connectSeconds = Number(((performance.now() - connectStart) / 1000).toFixed(2));
    report.rssConnectedMb = server.rss.phaseMb();
    console.log(
      `${CLIENTS} clients connected in ${report.connectSeconds} s, server RSS ${report.rssConnectedMb} MB`,
    );

    const toggles = [];
    for (let i = 0; i < TOGGLES; i += 1) {
      const start = i % 2 === 0;
      const sentAt = epochNow();
      await api(base, 'POST', '/admin/deliberation', { auth: ADMIN_AUTH, body: { start } });
      toggles.push({ start, sentAt, answeredAt: epochNow() });
      const deadline = Date.now() + 10_000;
      while (procs.some((proc) => proc.got < i) && Date.now() < deadline) await sleep(1);
      await sleep(GAP_MS);
    }
    await sleep(500);

    const reports = await Promise.all(procs.map(collect));
    const fromResponse = [];
    const fromRequest = [];
    let missed = 0;
    let wrong = 0;
    let early = 0;
    for (const client of reports.flatMap((r) => r.received)) {
      missed += Math.abs(TOGGLES - client.length);
      client.forEach((event, i) => {
        const toggle = toggles[i];
        if (!toggle || event.deliberation !== toggle.start) {
          wrong += 1;
          return;
        }
        fromRequest.push(event.at - toggle.sentAt);
        // Emitted right after the commit, so it may overtake the HTTP response: 0 ms then.
        if (event.at < toggle.answeredAt) early += 1;
        fromResponse.push(Math.max(0, event.at - toggle.answeredAt));
      });
    }
    const stats = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const fixed = (n) => Number(n.toFixed(1));
      return {
        p50: fixed(percentile(sorted, 50)),
        p90: fixed(percentile(sorted, 90)),
        p99: fixed(percentile(sorted, 99)),
        max: fixed(sorted.at(-1) ?? 0),
      };
    };
    Object.assign(report, {
      deliveries: fromResponse.length,
      expected: CLIENTS * TOGGLES,
      missed,
      wrong,
      disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
      beforeResponse: early,
      fromResponse: stats(fromResponse),
      fromRequest: stats(fromRequest),
    });
  } finally {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill();
    report.rssMaxMb = server.rss.maxMb();
    report.profile = await server.stop();
  }
  report.verdict = {
    p99: report.fromResponse.p99 < TARGETS.p99,
    noMiss: report.missed === 0 && report.wrong === 0 && report.disconnects === 0,
    rss: report.rssMaxMb < TARGETS.rssMb,
  };
  console.log(JSON.stringify({ ...report, profile: undefined }, null, 2));
  console.log(markdown(report));
  if (report.profile) {
    console.log('\nCPU profile, self time by module:');
    console.table(report.profile.modules.slice(0, 15));
    console.log('CPU profile, inclusive time of the server’s functions:');
    console.table(report.profile.inclusive.slice(0, 20));
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
}

const mark = (ok) => (ok ? ' ✅' : ' ❌');

function markdown(r) {
  const m = r.machine;
  return [
    `Run ${m.date.slice(0, 16).replace('T', ' ')} UTC — ${m.cpu}, ${m.cores} cores, Node ${m.node}, load average before the run ${m.load}`,
    '',
    '| Clients | Toggles | Delivered | Missed | p50 ms | p90 ms | p99 ms | max ms | From request p99 | RSS MB | Targets |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${CLIENTS} (${JUDGE_CLIENTS} judges, ${PROCS} client processes) | ${TOGGLES} | ${r.deliveries}/${r.expected} | ${r.missed + r.wrong} | ${r.fromResponse.p50} | ${r.fromResponse.p90} | ${r.fromResponse.p99} | ${r.fromResponse.max} | ${r.fromRequest.p99} | ${r.rssMaxMb} | p99 < 200 ms${mark(r.verdict.p99)}, none missed${mark(r.verdict.noMiss)}, RSS < 200 MB${mark(r.verdict.rss)} |`,
    '',
    `All ${CLIENTS} clients connected in ${r.connectSeconds} s; ${r.beforeResponse} deliveries arrived before the HTTP response itself (counted as 0 ms).`,
  ].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
