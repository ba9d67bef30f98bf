/** Seeded randomness for the expo simulation: every run is reproducible from its seed. */

/** sfc32: a small, fast generator with a 128-bit state; returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 16; i += 1) next();
  return next;
}

/** A standard normal draw (Box–Muller). */
export function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An independent stream derived from a seed and a label (judge noise must not depend on the policy). */
export function stream(seed: number, label: string): () => number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < label.length; i += 1) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return seededRandom(h >>> 0);
}
