/**
 * How storage fails, as the layers above it need to tell (the error handler's 503s): a full disk,
 * an unreachable database. The one part of db/ that plugins may import.
 */
export { isDiskFull } from './disk-full.js';
export { isDatabaseUnavailable } from './postgres.js';
