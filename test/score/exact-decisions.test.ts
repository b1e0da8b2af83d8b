import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, taskId } from '../../fixtures/score/build.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { fraction, toNumber } from '../../src/score/fraction.js';
import { holmAdjustExact } from '../../src/score/holm.js';
import { invertSignFlip } from '../../src/score/inverted-interval.js';
import { pairedDifferences } from '../../src/score/paired-differences.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { signFlipMethod, signFlipP, signFlipSupport } from '../../src/score/sign-flip.js';

const REPEATS = 3;

/** A stage-2 scorecard whose cells have the given successes out of 3, per arm and task. */
function scoreCounts(successes: Record<string, readonly number[]>, aaLimit = 0.1): Scorecard {
  const tasks = successes.baseline!.length;
  const plan = fixturePlan({ stage: 2, tasks, repeats: REPEATS, policy: { aaLimit } });
  const index = new Map(Array.from({ length: tasks }, (_, t) => [taskId(t), t]));
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
    status: trial.repeat <= successes[trial.arm]![index.get(trial.taskId)!]! ? 'passed' : 'failed',
  }));
  return buildScorecard({ plan, planId, receipts });
}

const counts = (n: number) => fc.array(fc.integer({ min: 0, max: REPEATS }), { minLength: n, maxLength: n });

describe('a verdict never disagrees with the sign of Σd_t', () => {
  it('the direction of better or worse is the sign of the exact Σd_t, on any outcomes', () => {
    let claims = 0;
    const shifted = fc
      .tuple(counts(30), counts(30), fc.integer({ min: -2, max: 2 }))
      .map(([baseline, noise, lean]) => ({
        baseline,
        treatment: baseline.map((k, t) => Math.max(0, Math.min(REPEATS, k + lean + (noise[t]! % 2)))),
      }));
    fc.assert(
      fc.property(shifted, ({ baseline, treatment }) => {
        const scorecard = scoreCounts({ baseline, 'treatment-a': treatment, 'aa-control': baseline });
        const result = scorecard.comparisons[0]!;
        const sum = treatment.reduce((s, k, t) => s + k - baseline[t]!, 0);
        expect(result.exact!.sum).toBe(sum);
        if (result.verdict === 'better') expect(sum).toBeGreaterThan(0);
        if (result.verdict === 'worse') expect(sum).toBeLessThan(0);
        if (sum === 0) expect(['better', 'worse']).not.toContain(result.verdict);
        if (result.verdict === 'better' || result.verdict === 'worse') claims += 1;
      }),
      { numRuns: 25 },
    );
    expect(claims, 'the generator must reach claims for the property to bite').toBeGreaterThan(0);
  });

  it('22 tasks up by 1/3 and 8 down by 1 (Σd_t = −2/3) is no claim either way, though the sign test says 22:8', () => {
    const baseline = [...Array(22).fill(0), ...Array(8).fill(3)];
    const treatment = [...Array(22).fill(1), ...Array(8).fill(0)];
    const result = scoreCounts({ baseline, 'treatment-a': treatment, 'aa-control': baseline }).comparisons[0]!;
    expect(result.secondary.signTest).toMatchObject({ wins: 22, losses: 8 });
    expect(result.secondary.signTest.p).toBeLessThan(0.05);
    expect(result.exact).toEqual({ sum: -2, denominator: 3 });
    expect(result.verdict).toBe('no-detectable-difference');
  });

  it('24 tasks up by 1/3 and 8 down by 1 is Σd_t = 0 exactly: Δ is 0, p is 1, never better or worse', () => {
    const baseline = [...Array(24).fill(0), ...Array(8).fill(3)];
    const treatment = [...Array(24).fill(1), ...Array(8).fill(0)];
    const result = scoreCounts({ baseline, 'treatment-a': treatment, 'aa-control': baseline }).comparisons[0]!;
    expect(result.exact!.sum).toBe(0);
    expect(result.delta).toBe(0);
    expect(result.test.p).toBe(1);
    expect(result.verdict).toBe('no-detectable-difference');
  });
});

describe('|Δ_AA| exactly at the limit is decided the same whatever the arithmetic path', () => {
  /** 30 tasks whose A/A differences are +1/3, +2/3 or +1 and add up to `thirds` thirds, in a shuffled order. */
  const aaAt = (thirds: number) =>
    fc
      .array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 30 })
      .filter((steps) => steps.reduce((s, v) => s + v, 0) >= thirds)
      .chain((steps) => {
        const parts: number[] = [];
        let left = thirds;
        for (const step of steps) {
          if (left === 0) break;
          parts.push(Math.min(step, left));
          left -= Math.min(step, left);
        }
        return fc.shuffledSubarray([...parts, ...Array(30 - parts.length).fill(0)], { minLength: 30, maxLength: 30 });
      })
      .chain((diffs) =>
        fc.tuple(...diffs.map((d) => fc.integer({ min: 0, max: REPEATS - d }).map((base) => [base, base + d]))),
      );

  it('Σd_AA = 3 over 30 tasks (|Δ_AA| = 0.1, the limit) is within the limit for every composition and order', () => {
    fc.assert(
      fc.property(aaAt(9), (cells) => {
        const baseline = cells.map(([b]) => b!);
        const aa = cells.map(([, a]) => a!);
        const result = scoreCounts({ baseline, 'treatment-a': baseline, 'aa-control': aa }).aa[0]!;
        expect(result.exact).toEqual({ sum: 9, denominator: 3 });
        expect(result.withinLimit).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('2/3→3/3 and 0→1/3 on nine tasks both give |Δ_AA| = 0.1 exactly, within the limit; one more third is beyond it', () => {
    const base = Array(30).fill(1);
    const up = (from: number, tasks: number) => base.map((_, t) => (t < tasks ? from + 1 : 1));
    const high = scoreCounts({
      baseline: up(2, 9).map((v, t) => (t < 9 ? 2 : v)),
      'treatment-a': base,
      'aa-control': up(2, 9),
    });
    const low = scoreCounts({
      baseline: up(0, 9).map((v, t) => (t < 9 ? 0 : v)),
      'treatment-a': base,
      'aa-control': up(0, 9),
    });
    for (const scorecard of [high, low]) expect(scorecard.aa[0]).toMatchObject({ delta: 0.1, withinLimit: true });
    const beyond = scoreCounts({ baseline: base, 'treatment-a': base, 'aa-control': up(1, 10) });
    expect(beyond.aa[0]!.withinLimit).toBe(false);
  });
});

describe('p, interval and verdict come from one test and cannot disagree', () => {
  const values = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 40 });
  const alphas = fc.constantFrom(fraction(1, 20), fraction(1, 60), fraction(1, 10));

  it('the inverted interval excludes 0 exactly when p ≤ α', () => {
    fc.assert(
      fc.property(values, alphas, (v, alpha) => {
        const { p } = signFlipP(v, 'two-sided', 'seed');
        const { low, high } = invertSignFlip(signFlipSupport(v, 'seed'), 3, alpha);
        const containsZero = (low === 'unbounded' || low.num <= 0n) && (high === 'unbounded' || high.num >= 0n);
        expect(containsZero).toBe(p.num * alpha.den > alpha.num * p.den);
      }),
      { numRuns: 300 },
    );
  });

  it('beyond the exact budget the Monte-Carlo p and interval share their seeded draws and still agree', () => {
    const many = Array.from({ length: 600 }, (_, t) => ((t * 7919) % 7) - 3 + (t % 5 === 0 ? 1 : 0));
    expect(signFlipMethod(many)).toBe('monte-carlo');
    const first = signFlipP(many, 'two-sided', 'plan/arm');
    expect(signFlipP(many, 'two-sided', 'plan/arm')).toEqual(first);
    expect(first.draws).toBeGreaterThan(0);
    const { low, high } = invertSignFlip(signFlipSupport(many, 'plan/arm'), 3, fraction(1, 20));
    expect(low).not.toBe('unbounded');
    const containsZero = low !== 'unbounded' && low.num <= 0n && high !== 'unbounded' && high.num >= 0n;
    expect(containsZero).toBe(toNumber(first.p) > 0.05);
  });

  it('Holm in exact rationals never rounds a product across α', () => {
    // 3 × (1/60) is exactly 1/20: at α = 0.05 it rejects; in doubles 3 × 0.016666666666666666 is 0.05 too,
    // but only the rational comparison is guaranteed.
    const adjusted = holmAdjustExact([fraction(1, 60), fraction(1, 2), fraction(1, 2)]);
    expect(adjusted[0]).toEqual(fraction(3, 60));
    expect(pairedDifferences([]).sum).toBe(0);
  });
});
