/**
 * Table numbers and groups (R43, R44, R47, R52): pure functions over the group sizes.
 *
 * With sizes s_0 … s_(n−1) and S_g = s_0 + … + s_(g−1), table t belongs to group g when
 * S_g < t ≤ S_(g+1); tables above S_(n−1) belong to the last group (overflow) and tables ≤ 0 to
 * group 0.
 */

/** S_g: the number of tables before group g. */
export function tablesBefore(group: number, sizes: readonly number[]): number {
  let total = 0;
  for (let g = 0; g < group && g < sizes.length; g += 1) total += sizes[g] ?? 0;
  return total;
}

/** groupOf(t) of R43. */
export function groupOfTable(table: number, sizes: readonly number[]): number {
  let boundary = 0;
  for (let g = 0; g < sizes.length - 1; g += 1) {
    boundary += sizes[g] ?? 0;
    if (table <= boundary) return g;
  }
  return Math.max(0, sizes.length - 1);
}

/** The last table of group g, or undefined for the last group, which has no end (R43). */
export function lastTableOfGroup(group: number, sizes: readonly number[]): number | undefined {
  return group >= sizes.length - 1 ? undefined : tablesBefore(group + 1, sizes);
}

/**
 * `group_table_nums` of Options (4.7): per group, the highest table among its projects, or S_g
 * when it has none; the next table of group g is this value + 1.
 */
export function groupTableNumbers(locations: Iterable<number>, sizes: readonly number[]): number[] {
  const highest = sizes.map((_, g) => tablesBefore(g, sizes));
  const seen = sizes.map(() => false);
  for (const location of locations) {
    const g = groupOfTable(location, sizes);
    if (!seen[g] || location > (highest[g] ?? 0)) highest[g] = location;
    seen[g] = true;
  }
  return highest;
}

/**
 * R52: the group with the fewest active general judges (ties: the lowest index).
 * `counts[g]` is the number of active general judges in group g.
 */
export function leastPopulatedGroup(counts: readonly number[]): number {
  let best = 0;
  for (let g = 1; g < counts.length; g += 1) {
    if ((counts[g] ?? 0) < (counts[best] ?? 0)) best = g;
  }
  return best;
}

/**
 * R25 automatic group switching, after a general judge's finish: the counter of finishes in its
 * group goes up; at max(1, ceil(prop × active projects in the group)) the judge moves to the
 * next group and the counter restarts.
 */
export function afterFinish(
  judge: { group: number; finishes: number },
  activeProjectsInGroup: number,
  autoSwitchProp: number,
  numGroups: number,
): { group: number; finishes: number } {
  const finishes = judge.finishes + 1;
  // The epsilon keeps 0.1 × 30 (3.0000000000000004 in floating point) at a quota of 3, not 4.
  const quota = Math.max(1, Math.ceil(autoSwitchProp * activeProjectsInGroup - 1e-9));
  return finishes >= quota
    ? { group: (judge.group + 1) % numGroups, finishes: 0 }
    : { group: judge.group, finishes };
}
