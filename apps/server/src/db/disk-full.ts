/**
 * A full disk (or a volume that refuses writes) is an episode, not a crash: writes fail with 503
 * (API.md 1.3) while reads go on, and they work again by themselves once space frees. The
 * organizer learns about it on standard error once when it starts and once when it ends, not
 * once per refused request.
 */
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';

/**
 * SQLite, PostgreSQL and Node codes of a write the storage refused: full, over quota, or failing
 * I/O. PostgreSQL's 53100 (disk_full) is its "could not extend file": the server's disk or the
 * tablespace's is full.
 */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return (
    code === 'SQLITE_FULL' ||
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === '53100' ||
    code.startsWith('SQLITE_IOERR')
  );
}

export class DiskFullAlarm {
  private since: number | undefined;

  constructor(private readonly file: string) {}

  /** A write failed with `error`: the first failure of an episode is reported. */
  failed(error: unknown): void {
    if (this.since !== undefined) return;
    this.since = Date.now();
    const code = (error as { code?: string }).code;
    console.error(
      `\n*** DISK FULL: Podium cannot write to ${this.file} (${code}). Changes are refused (503) until ` +
        `space is freed; everything saved before is safe and reads still work. Free disk space ` +
        `(docs/operations.md, section 8, "The disk is full"); writes resume by themselves. ***\n`,
    );
  }

  /** A write succeeded: an ongoing episode is over. */
  succeeded(): void {
    if (this.since === undefined) return;
    const seconds = Math.round((Date.now() - this.since) / 1000);
    this.since = undefined;
    console.error(`Disk space is back: Podium saves changes again (writes were refused for ${seconds} s).`);
  }

  get active(): boolean {
    return this.since !== undefined;
  }
}

/**
 * A few hundred KB kept in DATA_DIR so the server can start on a full disk: opening a database
 * whose WAL index (`-shm`, 32 KB) a clean stop removed needs fresh space, and without it the
 * start fails with `disk I/O error`. The file is released when opening hits a full disk and
 * refilled at a later start that has room.
 */
export class DiskReserve {
  static readonly BYTES = 512 * 1024;

  constructor(readonly file: string) {}

  /** Frees the reserve; false when there was none to free. */
  release(): boolean {
    if (!existsSync(this.file)) return false;
    rmSync(this.file, { force: true });
    return true;
  }

  /** Writes the reserve when it is missing and the disk has room; a full disk leaves it missing. */
  refill(): void {
    if (existsSync(this.file) && statSync(this.file).size === DiskReserve.BYTES) return;
    try {
      writeFileSync(this.file, Buffer.alloc(DiskReserve.BYTES), { mode: 0o600 });
    } catch (error) {
      rmSync(this.file, { force: true });
      if (!isDiskFull(error)) throw error;
    }
  }
}
