/** Judge authentication by bearer token (API.md 2.1). Only SHA-256 digests are stored. */
import { JUDGE_AUTH_ERRORS } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { UnauthorizedError } from '../errors.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import type { Repositories } from '../repositories/index.js';
import { sha256 } from '../util/secrets.js';

export function hashToken(token: string): string {
  return sha256(token).toString('hex');
}

/**
 * The judge a judge route works for, read again inside the service's transaction. The auth hook
 * found it moments before; gone now means deleted, and its tokens with it (2.1).
 */
export async function stillAuthenticated(judges: Repositories['judges'], judgeId: string): Promise<JudgeRow> {
  const judge = await judges.findById(judgeId);
  if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
  return judge;
}

export interface JudgeAuthServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'judges'>;
}

export class JudgeAuthService {
  private readonly db: Database;
  private readonly judges: Repositories['judges'];

  constructor({ db, repositories }: JudgeAuthServiceContext) {
    this.db = db;
    this.judges = repositories.judges;
  }

  /** Runs the work of a judge's request urgently: the judge's phone waits for it. */
  async serving<T>(work: () => Promise<T>): Promise<T> {
    return await this.db.urgently(work);
  }

  /** The judge holding `token`; hidden judges authenticate too (2.1). */
  async authenticate(token: string): Promise<JudgeRow> {
    // Every judge request starts here, and the judge's phone waits for it (Database.urgently).
    const judge = await this.db.urgently(() => this.judges.findByTokenHash(hashToken(token)));
    if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
    return judge;
  }
}
