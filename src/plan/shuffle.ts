import { sha256Hex } from '../contracts/canonical.js';

/**
 * A deterministic stream of 32-bit words: sha256(seed, counter) in 8 words at a time. Plans must
 * replan to the same bytes, so nothing here may depend on Math.random or the clock.
 */
function wordStream(seed: string): () => number {
  let counter = 0;
  let words: number[] = [];
  return () => {
    if (words.length === 0) {
      const hex = sha256Hex(`${seed}\u0000${counter++}`);
      words = Array.from({ length: 8 }, (_, i) => Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16));
    }
    return words.shift() as number;
  };
}

/** A uniform integer in [0, bound), by rejection so that no value is favoured. */
function uniformBelow(next: () => number, bound: number): number {
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const word = next();
    if (word < limit) return word % bound;
  }
}

/** Fisher–Yates shuffle driven by a stream seeded from `seed`; the input is not modified. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const next = wordStream(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformBelow(next, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
