import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { PowerAtEffect, Scorecard } from '../contracts/scorecard.js';
import { operatingCharacteristics, type PowerModel, powerTable, simulateScenario } from './power.js';

/** Simulated experiments per figure: ±0.05 at worst (one standard error), cheap enough for every scorecard. */
export const METHOD_SIMULATIONS = 100;
/** The stage-2 sizes a stage-0 or stage-1 scorecard states power for; `crossover power` takes any grid. */
export const SCORECARD_GRID = { effects: [0.1, 0.15, 0.2], tasks: [30, 60, 100], repeats: [3] };
/**
 * Above this many tasks a scorecard states no simulated figures: its test may leave the exact
 * method for Monte Carlo, and simulating that would take longer than scoring. `crossover power`
 * still simulates any size it is asked for.
 */
export const MAX_SIMULATED_TASKS = 150;
/** The effect each treatment's power is stated for (docs/architecture.md, "Score"). */
export const STATED_EFFECT = 0.15;

/** The parts of a scorecard a power model is read from. */
export type ObservedParts = Pick<Scorecard, 'arms' | 'matrix' | 'policy'> & { treatments: number };

/**
 * The power model a run observed: its baseline's per-task rates, and the regression failure rate
 * pooled over every arm's valid trials, for its own family and policy. Null when the baseline has
 * no valid trial to draw rates from. The scorer and `crossover power` both read it this way.
 */
export function observedModel(parts: ObservedParts): PowerModel | null {
  const baselineId = parts.arms.find((arm) => arm.role === 'baseline')?.id;
  const baselineRates = parts.matrix.flatMap((row) =>
    row.cells.flatMap((cell) => (cell.arm === baselineId && cell.rate !== null ? [cell.rate] : [])),
  );
  if (baselineRates.length === 0) return null;
  const valid = parts.arms.reduce((sum, arm) => sum + arm.trials.success + arm.trials.failure, 0);
  const regressions = parts.arms.reduce((sum, arm) => sum + arm.regressionFailures, 0);
  return {
    baselineRates,
    regressionRate: valid === 0 ? 0 : regressions / valid,
    treatments: Math.max(1, parts.treatments),
    policy: parts.policy,
  };
}

function meanRate(model: PowerModel): string {
  return (model.baselineRates.reduce((sum, rate) => sum + rate, 0) / model.baselineRates.length).toFixed(3);
}

/** The method note's figures: operating characteristics at this shape; the stage-2 power table from stage 0 and 1. */
export function methodFigures(plan: Plan, planId: string, model: PowerModel | null): Scorecard['method'] {
  if (model === null || plan.tasks.length > MAX_SIMULATED_TASKS) return { operating: null, power: null };
  const operating = operatingCharacteristics(
    model,
    plan.tasks.length,
    plan.repeats,
    METHOD_SIMULATIONS,
    `${planId}/operating`,
  );
  const basis = `observed: the baseline's rates on ${model.baselineRates.length} tasks (mean ${meanRate(model)}), drawn with replacement`;
  const power =
    plan.experiment.stage !== 2
      ? powerTable(model, SCORECARD_GRID, METHOD_SIMULATIONS, `${planId}/power`, basis)
      : null;
  return { operating, power };
}

/** The power a treatment with this many paired tasks had for a +0.15 effect; null with no paired task. */
export function treatmentPower(
  model: PowerModel | null,
  pairedTasks: number,
  repeats: number,
  planId: string,
): PowerAtEffect | null {
  if (model === null || pairedTasks === 0 || pairedTasks > MAX_SIMULATED_TASKS) return null;
  const scenario = { tasks: pairedTasks, repeats, effect: STATED_EFFECT, aaShift: 0 };
  const result = simulateScenario(model, scenario, METHOD_SIMULATIONS, `${planId}/operating`);
  return { effect: STATED_EFFECT, power: result.better, simulations: METHOD_SIMULATIONS };
}

/** A scorecard's observed model, for `crossover power`. */
export function scorecardModel(scorecard: Scorecard): PowerModel {
  const model = observedModel({ ...scorecard, treatments: scorecard.family.m });
  if (model === null)
    throw new CrossoverError(
      'invalid-input',
      `scorecard ${scorecard.experiment.id}: $.matrix: expected a baseline with at least one valid trial to draw task rates from`,
    );
  return model;
}

export function scorecardBasis(scorecard: Scorecard, model: PowerModel): string {
  return `observed: the baseline's rates on ${model.baselineRates.length} tasks of ${scorecard.experiment.id} (mean ${meanRate(model)}), drawn with replacement`;
}

/** The declared assumption for a plan with no outcomes yet: per-task baseline rates uniform on [0.1, 0.9]. */
export const ASSUMED_RATES: readonly number[] = Array.from({ length: 81 }, (_, i) => (10 + i) / 100);

export function planModel(plan: Plan): PowerModel {
  return {
    baselineRates: ASSUMED_RATES,
    regressionRate: 0,
    treatments: Math.max(1, plan.arms.filter((arm) => arm.role === 'treatment').length),
    policy: plan.policy,
  };
}

export const PLAN_BASIS = 'assumed: per-task baseline rates uniform on [0.1, 0.9] (81 points), no regression failures';
