/**
 * The object of a single route (one ID) or of a batch route (its distinct `items`). Both do the
 * same thing but log differently (R47, R48, R53, R60–R62).
 */
export type Target = string | readonly string[];

export function targetIds(target: Target): readonly string[] {
  return typeof target === 'string' ? [target] : target;
}

/** `<verb> <noun> <id><rest>` for a single route, `<verb> <n> <noun>s<rest>` for a batch. */
export function targetLogLine(target: Target, verb: string, noun: 'project' | 'judge', rest = ''): string {
  return typeof target === 'string'
    ? `${verb} ${noun} ${target}${rest}`
    : `${verb} ${target.length} ${noun}s${rest}`;
}
