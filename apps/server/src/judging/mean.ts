/** Arithmetic mean, 0 over an empty set (API.md 1.4, R35–R37). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}
