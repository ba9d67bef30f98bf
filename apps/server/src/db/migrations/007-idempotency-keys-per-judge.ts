/**
 * R91's bound per judge (KEPT_KEYS_PER_JUDGE): finding a judge's oldest kept keys walks this index
 * instead of sorting all of them at each kept answer.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('idempotency_keys_judge_created')
    .on('idempotency_keys')
    .columns(['judge_id', 'created_at', 'key'])
    .execute();
}
