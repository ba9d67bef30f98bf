/**
 * A full disk, for real: the built server runs on a 3 MB tmpfs that the test fills with a
 * filler file. Writes must answer 503 with a message saying nothing saved was lost, reads must
 * go on, the episode is reported once on standard error, and writes work again without a
 * restart once the filler is gone. A restart on the full disk must start and serve reads. On a
 * normal disk, a burst of writes must not leave a big WAL behind.
 * Before: every write answered 500, the WAL kept its high-water size, and the server would not
 * start again (`database or disk is full`). Incident class: the venue laptop's disk fills up.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, type AdminSessionResponse, type Project } from '@podium/protocol';
import { DATABASE_FILE } from '../config.js';
import { ensureBuilt, startServer, stopServer, type ServerProcess } from '../test-support/server-process.js';
import { fill, smallDisk, type SmallDiskResult } from '../test-support/small-disk.js';

const PASSWORD = 'full-disk-admin';
const basic = (secret: string) => `Basic ${Buffer.from(`admin:${secret}`).toString('base64')}`;
const ADMIN = basic(PASSWORD);

async function addProject(
  base: string,
  name: string,
  authorization = ADMIN,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/api/project/new`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name, description: `About ${name}`, url: 'https://example.org' }),
  });
  return { status: res.status, body: await res.json() };
}

async function read(
  base: string,
  path: string,
  authorization = ADMIN,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/api${path}`, { headers: { authorization } });
  return { status: res.status, body: await res.json() };
}

const stderrOf = (server: ServerProcess) => server.output.join('');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('a burst of writes on a normal disk (incident class: WAL growth)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'podium-wal-'));
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a WAL of (almost) nothing once writes pause', async () => {
    server = await startServer(dataDir, PASSWORD);
    const wal = join(dataDir, `${DATABASE_FILE}-wal`);
    let biggest = 0;
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => addProject(server!.url, `Burst ${batch}-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      biggest = Math.max(biggest, statSync(wal).size);
    }
    // The burst really grew the WAL; a few idle seconds later it is cut back.
    expect(biggest).toBeGreaterThan(256 * 1024);
    const deadline = Date.now() + 10_000;
    while (statSync(wal).size > 64 * 1024 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(statSync(wal).size).toBeLessThanOrEqual(64 * 1024);
    expect((await read(server.url, '/project/list')).body).toHaveLength(500);
  }, 120_000);
});

describe('a full disk (incident class: the disk fills up during the event)', () => {
  let found: SmallDiskResult;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    ensureBuilt();
    found = await smallDisk(3);
    if ('reason' in found) console.warn(`SKIPPED full-disk tests: ${found.reason}`);
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    if ('disk' in found) found.disk.release();
  });

  it('answers writes 503, keeps reads, recovers by itself, and starts again on the full disk', async (context) => {
    if ('reason' in found) {
      context.skip(`no small disk: ${found.reason}`);
      return;
    }
    const { disk } = found;
    const filler = join(disk.view, 'filler');
    server = await startServer(disk.dataDir, PASSWORD, { prefix: disk.prefix });
    for (let i = 0; i < 5; i += 1) expect((await addProject(server.url, `Before ${i}`)).status).toBe(200);
    // The checkpointer empties the WAL once writes pause; before that, a write may land in WAL
    // space already on the disk and need none (it did on a loaded machine).
    const wal = join(disk.dataDir, `${DATABASE_FILE}-wal`);
    const deadline = Date.now() + 20_000;
    while (existsSync(wal) && statSync(wal).size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    fill(filler);
    for (let i = 0; i < 3; i += 1) {
      const refused = await addProject(server.url, `While full ${i} ${'x'.repeat(20_000)}`);
      expect(refused).toEqual({ status: 503, body: { error: DISK_FULL_MESSAGE } });
    }
    // A reset first keeps a copy of the event (docs/operations.md, section 5): no room for it, so
    // the reset is refused as a write is, leaving neither the reset nor a copy cut short.
    const reset = await fetch(`${server.url}/api/admin/reset`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'all' }),
    });
    expect({ status: reset.status, body: await reset.json() }).toEqual({
      status: 503,
      body: { error: DISK_FULL_MESSAGE },
    });
    const backups = join(disk.view, 'backups');
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);
    // Reads go on, and what was saved before is all there.
    const projects = await read(server.url, '/project/list');
    expect(projects.status).toBe(200);
    expect((projects.body as Project[]).map((p) => p.name)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Before ${i}`),
    );
    expect((await read(server.url, '/admin/log')).status).toBe(200);
    expect((await fetch(`${server.url}/api/project/list/public`)).status).toBe(200);
    // Reported loudly, once for the episode, not once per request.
    expect(count(stderrOf(server), 'DISK FULL')).toBe(1);

    rmSync(filler);
    expect((await addProject(server.url, 'After')).status).toBe(200);
    expect(stderrOf(server)).toContain('Disk space is back');
    const session = await fetch(`${server.url}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(session.status).toBe(200);
    const { session: token } = (await session.json()) as AdminSessionResponse;
    // The session works before the restart, so its refusal after it is the revocation's doing.
    expect((await read(server.url, '/project/list', basic(token))).status).toBe(200);

    // A stop on a full disk, then a start on it with another admin password (R70b): the start
    // cannot write the revocation of the old password's sessions, and refuses them all the same.
    fill(filler);
    expect((await stopServer(server)).code).toBe(0);
    const newPassword = `${PASSWORD} changed`;
    server = await startServer(disk.dataDir, newPassword, { prefix: disk.prefix });
    const reread = await read(server.url, '/project/list', basic(newPassword));
    expect(reread.status).toBe(200);
    expect((reread.body as Project[]).map((p) => p.name)).toContain('After');
    expect((await read(server.url, '/admin/log', basic(newPassword))).status).toBe(200);
    expect((await read(server.url, '/project/list', basic(token))).status).toBe(401);
    // Filled again after the start (which may have freed its reserve): a write lands in space
    // SQLite already holds, or is refused with 503, never 500.
    fill(filler);
    const fullAgain = await addProject(server.url, `Full again ${'x'.repeat(20_000)}`, basic(newPassword));
    expect([200, 503]).toContain(fullAgain.status);
  }, 120_000);
});
