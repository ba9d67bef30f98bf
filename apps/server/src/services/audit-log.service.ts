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

/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED_ESCAPES = new Map([
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);

/**
 * Writes control characters as visible escapes (`\r\n` becomes the four characters `\r\n`,
 * others `\xHH` or `\uHHHH`), so user text such as a judge or project name can never start a
 * line of its own: one event is always one line.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (char) => {
    const named = NAMED_ESCAPES.get(char);
    if (named !== undefined) return named;
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/**
 * `[<ISO time>] <TYPE padded to 6> | <message>` (R76). Every line is built here, so this is the
 * one place where values written to the log are escaped.
 */
export function formatLogLine(time: number, type: string, message: string): string {
  return `[${new Date(time).toISOString()}] ${type.padEnd(6)} | ${escapeControlCharacters(message)}`;
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
