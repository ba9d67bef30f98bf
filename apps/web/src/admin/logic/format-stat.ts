/**
 * A statistic as a stat tile shows it (product spec §9): integers as they are, other numbers to
 * three decimals, so averages like 2.6666… read as 2.667 and never jitter in width.
 */
export function formatStat(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (!Number.isFinite(value)) return '–';
  return value.toFixed(3);
}
