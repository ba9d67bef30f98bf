/**
 * A name as spreadsheets and people vary it: without case, spaces or punctuation ('Try It link' and
 * 'try-it link', 'Health.Tech' and 'health tech'). For suggestions only: the server compares
 * names exactly (R56).
 */
export const looseName = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A name missing from a list, and the list's name spelled almost alike, if any. */
export interface UnmatchedName {
  name: string;
  likely?: string;
}

/**
 * The `names` not among `known`, compared exactly as the server compares them (a track and the
 * projects' challenges, R56; a judge CSV's track and the tracks set up, R85), each with the known
 * name it was probably meant to be.
 */
export function namesNotIn(names: readonly string[], known: readonly string[]): UnmatchedName[] {
  const exact = new Set(known);
  return names
    .filter((name) => !exact.has(name))
    .map((name) => {
      const likely = known.find((candidate) => looseName(candidate) === looseName(name));
      return likely === undefined ? { name } : { name, likely };
    });
}
