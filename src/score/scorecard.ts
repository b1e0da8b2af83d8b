import { CrossoverError } from '../contracts/errors.js';
import type { Plan, PlannedArm } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import type { ReadReview } from '../contracts/review.js';
import type { AaResult, Eligibility, Scorecard } from '../contracts/scorecard.js';
import { type ArmFacts, summarizeArm } from './arms.js';
import { type CellTable, tabulateCells } from './cells.js';
import { rejects, withinLimit } from './decisions.js';
import { feasibilityGates } from './feasibility.js';
import { dividedBy, type Fraction, fromDecimal, toNumber } from './fraction.js';
import { evidenceGaps } from './gaps.js';
import { holmAdjustExact } from './holm.js';
import { validateScoreInputs } from './inputs.js';
import { methodFigures, observedModel, treatmentPower } from './method.js';
import { receiptsByTrial, tabulateOutcomes } from './outcomes.js';
import { type PairResult, pairArms } from './pairwise.js';
import { reproducibility } from './reproducibility.js';
import { reviewOverlay } from './review-overlay.js';
import { skillSelection } from './skill-selection.js';
import { judge } from './verdict.js';

export interface ScoreInput {
  plan: Plan;
  /** digestOf(plan): every receipt must name it. */
  planId: string;
  /** Verified receipts (see readReceipts); an identical duplicate is merged, a different one refused. */
  receipts: readonly Receipt[];
  /**
   * Eligibility per arm id, from the probes. For an arm left out, the plan's record of its
   * provider's probe decides: a provider the probe found ineligible excludes the arm.
   */
  eligibility?: Record<string, Eligibility>;
  /** Review files the shell read and checked against the receipts' evidence: shown beside the oracle, never in place of it. */
  reviews?: readonly ReadReview[];
}

function plannedEligibility(arm: PlannedArm): Eligibility | null {
  const status = arm.provider?.eligibility ?? null;
  if (status === null || status === 'eligible') return null;
  const reasons = arm.provider!.eligibilityReasons;
  return {
    status,
    reasons: reasons.length > 0 ? reasons : [`the probe of provider ${arm.provider!.id} decided: ${status}`],
  };
}

function soleBaseline(plan: Plan): PlannedArm {
  const baselines = plan.arms.filter((arm) => arm.role === 'baseline');
  if (baselines.length !== 1) {
    throw new CrossoverError(
      'invalid-input',
      `plan ${plan.experiment.id}: $.arms: expected exactly one baseline arm, found ${baselines.length}`,
    );
  }
  return baselines[0]!;
}

interface Pairing {
  planId: string;
  baseline: PlannedArm;
  cells: CellTable;
  facts: Map<string, ArmFacts>;
}

function pairWithBaseline(arm: PlannedArm, pairing: Pairing, alpha: Fraction): PairResult {
  const { baseline, cells, facts } = pairing;
  return pairArms({
    arm: arm.id,
    baseline: baseline.id,
    armCells: cells.get(arm.id)!,
    baselineCells: cells.get(baseline.id)!,
    alpha,
    regressionFailures: {
      arm: facts.get(arm.id)!.summary.regressionFailures,
      baseline: facts.get(baseline.id)!.summary.regressionFailures,
    },
    seed: `${pairing.planId}/${arm.id}`,
  });
}

function taskMatrix(plan: Plan, cells: CellTable): Scorecard['matrix'] {
  return plan.tasks.map((task) => ({
    taskId: task.id,
    category: task.category,
    surface: task.surface,
    relevantFiles: task.relevantFiles !== null,
    cells: plan.arms.map((arm) => {
      const { success, failure, invalid, missing, excluded, rate } = cells.get(arm.id)!.get(task.id)!;
      return { arm: arm.id, success, failure, invalid, missing, excluded, rate };
    }),
  }));
}

/**
 * The scorecard of a plan from its receipts (docs/architecture.md, "Score"): pure and deterministic. Every scheduled
 * trial is counted once, in plan order, so the result does not depend on the order of receipts.
 */
export function buildScorecard(input: ScoreInput): Scorecard {
  const { planId } = input;
  const plan = validateScoreInputs(input.plan, input.receipts, input.eligibility);
  const baseline = soleBaseline(plan);
  // Re-runs of the reproducibility subset are compared on their own, never counted in the comparison.
  const rerunTrials = (plan.reproducibility?.reruns ?? []).map((rerun) => rerun.trial);
  const rerunIds = new Set(rerunTrials.map((trial) => trial.id));
  const byTrial = receiptsByTrial(
    plan,
    planId,
    input.receipts.filter((receipt) => !rerunIds.has(receipt.trial.id)),
  );
  const reruns = receiptsByTrial(
    plan,
    planId,
    input.receipts.filter((receipt) => rerunIds.has(receipt.trial.id)),
    rerunTrials,
  );
  const outcomes = tabulateOutcomes(plan, byTrial);
  const cells = tabulateCells(outcomes);
  const recallTasks = new Set(plan.tasks.filter((task) => task.relevantFiles !== null).map((task) => task.id));
  const facts = new Map(
    plan.arms.map((arm) => [
      arm.id,
      summarizeArm(
        arm,
        cells.get(arm.id)!,
        recallTasks,
        input.eligibility?.[arm.id] ?? plannedEligibility(arm),
        planId,
      ),
    ]),
  );
  const summaryOf = (arm: PlannedArm) => facts.get(arm.id)!.summary;

  const { alpha, aaLimit } = plan.policy;
  const exactAlpha = fromDecimal(alpha);
  const pairing: Pairing = { planId, baseline, cells, facts };
  const treatments = plan.arms.filter((arm) => arm.role === 'treatment');
  const intervalAlpha = treatments.length === 0 ? null : dividedBy(exactAlpha, treatments.length);
  // The A/A arm is not in the Holm family: its test and interval use the plain α.
  const aa = plan.arms
    .filter((arm) => arm.role === 'aa-control')
    .map((arm) => {
      const { comparison, tests } = pairWithBaseline(arm, pairing, exactAlpha);
      const { sum, denominator } = tests.differences;
      const paired = comparison.tasks.paired;
      const result: AaResult = {
        ...comparison,
        limit: aaLimit,
        withinLimit: paired === 0 ? null : withinLimit(sum, denominator, paired, fromDecimal(aaLimit)),
        blocks: rejects(tests.test.p, exactAlpha),
      };
      return { result, arm: summaryOf(arm) };
    });
  const paired = treatments.map((arm) => pairWithBaseline(arm, pairing, intervalAlpha!));
  const adjusted = holmAdjustExact(paired.map((pair) => pair.tests.test.p));
  const armSummaries = plan.arms.map(summaryOf);
  const matrix = taskMatrix(plan, cells);
  const model = observedModel({ arms: armSummaries, matrix, policy: plan.policy, treatments: treatments.length });
  const comparisons = paired.map((pair, index) => {
    const pAdjusted = adjusted[index]!;
    const arm = summaryOf(treatments[index]!);
    return {
      ...pair.comparison,
      pAdjusted: toNumber(pAdjusted),
      power: treatmentPower(model, pair.comparison.tasks.paired, plan.repeats, planId),
      ...judge({ plan, pair, pAdjusted, arm, baseline: summaryOf(baseline), aa }),
    };
  });

  return {
    schema: 'crossover.scorecard/1',
    planId,
    experiment: { id: plan.experiment.id, title: plan.experiment.title, stage: plan.experiment.stage },
    corpus: { id: plan.corpus.id, version: plan.corpus.version, digest: plan.corpus.digest },
    sandbox: { kind: plan.environment.sandbox.kind, version: plan.environment.sandbox.version },
    synthetic: plan.synthetic || [...facts.values()].some(({ summary }) => summary.synthetic),
    policy: plan.policy,
    repeats: plan.repeats,
    family: {
      method: 'holm',
      m: treatments.length,
      alpha,
      intervalAlpha: intervalAlpha === null ? null : toNumber(intervalAlpha),
    },
    arms: armSummaries,
    comparisons,
    aa: aa.map(({ result }) => result),
    matrix,
    gaps: evidenceGaps(plan, [...facts.values()]),
    feasibility: feasibilityGates(plan, [...byTrial.values()]),
    skillSelection: skillSelection(plan, byTrial),
    reproducibility: reproducibility(plan, byTrial, reruns),
    review: reviewOverlay(plan, outcomes, input.reviews ?? []),
    method: methodFigures(plan, planId, model),
  };
}
