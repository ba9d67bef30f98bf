/**
 * Every command that starts the server for an event gives Node the options of `npm run serve`
 * (the root package.json): the young generation's size there keeps the server's memory under
 * its budget (issue 33, docs/operations.md "Memory"), and a start command without it would
 * quietly take ~90 MB more. The commands: package.json's `start` and `serve`, the image's CMD,
 * the systemd unit, and those docs/deploy.md shows. The image and the unit also keep glibc's
 * allocator to two pools (`MALLOC_ARENA_MAX=2`, docs/deploy.md "Settings"): ~10 MB less.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MAIN = 'apps/server/dist/main.js';
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The options between `node` (any path to it) and the server's main file, in a command's words. */
function nodeOptions(words: readonly string[]): string[] {
  const main = words.indexOf(MAIN);
  const node = words.slice(0, main).findLastIndex((word) => /(^|\/)node$/.test(word));
  expect(main, `${words.join(' ')} starts ${MAIN}`).toBeGreaterThan(node);
  expect(node, `${words.join(' ')} starts node`).toBeGreaterThanOrEqual(0);
  return words.slice(node + 1, main);
}

const SERVE_OPTIONS = nodeOptions(scripts.serve?.split(/\s+/) ?? []);

describe('the commands that start the server', () => {
  it('`npm run serve` sizes the young generation', () => {
    expect(SERVE_OPTIONS.some((option) => option.startsWith('--max-semi-space-size='))).toBe(true);
  });

  it('`npm start` starts it as `npm run serve` does', () => {
    expect(nodeOptions(scripts.start?.split(/\s+/) ?? [])).toEqual(SERVE_OPTIONS);
  });

  it("the image's CMD and the systemd unit do too", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'))?.[1];
    expect(nodeOptions(JSON.parse(cmd ?? '[]') as string[])).toEqual(SERVE_OPTIONS);
    const execStart = /^ExecStart=(.*)$/m.exec(read('deploy/systemd/podium.service'))?.[1];
    expect(nodeOptions(execStart?.split(/\s+/) ?? [])).toEqual(SERVE_OPTIONS);
  });

  it('so does every start command docs/deploy.md shows', () => {
    const shown = [...read('docs/deploy.md').matchAll(/`(node [^`]*apps\/server\/dist\/main\.js)`/g)];
    expect(shown.length).toBeGreaterThan(0);
    for (const [, command] of shown) expect(nodeOptions(command?.split(/\s+/) ?? [])).toEqual(SERVE_OPTIONS);
  });

  it("the image and the systemd unit keep glibc's allocator to two pools", () => {
    const instructions = read('deploy/Dockerfile').replaceAll('\\\n', ' ');
    expect(instructions).toMatch(/^ENV .*\bMALLOC_ARENA_MAX=2\b/m);
    expect(read('deploy/systemd/podium.service')).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
  });
});
