import type { Plan, PlannedArm } from '../contracts/plan.js';
import type { AaResult, ArmSummary, Mde, PowerAtEffect, TreatmentResult } from '../contracts/scorecard.js';
import type { CellTable } from './cells.js';
import { dividedBy, type Fraction, fromDecimal, toNumber } from './fraction.js';
import { holmAdjustExact, holmStepLevels } from './holm.js';
import { sensitivity } from './missing-data.js';
import { noninferiority } from './noninferiority.js';
import { intervalAt, type PairResult, pairArms, withInterval } from './pairwise.js';
import { aaProblem, judge } from './verdict.js';

/** What every comparison of one plan shares: its cells, arm summaries and the baseline. */
export interface Pairing {
  plan: Plan;
  planId: string;
  baseline: PlannedArm;
  cells: CellTable;
  summaries: ReadonlyMap<string, ArmSummary>;
}

export function pairWithBaseline(arm: PlannedArm, pairing: Pairing): PairResult {
  const { baseline, cells, plan } = pairing;
  return pairArms({
    arm: arm.id,
    baseline: baseline.id,
    armCells: cells.get(arm.id)!,
    baselineCells: cells.get(baseline.id)!,
    policy: plan.policy,
    seed: `${pairing.planId}/${arm.id}`,
  });
}

export interface ScoredAa {
  result: AaResult;
  arm: ArmSummary;
  pair: PairResult;
}

/** Each A/A arm against the baseline at the plain α (it is not in the Holm family), with the one A/A rule. */
export function scoreAa(pairing: Pairing): ScoredAa[] {
  const { plan, summaries, baseline } = pairing;
  const alpha = fromDecimal(plan.policy.alpha);
  return plan.arms
    .filter((arm) => arm.role === 'aa-control')
    .map((arm) => {
      const pair = pairWithBaseline(arm, pairing);
      const summary = summaries.get(arm.id)!;
      const blocks = aaProblem(pair, summary, summaries.get(baseline.id)!, plan.policy.alpha) !== null;
      return { result: { ...withInterval(pair, alpha), blocks }, arm: summary, pair };
    });
}

/** Per design (paired tasks), the simulated power and the minimum detectable effect. */
export type DesignFigures = (pairedTasks: number) => { power: PowerAtEffect | null; mde: Mde | null };

function simultaneous(pair: PairResult, alpha: Fraction): TreatmentResult['simultaneous'] {
  const interval = intervalAt(pair, alpha);
  return interval === null
    ? null
    : { alpha: toNumber(alpha), low: toNumber(interval.low), high: toNumber(interval.high) };
}

/**
 * Every treatment against the baseline: Holm over the family, each interval at the level Holm
 * tested it (so it excludes 0 exactly when the verdict claims a difference), the simultaneous
 * Bonferroni interval beside it, noninferiority, the missing-data sensitivity and the verdict.
 */
export function scoreTreatments(pairing: Pairing, aa: readonly ScoredAa[], design: DesignFigures): TreatmentResult[] {
  const { plan, summaries, baseline } = pairing;
  const alpha = fromDecimal(plan.policy.alpha);
  const treatments = plan.arms.filter((arm) => arm.role === 'treatment');
  const pairs = treatments.map((arm) => pairWithBaseline(arm, pairing));
  const pValues = pairs.map((pair) => pair.tests.test.p);
  const adjusted = holmAdjustExact(pValues);
  const levels = holmStepLevels(pValues, alpha);
  const family = dividedBy(alpha, Math.max(1, treatments.length));
  return pairs.map((pair, index) => {
    const { power, mde } = design(pair.comparison.tasks.paired);
    const comparison = withInterval(pair, levels[index]!);
    const ni = noninferiority(pair.pairs, plan.policy.noninferiorityMargin, plan.policy.alpha, treatments.length);
    const seed = pair.seed;
    const spread = sensitivity({ paired: pair.pairs, dropped: pair.dropped, pValues, index, alpha, seed });
    const judged = judge({
      plan,
      pair: { ...pair, comparison },
      pAdjusted: adjusted[index]!,
      arm: summaries.get(treatments[index]!.id)!,
      baseline: summaries.get(baseline.id)!,
      aa,
      mde,
      noninferiority: ni,
      sensitivity: spread,
    });
    return {
      ...comparison,
      pAdjusted: toNumber(adjusted[index]!),
      simultaneous: simultaneous(pair, family),
      power,
      mde,
      noninferiority: ni,
      sensitivity: spread,
      ...judged,
    };
  });
}
