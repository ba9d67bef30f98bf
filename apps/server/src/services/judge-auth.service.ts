/** Judge authentication by bearer token (API.md 2.1). Only SHA-256 digests are stored. */
import { JUDGE_AUTH_ERRORS } from '@podium/protocol';
import { UnauthorizedError } from '../errors.js';
import type { JudgeRepository, JudgeRow } from '../repositories/judge.repository.js';
import { sha256 } from './secrets.js';

export function hashToken(token: string): string {
  return sha256(token).toString('hex');
}

export class JudgeAuthService {
  constructor(private readonly judges: JudgeRepository) {}

  /** The judge holding `token`; hidden judges authenticate too (2.1). */
  authenticate(token: string): JudgeRow {
    const judge = this.judges.findByTokenHash(hashToken(token));
    if (judge === undefined) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.unknownToken);
    return judge;
  }
}
