#!/usr/bin/env node
/**
 * Every benchmark in turn (`npm run bench`, after the build): judging quality
 * (`npm run bench:judging`, when that script exists), the same expo through the server
 * (`npm run bench:judging-server`), load (bench/load) and realtime fan-out (bench/realtime). Each prints its own tables; this runner prints a summary at the end and exits
 * non-zero if a benchmark crashed (a missed target is reported, not a crash).
 *
 * Options: --skip judging,judging-server,load,realtime (comma-separated).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({ options: { skip: { type: 'string', default: '' } } });
const skip = new Set(args.skip.split(',').filter(Boolean));
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts ?? {};

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const benchmarks = [
  ['judging', scripts['bench:judging'] ? [npm, ['run', 'bench:judging']] : undefined],
  ['judging-server', scripts['bench:judging-server'] ? [npm, ['run', 'bench:judging-server']] : undefined],
  ['load', [process.execPath, ['--import', 'tsx', 'bench/load/run.mjs']]],
  ['realtime', [process.execPath, ['bench/realtime/run.mjs']]],
];

function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
}

const results = [];
for (const [name, command] of benchmarks) {
  if (skip.has(name)) {
    results.push({ benchmark: name, result: 'skipped' });
    continue;
  }
  if (!command) {
    results.push({ benchmark: name, result: 'not available (no npm script)' });
    continue;
  }
  console.log(`\n=== ${name} ===\n`);
  const started = Date.now();
  const code = await run(...command);
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ benchmark: name, result: code === 0 ? 'done' : `failed (exit ${code})`, seconds });
}

console.log('\n=== summary ===');
console.table(results);
process.exit(results.some((r) => r.result.startsWith('failed')) ? 1 : 0);
