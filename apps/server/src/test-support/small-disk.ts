/**
 * A tmpfs of a few MB to be a server's DATA_DIR, so a test can fill the disk for real. As root
 * it is mounted directly; otherwise a user and mount namespace (`unshare -Urm`) holds it, the
 * server runs inside that namespace (`nsenter`), and the test reaches the files through
 * `/proc/<holder>/root`. Where neither works, `reason` says why, for the test to print and skip.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  /** DATA_DIR as the server sees it. */
  dataDir: string;
  /** The same folder as this process sees it. */
  view: string;
  /** Runs a command where the tmpfs is mounted (empty when mounted here). */
  prefix: string[];
  release: () => void;
}

export type SmallDiskResult = { disk: SmallDisk } | { reason: string };

export async function smallDisk(megabytes: number): Promise<SmallDiskResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-small-disk-'));
  const options = `size=${megabytes}m`;
  const failures: string[] = [];
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dataDir], { stdio: 'pipe' });
    return {
      disk: {
        dataDir,
        view: dataDir,
        prefix: [],
        release: () => {
          execFileSync('umount', ['-l', dataDir], { stdio: 'pipe' });
          rmSync(dataDir, { recursive: true, force: true });
        },
      },
    };
  } catch (error) {
    failures.push(`mount: ${firstLine(error)}`);
  }
  try {
    const holder = await holdInNamespace(dataDir, options);
    return {
      disk: {
        dataDir,
        view: `/proc/${holder.pid}/root${dataDir}`,
        prefix: ['nsenter', '-t', String(holder.pid), '-U', '-m', '--preserve-credentials', '--'],
        release: () => {
          holder.kill('SIGKILL');
          rmSync(dataDir, { recursive: true, force: true });
        },
      },
    };
  } catch (error) {
    failures.push(`unshare -Urm: ${firstLine(error)}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  return { reason: `no tmpfs could be mounted (${failures.join('; ')})` };
}

/** A process in its own user and mount namespace, in which the tmpfs is mounted on `dir`. */
function holdInNamespace(dir: string, options: string): Promise<ChildProcess> {
  const script = 'mount -t tmpfs -o "$1" tmpfs "$2" && echo mounted && exec sleep 100000';
  const holder = spawn('unshare', ['-Urm', 'sh', '-c', script, 'sh', options, dir], { stdio: 'pipe' });
  let output = '';
  return new Promise((resolve, reject) => {
    holder.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('mounted')) resolve(holder);
    });
    holder.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`exited with ${code}: ${output.trim()}`)));
  });
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
  return (stderr || (error as Error).message).split('\n')[0] as string;
}

/** Writes zeros into `file` until the disk refuses (ENOSPC), in smaller and smaller pieces. */
export function fill(file: string): void {
  const fd = openSync(file, 'a');
  try {
    for (const size of [256 * 1024, 16 * 1024, 1024, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}
