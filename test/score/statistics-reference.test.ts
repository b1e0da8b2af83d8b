import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CrossoverError } from '../../src/contracts/errors.js';
import { exactSignTest, hoeffdingInterval, holmAdjust, wilsonInterval } from '../../src/score/index.js';

interface Vectors {
  wilson: { successes: number; trials: number; confidence: number; low: number; high: number }[];
  signTest: { wins: number; losses: number; p: number }[];
  holm: { pValues: number[]; adjusted: number[] }[];
  hoeffding: { differences: number[]; alpha: number; mean: number; low: number; high: number; halfWidth: number }[];
}

const vectors: Vectors = JSON.parse(
  readFileSync(new URL('../../fixtures/score/vectors.json', import.meta.url), 'utf8'),
);
const TOLERANCE = 1e-12;

function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected), `${actual} vs reference ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

describe('statistics agree with scipy and exact references to 1e-12', () => {
  it.each(vectors.wilson)('wilsonInterval($successes, $trials, $confidence)', (v) => {
    const interval = wilsonInterval(v.successes, v.trials, v.confidence);
    close(interval.low, v.low);
    close(interval.high, v.high);
  });

  it.each(vectors.signTest)('exactSignTest($wins, $losses)', (v) => {
    const p = exactSignTest(v.wins, v.losses);
    close(p, v.p);
    // Tiny p-values are exact in relative terms too: the tail is summed in integers.
    expect(Math.abs(p - v.p)).toBeLessThanOrEqual(TOLERANCE * v.p);
  });

  it.each(vectors.holm)('holmAdjust($pValues)', (v) => {
    const adjusted = holmAdjust(v.pValues);
    expect(adjusted).toHaveLength(v.adjusted.length);
    for (const [i, p] of adjusted.entries()) close(p, v.adjusted[i]!);
  });

  it.each(vectors.hoeffding.map((v) => ({ ...v, n: v.differences.length })))(
    'hoeffdingInterval(n = $n, α = $alpha)',
    (v) => {
      const interval = hoeffdingInterval(v.differences, v.alpha);
      close(interval.mean, v.mean);
      close(interval.low, v.low);
      close(interval.high, v.high);
      close(interval.halfWidth, v.halfWidth);
    },
  );

  it('uses the 95% default confidence for Wilson', () => {
    const reference = vectors.wilson.find((v) => v.successes === 3 && v.trials === 10 && v.confidence === 0.95)!;
    expect(wilsonInterval(3, 10)).toEqual(wilsonInterval(3, 10, 0.95));
    close(wilsonInterval(3, 10).low, reference.low);
  });
});

describe('statistics keep their invariants on any input', () => {
  it('Holm is monotone in the sorted order, capped at 1, and never below the raw p-value', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }), (ps) => {
        const adjusted = holmAdjust(ps);
        const order = ps.map((_, i) => i).sort((a, b) => ps[a]! - ps[b]! || a - b);
        for (let r = 0; r < order.length; r += 1) {
          const i = order[r]!;
          expect(adjusted[i]).toBeLessThanOrEqual(1);
          expect(adjusted[i]).toBeGreaterThanOrEqual(ps[i]!);
          if (r > 0) expect(adjusted[i]).toBeGreaterThanOrEqual(adjusted[order[r - 1]!]!);
        }
      }),
    );
  });

  it('the sign test is symmetric in wins and losses and 1 with no decisive tasks', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), (w, l) => {
        expect(exactSignTest(w, l)).toBe(exactSignTest(l, w));
        expect(exactSignTest(w, l)).toBeLessThanOrEqual(1);
      }),
    );
    expect(exactSignTest(0, 0)).toBe(1);
  });

  it('the Hoeffding interval stays inside [−1, 1] and contains its mean', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }), (ds) => {
        const { mean, low, high } = hoeffdingInterval(ds, 0.05);
        expect(low).toBeGreaterThanOrEqual(-1);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(mean);
        expect(high).toBeGreaterThanOrEqual(mean);
      }),
    );
  });

  it('Wilson intervals stay inside [0, 1] and contain the observed rate', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (a, b) => {
        const [k, n] = a <= b ? [a, b] : [b, a];
        const { low, high } = wilsonInterval(k, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        if (n > 0) {
          expect(low).toBeLessThanOrEqual(k / n);
          expect(high).toBeGreaterThanOrEqual(k / n);
        }
      }),
    );
  });
});

describe('statistics refuse inputs they cannot answer honestly', () => {
  it.each([
    ['more successes than trials', () => wilsonInterval(4, 3)],
    ['a fractional count', () => wilsonInterval(1.5, 3)],
    ['a confidence of 1', () => wilsonInterval(1, 3, 1)],
    ['negative wins', () => exactSignTest(-1, 3)],
    ['a p-value above 1', () => holmAdjust([0.2, 1.2])],
    ['a NaN p-value', () => holmAdjust([Number.NaN])],
    ['no differences', () => hoeffdingInterval([], 0.05)],
    ['a difference outside [−1, 1]', () => hoeffdingInterval([0.5, 1.5], 0.05)],
    ['an α of 0', () => hoeffdingInterval([0.5], 0)],
  ])('%s', (_name, run) => {
    expect(run).toThrow(CrossoverError);
  });
});
