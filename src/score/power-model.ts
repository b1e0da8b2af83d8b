import { CrossoverError } from '../contracts/errors.js';
import type { Policy } from '../contracts/experiment.js';
import type { PowerModelSummary } from '../contracts/scorecard.js';
import { betaDraw, type TaskCount } from './beta.js';
import type { Random } from './random.js';
import { requireProbability } from './require.js';

/**
 * Where a simulated task's baseline rate comes from: a task of the observed corpus drawn with
 * replacement, its rate from that task's beta-binomial posterior (observed); or a point of a
 * declared grid (an assumption, or a benchmark's true profile).
 */
export type RateSource =
  | { kind: 'posterior'; tasks: readonly TaskCount[]; a: number; b: number }
  | { kind: 'grid'; rates: readonly number[] };

/**
 * What a simulated experiment is drawn from, and the preregistered family and policy it is judged
 * by: the scorer's own test, Holm in exact rationals, the same gates, the same missing-data rule.
 */
export interface PowerModel {
  rates: RateSource;
  /** Per-trial chance of a failed regression check, in every arm. */
  regressionRate: number;
  /** Per-trial chance that a trial is invalid after its re-attempts, in every arm. */
  invalidRate: number;
  /** m ≥ 1: the Holm family. Treatment 1 carries the effect; the others are null. */
  treatments: number;
  policy: Pick<Policy, 'alpha' | 'minTasks' | 'minRepeats' | 'maxDroppedShare' | 'regressionTolerance'>;
}

/** A baseline rate for one simulated task. */
export function drawRate(source: RateSource, random: Random): number {
  if (source.kind === 'grid') return source.rates[random.below(source.rates.length)]!;
  const task = source.tasks[random.below(source.tasks.length)]!;
  return betaDraw(random, source.a + task.successes, source.b + task.valid - task.successes);
}

/** The model's mean baseline rate: the grid's mean, or the mean of the tasks' posterior means. */
export function meanRate(source: RateSource): number {
  if (source.kind === 'grid') return source.rates.reduce((sum, rate) => sum + rate, 0) / source.rates.length;
  const { a, b, tasks } = source;
  return tasks.reduce((sum, t) => sum + (a + t.successes) / (a + b + t.valid), 0) / tasks.length;
}

export function requireModel(model: PowerModel): void {
  const { rates } = model;
  const size = rates.kind === 'grid' ? rates.rates.length : rates.tasks.length;
  if (size === 0)
    throw new CrossoverError('invalid-input', 'power: expected at least one baseline task rate to draw tasks from');
  if (rates.kind === 'grid')
    for (const [index, rate] of rates.rates.entries()) requireProbability(rate, `power rates[${index}]`);
  else if (!(rates.a > 0 && rates.b > 0))
    throw new CrossoverError('invalid-input', `power: expected a beta prior with a, b > 0, got ${rates.a}, ${rates.b}`);
  requireProbability(model.regressionRate, 'power regressionRate');
  requireProbability(model.invalidRate, 'power invalidRate');
  if (model.invalidRate >= 1) throw new CrossoverError('invalid-input', 'power: expected an invalid rate below 1');
  if (!Number.isSafeInteger(model.treatments) || model.treatments < 1)
    throw new CrossoverError('invalid-input', `power: expected at least one treatment, got ${model.treatments}`);
}

/** The model as a scorecard or `crossover power` states it. */
export function modelSummary(model: PowerModel, basis: string): PowerModelSummary {
  const { rates } = model;
  return {
    basis,
    tasks: rates.kind === 'posterior' ? rates.tasks.length : 0,
    prior: rates.kind === 'posterior' ? { a: rates.a, b: rates.b } : null,
    meanRate: meanRate(rates),
    invalidRate: model.invalidRate,
    regressionRate: model.regressionRate,
    treatments: model.treatments,
  };
}
