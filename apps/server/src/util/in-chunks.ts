/** `items` in consecutive slices of at most `size`, in order (a bulk write's statements). */
export function* inChunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
