/**
 * The part of archiver 8 that csv-export.ts uses. archiver 8 ships no types and @types/archiver
 * describes the CommonJS 7.x API, so the ESM `ZipArchive` class is declared here.
 */
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  export interface ZipArchiveOptions {
    zlib?: { level?: number };
    comment?: string;
    forceLocalTime?: boolean;
    forceZip64?: boolean;
    store?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date | string;
    mode?: number;
    prefix?: string;
  }

  export class ZipArchive extends Transform {
    constructor(options?: ZipArchiveOptions);
    append(source: Buffer | string | NodeJS.ReadableStream, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
    abort(): this;
  }
}
