/**
 * The search boxes of the admin tables and the expo: every word typed must match. A number
 * matches a table number exactly (so "12" does not find table 112) or appears in the name; other
 * words appear in the name or in one of the tags (track, challenges, code). Case and accents
 * are ignored.
 */

export interface Searchable {
  name: string;
  /** The table number, if the item has one. */
  table?: number;
  /** Other texts a word may match: tracks, challenges, a judge's email or code. */
  tags?: readonly string[];
}

/** Lower case without accents: "Équipe" and "equipe" match. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a query, folded; none for a blank query. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

export function matchesWords(item: Searchable, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const name = foldText(item.name);
  const tags = (item.tags ?? []).map(foldText);
  return words.every((word) => {
    if (/^\d+$/.test(word) && item.table === Number(word)) return true;
    return name.includes(word) || tags.some((tag) => tag.includes(word));
  });
}

/** The items matching `query`, in their order. */
export function searchItems<T>(items: readonly T[], query: string, fields: (item: T) => Searchable): T[] {
  const words = queryWords(query);
  if (words.length === 0) return items as T[];
  return items.filter((item) => matchesWords(fields(item), words));
}

/** "12 of 200 projects", or "200 projects" when nothing is filtered. */
export function searchCount(shown: number, total: number, noun: string): string {
  const word = total === 1 ? noun.replace(/s$/, '') : noun;
  return shown === total ? `${total} ${word}` : `${shown} of ${total} ${word}`;
}
