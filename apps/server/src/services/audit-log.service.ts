/**
 * The audit log (R76–R78): one stored line per successful action. A line written inside a
 * transaction that rolls back disappears with it, so failed requests leave no line.
 */
import { setImmediate } from 'node:timers/promises';
import {
  LOG_PAGE_DEFAULT,
  type LogLine,
  type LogPage,
  type LogPageQuery,
  type LogType,
} from '@podium/protocol';
import type { AuditLogLine } from '../repositories/audit-log.repository.js';
import type { Repositories } from '../repositories/index.js';

/** Lines per piece of the streamed full log (~60 KB of JSON, about a millisecond of work). */
const STREAM_BATCH = 500;
/** Lines one page examines at most, whatever its filters. */
const PAGE_SCAN = 20_000;

const logLine = (row: AuditLogLine): LogLine => ({
  seq: row.seq,
  line: formatLogLine(row.time, row.type, row.message),
});

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

/** An escape as `escapeControlCharacters` writes it, typed into a search. */
const WRITTEN_ESCAPE = /\\([nrt]|x[0-9a-f]{2}|u[0-9a-f]{4})/gi;
const HAS_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source);

/** The character an escape names (`n`, `x0a`, `u2028`: what follows the backslash). */
function escapedCharacter(code: string): string {
  const named = [...NAMED_ESCAPES].find(([, escape]) => escape === `\\${code}`);
  return named?.[0] ?? String.fromCharCode(Number.parseInt(code.slice(1), 16));
}

/**
 * The stored texts that show as `shown` in the log (what a search of it finds): `shown` itself,
 * and `shown` with the escapes of control characters read back (`\n` is a newline, or a
 * backslash and an n). None when `shown` holds a control character, which no shown line does.
 */
export function storedTextsShownAs(shown: string): string[] {
  if (HAS_CONTROL_CHARACTER.test(shown)) return [];
  const unescaped = shown.replace(WRITTEN_ESCAPE, (escape, code: string) => {
    const char = escapedCharacter(code.toLowerCase());
    // Only what the log writes for that character: `\x41` shows nowhere as an A.
    return escapeControlCharacters(char) === escape.toLowerCase() ? char : escape;
  });
  return unescaped === shown ? [shown] : [shown, unescaped];
}

/**
 * `[<ISO time>] <TYPE padded to 6> | <message>` (R76). Every line is built here, so this is the
 * one place where values written to the log are escaped.
 */
export function formatLogLine(time: number, type: string, message: string): string {
  return `[${new Date(time).toISOString()}] ${type.padEnd(6)} | ${escapeControlCharacters(message)}`;
}

export interface AuditLogServiceContext {
  repositories: Pick<Repositories, 'auditLog'>;
  now: () => number;
}

export class AuditLogService {
  /** The turn of the event loop the last piece of any log stream waits for (see logJson). */
  private lastTurn: Promise<void> = Promise.resolve();
  private readonly lines: Repositories['auditLog'];
  private readonly now: () => number;

  constructor({ repositories, now }: AuditLogServiceContext) {
    this.lines = repositories.auditLog;
    this.now = now;
  }

  async system(message: string): Promise<void> {
    await this.write('SYSTEM', message);
  }

  async admin(message: string): Promise<void> {
    await this.write('ADMIN', message);
  }

  /** A JUDGE line; without a judge (a failed login) it has no prefix. */
  async judge(judge: LogJudge | null, message: string): Promise<void> {
    await this.write('JUDGE', judge ? `Judge ${judge.name} (${judge.id}) | ${message}` : message);
  }

  /**
   * The body of `GET /admin/log`, `{"log":"<every line, oldest first, joined with \n>"}` (R76),
   * in pieces of STREAM_BATCH lines with a turn of the event loop between them: a 300,000-line
   * log (37 MB) is read without holding judges' requests for the whole read. Streams take turns:
   * one piece of all the log reads in progress per turn of the event loop, so three admins
   * reading at once cost other requests no more than one. The lines are the ones stored when the
   * read began.
   */
  async *logJson(): AsyncGenerator<string> {
    const bounds = await this.lines.bounds();
    const first = bounds?.first ?? 1;
    const last = bounds?.last ?? 0;
    // Nothing is sent before the first piece is read: a failing read is still a clean 500.
    let head = '{"log":"';
    for (let after = first - 1; after < last;) {
      const rows = await this.lines.range(after + 1, last, { order: 'asc', limit: STREAM_BATCH });
      if (rows.length === 0) break;
      const text = rows.map((row) => formatLogLine(row.time, row.type, row.message)).join('\n');
      // The JSON string's content, escaped as JSON.stringify does, without its quotes.
      yield head + (after >= first ? '\\n' : '') + JSON.stringify(text).slice(1, -1);
      head = '';
      after = (rows.at(-1) as AuditLogLine).seq;
      await this.nextTurn();
    }
    yield `${head}"}`;
  }

  /** Resolves on the turn of the event loop after the one the previous piece of any stream got. */
  private nextTurn(): Promise<void> {
    const turn = this.lastTurn.then(() => setImmediate());
    this.lastTurn = turn;
    return turn;
  }

  /**
   * One page of the log (docs/api-storage.md): newest first paging with `before`, or oldest
   * first with `after`, filtered by type and text. A page looks at PAGE_SCAN lines of the log
   * at most, so a rare text cannot stall the server; `next` then continues the scan.
   */
  async page(query: LogPageQuery): Promise<LogPage> {
    const bounds = await this.lines.bounds();
    const limit = query.limit ?? LOG_PAGE_DEFAULT;
    const filter = {
      type: query.type,
      texts: query.q === undefined || query.q === '' ? undefined : storedTextsShownAs(query.q),
    };
    if (query.order === 'asc') {
      const from = Math.max(bounds?.first ?? 1, (query.after ?? 0) + 1);
      if (bounds === undefined || from > bounds.last) return { lines: [], next: null };
      const to = Math.min(bounds.last, from + PAGE_SCAN - 1);
      const rows = await this.lines.range(from, to, { filter, order: 'asc', limit });
      const reached = rows.length === limit ? (rows.at(-1) as AuditLogLine).seq : to;
      return { lines: rows.map(logLine), next: reached < bounds.last ? reached : null };
    }
    const to = Math.min(bounds?.last ?? 0, (query.before ?? Number.MAX_SAFE_INTEGER) - 1);
    if (bounds === undefined || to < bounds.first) return { lines: [], next: null };
    const from = Math.max(bounds.first, to - PAGE_SCAN + 1);
    const rows = await this.lines.range(from, to, { filter, order: 'desc', limit });
    const reached = rows.length === limit ? (rows.at(-1) as AuditLogLine).seq : from;
    return { lines: rows.map(logLine), next: reached > bounds.first ? reached : null };
  }

  private async write(type: LogType, message: string): Promise<void> {
    await this.lines.insert({ time: this.now(), type, message });
  }
}
