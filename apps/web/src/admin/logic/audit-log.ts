/**
 * The audit log as the organizer reads it (R76, docs/api-storage.md): pages of stored lines,
 * newest first, that the server filters by type and text; each line parsed into time, type and
 * message so its time is shown in the viewer's time zone instead of UTC.
 */
import type { endpoints, LogLine as StoredLine, LogType, QueryOf } from '@podium/protocol';

/** Lines per page: a screenful many times over, a small part of a big event's log. */
export const LOG_PAGE_LINES = 500;

export interface LogLine {
  /** The stored line's sequence number (the paging cursor). */
  seq: number;
  /** Epoch ms, or null for a line that does not follow R76 (shown as it is). */
  time: number | null;
  type: LogType | null;
  /** The padded type and message as stored: `ADMIN  | Log in`. */
  rest: string;
}

const LINE = /^\[([^\]]+)\] (SYSTEM|ADMIN |JUDGE ) \| /;

export function parseLine({ seq, line }: StoredLine): LogLine {
  const match = LINE.exec(line);
  const time = match ? Date.parse(match[1]!) : NaN;
  if (!match || Number.isNaN(time)) return { seq, time: null, type: null, rest: line };
  return {
    seq,
    time,
    type: match[2]!.trim() as LogType,
    rest: line.slice(match[0].length - `${match[2]} | `.length),
  };
}

/** What the server filters the log by: a type ('' = every type) and a text in the message. */
export interface LogSearch {
  type: LogType | '';
  text: string;
}

export interface LogFilter extends LogSearch {
  newestFirst: boolean;
}

/** The query of one page (docs/api-storage.md): newest first, older than `before`. */
export function pageQuery(search: LogSearch, before?: number): QueryOf<typeof endpoints.auditLog> {
  const query: QueryOf<typeof endpoints.auditLog> = { limit: String(LOG_PAGE_LINES) };
  if (before !== undefined) query.before = String(before);
  if (search.type !== '') query.type = search.type;
  const text = search.text.trim();
  if (text !== '') query.q = text;
  return query;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25 10:17:24` in the viewer's time zone. */
export function localTime(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** One line as shown: the local time in brackets, then the type and message as stored. */
export function showLine(line: LogLine): string {
  return line.time === null ? line.rest : `[${localTime(line.time)}] ${line.rest}`;
}

/** The summary above the log: how many lines are shown, of how many, in which order. */
export function countText({
  shown,
  complete,
  searched,
  total,
  newestFirst,
}: {
  shown: number;
  /** Every line (that matches) is loaded: no older page is left. */
  complete: boolean;
  /** A type or a text narrows the lines. */
  searched: boolean;
  /** Lines in the whole log when known (its unfiltered read is complete). */
  total: number | undefined;
  newestFirst: boolean;
}): string {
  const order = newestFirst ? 'newest first' : 'oldest first';
  const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;
  const matching = (n: number) => `${n} matching ${n === 1 ? 'line' : 'lines'}`;
  if (!complete) return `Last ${searched ? matching(shown) : lines(shown)}, ${order}`;
  if (!searched) return `${lines(shown)}, ${order}`;
  return `${total === undefined ? matching(shown) : `${shown} of ${lines(total)}`}, ${order}`;
}
