import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { Mde, OperatingCharacteristics, PowerAtEffect, Scorecard } from '../contracts/scorecard.js';
import { minimumDetectableEffect, momentRates, TARGET_POWER } from './approximate-power.js';
import { fitBeta } from './beta.js';
import { simulateScenario } from './power.js';
import { modelSummary, type PowerModel } from './power-model.js';
import { SIZED_EFFECTS, sampleSizes, simulable } from './power-table.js';

/**
 * Simulated experiments per figure, unless the caller asks for another count: a share near 0.5
 * carries a Monte-Carlo standard error of 0.035 (0.015 near 0.05), which every rendering states
 * beside the figure (± 1.96 standard errors). `crossover power` simulates 400 per row by default.
 */
export const METHOD_SIMULATIONS = 200;
/** The effect each treatment's power is stated for (docs/architecture.md, "Score"). */
export const STATED_EFFECT = 0.15;

/** The parts of a scorecard a power model is read from. */
export type ObservedParts = Pick<Scorecard, 'arms' | 'matrix' | 'policy'> & { treatments: number };

/**
 * The power model a run observed: its baseline's per-task counts with their beta-binomial fit,
 * the invalid and regression rates pooled over every arm, its own family and policy. Null when the
 * baseline has no valid trial. The scorer and `crossover power` both read it this way.
 */
export function observedModel(parts: ObservedParts): PowerModel | null {
  const baselineId = parts.arms.find((arm) => arm.role === 'baseline')?.id;
  const tasks = parts.matrix.flatMap((row) =>
    row.cells.flatMap((cell) =>
      cell.arm === baselineId && cell.success + cell.failure > 0
        ? [{ successes: cell.success, valid: cell.success + cell.failure }]
        : [],
    ),
  );
  if (tasks.length === 0) return null;
  const sum = (pick: (arm: Scorecard['arms'][number]) => number) => parts.arms.reduce((s, arm) => s + pick(arm), 0);
  const valid = sum((arm) => arm.trials.success + arm.trials.failure);
  const invalid = sum((arm) => arm.trials.invalid);
  return {
    rates: { kind: 'posterior', tasks, ...fitBeta(tasks) },
    regressionRate: valid === 0 ? 0 : sum((arm) => arm.regressionFailures) / valid,
    invalidRate: Math.min(0.99, valid + invalid === 0 ? 0 : invalid / (valid + invalid)),
    treatments: Math.max(1, parts.treatments),
    policy: parts.policy,
  };
}

export function observedBasis(model: PowerModel, experiment: string): string {
  const tasks = model.rates.kind === 'posterior' ? model.rates.tasks.length : 0;
  return `observed: the baseline's counts on ${tasks} tasks of ${experiment}, each simulated task drawn from one of them with its rate from that task's beta-binomial posterior`;
}

/** What this experiment's test and gates can do at its own shape: false blocks, detection, error. */
function operatingCharacteristics(
  model: PowerModel,
  design: { tasks: number; repeats: number; simulations: number },
  seed: string,
): OperatingCharacteristics {
  const { tasks, repeats, simulations } = design;
  const run = (aaShift: number, extraRegression = 0) =>
    simulateScenario(model, { tasks, repeats, effect: 0, aaShift, extraRegression }, simulations, seed);
  const nullResult = run(0);
  return {
    seed,
    simulations,
    tasks,
    repeats,
    treatments: model.treatments,
    familyWiseError: nullResult.anyClaim,
    aaFalseBlock: nullResult.aaBlocks,
    aaDetects005: run(-0.05).aaBlocks,
    aaDetects010: run(-0.1).aaBlocks,
    regressionFalseBlock: nullResult.regressionBlocks,
    regressionFalsePass: run(0, model.policy.regressionTolerance).regressionHolds,
  };
}

/** The method note's figures: the model; operating characteristics at stage 2; the sample-size table below it. */
export function methodFigures(
  plan: Plan,
  planId: string,
  model: PowerModel | null,
  simulations: number,
): Scorecard['method'] {
  if (model === null) return { model: null, operating: null, power: null };
  const summary = modelSummary(model, observedBasis(model, plan.experiment.id));
  const stage2 = plan.experiment.stage === 2;
  const design = { tasks: plan.tasks.length, repeats: plan.repeats, simulations };
  const operating =
    stage2 && simulations > 0 && simulable(design.tasks, design.repeats)
      ? operatingCharacteristics(model, design, `${planId}/operating`)
      : null;
  const seed = `${planId}/power`;
  const power = stage2
    ? null
    : {
        model: summary,
        seed,
        simulations: 0,
        target: TARGET_POWER,
        rows: [],
        needed: sampleSizes(model, { effects: SIZED_EFFECTS, repeats: [3, 5] }, 0, seed, false),
      };
  return { model: summary, operating, power };
}

/**
 * The figures of each treatment's design: the power the experiment had at the stated effect (stage 2
 * only, where a verdict can claim anything; simulated at the scheduled tasks, the model's invalid
 * rate dropping tasks as the missing-data rule does, so it is one figure for every treatment, from
 * one seed), and the minimum detectable effect at the treatment's own paired tasks.
 */
export function designFigures(plan: Plan, planId: string, model: PowerModel | null, simulations: number) {
  const tasks = plan.tasks.length;
  const simulate = model !== null && simulations > 0 && plan.experiment.stage === 2 && simulable(tasks, plan.repeats);
  const scenario = { tasks, repeats: plan.repeats, effect: STATED_EFFECT, aaShift: 0, extraRegression: 0 };
  const power: PowerAtEffect | null = simulate
    ? {
        effect: STATED_EFFECT,
        power: simulateScenario(model, scenario, simulations, `${planId}/power`).detected,
        simulations,
      }
    : null;
  const rates = model === null ? [] : momentRates(model, `${planId}/power`);
  const mdes = new Map<number, Mde | null>();
  return (pairedTasks: number): { power: PowerAtEffect | null; mde: Mde | null } => {
    if (!mdes.has(pairedTasks)) {
      const design = { tasks, repeats: plan.repeats, paired: pairedTasks };
      mdes.set(pairedTasks, model === null || pairedTasks === 0 ? null : minimumDetectableEffect(model, rates, design));
    }
    return { power, mde: mdes.get(pairedTasks)! };
  };
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

/** The declared assumption for a plan with no outcomes yet: per-task baseline rates uniform on [0.1, 0.9]. */
export const ASSUMED_RATES: readonly number[] = Array.from({ length: 81 }, (_, i) => (10 + i) / 100);

export function planModel(plan: Plan): PowerModel {
  return {
    rates: { kind: 'grid', rates: ASSUMED_RATES },
    regressionRate: 0,
    invalidRate: 0,
    treatments: Math.max(1, plan.arms.filter((arm) => arm.role === 'treatment').length),
    policy: plan.policy,
  };
}

export const PLAN_BASIS =
  'assumed: per-task baseline rates uniform on [0.1, 0.9] (81 points), no invalid trials, no regression failures';
