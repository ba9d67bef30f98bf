/**
 * Damage in an event's SQLite file, found before a request trips on it: at each start
 * (`start.ts`) and by the commands (`commands.ts`).
 *
 * A damaged write-ahead log is found before SQLite opens the database. SQLite replays WAL frames
 * up to the first one whose checksum fails and silently drops the rest: committed writes after a
 * damaged frame would vanish. Frames of the same generation (the header's salts) after the first
 * bad one prove that happened, so the start is refused. Frames of an older generation are what a
 * restarted log leaves behind, not damage.
 *
 * Format (sqlite.org/fileformat2.html#walformat): a 32-byte header (magic, version, page size,
 * checkpoint sequence, salt-1, salt-2, checksum-1, checksum-2), then frames of a 24-byte header
 * (page number, database size for a commit, salt-1, salt-2, checksum-1, checksum-2) and a page.
 * Checksums run over the header's first 24 bytes, then each frame's first 8 bytes and its page,
 * in 32-bit words whose byte order the magic names.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';

const MAGIC_LITTLE_ENDIAN = 0x377f0682;
const MAGIC_BIG_ENDIAN = 0x377f0683;
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

export interface WalDamage {
  /** 1-based number of the first frame SQLite would not replay. */
  firstBadFrame: number;
  /** Frames of the same generation after it, which SQLite would drop. */
  framesLost: number;
}

/** SQLite's WAL checksum over `data`, continuing from `[s0, s1]`. */
function checksum(data: Buffer, bigEndian: boolean, [s0, s1]: [number, number]): [number, number] {
  let a = s0;
  let b = s1;
  for (let offset = 0; offset < data.length; offset += 8) {
    const x0 = bigEndian ? data.readUInt32BE(offset) : data.readUInt32LE(offset);
    const x1 = bigEndian ? data.readUInt32BE(offset + 4) : data.readUInt32LE(offset + 4);
    a = (a + x0 + b) >>> 0;
    b = (b + x1 + a) >>> 0;
  }
  return [a, b];
}

/**
 * The damage in `walFile`, or undefined when it has none, is absent, or is not a WAL SQLite
 * would read at all (a bad header: SQLite ignores the whole log, as this check does).
 */
export function findWalDamage(walFile: string): WalDamage | undefined {
  if (!existsSync(walFile)) return undefined;
  const wal = readFileSync(walFile);
  if (wal.length < WAL_HEADER_BYTES) return undefined;
  const magic = wal.readUInt32BE(0);
  if (magic !== MAGIC_LITTLE_ENDIAN && magic !== MAGIC_BIG_ENDIAN) return undefined;
  const bigEndian = magic === MAGIC_BIG_ENDIAN;
  const pageSize = wal.readUInt32BE(8);
  const salts = wal.subarray(16, 24);
  let sums = checksum(wal.subarray(0, 24), bigEndian, [0, 0]);
  if (sums[0] !== wal.readUInt32BE(24) || sums[1] !== wal.readUInt32BE(28)) return undefined;

  const frameBytes = FRAME_HEADER_BYTES + pageSize;
  const frames = Math.floor((wal.length - WAL_HEADER_BYTES) / frameBytes);
  const frameAt = (index: number) =>
    wal.subarray(WAL_HEADER_BYTES + index * frameBytes).subarray(0, frameBytes);
  const sameGeneration = (frame: Buffer) => frame.subarray(8, 16).equals(salts);
  for (let index = 0; index < frames; index++) {
    const frame = frameAt(index);
    sums = checksum(frame.subarray(0, 8), bigEndian, sums);
    sums = checksum(frame.subarray(FRAME_HEADER_BYTES), bigEndian, sums);
    const valid =
      sameGeneration(frame) && sums[0] === frame.readUInt32BE(16) && sums[1] === frame.readUInt32BE(20);
    if (valid) continue;
    let framesLost = 0;
    for (let later = index + 1; later < frames; later++) if (sameGeneration(frameAt(later))) framesLost++;
    return framesLost > 0 ? { firstBadFrame: index + 1, framesLost } : undefined;
  }
  return undefined;
}

/** Up to this size the start runs the full integrity_check (~0.2 s for a big event's 38 MB). */
const FULL_CHECK_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Damaged pages, on one line (undefined: none); `quick_check` (no index check, about half the
 * cost) takes over for files too big to check fully at each start. Costs in docs/benchmarks.md.
 */
export function findDamage(sqlite: BetterSqlite3.Database, file: string): string | undefined {
  const size = existsSync(file) ? statSync(file).size : 0;
  const check = size <= FULL_CHECK_MAX_BYTES ? 'integrity_check' : 'quick_check';
  const rows = sqlite.pragma(`${check}(5)`, { simple: false }) as Record<string, string>[];
  const found = rows.map((row) => String(Object.values(row)[0])).filter((text) => text !== 'ok');
  return found.length > 0 ? found.map((text) => text.replace(/\s*\n\s*/g, '; ')).join('; ') : undefined;
}
