/**
 * How storage fails, as the layers above it need to tell (the error handler's 503s, the start's
 * refusals): a full disk, an unreachable or busy database, storage the server cannot start on.
 * The one part of db/ that plugins may import; it loads no database driver.
 */
export { isDiskFull } from './disk-full.js';

/**
 * Whether `error` says the database could not be reached or the connection broke (refused, reset,
 * timed out, the server shutting down or refusing connections): the request failed as a whole,
 * and the pool reconnects on the next one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    // 08: connection exceptions; 57P01–57P03: shutdown, crash, cannot connect now; 55000 at connect:
    // the database does not allow connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '55000'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    // The last: a query on a connection whose loss was reported between its queries (pg).
    /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(
      message,
    )
  );
}

/**
 * Whether `error` says SQLite's lock stayed with another connection for longer than the busy
 * timeout (sqlite.ts, `BUSY_TIMEOUT_MS`): nothing was written, and the same request may pass a
 * moment later. Extended codes (`SQLITE_BUSY_SNAPSHOT`, …) included.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** A reason the server refuses to start on this storage; main.ts prints it without a stack. */
export class StorageRefusedError extends Error {
  /**
   * `reason` says what is wrong with the database and nothing of starting a server, so the move
   * command (move-event.ts) words its own refusal with it.
   */
  constructor(
    readonly reason: string,
    advice?: string,
  ) {
    super(`Podium cannot start: ${reason}.${advice === undefined ? '' : ` ${advice}`}`);
  }
}
