/**
 * Values derived from stored rows, recomputed only when the tables they read were written
 * (`Database.revisionKey`: inside a transaction a value follows its uncommitted writes).
 */
import type { Database, Revisions } from './database.js';

/**
 * A value computed once per key and kept until the key changes. Callers outside a transaction that
 * ask while it is computed share that compute, in the turns of the one that began (five dashboards
 * refetching after one event: three computes in four saved on PostgreSQL). Inside a transaction a
 * caller computes alone: holding the write lock, it must not wait for a compute needing another
 * connection (an export hung on one), nor hand its failure to others.
 */
export class SharedCompute<T> {
  private key: string | undefined;
  private value: T | undefined;
  /** The compute on its way for callers outside a transaction, and the key it is for. */
  private computing: { key: string; value: Promise<T> } | undefined;

  constructor(private readonly db: Database) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (key === this.key && this.value !== undefined) return this.value;
    if (this.db.inTransaction) return await this.keep(key, compute());
    if (this.computing?.key !== key) {
      const value = this.keep(key, compute());
      const computing = { key, value };
      this.computing = computing;
      const done = () => {
        if (this.computing === computing) this.computing = undefined;
      };
      value.then(done, done);
    }
    return await this.computing.value;
  }

  private async keep(key: string, computing: Promise<T>): Promise<T> {
    const value = await computing;
    this.value = value;
    this.key = key;
    return value;
  }
}

/** A value derived from the rows its revisions cover, shared as `SharedCompute` shares. */
export class Derived<T> {
  private readonly shared: SharedCompute<T>;

  constructor(
    private readonly db: Database,
    private readonly revisions: Revisions,
    private readonly compute: () => Promise<T>,
  ) {
    this.shared = new SharedCompute(db);
  }

  async get(): Promise<T> {
    return await this.shared.get(await this.db.revisionKey(this.revisions), this.compute);
  }
}
