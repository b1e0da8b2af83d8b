import { CrossoverError } from '../contracts/errors.js';
import { requireCount, requireLevel } from './require.js';

/**
 * Exact (Clopper–Pearson) one-sided bounds of a success share, and the decision the noninferiority
 * rule and the regression gate read: is the difference of two such bounds below a limit?
 *
 * Why these are valid for any per-task rates: given the tasks, the trials of an arm are independent
 * Bernoulli trials whose probabilities differ by task, so their count is Poisson-binomial, and its
 * tails at these levels are no heavier than the binomial's with the same mean (Hoeffding 1956,
 * Theorem 4). A bound never has zero width, and no shift model of bounded rates is assumed.
 */

/** ln C(n, k), summed term by term from the nearer end: exact to a few ulps for any n a plan has. */
export function logChoose(n: number, k: number): number {
  const m = Math.min(k, n - k);
  let sum = 0;
  for (let i = 1; i <= m; i += 1) sum += Math.log((n - m + i) / i);
  return sum;
}

/** ln of Σ exp(terms), without overflow. */
function logSumExp(terms: readonly number[]): number {
  const top = Math.max(...terms);
  if (top === Number.NEGATIVE_INFINITY) return top;
  let sum = 0;
  for (const term of terms) sum += Math.exp(term - top);
  return top + Math.log(sum);
}

/** ln P(X ≤ k) (lower) or ln P(X ≥ k) (upper) for X ~ Binomial(n, p), summing the tail asked for. */
function logTail(k: number, n: number, p: number, side: 'lower' | 'upper'): number {
  if (side === 'lower' ? k >= n : k <= 0) return 0;
  if (side === 'lower' ? k < 0 : k > n) return Number.NEGATIVE_INFINITY;
  if (p <= 0) return side === 'lower' ? 0 : Number.NEGATIVE_INFINITY;
  if (p >= 1) return side === 'lower' ? Number.NEGATIVE_INFINITY : 0;
  const [from, to] = side === 'lower' ? [0, k] : [k, n];
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let choose = logChoose(n, from);
  const terms: number[] = [];
  for (let i = from; i <= to; i += 1) {
    terms.push(choose + i * lp + (n - i) * lq);
    choose += Math.log((n - i) / (i + 1));
  }
  return logSumExp(terms);
}

/** P(X ≤ k) or P(X ≥ k) for X ~ Binomial(n, p), to about 1e-13 relative. */
export function binomialTail(k: number, n: number, p: number, side: 'lower' | 'upper'): number {
  return Math.exp(logTail(k, n, p, side));
}

function requireCounts(k: number, n: number, level: number, name: string): void {
  requireCount(k, `${name} successes`);
  requireCount(n, `${name} trials`);
  requireLevel(level, `${name} level`);
  if (k > n) throw new CrossoverError('invalid-input', `${name}: expected successes ≤ trials, got ${k} > ${n}`);
}

/** The root in [low, high] of a monotone condition, bracketed by bisection to 2^-60: [lo, hi]. */
function solve(low: number, high: number, below: (p: number) => boolean): { lo: number; hi: number } {
  let lo = low;
  let hi = high;
  for (let step = 0; step < 60 && hi - lo > 0; step += 1) {
    const mid = (lo + hi) / 2;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return { lo, hi };
}

const cache = new Map<string, number>();

function cached(key: string, compute: () => number): number {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    if (cache.size > 100_000) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** The exact upper bound U of the share: P(X ≤ k | U) = level; 1 when k = n. One-sided, coverage ≥ 1 − level. */
export function upperBound(k: number, n: number, level: number): number {
  requireCounts(k, n, level, 'upperBound');
  if (n === 0 || k === n) return 1;
  if (k === 0) return -Math.expm1(Math.log(level) / n);
  return cached(
    `u/${k}/${n}/${level}`,
    () =>
      // The bracket's upper end: a bound never rounds inward.
      solve(k / n, 1, (p) => logTail(k, n, p, 'lower') > Math.log(level)).hi,
  );
}

/** The exact lower bound L of the share: P(X ≥ k | L) = level; 0 when k = 0. One-sided, coverage ≥ 1 − level. */
export function lowerBound(k: number, n: number, level: number): number {
  requireCounts(k, n, level, 'lowerBound');
  if (n === 0 || k === 0) return 0;
  if (k === n) return Math.exp(Math.log(level) / n);
  return cached(`l/${k}/${n}/${level}`, () => solve(0, k / n, (p) => logTail(k, n, p, 'upper') <= Math.log(level)).lo);
}

/** A bound the decision is not allowed to round its way past: within this of the limit, it fails. */
export const BOUND_MARGIN = 1e-9;

export interface ShareCount {
  /** Trials where the event happened (a success, a failed regression check). */
  count: number;
  trials: number;
}

/**
 * The upper bound of share(high) − share(low): the upper bound of the first minus the lower bound of
 * the second, each one-sided at level/2, so it holds with probability ≥ 1 − level (Bonferroni).
 */
export function differenceUpperBound(high: ShareCount, low: ShareCount, level: number): number {
  const half = level / 2;
  return upperBound(high.count, high.trials, half) - lowerBound(low.count, low.trials, half);
}

/** Whether that bound lies below `limit`, with a margin no rounding of the bounds can cross. */
export function differenceBelow(high: ShareCount, low: ShareCount, limit: number, level: number): boolean {
  return differenceUpperBound(high, low, level) < limit - BOUND_MARGIN;
}
