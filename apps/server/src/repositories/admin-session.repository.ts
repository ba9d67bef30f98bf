/** Admin sessions and the password key they were issued under (R70b, migration 004). */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { AdminSessionIssuerTable } from '../db/schema.js';

export type AdminSessionIssuerRow = Selectable<AdminSessionIssuerTable>;

export class AdminSessionRepository {
  constructor(private readonly db: Database) {}

  insert(tokenHash: string, expiresAt: number): void {
    this.db.run(
      this.db.q.insertInto('admin_sessions').values({ token_hash: tokenHash, expires_at: expiresAt }),
    );
  }

  /** Whether a session with this digest exists and has not expired at `now`. */
  isLive(tokenHash: string, now: number): boolean {
    const row = this.db.first(
      this.db.q
        .selectFrom('admin_sessions')
        .select('expires_at')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now),
    );
    return row !== undefined;
  }

  /** Deletes one session; returns whether it existed. */
  delete(tokenHash: string): boolean {
    return this.db.run(this.db.q.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash)) > 0;
  }

  deleteExpired(now: number): void {
    this.db.run(this.db.q.deleteFrom('admin_sessions').where('expires_at', '<=', now));
  }

  count(): number {
    const row = this.db.first(
      this.db.q.selectFrom('admin_sessions').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    return row?.n ?? 0;
  }

  issuer(): AdminSessionIssuerRow | undefined {
    return this.db.first(this.db.q.selectFrom('admin_session_issuer').selectAll());
  }

  saveIssuer(salt: string, passwordKey: string): void {
    this.db.run(
      this.db.q
        .insertInto('admin_session_issuer')
        .values({ id: 1, salt, password_key: passwordKey })
        .onConflict((c) => c.column('id').doUpdateSet({ salt, password_key: passwordKey })),
    );
  }

  /** Revokes every session and forgets the password they were issued under. */
  clear(): void {
    this.db.run(this.db.q.deleteFrom('admin_sessions'));
    this.db.run(this.db.q.deleteFrom('admin_session_issuer'));
  }
}
