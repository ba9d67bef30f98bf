/** Reads a ZIP archive in tests (no unzip library is installed): entries in order, inflated. */
import { inflateRawSync } from 'node:zlib';

export interface UnzippedEntry {
  name: string;
  content: Buffer;
}

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL_FILE_HEADER = 0x02014b50;
const UTF8_NAMES = 0x800;
const DEFLATED = 8;

export function unzip(archive: Buffer): UnzippedEntry[] {
  const end = archive.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: UnzippedEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error('bad central directory');
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString(flags & UTF8_NAMES ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(dataStart, dataStart + size);
    entries.push({ name, content: method === DEFLATED ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entries as UTF-8 text. */
export function unzipText(archive: Buffer): { name: string; content: string }[] {
  return unzip(archive).map(({ name, content }) => ({ name, content: content.toString('utf8') }));
}
