/**
 * Values derived from stored rows, recomputed only when the tables they read were written.
 * The revision counters (migration 002) move with every write, whichever code made it, and are
 * part of the transaction: inside a transaction a value follows its uncommitted writes. A
 * rollback can take a counter back to a value already seen, so any rollback also invalidates.
 */
import type { Database } from './database.js';
import type { RevisionName } from './schema.js';

/**
 * Values that read nearly every table (the admin lists: judges' activity, views, rankings,
 * flags) follow every row written, by any connection (`Database.anyWriteKey`).
 */
export const ANY_WRITE = 'any-write';

/** Changes whenever one of the revisions moved (or, for ANY_WRITE, any row was written) or any transaction rolled back. */
export async function revisionKey(
  db: Database,
  revisions: readonly RevisionName[] | typeof ANY_WRITE,
): Promise<string> {
  if (revisions === ANY_WRITE) return `${db.rollbacks}:${await db.anyWriteKey()}`;
  const stored = await db.revisions();
  return `${db.rollbacks}:${revisions.map((name) => `${name}=${stored.get(name)}`).join(',')}`;
}

export class Derived<T> {
  private key: string | undefined;
  private value: T | undefined;

  constructor(
    private readonly db: Database,
    private readonly revisions: readonly RevisionName[] | typeof ANY_WRITE,
    private readonly compute: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const key = await revisionKey(this.db, this.revisions);
    if (key !== this.key || this.value === undefined) {
      this.value = await this.compute();
      this.key = key;
    }
    return this.value;
  }
}
