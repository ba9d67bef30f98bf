/**
 * The audit log (R76–R78): one stored line per successful action. A line written inside a
 * transaction that rolls back disappears with it, so failed requests leave no line.
 */
import type { LogType } from '@podium/protocol';
import type { AuditLogRepository } from '../repositories/audit-log.repository.js';

/** The judge a JUDGE line is about: its message gets the `Judge <name> (<id>) | ` prefix. */
export interface LogJudge {
  id: string;
  name: string;
}

/** `[<ISO time>] <TYPE padded to 6> | <message>` (R76). */
export function formatLogLine(time: number, type: string, message: string): string {
  return `[${new Date(time).toISOString()}] ${type.padEnd(6)} | ${message}`;
}

export class AuditLog {
  constructor(
    private readonly lines: AuditLogRepository,
    private readonly now: () => number,
  ) {}

  system(message: string): void {
    this.write('SYSTEM', message);
  }

  admin(message: string): void {
    this.write('ADMIN', message);
  }

  /** A JUDGE line; without a judge (a failed login) it has no prefix. */
  judge(judge: LogJudge | null, message: string): void {
    this.write('JUDGE', judge ? `Judge ${judge.name} (${judge.id}) | ${message}` : message);
  }

  /** Every line, oldest first, joined with `\n`, no trailing newline (R76). */
  text(): string {
    return this.lines
      .all()
      .map((line) => formatLogLine(line.time, line.type, line.message))
      .join('\n');
  }

  private write(type: LogType, message: string): void {
    this.lines.insert({ time: this.now(), type, message });
  }
}
