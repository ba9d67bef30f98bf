/**
 * Shared by the load and realtime benchmarks: the built server in a child process on a free
 * loopback port with a temporary DATA_DIR, event seeding over the HTTP API, RSS sampling, and
 * an optional CPU profile summary.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, 'apps/server/dist/main.js');
export const ADMIN_PASSWORD = 'bench-admin-password';
export const ADMIN_AUTH = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

/** The machine, for the results table. */
export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    date: new Date().toISOString(),
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

/**
 * Node's options as `npm run serve` starts the server (the root package.json): the benchmark
 * measures the server as it is deployed (a baseline build may be given its own, run.mjs).
 */
export const SERVE_NODE_ARGS = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
)
  .scripts.serve.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * glibc's allocator pools as the systemd unit gives the server (the image sets the same,
 * start-command.test.ts; docs/deploy.md, "Settings"): the benchmark measures it as deployed.
 */
const DEPLOYED_MALLOC_ARENA_MAX = /^Environment=MALLOC_ARENA_MAX=(\d+)$/m.exec(
  readFileSync(new URL('../../deploy/systemd/podium.service', import.meta.url), 'utf8'),
)?.[1];

/**
 * Starts `node <nodeArgs> apps/server/dist/main.js`; resolves when it listens. With `profile`, the
 * process runs under `--cpu-prof` and `stop()` resolves with the summary of its profile. `prepare`
 * fills the data directory before the start (e.g. a prebuilt database). `main`, `node` and
 * `nodeArgs` run another build, e.g. an older checkout's on the Node it needs and with its own
 * options (bench:load's baseline).
 */
export async function startServer({
  profile = false,
  env = {},
  prepare,
  main = MAIN,
  node = process.execPath,
  nodeArgs = SERVE_NODE_ARGS,
} = {}) {
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-'));
  if (prepare) await prepare(dataDir);
  const profileDir = join(dataDir, 'profile');
  // Node options for the server only, e.g. BENCH_SERVER_NODE_ARGS='--import ./probe.mjs' for a
  // memory or allocation probe (docs/benchmarks.md); NODE_OPTIONS would reach the benchmark too.
  const probes = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [
    ...nodeArgs,
    ...probes,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    main,
  ];
  const child = spawn(node, args, {
    env: {
      ...process.env,
      // MALLOC_ARENA_MAX=0 for the benchmark measures glibc's default.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? DEPLOYED_MALLOC_ARENA_MAX,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave a server behind, whatever happens to the benchmark.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const rss = rssSampler(() => [child.pid]);
  return {
    url,
    pid: child.pid,
    rss,
    /** Stops the server gracefully (so a CPU profile is written) and removes its data. */
    async stop() {
      rss.stop();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      process.off('exit', orphan);
      const summary = profile ? summariseProfile(profileDir) : undefined;
      rmSync(dataDir, { recursive: true, force: true });
      return summary;
    },
  };
}

/**
 * Samples the resident set size of the processes `pids()` names (Linux /proc) every 100 ms, the
 * highest of any one of them; `phaseMb()` starts a phase. A function, so that a server restarted
 * under another process id is followed.
 */
export function rssSampler(pids) {
  let max = 0;
  let phaseMax = 0;
  const read = () => {
    for (const pid of pids()) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        max = Math.max(max, kb);
        phaseMax = Math.max(phaseMax, kb);
      } catch {
        // The process has exited.
      }
    }
  };
  read();
  const timer = setInterval(read, 100);
  timer.unref();
  return {
    /** Highest RSS in MB since the start. */
    maxMb: () => (read(), Math.round(max / 1024)),
    /** Highest RSS in MB since the last call (one phase), and starts the next phase. */
    phaseMb: () => {
      read();
      const mb = Math.round(phaseMax / 1024);
      phaseMax = 0;
      return mb;
    },
    stop: () => clearInterval(timer),
  };
}

export async function api(base, method, path, { auth, body, headers = {} } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(body !== undefined && typeof body !== 'string' && !(body instanceof Buffer)
        ? { 'content-type': 'application/json' }
        : {}),
      ...headers,
    },
    body:
      body === undefined
        ? undefined
        : typeof body === 'string' || body instanceof Buffer
          ? body
          : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * GETs `url` and reads the body to its end without decoding it: a browser decodes on its own
 * machine, while a benchmark client shares the server's cores. Resolves with the status and the
 * bytes received (compressed, if `headers` asked for it).
 */
export function readUndecoded(url, headers) {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A CSV upload as the admin (`csv` file field plus form fields, R83). */
export async function uploadCsv(base, path, csv, fields = {}) {
  const boundary = `----podiumbench${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  );
  return api(base, 'POST', path, {
    auth: ADMIN_AUTH,
    body: parts.join(''),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const TRACKS = ['AI/ML', 'Health', 'Fintech', 'Sustainability', 'Education'];

/** Realistic rows: names, descriptions of a few hundred characters, links, 0–2 challenges. */
export function projectCsv(count, offset = 0) {
  const rows = [];
  for (let i = offset; i < offset + count; i += 1) {
    const description =
      `Project ${i} helps people do things better with a web app, a phone app and a lot of coffee. `.repeat(
        3,
      );
    const challenges = [TRACKS[i % TRACKS.length], i % 3 === 0 ? TRACKS[(i + 2) % TRACKS.length] : '']
      .filter(Boolean)
      .join(',');
    rows.push(
      [
        `Project ${i}`,
        description,
        `https://devpost.example.org/p${i}`,
        `https://p${i}.example.org`,
        '',
        challenges,
      ]
        .map((cell) => `"${cell.replace(/"/g, '""')}"`)
        .join(','),
    );
  }
  return rows.join('\n');
}

/**
 * The body of a judge's `POST /judge/finish`: R23's, and while the event has criteria (issue 34)
 * a score of 1–5 for each of `criterionIds`, as the Done dialog sends.
 */
export function finishBody(criterionIds = []) {
  const scores = Object.fromEntries(criterionIds.map((id) => [id, 1 + Math.floor(Math.random() * 5)]));
  return {
    notes: 'Solid demo, clear pitch.',
    starred: Math.random() < 0.2,
    ...(criterionIds.length > 0 && { scores }),
  };
}

/** Adds `count` criteria of the default 1–5 scale (issue 34); their ids, in order. */
export async function addCriteria(base, count) {
  const ids = [];
  for (let i = 1; i <= count; i++) {
    const criterion = await api(base, 'POST', '/admin/criteria', {
      auth: ADMIN_AUTH,
      body: { name: `Criterion ${i}`, description: 'A 1 is weak, a 5 outstanding.', weight: i },
    });
    ids.push(criterion.id);
  }
  return ids;
}

export function judgeCsv(count, offset = 0) {
  return Array.from(
    { length: count },
    (_, k) => `Judge ${offset + k},judge${offset + k}@bench.example.org`,
  ).join('\n');
}

/** Logs every listed judge in; returns `{ id, code, token }` per judge. */
export async function loginJudges(base, judges) {
  return Promise.all(
    judges.map(async (judge) => {
      const { token } = await api(base, 'POST', '/judge/login', { body: { code: judge.code } });
      return { id: judge.id, code: judge.code, token };
    }),
  );
}

/**
 * Self time per function from the `--cpu-prof` profile(s) in `dir`, and per package/file: the
 * hot spots to report.
 */
export function summariseProfile(dir, top = 25) {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const byFunction = new Map();
  const byModule = new Map();
  const inclusive = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length) / 1000;
    const parent = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    for (const node of profile.nodes) {
      // Inclusive time of the server's own functions: where the time goes, callees included.
      const ms = node.hitCount * interval;
      if (ms === 0) continue;
      const counted = new Set();
      for (let id = node.id; id !== undefined; id = parent.get(id)) {
        const frame = byId.get(id).callFrame;
        if (!frame.url.includes('/apps/server/dist/')) continue;
        const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^file:\/\//, '').replace(ROOT, '')}:${frame.lineNumber + 1}`;
        if (counted.has(name)) continue;
        counted.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
    }
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const ms = node.hitCount * interval;
      if (ms === 0) continue;
      total += ms;
      const where = url ? url.replace(/^file:\/\//, '').replace(ROOT, '') : '(native)';
      const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      const module = moduleOf(where, functionName);
      byModule.set(module, (byModule.get(module) ?? 0) + ms);
    }
  }
  const rank = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: `${((ms / total) * 100).toFixed(1)}%` }));
  return {
    totalMs: Math.round(total),
    functions: rank(byFunction),
    modules: rank(byModule),
    inclusive: rank(inclusive),
  };
}

function moduleOf(where, functionName) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (pkg) return pkg[1];
  if (where.startsWith('node:')) return where.split('/')[0].replace(/:\d+$/, '');
  if (where === '(native)') return functionName.startsWith('(') ? functionName : '(native)';
  return where.replace(/:\d+$/, '');
}

/** Percentile of a sorted array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
