/**
 * A read a request can foresee: made with BEGIN when the request declared it
 * (`Database.withReadsAtBegin(read.atBegin, …)`, PostgreSQL sends it in BEGIN's round trip), else
 * when first asked; inside a transaction it is kept until the transaction writes.
 */
import type { Compilable } from 'kysely';
import type { Database } from './storage.js';

/** Reads to make with BEGIN, by the key their results are kept under. */
export type ReadsAtBegin = ReadonlyMap<string, Compilable<unknown>>;

export class ForeseeableRead<R> {
  constructor(
    private readonly db: Database,
    private readonly key: string,
    private readonly query: Compilable<R>,
  ) {}

  async rows(): Promise<R[]> {
    return await this.db.readUntilWrite(this.key, () => this.db.all(this.query));
  }

  /** For `Database.withReadsAtBegin`. */
  get atBegin(): ReadsAtBegin {
    return new Map([[this.key, this.query]]);
  }
}
