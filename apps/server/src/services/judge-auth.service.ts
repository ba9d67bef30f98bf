/** Judge authentication by bearer token (API.md 2.1). Only SHA-256 digests are stored. */
import { JUDGE_AUTH_ERRORS } from '@podium/protocol';
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
  repositories: { judges: JudgeRepository };
}

export class JudgeAuthService {
  private readonly judges: JudgeRepository;

  constructor({ repositories }: JudgeAuthServiceContext) {
    this.judges = repositories.judges;
  }

  /** The judge holding `token`; hidden judges authenticate too (2.1). */
  async authenticate(token: string): Promise<JudgeRow> {
    const judge = await this.judges.findByTokenHash(hashToken(token));
    if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
    return judge;
  }
}
