#!/usr/bin/env node
/**
 * Runs deploy/Dockerfile's steps without Docker, on a fresh clone of this repository's HEAD, for a
 * machine where no container runtime works:
 * 1. the build stage's RUN lines, verbatim, in the clone (its WORKDIR);
 * 2. the runtime stage's `COPY --from=build` lines, as copies from the clone into a second folder;
 * 3. the image's CMD from that folder, with the image's ENV (PORT and DATA_DIR pointed at a free
 *    port and a temporary folder), until it answers; then the HEALTHCHECK command, which must exit 0,
 *    and `GET /` must serve the web app.
 * Not run: the base image, the runtime stage's RUN (a folder for the volume), USER and VOLUME.
 *
 * Usage: node deploy/rehearse-image.mjs   (Node 24, network for npm ci; takes minutes)
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));
const dockerfile = readFileSync(join(repository, 'deploy/Dockerfile'), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped, by stage. */
function stages(text) {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: line.slice(keyword.length).trim(), words: rest };
    });
  const result = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') result.push({ from: instruction.args, instructions: [] });
    else result.at(-1).instructions.push(instruction);
  }
  return result;
}

function only(list, what) {
  if (list.length !== 1) throw new Error(`deploy/Dockerfile: expected one ${what}, found ${list.length}`);
  return list[0];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const [build, runtime] = stages(dockerfile);
if (!build || !runtime || !build.from.endsWith(' AS build')) {
  throw new Error('deploy/Dockerfile: expected a build stage (`FROM … AS build`), then the runtime stage');
}
const buildDir = only(
  build.instructions.filter((i) => i.keyword === 'WORKDIR'),
  'WORKDIR in the build stage',
).args;
const imageDir = only(
  runtime.instructions.filter((i) => i.keyword === 'WORKDIR'),
  'WORKDIR in the runtime stage',
).args;

const work = mkdtempSync(join(tmpdir(), 'podium-image-'));
const clone = join(work, 'build');
const image = join(work, 'image');
let server;
try {
  console.log(`fresh clone of ${repository} (HEAD) in ${clone}`);
  execFileSync('git', ['clone', '--quiet', repository, clone], { stdio: 'inherit' });

  for (const { args } of build.instructions.filter((i) => i.keyword === 'RUN')) {
    console.log(`\nRUN ${args}`);
    execFileSync('/bin/sh', ['-c', args], { cwd: clone, stdio: 'inherit' });
  }

  for (const { words } of runtime.instructions.filter((i) => i.keyword === 'COPY')) {
    const paths = words.filter((word) => !word.startsWith('--'));
    if (!words.includes('--from=build')) throw new Error(`COPY without --from=build: ${words.join(' ')}`);
    const destination = join(image, paths.at(-1));
    for (const source of paths.slice(0, -1)) {
      if (!source.startsWith(`${buildDir}/`)) throw new Error(`COPY of ${source}, outside ${buildDir}`);
      const relative = source.slice(buildDir.length + 1);
      const target = paths.at(-1).endsWith('/') ? join(destination, relative.split('/').at(-1)) : destination;
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(clone, relative), target, { recursive: true, verbatimSymlinks: true });
    }
  }
  console.log(`\ncopied what the runtime stage copies into ${image} (the image's ${imageDir})`);

  const env = {};
  for (const { args } of runtime.instructions.filter((i) => i.keyword === 'ENV')) {
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  env.PORT = String(await freePort());
  env.DATA_DIR = join(work, 'data');
  const [command, ...args] = JSON.parse(
    only(
      runtime.instructions.filter((i) => i.keyword === 'CMD'),
      'CMD',
    ).args,
  );
  const healthcheck = JSON.parse(
    only(
      runtime.instructions.filter((i) => i.keyword === 'HEALTHCHECK'),
      'HEALTHCHECK',
    ).args.replace(/^.*?CMD\s+/, ''),
  );
  // The image's `node` is the base image's Node 24: here, the one running this script.
  const node = (name) => (name === 'node' ? process.execPath : name);
  const childEnv = { ...process.env, ...env, ADMIN_PASSWORD: 'rehearsal-password' };
  console.log(`\nCMD ${[command, ...args].join(' ')} with PORT=${env.PORT} DATA_DIR=${env.DATA_DIR}`);
  server = spawn(node(command), args, { cwd: image, env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const answer = await fetch(`${base}/api/health`).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error('the server did not answer GET /api/health within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  execFileSync(node(healthcheck[0]), healthcheck.slice(1), { env: childEnv, stdio: 'inherit' });
  console.log('HEALTHCHECK exited 0');
  const page = await fetch(`${base}/judge/login`);
  const html = await page.text();
  if (!page.ok || !html.includes('<div id="root">')) throw new Error(`GET /judge/login: ${page.status}`);
  console.log('GET /judge/login serves the web app\n\nrehearsal passed');
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
