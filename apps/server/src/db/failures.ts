/**
 * How storage fails, as the error handler's 503s and the start's refusals tell it: the one part of
 * db/ that plugins may import; it loads no database driver.
 */

/** The code a driver (SQLite, PostgreSQL, Node's I/O) gave `error`, if any. */
export function storageCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * SQLite, PostgreSQL (53100 "could not extend file"; XX000 "could not write init file", an untranslated
 * FATAL as a connection starts) and Node codes of a full disk or failing I/O.
 */
export function isDiskFull(error: unknown): boolean {
  const code = storageCode(error) ?? '';
  if (code === 'XX000') return (error as Error).message === 'could not write init file';
  return ['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100'].includes(code) || code.startsWith('SQLITE_IOERR');
}

/** Whether the database could not be reached or the connection broke: the pool reconnects next time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = storageCode(error);
  if (code !== undefined) {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    // 08: connection exceptions; 57P01–57P03: shutdown, crash, cannot connect now; 55000 at connect:
    // the database does not allow connections; 53300: more connections than it allows.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '55000', '53300'].includes(code)) return true;
    if (isOnStandby(error)) return true;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    // The last: a query on a connection whose loss was reported between its queries (pg).
    /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(
      message,
    )
  );
}

/**
 * A write refused as read-only (25006) on a connection made to a standby: a failover whose address
 * still named the old primary (the start refuses a read-only database, postgres.ts). The pool ends
 * that connection; Podium's own read-only transactions (exports) write nothing.
 */
export function isOnStandby(error: unknown): boolean {
  return storageCode(error) === '25006';
}

/** Whether another connection held SQLite's lock past `BUSY_TIMEOUT_MS`: nothing was written; retry. */
export function isDatabaseBusy(error: unknown): boolean {
  return storageCode(error)?.startsWith('SQLITE_BUSY') === true;
}

/** A reason the server refuses to start on this storage; main.ts prints it without a stack. */
export class StorageRefusedError extends Error {
  /** `reason` says nothing of starting, so the move command (move-event.ts) reuses it. */
  constructor(
    readonly reason: string,
    advice?: string,
  ) {
    super(`Podium cannot start: ${reason}.${advice === undefined ? '' : ` ${advice}`}`);
  }
}
