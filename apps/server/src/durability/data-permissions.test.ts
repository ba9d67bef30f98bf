/**
 * DATA_DIR holds judges' codes, tokens and notes and maybe the admin password: the real server
 * makes it 0700 and every file in it 0600, whether it creates them or finds them world-readable
 * from an earlier version. Incident class: another user of the machine reads the event's data.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE, DATABASE_FILE } from '../config.js';
import { ensureBuilt, startServer, stopServer } from '../test-support/server-process.js';

let root: string;
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every file in `dir` with its mode, e.g. `{ 'podium.db': '600' }`. */
const modes = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, mode(join(dir, name))]));

describe('DATA_DIR permissions (incident class: event data readable by other users)', () => {
  beforeAll(() => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'podium-permissions-'));
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates a missing DATA_DIR 0700 with private files, the generated password included', async () => {
    const dataDir = join(root, 'fresh', 'data');
    mkdirSync(join(root, 'fresh'), { mode: 0o755 });
    // An empty ADMIN_PASSWORD: the server generates one into DATA_DIR/admin-password.
    const server = await startServer(dataDir, '');
    expect(mode(dataDir)).toBe('700');
    const files = modes(dataDir);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([DATABASE_FILE, `${DATABASE_FILE}-wal`, ADMIN_PASSWORD_FILE]),
    );
    for (const [name, fileMode] of Object.entries(files)) expect(`${name} ${fileMode}`).toBe(`${name} 600`);
    expect((await stopServer(server)).code).toBe(0);
  });

  it('closes a world-readable DATA_DIR and its files left by an earlier version', async () => {
    const dataDir = join(root, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, ADMIN_PASSWORD_FILE), 'old-password\n', { mode: 0o644 });
    chmodSync(join(dataDir, ADMIN_PASSWORD_FILE), 0o644);
    const first = await startServer(dataDir, 'set-by-env');
    expect((await stopServer(first)).code).toBe(0);
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, DATABASE_FILE), 0o644);

    const server = await startServer(dataDir, 'set-by-env');
    expect(mode(dataDir)).toBe('700');
    for (const [name, fileMode] of Object.entries(modes(dataDir)))
      expect(`${name} ${fileMode}`).toBe(`${name} 600`);
    expect((await stopServer(server)).code).toBe(0);
  });
});
