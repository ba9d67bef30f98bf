/** Judge authentication by bearer token (API.md 2.1). Only SHA-256 digests are stored. */
import { JUDGE_AUTH_ERRORS } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type { ReadsAtBegin } from '../db/foreseeable-read.js';
import { UnauthorizedError } from '../errors.js';
import type { JudgeRepository, JudgeRow } from '../repositories/judge.repository.js';
import { sha256 } from './secrets.js';

export function hashToken(token: string): string {
  return sha256(token).toString('hex');
}

/**
 * The judge a judge route works for, read again inside the service's transaction. The auth hook
 * found it moments before; gone now means deleted, and its tokens with it (2.1).
 */
export async function stillAuthenticated(judges: JudgeRepository, judgeId: string): Promise<JudgeRow> {
  const judge = await judges.findById(judgeId);
  if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
  return judge;
}

export interface JudgeAuthServiceContext {
  db: Database;
  repositories: { judges: JudgeRepository };
}

/** How a judge route's work runs (`JudgeAuthService.serving`). */
export interface JudgeWorkPlan {
  /** The reads the route's service will make for the judge, sent with BEGIN. */
  foresee?: (judgeId: string) => ReadsAtBegin;
  /** The service writes only the judge's own rows and the logs (`Database.forJudge`). */
  readsBeforeLock?: boolean;
}

export class JudgeAuthService {
  private readonly db: Database;
  private readonly judges: JudgeRepository;

  constructor({ db, repositories }: JudgeAuthServiceContext) {
    this.db = db;
    this.judges = repositories.judges;
  }

  /**
   * Runs the work of a request for judge `judgeId`: urgently (the judge's phone waits for it), as
   * the judge's work (`Database.forJudge`, with `readsBeforeLock` for a route whose service writes
   * only the judge's own rows), and with the judge's row read with BEGIN, since every judge write
   * reads it first, and those the route's service will make (`foresee`).
   */
  async serving<T>(
    judgeId: string,
    work: () => Promise<T>,
    { foresee, readsBeforeLock = false }: JudgeWorkPlan = {},
  ): Promise<T> {
    const reads = new Map([...this.judges.byId(judgeId).atBegin, ...(foresee?.(judgeId) ?? [])]);
    return await this.db.urgently(() =>
      this.db.forJudge(judgeId, { readsBeforeLock }, () => this.db.withReadsAtBegin(reads, work)),
    );
  }

  /** The judge holding `token`; hidden judges authenticate too (2.1). */
  async authenticate(token: string): Promise<JudgeRow> {
    // Every judge request starts here, and the judge's phone waits for it (Database.urgently).
    const judge = await this.db.urgently(() => this.judges.findByTokenHash(hashToken(token)));
    if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
    return judge;
  }
}
