/** Admin sessions and the password key they were issued under (R70b, migration 004). */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { AdminSessionIssuerTable } from '../db/schema.js';

export type AdminSessionIssuerRow = Selectable<AdminSessionIssuerTable>;

export class AdminSessionRepository {
  constructor(private readonly db: Database) {}

  async insert(tokenHash: string, expiresAt: number): Promise<void> {
    await this.db.run(
      this.db.q.insertInto('admin_sessions').values({ token_hash: tokenHash, expires_at: expiresAt }),
    );
  }

  /** When the session with this digest expires, if it exists and has not expired at `now`. */
  async liveUntil(tokenHash: string, now: number): Promise<number | undefined> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('admin_sessions')
        .select('expires_at')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now),
    );
    return row?.expires_at;
  }

  /** Deletes one session; returns whether it existed. */
  async delete(tokenHash: string): Promise<boolean> {
    return (
      (await this.db.run(this.db.q.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash))) > 0
    );
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('admin_sessions').where('expires_at', '<=', now));
  }

  async count(): Promise<number> {
    const row = await this.db.first(
      this.db.q.selectFrom('admin_sessions').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    return row?.n ?? 0;
  }

  async issuer(): Promise<AdminSessionIssuerRow | undefined> {
    return await this.db.first(this.db.q.selectFrom('admin_session_issuer').selectAll());
  }

  async saveIssuer(salt: string, passwordKey: string): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('admin_session_issuer')
        .values({ id: 1, salt, password_key: passwordKey })
        .onConflict((c) => c.column('id').doUpdateSet({ salt, password_key: passwordKey })),
    );
  }

  /** Revokes every session and forgets the password they were issued under. */
  async clear(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('admin_sessions'));
    await this.db.run(this.db.q.deleteFrom('admin_session_issuer'));
  }
}
