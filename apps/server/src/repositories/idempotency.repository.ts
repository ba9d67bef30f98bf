/** The answers kept for judges' Idempotency-Keys (R91). */
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { IdempotencyKeysTable } from '../db/schema.js';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /** The judge's row for `key`, if it was kept at or after `since`. */
  async find(judgeId: string, key: string, since: number): Promise<IdempotencyKeyRow | undefined> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('judge_id', '=', judgeId)
        .where('key', '=', key),
    );
    return row !== undefined && row.created_at >= since ? row : undefined;
  }

  /**
   * Keeps an answer unless the key is already kept (a concurrent request with the same key
   * answered first) or the judge is gone (deleted while its request was answered).
   */
  async insert(row: IdempotencyKeyRow): Promise<void> {
    const { judge_id, key, fingerprint, status, body, created_at } = row;
    await this.db.runLater(
      this.db.q
        .insertInto('idempotency_keys')
        .columns(['judge_id', 'key', 'fingerprint', 'status', 'body', 'created_at'])
        .expression(
          this.db.q
            .selectFrom('judges')
            .select((eb) => [
              'id',
              eb.val(key).as('key'),
              eb.val(fingerprint).as('fingerprint'),
              eb.val(status).as('status'),
              eb.val(body).as('body'),
              eb.val(created_at).as('created_at'),
            ])
            .where('id', '=', judge_id),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }

  /**
   * Removes the judge's rows but its `count` newest (the newest by time, then by key): one
   * statement, which can wait for the transaction's commit (runLater).
   */
  async keepNewest(judgeId: string, count: number): Promise<void> {
    const q = this.db.q;
    await this.db.runLater(
      q
        .deleteFrom('idempotency_keys')
        .where('judge_id', '=', judgeId)
        .where(
          // A row value: the order of (created_at, key) on both engines.
          sql<boolean>`(${sql.ref('created_at')}, ${sql.ref('key')}) < (${q
            .selectFrom('idempotency_keys')
            .select(['created_at', 'key'])
            .where('judge_id', '=', judgeId)
            .orderBy('created_at', 'desc')
            .orderBy('key', 'desc')
            .limit(1)
            .offset(count - 1)})`,
        ),
    );
  }

  /** Removes every row kept before `before` (an index range: cheap when there is none). */
  async deleteOlderThan(before: number): Promise<void> {
    await this.db.runLater(this.db.q.deleteFrom('idempotency_keys').where('created_at', '<', before));
  }
}
