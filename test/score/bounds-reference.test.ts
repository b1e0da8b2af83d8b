import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../src/score/approximate-power.js';
import { fitBeta } from '../../src/score/beta.js';
import { differenceBelow, lowerBound, upperBound } from '../../src/score/binomial-bound.js';
import { fisherExactP } from '../../src/score/fisher.js';
import { fromDecimal, fromDouble, toNumber } from '../../src/score/fraction.js';
import { holmStepLevels } from '../../src/score/holm.js';
import { passAtK } from '../../src/score/pass-at-k.js';
import { exactTasksAtRepeats, signFlipMethod } from '../../src/score/sign-flip.js';

/** Exact references from fixtures/score/make-bound-vectors.py (standard library fractions; the command is in its header). */
interface Vectors {
  clopperPearson: { successes: number; trials: number; level: number; upper: number; lower: number }[];
  fisher: { a: number; n1: number; b: number; n2: number; p: number }[];
  passAtK: {
    tasks: { successes: number; valid: number }[];
    rows: { k: number; tasks: number; passAtK: number | null; passHatK: number | null }[];
  }[];
  holmSteps: { pValues: number[]; alpha: number; levels: number[] }[];
  normalCdf: { x: number; p: number }[];
  betaBinomial: { tasks: { successes: number; valid: number }[]; a: number; b: number; logPosterior: number }[];
}

/**
 * The fit's objective: the beta-binomial log-likelihood (rising factorials of the counts) plus the
 * log density of the hyperprior (a + b)^(-5/2) in (logit mean, log concentration) coordinates.
 */
function logPosterior(tasks: readonly { successes: number; valid: number }[], a: number, b: number): number {
  const mean = a / (a + b);
  const prior = Math.log(mean) + Math.log1p(-mean) - 0.5 * Math.log(a + b);
  const rising = (x: number, k: number) =>
    Array.from({ length: k }, (_, i) => Math.log(x + i)).reduce((s, v) => s + v, 0);
  return tasks.reduce(
    (sum, t) => sum + rising(a, t.successes) + rising(b, t.valid - t.successes) - rising(a + b, t.valid),
    prior,
  );
}

const vectors: Vectors = JSON.parse(
  readFileSync(new URL('../../fixtures/score/bound-vectors.json', import.meta.url), 'utf8'),
);

function close(actual: number | null, expected: number | null, tolerance = 1e-12): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(Math.abs(actual! - expected), `${actual} vs reference ${expected}`).toBeLessThanOrEqual(tolerance);
}

describe('the bounds, tests and estimators issue 38 added agree with exact enumeration', () => {
  it.each(vectors.clopperPearson)('Clopper–Pearson bounds of $successes/$trials at $level', (v) => {
    close(upperBound(v.successes, v.trials, v.level), v.upper);
    close(lowerBound(v.successes, v.trials, v.level), v.lower);
  });

  it.each(vectors.fisher)("Fisher's exact test of $a/$n1 against $b/$n2", (v) => {
    close(fisherExactP(v.a, v.n1, v.b, v.n2), v.p, 1e-12 * Math.max(1, v.p));
  });

  it.each(vectors.passAtK)('pass@k and pass^k of %#', (v) => {
    const rows = passAtK(v.tasks, v.rows.length);
    rows.forEach((row, index) => {
      const reference = v.rows[index]!;
      expect(row.k).toBe(reference.k);
      expect(row.tasks).toBe(reference.tasks);
      close(row.passAtK, reference.passAtK);
      close(row.passHatK, reference.passHatK);
    });
  });

  it.each(vectors.normalCdf)('the normal CDF at $x (within the 1.2e-7 of its erfc fit)', (v) => {
    close(normalCdf(v.x), v.p, 1.2e-7);
  });

  it.each(vectors.betaBinomial)('the beta-binomial fit of %#', (v) => {
    const { a, b } = fitBeta(v.tasks);
    // The same mode: its log posterior no lower than the reference's, its shapes within 0.1%.
    expect(logPosterior(v.tasks, a, b)).toBeGreaterThanOrEqual(v.logPosterior - 1e-7);
    close(a / v.a, 1, 1e-3);
    close(b / v.b, 1, 1e-3);
  });

  it.each(vectors.holmSteps)('Holm step levels of $pValues', (v) => {
    const levels = holmStepLevels(v.pValues.map(fromDouble), fromDecimal(v.alpha)).map(toNumber);
    expect(levels).toEqual(v.levels);
  });
});

describe('hand examples', () => {
  it('pass@k is the unbiased estimator: tasks 1/3, 3/3 and 0/3', () => {
    // pass@1 = (1/3 + 1 + 0)/3 = 4/9; pass@2 = ((1 − C(2,2)/C(3,2)) + 1 + 0)/3 = 5/9; pass@3 = (1 + 1 + 0)/3.
    // pass^1 = 4/9; pass^2 = (0 + 1 + 0)/3; pass^3 = 1/3.
    const rows = passAtK(
      [
        { successes: 1, valid: 3 },
        { successes: 3, valid: 3 },
        { successes: 0, valid: 3 },
      ],
      3,
    );
    expect(rows.map((r) => [r.k, r.tasks])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    close(rows[0]!.passAtK, 4 / 9, 1e-15);
    close(rows[1]!.passAtK, 5 / 9, 1e-15);
    close(rows[2]!.passAtK, 2 / 3, 1e-15);
    close(rows[0]!.passHatK, 4 / 9, 1e-15);
    close(rows[1]!.passHatK, 1 / 3, 1e-15);
    close(rows[2]!.passHatK, 1 / 3, 1e-15);
  });

  it('the sign-flip test is exact whatever the outcomes up to 148 tasks at 3 repeats and 125 at 5, as the method note says', () => {
    expect(exactTasksAtRepeats(3)).toBe(148);
    expect(exactTasksAtRepeats(5)).toBe(125);
    // The widest differences in thirds with no common factor: exact at 148 tasks, Monte Carlo at 150.
    const widest = (n: number) => Array.from({ length: n }, (_, t) => (t === 0 ? 2 : t % 2 === 0 ? 3 : -3));
    expect(signFlipMethod(widest(148))).toBe('exact');
    expect(signFlipMethod(widest(150))).toBe('monte-carlo');
  });

  it('the regression bound of 0 of 90 against 0 of 90 is 1 − 0.025^(1/90) = 0.0402: below 0.1, not below 0.04', () => {
    const none = { count: 0, trials: 90 };
    close(upperBound(0, 90, 0.025), 1 - 0.025 ** (1 / 90), 1e-15);
    expect(differenceBelow(none, none, 0.1, 0.05)).toBe(true);
    expect(differenceBelow(none, none, 0.04, 0.05)).toBe(false);
  });
});
