/** Ranking quality against the simulation's true qualities, and summaries over seeds. */

/** Kendall's τ-b between two score lists (ties allowed in either). */
export function kendallTau(a: readonly number[], b: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = i + 1; j < a.length; j += 1) {
      const da = Math.sign((a[i] as number) - (a[j] as number));
      const db = Math.sign((b[i] as number) - (b[j] as number));
      if (da === 0 && db === 0) continue;
      if (da === 0) tiesA += 1;
      else if (db === 0) tiesB += 1;
      else if (da === db) concordant += 1;
      else discordant += 1;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB));
  return denominator === 0 ? 0 : (concordant - discordant) / denominator;
}

/** Indices ordered best first; equal scores in the order of `tieBreak` (a random permutation). */
export function order(scores: readonly number[], tieBreak: readonly number[]): number[] {
  return scores
    .map((_, i) => i)
    .sort(
      (i, j) =>
        (scores[j] as number) - (scores[i] as number) || (tieBreak[i] as number) - (tieBreak[j] as number),
    );
}

export interface Quality {
  tau: number;
  /** How many of the true top 10 the estimate puts in its top 10. */
  top10: number;
  /** 1 when the estimate's first is the true best, else 0. */
  winner: number;
}

export function quality(
  estimate: readonly number[],
  truth: readonly number[],
  tieBreak: readonly number[],
): Quality {
  const places = Math.min(10, truth.length);
  const trueOrder = order(truth, tieBreak);
  const estimatedOrder = order(estimate, tieBreak);
  const trueTop = new Set(trueOrder.slice(0, places));
  return {
    tau: kendallTau(estimate, truth),
    top10: estimatedOrder.slice(0, places).filter((i) => trueTop.has(i)).length,
    winner: estimatedOrder[0] === trueOrder[0] ? 1 : 0,
  };
}

/** Arithmetic mean; NaN over none. */
export const mean = (values: readonly number[]): number =>
  values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;

/** The 95% half-width of the mean of `values` (normal approximation). */
export function halfWidth(values: readonly number[]): number {
  const m = mean(values);
  const sd = Math.sqrt(
    mean(values.map((v) => (v - m) ** 2)) * (values.length / Math.max(1, values.length - 1)),
  );
  return (1.96 * sd) / Math.sqrt(Math.max(1, values.length));
}

/** Mean ± 95% half-width, times `scale`. */
export function stat(values: readonly number[], digits: number, scale = 1): string {
  return `${(mean(values) * scale).toFixed(digits)} ± ${(halfWidth(values) * scale).toFixed(digits)}`;
}

export const defined = <T>(values: readonly (T | null)[]): T[] => values.filter((v): v is T => v !== null);
