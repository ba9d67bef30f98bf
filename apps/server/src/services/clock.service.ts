/**
 * The judging clock (R38–R41) and deliberation (R42). Every change is stored before the answer,
 * and the stored form (accumulated time + the epoch of the last resume) makes a restart exact:
 * a running clock keeps running with the downtime counted (R39).
 */
import { END_DELIBERATION_BEFORE_RESUMING, type Clock } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError } from '../errors.js';
import type { ClockRepository, ClockRow } from '../repositories/clock.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { AuditLog } from './audit-log.service.js';

export class ClockService {
  constructor(
    private readonly db: Database,
    private readonly clock: ClockRepository,
    private readonly settings: SettingsRepository,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  state(): Clock {
    return this.view(this.clock.read());
  }

  /** R41: judging started = the clock runs. */
  running(): boolean {
    return this.clock.read().running === 1;
  }

  pause(): Clock {
    return this.db.transaction(() => {
      this.stop();
      return this.state();
    });
  }

  /** Refused during deliberation (R42). */
  unpause(): Clock {
    return this.db.transaction(() => {
      if (this.settings.read().deliberation) throw new ConflictError(END_DELIBERATION_BEFORE_RESUMING);
      if (!this.running()) {
        this.clock.write({ running: 1, resumed_at: this.now() });
        this.audit.admin('Unpaused clock');
        this.db.record({ kind: 'clock' });
      }
      return this.state();
    });
  }

  /** Time 0 and paused, also from running; logged only when something changed. */
  reset(): Clock {
    return this.db.transaction(() => {
      if (this.zero()) this.audit.admin('Reset clock');
      return this.state();
    });
  }

  /** R40: writes the current time to storage; never changes it. Only the manual one is logged. */
  backup(manual: boolean): Clock {
    return this.db.transaction(() => {
      const clock = this.state();
      this.clock.write({ backup_ms: clock.time, backup_at: this.now() });
      if (manual) this.audit.admin('Backed up clock manually');
      return clock;
    });
  }

  /** The periodic backup of R40: only while `clock_sync` is on and the clock runs. */
  autoBackup(): void {
    if (this.settings.read().clock_sync && this.running()) this.backup(false);
  }

  /** R42: sets deliberation; starting pauses the clock; the same value again changes nothing. */
  setDeliberation(start: boolean): void {
    this.db.transaction(() => {
      if (this.settings.read().deliberation === start) return;
      if (start) this.stop();
      this.settings.write({ deliberation: start });
      this.audit.admin(start ? 'Started deliberation' : 'Stopped deliberation');
      this.db.record({ kind: 'deliberation' });
    });
  }

  /** Pauses a running clock, folding the elapsed time in (inside the caller's transaction). */
  stop(): void {
    const row = this.clock.read();
    if (row.running === 0) return;
    this.clock.write({ running: 0, accumulated_ms: this.view(row).time });
    this.audit.admin('Paused clock');
    this.db.record({ kind: 'clock' });
  }

  /**
   * Sets the clock to 0 and paused (inside the caller's transaction); returns whether it changed,
   * in which case the `clock` event is recorded.
   */
  zero(): boolean {
    const row = this.clock.read();
    if (row.running === 0 && row.accumulated_ms === 0) return false;
    this.clock.write({ running: 0, accumulated_ms: 0, resumed_at: 0 });
    this.db.record({ kind: 'clock' });
    return true;
  }

  private view(row: ClockRow): Clock {
    const time = row.accumulated_ms + (row.running === 1 ? this.now() - row.resumed_at : 0);
    return { running: row.running === 1, time };
  }
}
