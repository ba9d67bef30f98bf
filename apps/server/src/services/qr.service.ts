/** QR codes and judge self-add (API.md 3.6, 4.10, R71–R73). */
import { randomInt } from 'node:crypto';
import {
  JUDGE_EMAIL_EXISTS,
  QR_CODE_INVALID,
  TRACK_NOT_FOUND,
  judgeIdentityProblem,
  type QrAddCodeResponse,
  type QrCode,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { JudgeService } from './judge.service.js';
import type { LoginLinks } from './login-links.js';
import { secretsEqual } from '../util/secrets.js';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CODE_LENGTH = 24;
const GENERAL = '';

interface SelfAddInput {
  code: string;
  name: string;
  email: string;
  track: string;
}

export interface QrContext {
  db: Database;
  repositories: Pick<Repositories, 'qr' | 'options'>;
  judges: JudgeService;
  auditLog: AuditLogService;
  /** PUBLIC_URL without a trailing slash, if set. */
  publicUrl: string | undefined;
  /** Whether login emails are sent (R75); when not, the self-add hands the code back. */
  emailEnabled: boolean;
  /** The proof handed back with the code, so that its login link passes the guard. */
  loginLinks: LoginLinks;
}

export class QrService {
  private readonly db: Database;
  private readonly codes: Repositories['qr'];
  private readonly options: Repositories['options'];
  private readonly judges: JudgeService;
  private readonly audit: AuditLogService;
  private readonly publicUrl: string | undefined;
  private readonly loginLinks: LoginLinks;
  private readonly emailEnabled: boolean;

  constructor({ db, repositories, judges, auditLog, publicUrl, emailEnabled, loginLinks }: QrContext) {
    this.db = db;
    this.codes = repositories.qr;
    this.options = repositories.options;
    this.judges = judges;
    this.audit = auditLog;
    this.publicUrl = publicUrl;
    this.emailEnabled = emailEnabled;
    this.loginLinks = loginLinks;
  }

  /** The current code of the general judges (`track` '') or of a track in `tracks`. */
  async get(track: string): Promise<QrCode> {
    await this.assertKnownTrack(track);
    const row = await this.codes.find(track);
    return row === undefined ? { qr_code: '', url: '' } : this.view(track, row.code, row.base_url);
  }

  /** R71: a new code replaces the old one; the admin request's scheme and host are kept with it. */
  async generate(track: string, requestBase: string): Promise<QrCode> {
    return await this.db.transaction(async () => {
      await this.assertKnownTrack(track);
      const code = Array.from(
        { length: CODE_LENGTH },
        () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
      ).join('');
      await this.codes.save({ track, code, base_url: requestBase });
      // A QR page open elsewhere (the check-in desk's screen) must not go on showing a dead code.
      this.db.record({ kind: 'qr' });
      await this.audit.admin(
        track === GENERAL ? 'Generated QR code' : `Generated QR code for track ${track}`,
      );
      return this.view(track, code, requestBase);
    });
  }

  /** R72: only a non-empty code equal to a non-empty stored one matches. */
  async check(code: string, track: string): Promise<boolean> {
    if (track !== GENERAL && !(await this.options.read()).tracks.includes(track)) return false;
    const stored = (await this.codes.find(track))?.code ?? '';
    return code !== '' && stored !== '' && secretsEqual(code, stored);
  }

  /** R73, in its check order; the judge gets the login email with the code's stored base. */
  async selfAdd(input: SelfAddInput): Promise<void> {
    await this.addJudge(input);
  }

  /**
   * `POST /qr/add/code`: the same self-add, answering with the judge's code when email is off,
   * since no email will bring it (the QR link itself is the credential to join).
   */
  async selfAddWithCode(input: SelfAddInput): Promise<QrAddCodeResponse> {
    const code = await this.addJudge(input);
    if (this.emailEnabled) return { ok: 1, code: null, proof: null };
    return { ok: 1, code, proof: this.loginLinks.proof(code) };
  }

  private async addJudge(input: SelfAddInput): Promise<string> {
    if (!(await this.check(input.code, input.track))) throw new ValidationError(QR_CODE_INVALID);
    const problem = judgeIdentityProblem(input.name, input.email);
    if (problem !== undefined) throw new ValidationError(problem);
    if (await this.judges.emailTaken(input.email)) throw new ConflictError(JUDGE_EMAIL_EXISTS);
    const base = this.publicUrl ?? (await this.codes.find(input.track))?.base_url ?? '';
    return await this.judges.selfAdd({ name: input.name, email: input.email, track: input.track }, base);
  }

  /** Removing a track deletes its code (R57). */
  async forgetTrack(track: string): Promise<void> {
    await this.codes.delete(track);
  }

  private view(track: string, code: string, storedBase: string): QrCode {
    const base = this.publicUrl ?? storedBase;
    return { qr_code: code, url: `${base}/add-self?code=${code}&track=${encodeURIComponent(track)}` };
  }

  private async assertKnownTrack(track: string): Promise<void> {
    if (track !== GENERAL && !(await this.options.read()).tracks.includes(track))
      throw new NotFoundError(TRACK_NOT_FOUND);
  }
}
