import type { CorpusFacts } from '../contracts/corpus-card.js';
import { CrossoverError } from '../contracts/errors.js';
import { type Plan, type PlannedArm, plannedTrials } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import type { ReadReview } from '../contracts/review.js';
import type { RunSelection } from '../contracts/run-filter.js';
import { type Eligibility, SCORECARD_FORMAT, type Scorecard } from '../contracts/scorecard.js';
import { summarizeArm } from './arms.js';
import { type CellTable, tabulateCells } from './cells.js';
import { type Pairing, scoreAa, scoreTreatments } from './comparisons.js';
import { corpusCard } from './corpus-card.js';
import { feasibilityGates } from './feasibility.js';
import { flipsOf } from './flips.js';
import { dividedBy, fromDecimal, toNumber } from './fraction.js';
import { evidenceGaps } from './gaps.js';
import { flagDifferentials } from './infrastructure.js';
import { validateScoreInputs } from './inputs.js';
import { designFigures, METHOD_SIMULATIONS, methodFigures, observedModel } from './method.js';
import { attemptsByTrial, lastAttempts, receiptsByTrial, tabulateOutcomes } from './outcomes.js';
import { reproducibility } from './reproducibility.js';
import { reviewOverlay } from './review-overlay.js';
import { runFilter } from './run-filter.js';
import { skillSelection } from './skill-selection.js';

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
  /**
   * Simulated experiments behind each power and operating figure (default METHOD_SIMULATIONS); 0
   * leaves the simulated figures out (null). No verdict reads them, so a study that scores
   * thousands of simulated runs may skip them.
   */
  simulations?: number;
  /** The corpus's records as the shell read them (readCorpusFacts), for the corpus card; absent or null: no card. */
  corpus?: CorpusFacts | null;
  /** The run that scores was limited to these tasks and arms (`crossover run --task --arm`): the scorecard says what it left out. */
  selection?: RunSelection;
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

/** The receipts that count, by trial: re-runs of the reproducibility subset apart, never in the comparison. */
function indexRun(plan: Plan, planId: string, receipts: readonly Receipt[]) {
  const rerunTrials = plannedTrials(plan)
    .filter((planned) => planned.rerunOf !== null)
    .map((planned) => planned.trial);
  const rerunIds = new Set(rerunTrials.map((trial) => trial.id));
  const attempts = attemptsByTrial(
    plan,
    planId,
    receipts.filter((receipt) => !rerunIds.has(receipt.trial.id)),
  );
  const reruns = receiptsByTrial(
    plan,
    planId,
    receipts.filter((receipt) => rerunIds.has(receipt.trial.id)),
    rerunTrials,
  );
  const outcomes = tabulateOutcomes(plan, attempts);
  return { byTrial: lastAttempts(attempts), reruns, outcomes, cells: tabulateCells(outcomes) };
}

function summarizeArms(plan: Plan, planId: string, cells: CellTable, eligibility: ScoreInput['eligibility']) {
  const recallTasks = new Set(plan.tasks.filter((task) => task.relevantFiles !== null).map((task) => task.id));
  const facts = plan.arms.map((arm) =>
    summarizeArm(
      arm,
      cells.get(arm.id)!,
      recallTasks,
      eligibility?.[arm.id] ?? plannedEligibility(arm),
      planId,
      plan.repeats,
    ),
  );
  const summaries = flagDifferentials(
    facts.map((fact) => fact.summary),
    plan.policy.alpha,
  );
  return { facts: facts.map((fact, i) => ({ ...fact, summary: summaries[i]! })), summaries };
}

/**
 * The scorecard of a plan from its receipts (docs/architecture.md, "Score"): pure and deterministic. Every scheduled
 * trial is counted once, in plan order, so the result does not depend on the order of receipts.
 */
export function buildScorecard(input: ScoreInput): Scorecard {
  const { planId } = input;
  const plan = validateScoreInputs(input.plan, input.receipts, input.eligibility);
  const baseline = soleBaseline(plan);
  const { byTrial, reruns, outcomes, cells } = indexRun(plan, planId, input.receipts);
  const { facts, summaries } = summarizeArms(plan, planId, cells, input.eligibility);
  const matrix = taskMatrix(plan, cells);
  const m = plan.arms.filter((arm) => arm.role === 'treatment').length;
  const model = observedModel({ arms: summaries, matrix, policy: plan.policy, treatments: m });
  const pairing: Pairing = { plan, planId, baseline, cells, summaries: new Map(summaries.map((s) => [s.id, s])) };
  const aa = scoreAa(pairing);
  const simulations = input.simulations ?? METHOD_SIMULATIONS;
  const comparisons = scoreTreatments(pairing, aa, designFigures(plan, planId, model, simulations));
  const { alpha } = plan.policy;
  return {
    schema: SCORECARD_FORMAT,
    planId,
    experiment: { id: plan.experiment.id, title: plan.experiment.title, stage: plan.experiment.stage },
    corpus: { id: plan.corpus.id, version: plan.corpus.version, digest: plan.corpus.digest },
    sandbox: { kind: plan.environment.sandbox.kind, version: plan.environment.sandbox.version },
    synthetic: plan.synthetic || summaries.some((summary) => summary.synthetic),
    policy: plan.policy,
    repeats: plan.repeats,
    family: {
      method: 'holm',
      m,
      alpha,
      simultaneousAlpha: m === 0 ? null : toNumber(dividedBy(fromDecimal(alpha), m)),
    },
    arms: summaries,
    comparisons,
    aa: aa.map(({ result }) => result),
    flips: flipsOf(comparisons, cells, baseline.id),
    matrix,
    gaps: evidenceGaps(plan, facts),
    feasibility: feasibilityGates(plan, [...byTrial.values()]),
    skillSelection: skillSelection(plan, byTrial),
    reproducibility: reproducibility(plan, byTrial, reruns),
    review: reviewOverlay(plan, outcomes, input.reviews ?? []),
    ...(input.corpus ? { corpusCard: corpusCard(input.corpus) } : {}),
    method: methodFigures(plan, planId, model, simulations),
    ...(input.selection ? { filter: runFilter(plan, input.selection, byTrial) } : {}),
  };
}
