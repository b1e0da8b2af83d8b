/**
 * A seeded generator for the statistics that simulate or resample (Monte-Carlo permutation p,
 * task bootstrap, power): the seed is a string derived from the plan, so a scorecard is the same
 * on every run. sfc32, seeded from the string by cyrb128; never Math.random.
 */
export interface Random {
  /** A uniform 32-bit unsigned integer. */
  uint32(): number;
  /** A uniform draw in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n). */
  below(n: number): number;
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function seededRandom(seed: string): Random {
  // State in a typed array: captured number variables would box every 32-bit value on the heap.
  const state = Uint32Array.from(cyrb128(seed));
  const uint32 = (): number => {
    const a = state[0]!;
    const b = state[1]!;
    const c = state[2]!;
    const d = state[3]!;
    const t = (((a + b) >>> 0) + d) >>> 0;
    state[3] = d + 1;
    state[0] = b ^ (b >>> 9);
    state[1] = c + (c << 3);
    const rotated = (c << 21) | (c >>> 11);
    state[2] = rotated + t;
    return t;
  };
  // Warm up: the first outputs of sfc32 still echo the seed.
  for (let i = 0; i < 12; i += 1) uint32();
  const next = () => uint32() / 4294967296;
  return { uint32, next, below: (n) => Math.floor(next() * n) };
}
