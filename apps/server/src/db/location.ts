/**
 * Which engine a location names, how to show it, and how an instance names itself to PostgreSQL:
 * for the configuration, messages and commands, without loading either engine's driver.
 */

/** Whether `location` names a PostgreSQL database (R95) rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The start of each instance's session name (instance-session.ts): a restore refuses while one is connected. */
export const SESSION_NAME = 'podium instance';
