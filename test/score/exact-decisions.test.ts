import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, taskId } from '../../fixtures/score/build.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { fraction, toNumber } from '../../src/score/fraction.js';
import { holmAdjustExact } from '../../src/score/holm.js';
import { invertSignFlip } from '../../src/score/inverted-interval.js';
import { pairedDifferences } from '../../src/score/paired-differences.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { signFlipMethod, signFlipP, signFlipSupport } from '../../src/score/sign-flip.js';

const REPEATS = 3;

/** A stage-2 scorecard whose cells have the given successes out of 3, per arm and task. */
function scoreCounts(successes: Record<string, readonly number[]>): Scorecard {
  const tasks = successes.baseline!.length;
  const plan = fixturePlan({ stage: 2, tasks, repeats: REPEATS });
  const index = new Map(Array.from({ length: tasks }, (_, t) => [taskId(t), t]));
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
    status: trial.repeat <= successes[trial.arm]![index.get(trial.taskId)!]! ? 'passed' : 'failed',
  }));
  // No verdict reads the simulated power figures: left out, so the properties run many scorecards.
  return buildScorecard({ plan, planId, receipts, simulations: 0 });
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

describe('one A/A rule: the label, the gate and the verdict say one thing everywhere', () => {
  // Δ_AA = +0.2, beyond any limit a reader might hold in mind, yet noise: 12 tasks up by one, 6 down
  // by one, 12 tied; two-sided p = P(|S| ≥ 6) over 18 fair ±1 = 0.2379 > α.
  const baseline = [...Array(12).fill(0), ...Array(6).fill(3), ...Array(12).fill(0)];
  const aa = [...Array(12).fill(3), ...Array(6).fill(0), ...Array(12).fill(0)];
  const scorecard = scoreCounts({ baseline, 'treatment-a': Array(30).fill(3), 'aa-control': aa });

  it('the A/A arm holds in the JSON, the gate holds and the treatment is better', () => {
    const a = scorecard.aa[0]!;
    expect(a.delta).toBeCloseTo(0.2, 12);
    expect(a.test.p).toBeCloseTo(0.2378845, 6);
    expect(a.blocks).toBe(false);
    expect(a).not.toHaveProperty('limit');
    const result = scorecard.comparisons[0]!;
    expect(result.gates.find((g) => g.gate === 'aa-noise')).toMatchObject({ holds: true });
    expect(result.verdict).toBe('better');
  });

  it('the Markdown and the HTML (table, gate and figure label) say holds, and nothing says beyond', () => {
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toMatch(/\| aa-control \| \+0\.200 \[[^\]]+\] \| 0\.2379 \| 30\/30 \| holds \|/);
    const html = renderHtml(scorecard);
    expect(html).toContain('<g class="forest-row" data-arm="aa-control" data-kind="aa">');
    expect(html.match(/data-kind="aa">.*?<\/g>/s)![0]).toContain('A/A holds');
    expect(html).toMatch(/<table class="aa">.*<span class="holds">holds<\/span>/s);
    expect(html).toMatch(/<table class="gates">.*✓ holds<\/span><br>A\/A test p = 0\.2379/s);
    for (const text of [markdown, html]) {
      expect(text).not.toMatch(/beyond limit|within limit|\|Δ_AA\| vs limit|\bLimit\b/);
      expect(text).not.toContain('blocks</span>');
    }
  });
});

describe('every treatment interval excludes 0 exactly when Holm claims a difference', () => {
  it('three treatments on random outcomes: interval, Holm-adjusted p and verdict agree', () => {
    const plan = fixturePlan({ stage: 2, tasks: 30, repeats: REPEATS, treatments: 3 });
    const index = new Map(Array.from({ length: 30 }, (_, t) => [taskId(t), t]));
    let disagreements = 0;
    let claims = 0;
    fc.assert(
      fc.property(counts(30), counts(30), counts(30), fc.integer({ min: 0, max: 2 }), (b, x, y, lift) => {
        const arms: Record<string, readonly number[]> = {
          baseline: b,
          'treatment-a': b.map((k, t) => Math.min(REPEATS, k + lift + (x[t]! % 2))),
          'treatment-b': b.map((k, t) => Math.min(REPEATS, k + (y[t]! === 3 ? 1 : 0))),
          'treatment-c': x,
          'aa-control': b,
        };
        const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
          status: trial.repeat <= arms[trial.arm]![index.get(trial.taskId)!]! ? 'passed' : 'failed',
        }));
        const scorecard = buildScorecard({ plan, planId, receipts, simulations: 0 });
        for (const c of scorecard.comparisons) {
          const claimed = c.verdict === 'better' || c.verdict === 'worse';
          const excludesZero = c.interval!.low > 0 || c.interval!.high < 0;
          if (claimed !== excludesZero || claimed !== c.pAdjusted <= 0.05) disagreements += 1;
          if (claimed) claims += 1;
        }
      }),
      { numRuns: 20 },
    );
    expect(disagreements).toBe(0);
    expect(claims, 'the generator must reach claims for the property to bite').toBeGreaterThan(0);
  });

  it('a claim Holm makes at its second step has an interval at α/2 that excludes 0, beside a simultaneous one that does not', () => {
    // treatment-a: +1 on 29 tasks (p = 2^-28); treatment-b: +1 on 9 tasks, −1 on one (p = 22/1024 =
    // 0.0215, between α/3 and α/2); treatment-c: the baseline's outcomes (p = 1).
    const baseline = Array.from({ length: 30 }, (_, t) => (t === 9 ? 3 : 0));
    const plan = fixturePlan({ stage: 2, tasks: 30, repeats: REPEATS, treatments: 3 });
    const arms: Record<string, readonly number[]> = {
      baseline,
      'treatment-a': Array(30).fill(3),
      'treatment-b': baseline.map((k, t) => (t < 9 ? 3 : t === 9 ? 0 : k)),
      'treatment-c': baseline,
      'aa-control': baseline,
    };
    const index = new Map(Array.from({ length: 30 }, (_, t) => [taskId(t), t]));
    const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
      status: trial.repeat <= arms[trial.arm]![index.get(trial.taskId)!]! ? 'passed' : 'failed',
    }));
    const [a, b, c] = buildScorecard({ plan, planId, receipts, simulations: 0 }).comparisons;
    expect(b!.test.p).toBe(22 / 1024);
    expect(b!.pAdjusted).toBe(2 * (22 / 1024));
    expect(b!.verdict).toBe('better');
    expect(b!.interval!.alpha).toBe(0.025);
    expect(b!.interval!.low).toBeGreaterThan(0);
    expect(b!.simultaneous!.alpha).toBe(0.05 / 3);
    expect(b!.simultaneous!.low).toBeLessThanOrEqual(0);
    expect(a!.interval!.alpha).toBe(0.05 / 3);
    // Holm stops at treatment-c (step 3, level α): its interval there contains 0.
    expect(c!.interval!.alpha).toBe(0.05);
    expect(c!.verdict).toBe('no-detectable-difference');
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
