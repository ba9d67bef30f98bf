/**
 * The coverage chart's numbers: how many items have each count (0, 1, 2, … views), so an
 * organizer sees at a glance how far judging is from the minimum number of views.
 */

export interface HistogramBin {
  /** The count this bar stands for: items with exactly `value` (or, for the last bin, ≥ `value`). */
  value: number;
  /** '0', '1', …, or '12+' for the open last bin. */
  label: string;
  /** How many items fall in the bin. */
  items: number;
}

export interface HistogramOptions {
  /** Always show bars up to this value, e.g. the minimum views, even when nothing reached it. */
  minValue?: number;
  /** At most this many bars; the last one collects every larger value ("N+"). */
  maxBins?: number;
}

/** Bars 0…max(values, minValue), one per integer value; negative values count as 0. */
export function countHistogram(values: readonly number[], options: HistogramOptions = {}): HistogramBin[] {
  const maxBins = Math.max(2, options.maxBins ?? 16);
  let top = Math.max(0, Math.floor(options.minValue ?? 0));
  for (const value of values) top = Math.max(top, Math.floor(value));
  const open = top + 1 > maxBins; // the last bar collects the long tail
  const size = open ? maxBins : top + 1;
  const counts = new Array<number>(size).fill(0);
  for (const value of values) counts[Math.min(size - 1, Math.max(0, Math.floor(value)))]! += 1;
  return counts.map((items, value) => ({
    value,
    label: open && value === size - 1 ? `${value}+` : String(value),
    items,
  }));
}

/** How many of `values` are at least `target`. */
export function countAtLeast(values: readonly number[], target: number): number {
  let count = 0;
  for (const value of values) if (value >= target) count++;
  return count;
}

/** Arithmetic mean, 0 for no values (API.md 1.4). */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
