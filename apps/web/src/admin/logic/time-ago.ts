/**
 * The spec's time display helper (product spec §4): how long ago a server time was, for the
 * admin tables' "Updated" columns. Times are integer ms since the epoch, 0 meaning never (API.md 1.4).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Calendar-free approximations: the column only has to say roughly how stale a row is.
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS = [
  { ms: YEAR, name: 'year' },
  { ms: MONTH, name: 'month' },
  { ms: DAY, name: 'day' },
  { ms: HOUR, name: 'hour' },
  { ms: MINUTE, name: 'minute' },
] as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * `0` → 'never'; under a minute → 'just now'; then the largest whole unit: '5 minutes ago',
 * '1 hour ago', ... '2 years ago'. A time a whole second or more ahead of `now` gives
 * 'N seconds in the future?!?!'. Less than a second ahead counts as 'just now': the time comes
 * from the server's clock and `now` from the browser's, which may differ by a few milliseconds.
 */
export function timeAgo(time: number, now: number = Date.now()): string {
  if (time === 0) return 'never';
  const elapsed = now - time;
  if (elapsed <= -SECOND) return `${plural(Math.floor(-elapsed / SECOND), 'second')} in the future?!?!`;
  for (const unit of UNITS) {
    if (elapsed >= unit.ms) return `${plural(Math.floor(elapsed / unit.ms), unit.name)} ago`;
  }
  return 'just now';
}
