/**
 * The audit log as the organizer reads it (`GET /admin/log`, API.md R76): lines parsed into time,
 * type and message, filtered by type and text, in either order, with the times shown in the
 * viewer's time zone instead of UTC.
 */

export const LOG_TYPES = ['SYSTEM', 'ADMIN', 'JUDGE'] as const;
export type LogType = (typeof LOG_TYPES)[number];

export interface LogLine {
  /** Epoch ms, or null for a line that does not follow R76 (shown as it is). */
  time: number | null;
  type: LogType | null;
  /** The padded type and message as stored: `ADMIN  | Log in`. */
  rest: string;
}

const LINE = /^\[([^\]]+)\] (SYSTEM|ADMIN |JUDGE ) \| /;

export function parseLog(log: string): LogLine[] {
  if (log === '') return [];
  return log.split('\n').map((raw) => {
    const match = LINE.exec(raw);
    const time = match ? Date.parse(match[1]!) : NaN;
    if (!match || Number.isNaN(time)) return { time: null, type: null, rest: raw };
    return {
      time,
      type: match[2]!.trim() as LogType,
      rest: raw.slice(match[0].length - `${match[2]} | `.length),
    };
  });
}

export interface LogFilter {
  /** '' = every type. */
  type: LogType | '';
  text: string;
  newestFirst: boolean;
}

export function filterLog(lines: readonly LogLine[], filter: LogFilter): LogLine[] {
  const text = filter.text.trim().toLowerCase();
  const kept = lines.filter(
    (line) =>
      (filter.type === '' || line.type === filter.type) &&
      (text === '' || line.rest.toLowerCase().includes(text)),
  );
  return filter.newestFirst ? kept.reverse() : kept;
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
