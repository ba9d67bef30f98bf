/**
 * R91: a judge write sent with an Idempotency-Key lands once. The answer is kept in the write's
 * own transaction, so a crash never leaves a write without its key or a key without its write;
 * a retry of the same request gets the kept answer back and changes nothing.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { UnprocessableError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';

/** Kept answers live at least this long (R91: 24 hours); older ones are pruned as keys are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A refusal whose answer is longer than this is not kept: it wrote nothing, so its retry simply
 * runs again. Answers of writes that succeeded are small by their schemas and always kept.
 */
export const KEPT_REFUSAL_MAX_BYTES = 4096;

/**
 * Keys kept per judge: past this, the judge's oldest go first. A phone sends its waiting writes in
 * order and each until answered, so only a judge sending thousands of writes reaches it.
 */
export const KEPT_KEYS_PER_JUDGE = 500;

const PRUNE_INTERVAL_MS = 60_000;

/** A judge's request that carries a key it has not used yet (as far as the first look saw). */
export interface KeyedRequest {
  judgeId: string;
  key: string;
  /** See `requestFingerprint`. */
  fingerprint: string;
}

/** An answer exactly as it was sent: status and serialised body. */
export interface KeptAnswer {
  status: number;
  body: string;
}

/** A write's outcome: the answer a concurrent request with the same key kept first, or the write's own result. */
export type KeyedOutcome<T> = { kept: KeptAnswer } | { fresh: T };

export interface IdempotencyContext {
  db: Database;
  repositories: Pick<Repositories, 'idempotency'>;
  now: () => number;
}

/** SHA-256 of the method, the path and the body exactly as sent. */
export function requestFingerprint(method: string, url: string, body: Buffer): string {
  return createHash('sha256')
    .update(`${method} ${withoutTrailingSlash(url)}\n`)
    .update(body)
    .digest('hex');
}

/** One trailing slash is ignored (API.md 1.1): `/judge/finish/` is the request `/judge/finish` is. */
function withoutTrailingSlash(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed + (query === -1 ? '' : url.slice(query));
}

/** 401, 429 and 5xx are never kept (R91), nor the 422 that refuses a reused key. */
function keepable(status: number): boolean {
  return status !== 401 && status !== 422 && status !== 429 && status < 500;
}

export class IdempotencyService {
  /** When this instance last pruned expired answers. */
  private prunedAt = Number.NEGATIVE_INFINITY;

  private readonly db: Database;
  private readonly keys: Repositories['idempotency'];
  private readonly now: () => number;

  constructor({ db, repositories, now }: IdempotencyContext) {
    this.db = db;
    this.keys = repositories.idempotency;
    this.now = now;
  }

  /**
   * The answer kept for the judge's key, or undefined when the key is new.
   * @throws UnprocessableError (422) when the key was kept for a different request.
   */
  async kept(request: KeyedRequest): Promise<KeptAnswer | undefined> {
    // A judge's phone waits for it (Database.urgently).
    const row = await this.db.urgently(() =>
      this.keys.find(request.judgeId, request.key, this.now() - IDEMPOTENCY_KEY_TTL_MS),
    );
    if (row === undefined) return undefined;
    if (row.fingerprint !== request.fingerprint) throw new UnprocessableError(IDEMPOTENCY_KEY_REUSED);
    return { status: row.status, body: row.body };
  }

  /**
   * Runs a judge write and keeps its 200 answer (success is always 200, API.md 1.3) in the same
   * transaction; the write's own transaction joins it. The key is looked up again first (under
   * the write lock): a concurrent request with the same key may have been answered since.
   */
  async execute<T>(request: KeyedRequest, write: () => Promise<T>): Promise<KeyedOutcome<T>> {
    return await this.db.transaction(
      async () => {
        const kept = await this.kept(request);
        if (kept !== undefined) return { kept };
        const result = await write();
        await this.keep(request, { status: 200, body: JSON.stringify(result) });
        return { fresh: result };
      },
      // A failing write fails the whole: its transaction joins this one, no savepoint.
      { innerJoins: true },
    );
  }

  /**
   * Keeps a refusal (the request wrote nothing) in a transaction of its own, if R91 keeps its
   * status and the answer is short enough.
   */
  async keepRefusal(request: KeyedRequest, answer: KeptAnswer): Promise<void> {
    if (!keepable(answer.status) || Buffer.byteLength(answer.body) > KEPT_REFUSAL_MAX_BYTES) return;
    await this.db.transaction(async () => await this.keep(request, answer));
  }

  private async keep(request: KeyedRequest, answer: KeptAnswer): Promise<void> {
    const { keys } = this;
    const time = this.now();
    // Expired answers are never replayed (`kept` looks at the last 24 hours only): pruning them
    // once a minute keeps the table small without a statement per write.
    if (time - this.prunedAt >= PRUNE_INTERVAL_MS) {
      this.prunedAt = time;
      await keys.deleteOlderThan(time - IDEMPOTENCY_KEY_TTL_MS);
    }
    await keys.insert({
      judge_id: request.judgeId,
      key: request.key,
      fingerprint: request.fingerprint,
      status: answer.status,
      body: answer.body,
      created_at: time,
    });
    await keys.keepNewest(request.judgeId, KEPT_KEYS_PER_JUDGE);
  }
}
