#!/usr/bin/env node
/**
 * The expo screens' burst after a change, alone (`npm run bench:expo`): what 1000
 * screens asking at once within PUBLIC_SPREAD_MS cost the server when each downloads the whole
 * public list (`GET /project/list/public`, what the web app did before issue 22) and when each asks
 * the changes since the revision it holds (`GET /project/list/public/changes?since=`, now). The
 * same built server (SQLite) answers both, after the two changes an event day has: the import of
 * 300 projects into 600 (the event-day phase's) and one project renamed (an admin's edit).
 *
 * Reported per burst: the server's CPU time (utime + stime from /proc, which a loaded machine
 * disturbs far less than latencies), the bytes sent (gzip, as browsers ask), and the requests'
 * p50 / p99. The clients read the bodies without decoding them (a screen decodes on its own device).
 * Options: --screens <n> (1000), --rounds <n> (3, each burst alternating the two ways).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ADMIN_AUTH,
  api,
  machine,
  percentile,
  projectCsv,
  readUndecoded,
  startServer,
  uploadCsv,
} from './server.mjs';

const { values: args } = parseArgs({
  options: { screens: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } },
});
const SCREENS = Number(args.screens);
const ROUNDS = Number(args.rounds);
/** apps/web's PUBLIC_SPREAD_MS. */
const PUBLIC_SPREAD_MS = 2_000;
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's CPU time so far in ms (/proc/<pid>/stat: utime and stime, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** SCREENS reads of `path`, each after a random moment below PUBLIC_SPREAD_MS. */
async function burst(server, path) {
  const before = cpuMs(server.pid);
  const latencies = [];
  let bytes = 0;
  await Promise.all(
    Array.from({ length: SCREENS }, async () => {
      await sleep(Math.random() * PUBLIC_SPREAD_MS);
      const sent = performance.now();
      const answer = await readUndecoded(`${server.url}${path}`, GZIP);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      bytes += answer.bytes;
      latencies.push(performance.now() - sent);
    }),
  );
  await sleep(200); // the last answers' writes
  latencies.sort((a, b) => a - b);
  return {
    cpuMs: cpuMs(server.pid) - before,
    megabytes: Math.round(bytes / 1e5) / 10,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

const revision = async (url) => (await api(url, 'GET', '/project/list/public/changes')).revision;

const load = machine();
console.log('machine:', JSON.stringify(load));
const server = await startServer();
const rows = [];
try {
  await uploadCsv(server.url, '/project/csv', projectCsv(600));
  const at600 = await revision(server.url);
  await uploadCsv(server.url, '/project/csv', projectCsv(300, 100_000));
  const [first] = await api(server.url, 'GET', '/project/list/public');
  const beforeEdit = await revision(server.url);
  await api(server.url, 'PUT', `/project/${first.id}`, { auth: ADMIN_AUTH, body: { name: 'Renamed' } });
  const scenarios = [
    ['after the import of 300 projects (900)', at600],
    ['after one project renamed (900)', beforeEdit],
  ];
  for (const [label, since] of scenarios) {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [way, path] of [
        ['whole list', '/api/project/list/public'],
        ['changes', `/api/project/list/public/changes?since=${since}`],
      ]) {
        const figures = await burst(server, path);
        rows.push({ label, way, ...figures });
        console.log(label, way, JSON.stringify(figures));
      }
    }
  }
} finally {
  await server.stop();
}

console.log(`\n${SCREENS} screens, ${ROUNDS} rounds; load average before ${load.load}\n`);
console.log('| Burst | Way | server CPU ms | MB sent (gzip) | p50 / p99 ms |');
console.log('|---|---|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.label} | ${row.way} | ${row.cpuMs} | ${row.megabytes} | ${row.p50} / ${row.p99} |`);
}
