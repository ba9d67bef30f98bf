/**
 * The judging clock (R38–R41) and deliberation (R42). Every change is stored before the answer,
 * and the stored form (accumulated time + the epoch of the last resume) makes a restart exact:
 * a running clock keeps running with the downtime counted (R39).
 */
import { END_DELIBERATION_BEFORE_RESUMING, type Clock } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError } from '../errors.js';
import type { ClockRow } from '../repositories/clock.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';

export interface ClockServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'clock' | 'options'>;
  auditLog: AuditLogService;
  now: () => number;
}

export class ClockService {
  private readonly db: Database;
  private readonly clock: Repositories['clock'];
  private readonly options: Repositories['options'];
  private readonly audit: AuditLogService;
  private readonly now: () => number;

  constructor({ db, repositories, auditLog, now }: ClockServiceContext) {
    this.db = db;
    this.clock = repositories.clock;
    this.options = repositories.options;
    this.audit = auditLog;
    this.now = now;
  }

  async state(): Promise<Clock> {
    return this.view(await this.clock.read());
  }

  /** R41: judging started = the clock runs. */
  async running(): Promise<boolean> {
    return (await this.clock.read()).running === 1;
  }

  async pause(): Promise<Clock> {
    return await this.db.transaction(async () => {
      await this.stop();
      return await this.state();
    });
  }

  /** Refused during deliberation (R42). */
  async unpause(): Promise<Clock> {
    return await this.db.transaction(async () => {
      if ((await this.options.read()).deliberation) throw new ConflictError(END_DELIBERATION_BEFORE_RESUMING);
      if (!(await this.running())) {
        await this.clock.write({ running: 1, resumed_at: this.now() });
        await this.audit.admin('Unpaused clock');
        this.db.record({ kind: 'clock' });
      }
      return await this.state();
    });
  }

  /** Time 0 and paused, also from running; logged only when something changed. */
  async reset(): Promise<Clock> {
    return await this.db.transaction(async () => {
      if (await this.zero()) await this.audit.admin('Reset clock');
      return await this.state();
    });
  }

  /** R40: writes the current time to storage; never changes it. Only the manual one is logged. */
  async backup(manual: boolean): Promise<Clock> {
    return await this.db.transaction(async () => {
      const clock = await this.state();
      await this.clock.write({ backup_ms: clock.time, backup_at: this.now() });
      if (manual) await this.audit.admin('Backed up clock manually');
      return clock;
    });
  }

  /** The periodic backup of R40: only while `clock_sync` is on and the clock runs. */
  async autoBackup(): Promise<void> {
    if ((await this.options.read()).clock_sync && (await this.running())) await this.backup(false);
  }

  /** R42: sets deliberation; starting pauses the clock; the same value again changes nothing. */
  async setDeliberation(start: boolean): Promise<void> {
    await this.db.transaction(async () => {
      if ((await this.options.read()).deliberation === start) return;
      if (start) await this.stop();
      await this.options.write({ deliberation: start });
      await this.audit.admin(start ? 'Started deliberation' : 'Stopped deliberation');
      this.db.record({ kind: 'deliberation' });
    });
  }

  /** Pauses a running clock, folding the elapsed time in (inside the caller's transaction). */
  async stop(): Promise<void> {
    const row = await this.clock.read();
    if (row.running === 0) return;
    await this.clock.write({ running: 0, accumulated_ms: this.view(row).time });
    await this.audit.admin('Paused clock');
    this.db.record({ kind: 'clock' });
  }

  /**
   * Sets the clock to 0 and paused (inside the caller's transaction); returns whether it changed,
   * in which case the `clock` event is recorded.
   */
  async zero(): Promise<boolean> {
    const row = await this.clock.read();
    if (row.running === 0 && row.accumulated_ms === 0) return false;
    await this.clock.write({ running: 0, accumulated_ms: 0, resumed_at: 0 });
    this.db.record({ kind: 'clock' });
    return true;
  }

  private view(row: ClockRow): Clock {
    const time = row.accumulated_ms + (row.running === 1 ? this.now() - row.resumed_at : 0);
    return { running: row.running === 1, time };
  }
}
