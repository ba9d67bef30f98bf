#!/usr/bin/env node
/**
 * Admin work vs judges (`npm run bench:imports`): while the admin imports a 9.9 MB project CSV
 * (76,656 rows, generated deterministically), judges keep polling `GET /api/judge`. Reports the
 * judges' latency during the import (p50/p99/max), the import's own time and the server's peak RSS.
 * Targets (2 cores): judges' p99 < 100 ms during the import.
 *
 * Options: --rows <n> (default 76656), --judges <n> polling judges (default 20),
 * --mode add|update|rewrite|judges (update: import the file once, then again with update=true, every
 * row unchanged; rewrite: the same with every description changed, so every project is rewritten;
 * judges: a judge CSV of --rows judges instead, at most JUDGE_CSV_MAX_JUDGES),
 * --engine sqlite|postgres (postgres: a throwaway server with durable settings, as bench:load's),
 * --profile (CPU profile of the server, hot spots printed), --json <file>.
 */
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDatabase, startPostgres } from '../../apps/server/src/test-support/postgres-server.ts';
import {
  ADMIN_AUTH,
  api,
  judgeCsv,
  loginJudges,
  machine,
  percentile,
  startServer,
  uploadCsv,
} from '../load/server.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '76656' },
    judges: { type: 'string', default: '20' },
    mode: { type: 'string', default: 'add' },
    engine: { type: 'string', default: 'sqlite' },
    profile: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const ROWS = Number(args.rows);
const JUDGES = Number(args.judges);
/** 9.9 MiB for the default row count, under the 10 MB request limit with the multipart framing. */
const BYTES_PER_ROW = 135;
const TARGET_P99_MS = 100;

/**
 * The import file: one row per project with a name, a description padded so the file reaches
 * ~135 bytes a row, a URL, sometimes a try link, and 0–2 challenges. Same input, same bytes.
 */
export function bigProjectCsv(rows, { rewritten = false } = {}) {
  const tracks = ['AI/ML', 'Health', 'Fintech'];
  const lines = [];
  for (let i = 0; i < rows; i += 1) {
    const challenges = i % 3 === 0 ? `"${tracks[i % 3]}, ${tracks[(i + 1) % 3]}"` : (tracks[i % 3] ?? '');
    const head = `Project ${i},`;
    const tail = `,https://devpost.example.org/software/p${i},${i % 4 === 0 ? `https://p${i}.example.org` : ''},,${challenges}`;
    const pad = Math.max(10, BYTES_PER_ROW - 1 - head.length - tail.length);
    const vehicle = rewritten ? 'tram' : 'bus';
    const description = `Project ${i} predicts ${vehicle} delays from live feeds and a lot of coffee. `
      .repeat(3)
      .slice(0, pad);
    lines.push(head + description + tail);
  }
  return `${lines.join('\n')}\n`;
}

/** Closed-loop pollers: each judge asks `GET /api/judge` again as soon as the answer arrives. */
function pollJudges(base, tokens) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const samples = [];
  let running = true;
  const one = (token) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const req = http.get(
        `${base}/api/judge`,
        { agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`GET /judge: ${res.statusCode}`));
            else resolve(samples.push({ start, ms: performance.now() - start }));
          });
        },
      );
      req.on('error', reject);
    });
  const loops = tokens.map(async (token) => {
    while (running) await one(token);
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

function latency(samples, from, to) {
  const during = samples.filter((s) => s.start + s.ms >= from && s.start <= to).map((s) => s.ms);
  during.sort((a, b) => a - b);
  return {
    requests: during.length,
    p50: Number(percentile(during, 50).toFixed(1)),
    p99: Number(percentile(during, 99).toFixed(1)),
    max: Number((during.at(-1) ?? 0).toFixed(1)),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const postgres = args.engine === 'postgres' ? await startPostgres({ durable: true }) : undefined;
  try {
    await measure(
      postgres ? { DATABASE_URL: await createDatabase(postgres.url, `imports_${Date.now()}`) } : {},
    );
  } finally {
    await postgres?.stop();
  }
}

/** One server on the storage `env` names: the judges' latency around one import, printed. */
async function measure(env) {
  const judgesFile = args.mode === 'judges';
  const csv = judgesFile ? judgeCsv(ROWS, JUDGES) : bigProjectCsv(ROWS);
  const server = await startServer({ profile: args.profile, env });
  const base = server.url;
  try {
    await uploadCsv(base, '/judge/csv', judgeCsv(JUDGES), { noSend: 'true' });
    const list = await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH });
    const tokens = (await loginJudges(base, list)).map((judge) => judge.token);
    const again = args.mode === 'update' || args.mode === 'rewrite';
    const fields = again ? { update: 'true' } : {};
    if (again) await uploadCsv(base, '/project/csv', csv);
    const imported = args.mode === 'rewrite' ? bigProjectCsv(ROWS, { rewritten: true }) : csv;

    server.rss.phaseMb();
    const poll = pollJudges(base, tokens);
    await sleep(1000);
    const idle = latency(poll.samples, 0, performance.now());
    const started = performance.now();
    const answer = judgesFile
      ? await uploadCsv(base, '/judge/csv', imported, { noSend: 'true' })
      : await uploadCsv(base, '/project/csv', imported, fields);
    const ended = performance.now();
    await sleep(500);
    await poll.stop();
    const during = latency(poll.samples, started, ended);
    const result = {
      machine: machine(),
      file: {
        rows: ROWS,
        bytes: Buffer.byteLength(imported),
        mb: Number((Buffer.byteLength(imported) / 2 ** 20).toFixed(2)),
      },
      mode: args.mode,
      engine: args.engine,
      answer,
      importMs: Math.round(ended - started),
      judgesBefore: idle,
      judgesDuring: during,
      peakRssMb: server.rss.phaseMb(),
      target: { p99Ms: TARGET_P99_MS, met: during.p99 < TARGET_P99_MS },
    };
    console.log(JSON.stringify(result, null, 2));
    if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2));
  } finally {
    const profile = await server.stop();
    if (profile) {
      console.table(profile.inclusive.slice(0, 20));
      console.table(profile.functions.slice(0, 20));
    }
  }
}

await main();
