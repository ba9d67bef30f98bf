/**
 * A full disk is an episode, not a crash: writes answer 503 (API.md 1.3) while reads go on, until
 * space frees. Standard error says when it starts and when it ends, not once per request.
 */
import { storageCode } from './failures.js';

export class DiskFullAlarm {
  private since: number | undefined;

  constructor(private readonly file: string) {}

  /** A write failed with `error`: the first failure of an episode is reported. */
  failed(error: unknown): void {
    if (this.since !== undefined) return;
    this.since = Date.now();
    const code = storageCode(error);
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
