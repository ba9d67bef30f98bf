/** Seeded randomness for the expo simulation: every run is reproducible from its seed. */
import { seededRandom } from '../../apps/server/src/judging/random.js';

export { normal, seededRandom } from '../../apps/server/src/judging/random.js';

/** An independent stream derived from a seed and a label (judge noise must not depend on the policy). */
export function stream(seed: number, label: string): () => number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < label.length; i += 1) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return seededRandom(h >>> 0);
}
