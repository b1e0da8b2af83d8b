import { CrossoverError } from '../contracts/errors.js';
import { type Fraction, fraction, fromDouble, toNumber } from './fraction.js';
import { gcd } from './paired-differences.js';
import { seededRandom } from './random.js';

/**
 * The paired sign-flip permutation test on integer differences v_t (d_t over a common
 * denominator). Under H0 each d_t is as likely to have either sign; the statistic is Σ ε_t v_t.
 *
 * Exact method: a counting recursion over integer sums gives the number of the 2^n sign vectors
 * reaching each (Σ ε_t v_t, Σ ε_t), the same counts a full enumeration finds, at a cost of
 * n·(n+1)·(Σ|v_t|/g + 1) steps. Above EXACT_WORK steps (hundreds of tasks) it is a Monte-Carlo
 * test instead: MONTE_CARLO_DRAWS sign vectors from a generator seeded by the caller (the plan id
 * and arm), with the observed vector counted as one draw, so p ≥ 1/(draws + 1) and its standard
 * error is at most sqrt(p(1 − p)/draws).
 */
export const EXACT_WORK = 10_000_000;
export const MONTE_CARLO_DRAWS = 19_999;

/** Counts of sign vectors: doubles are exact below 2^53, so up to 52 flipped values; BigInt above. */
interface Counter<T> {
  zero: T;
  one: T;
  add(a: T, b: T): T;
  big(a: T): bigint;
}
const NUMBER_COUNTER: Counter<number> = {
  zero: 0,
  one: 1,
  add: (a, b) => a + b,
  big: (a) => BigInt(a),
};
const BIGINT_COUNTER: Counter<bigint> = {
  zero: 0n,
  one: 1n,
  add: (a, b) => a + b,
  big: (a) => a,
};

/**
 * The sign-flip distribution as weighted points: a = Σ ε_t v_t / unit and c = Σ ε_t, each with the
 * number of sign vectors (or draws) that give it, out of total.
 */
export interface SignFlipSupport {
  method: 'exact' | 'monte-carlo';
  /** Monte-Carlo draws besides the observed vector; null for the exact method. */
  draws: number | null;
  /** g: the values' greatest common divisor; a and observed are in units of g. */
  unit: number;
  /** n: every paired task, ties included (they move c, and so the shifted tests). */
  tasks: number;
  /** Σ v_t / unit. */
  observed: number;
  a: number[];
  c: number[];
  weight: bigint[];
  total: bigint;
}

export type Alternative = 'two-sided' | 'greater';

function requireIntegers(values: readonly number[]): void {
  values.forEach((value, index) => {
    if (!Number.isSafeInteger(value))
      throw new CrossoverError('invalid-input', `signFlip values[${index}]: expected an integer, got ${value}`);
  });
}

function reduce(values: readonly number[]): { reduced: number[]; unit: number; spread: number } {
  const unit = values.reduce((g, v) => gcd(g, v), 0) || 1;
  const reduced = values.map((v) => v / unit);
  return { reduced, unit, spread: reduced.reduce((sum, v) => sum + Math.abs(v), 0) };
}

/**
 * The most tasks at which the test is exact whatever the outcomes, with `repeats` valid repeats a
 * side: each |v_t| is at most `repeats` over the common denominator, so the work is at most
 * n·(n + 1)·(repeats·n + 1). 148 tasks at 3 repeats, 125 at 5; more tasks may still be exact.
 */
export function exactTasksAtRepeats(repeats: number): number {
  let n = 0;
  while ((n + 1) * (n + 2) * (repeats * (n + 1) + 1) <= EXACT_WORK) n += 1;
  return n;
}

/** Which method the test uses for these values: a function of the data alone, so p and interval agree. */
export function signFlipMethod(values: readonly number[]): 'exact' | 'monte-carlo' {
  requireIntegers(values);
  const { spread } = reduce(values);
  const n = values.length;
  return n * (n + 1) * (spread + 1) <= EXACT_WORK ? 'exact' : 'monte-carlo';
}

/** Counts of Σ ε_t v_t over all sign vectors of the non-zero values, indexed from −spread. */
/**
 * Counts of Σ ε_t v_t over all sign vectors of the non-zero values, indexed from −spread, in
 * doubles: exact while every count stays below 2^53, that is for up to 52 values. The power
 * simulation runs this millions of times, so it is kept free of BigInt and of boxed numbers.
 */
function doubleCounts(values: readonly number[], spread: number, weight = 1): Float64Array {
  let counts = new Float64Array(2 * spread + 1);
  let next = new Float64Array(2 * spread + 1);
  counts[spread] = 1;
  let reach = 0;
  for (const v of values) {
    const step = Math.abs(v);
    next.fill(0, spread - reach - step, spread + reach + step + 1);
    for (let s = spread - reach; s <= spread + reach; s += 1) {
      const count = counts[s]! * weight;
      if (count === 0) continue;
      next[s + step] = next[s + step]! + count;
      next[s - step] = next[s - step]! + count;
    }
    const done = next;
    next = counts;
    counts = done;
    reach += step;
  }
  return counts;
}

/** The same counts in BigInt, for more than 52 values. */
function bigCounts(values: readonly number[], spread: number): bigint[] {
  let counts = new Array<bigint>(2 * spread + 1).fill(0n);
  counts[spread] = 1n;
  let reach = 0;
  for (const v of values) {
    const step = Math.abs(v);
    const next = new Array<bigint>(2 * spread + 1).fill(0n);
    for (let s = spread - reach; s <= spread + reach; s += 1) {
      const count = counts[s]!;
      if (count === 0n) continue;
      next[s + step]! += count;
      next[s - step]! += count;
    }
    counts = next;
    reach += step;
  }
  return counts;
}

function isExtreme(a: number, observed: number, alternative: Alternative): boolean {
  return alternative === 'two-sided' ? Math.abs(a) >= Math.abs(observed) : a >= observed;
}

/** Sign vectors at least as extreme as observed; the double sum is exact, being at most 2^52. */
function tailCount(values: readonly number[], spread: number, observed: number, alternative: Alternative): bigint {
  if (values.length <= 52) {
    const counts = doubleCounts(values, spread);
    let hits = 0;
    for (let index = 0; index < counts.length; index += 1)
      if (isExtreme(index - spread, observed, alternative)) hits += counts[index]!;
    return BigInt(hits);
  }
  const counts = bigCounts(values, spread);
  let hits = 0n;
  for (let index = 0; index < counts.length; index += 1)
    if (isExtreme(index - spread, observed, alternative)) hits += counts[index]!;
  return hits;
}

/**
 * The p as a double from probabilities (each sign halves), for more than 52 values: every step
 * only adds positive terms, so its relative error stays below (n + 2·spread + 1)·2^-53.
 */
function approximateP(values: readonly number[], spread: number, observed: number, alternative: Alternative): number {
  const probabilities = doubleCounts(values, spread, 0.5);
  let p = 0;
  for (let index = 0; index < probabilities.length; index += 1)
    if (isExtreme(index - spread, observed, alternative)) p += probabilities[index]!;
  return p;
}

/** Whether a double p is so far from every threshold that the exact p decides each the same way. */
function clearOf(p: number, thresholds: readonly Fraction[]): boolean {
  return thresholds.every((threshold) => Math.abs(p - toNumber(threshold)) > 1e-9 * Math.max(p, 1e-300));
}

/**
 * The exact p: ties do not move Σ ε_t v_t, so only the non-zero values are flipped. Given
 * thresholds (the α/k a p-value is ever compared with), a p of more than 52 values that is clear
 * of all of them is returned as its double, which decides every comparison as the exact p would;
 * the power simulation uses this to avoid BigInt. Without thresholds it is always exact.
 */
function exactP(values: readonly number[], alternative: Alternative, thresholds?: readonly Fraction[]): Fraction {
  const { reduced, spread } = reduce(values);
  const decisive = reduced.filter((v) => v !== 0);
  if (decisive.length === 0) return fraction(1);
  const observed = decisive.reduce((sum, v) => sum + v, 0);
  if (decisive.length > 52 && thresholds !== undefined) {
    const p = approximateP(decisive, spread, observed, alternative);
    if (clearOf(p, thresholds)) return fromDouble(p);
  }
  return fraction(tailCount(decisive, spread, observed, alternative), 1n << BigInt(decisive.length));
}

/** Joint counts of (Σ ε_t v_t, number of + signs) over all 2^n sign vectors, ties included. */
function exactSupport<T>(reduced: readonly number[], spread: number, counter: Counter<T>) {
  const width = 2 * spread + 1;
  const n = reduced.length;
  let counts: T[] = new Array<T>((n + 1) * width).fill(counter.zero);
  counts[spread] = counter.one;
  let reach = 0;
  reduced.forEach((v, k) => {
    const next: T[] = new Array<T>((n + 1) * width).fill(counter.zero);
    for (let plus = 0; plus <= k; plus += 1) {
      for (let s = spread - reach; s <= spread + reach; s += 1) {
        const count = counts[plus * width + s]!;
        if (count === counter.zero) continue;
        const up = (plus + 1) * width + s + v;
        const down = plus * width + s - v;
        next[up] = counter.add(next[up]!, count);
        next[down] = counter.add(next[down]!, count);
      }
    }
    counts = next;
    reach += Math.abs(v);
  });
  const points = { a: [] as number[], c: [] as number[], weight: [] as bigint[] };
  counts.forEach((count, index) => {
    if (count === counter.zero) return;
    const plus = Math.floor(index / width);
    points.a.push((index % width) - spread);
    points.c.push(2 * plus - n);
    points.weight.push(counter.big(count));
  });
  return points;
}

function monteCarloSupport(reduced: readonly number[], seed: string) {
  const random = seededRandom(`sign-flip/${seed}`);
  const observed = reduced.reduce((sum, v) => sum + v, 0);
  const points = { a: [observed], c: [reduced.length], weight: [1n] };
  for (let draw = 0; draw < MONTE_CARLO_DRAWS; draw += 1) {
    let a = 0;
    let c = 0;
    let bits = 0;
    for (let t = 0; t < reduced.length; t += 1) {
      if (t % 32 === 0) bits = random.uint32();
      const plus = (bits >>> (t % 32)) & 1;
      a += plus ? reduced[t]! : -reduced[t]!;
      c += plus ? 1 : -1;
    }
    points.a.push(a);
    points.c.push(c);
    points.weight.push(1n);
  }
  return points;
}

/** The distribution the p-value and the inverted interval both read. */
export function signFlipSupport(values: readonly number[], seed: string): SignFlipSupport {
  const method = signFlipMethod(values);
  const { reduced, unit, spread } = reduce(values);
  const observed = reduced.reduce((sum, v) => sum + v, 0);
  const points =
    method === 'monte-carlo'
      ? monteCarloSupport(reduced, seed)
      : reduced.length <= 52
        ? exactSupport(reduced, spread, NUMBER_COUNTER)
        : exactSupport(reduced, spread, BIGINT_COUNTER);
  const total = method === 'exact' ? 1n << BigInt(reduced.length) : BigInt(MONTE_CARLO_DRAWS + 1);
  return {
    method,
    draws: method === 'exact' ? null : MONTE_CARLO_DRAWS,
    unit,
    tasks: reduced.length,
    observed,
    ...points,
    total,
  };
}

function supportP(support: SignFlipSupport, alternative: Alternative): Fraction {
  let hits = 0n;
  support.a.forEach((a, index) => {
    const extreme = alternative === 'two-sided' ? Math.abs(a) >= Math.abs(support.observed) : a >= support.observed;
    if (extreme) hits += support.weight[index]!;
  });
  return fraction(hits, support.total);
}

export interface SignFlipP {
  p: Fraction;
  method: 'exact' | 'monte-carlo';
  draws: number | null;
}

/**
 * The p-value of H0 "each d_t is symmetric about 0": two-sided (|Σ| as large as observed) or
 * greater (Σ as large as observed). Exactly 1 when every value is 0.
 */
export function signFlipP(
  values: readonly number[],
  alternative: Alternative,
  seed: string,
  thresholds?: readonly Fraction[],
): SignFlipP {
  const method = signFlipMethod(values);
  if (method === 'exact') return { p: exactP(values, alternative, thresholds), method, draws: null };
  return { p: supportP(signFlipSupport(values, seed), alternative), method, draws: MONTE_CARLO_DRAWS };
}
