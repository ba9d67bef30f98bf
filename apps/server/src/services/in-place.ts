/**
 * Work small enough for the event loop. The import and export workers keep large work off it (a
 * 10 MB CSV, the exports of 77,000 projects), but a worker costs ~35 MB of memory and ~30 ms to
 * start, while a 600-project export or a 300-row import costs the event loop a few milliseconds
 * (docs/benchmarks.md, "Memory under load"). Below these limits the same work runs in place.
 */
export interface InPlaceLimits {
  /** Exports of events with fewer projects plus judges than this. */
  exportRowsBelow: number;
  /** CSV uploads whose Content-Length is below this many bytes. */
  importBytesBelow: number;
}

export const IN_PLACE_LIMITS: InPlaceLimits = { exportRowsBelow: 3_000, importBytesBelow: 128 * 1024 };
