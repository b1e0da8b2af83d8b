import type { Mde, SampleSize } from '../contracts/scorecard.js';
import { normalQuantile } from './normal-quantile.js';
import { drawRate, type PowerModel } from './power-model.js';
import { seededRandom } from './random.js';

/**
 * The scorer's power in closed form, for what simulation cannot reach cheaply (the minimum
 * detectable effect of every verdict, the tasks needed for small effects). Per task the paired
 * difference d_t has mean μ = E[q − p] and variance σ² = Var(q − p) + E[q(1 − q) + p(1 − p)]/r,
 * with p the model's baseline rate and q = clip(p + δ). The sign-flip test rejects at level
 * α/m (Holm's first step, where a lone real effect is tested) when Σd_t exceeds z·sqrt(Σd_t²), so
 *   power ≈ (1 − α) · Φ((√n'·|μ| − z·sqrt(σ² + μ²)) / σ),
 * with n' the tasks expected to stay paired at the model's invalid rate and 1 − α the chance the
 * A/A gate does not block. bench/power-calibration.ts sets it beside the simulation.
 */

/** Rates the moments are averaged over: the grid itself, or seeded draws from the posterior model. */
const MOMENT_DRAWS = 4000;

/** Standard normal CDF from Numerical Recipes' complementary error function erfcc (fractional error below 1.2e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** The baseline rates the moments average over, fixed per model so the figures are byte-stable. */
export function momentRates(model: PowerModel, seed: string): readonly number[] {
  if (model.rates.kind === 'grid') return model.rates.rates;
  const random = seededRandom(`moments/${seed}`);
  return Array.from({ length: MOMENT_DRAWS }, () => drawRate(model.rates, random));
}

export interface Design {
  /** Scheduled tasks: the tasks gate reads these. */
  tasks: number;
  repeats: number;
  /** Tasks in the pairs; absent: those expected to stay at the model's invalid rate. */
  paired?: number;
}

/** The approximate chance that the scorer calls a true change δ better (worse for δ < 0) at this design. */
export function approximatePower(model: PowerModel, rates: readonly number[], design: Design, effect: number): number {
  const { alpha, minTasks, minRepeats } = model.policy;
  if (design.tasks < minTasks || design.repeats < minRepeats || effect === 0) return 0;
  let sum = 0;
  let squares = 0;
  let within = 0;
  for (const p of rates) {
    const q = Math.min(1, Math.max(0, p + effect));
    sum += q - p;
    squares += (q - p) ** 2;
    within += q * (1 - q) + p * (1 - p);
  }
  const mean = sum / rates.length;
  const variance = Math.max(0, squares / rates.length - mean ** 2) + within / rates.length / design.repeats;
  if (variance === 0 || Math.sign(mean) !== Math.sign(effect)) return 0;
  const paired = design.paired ?? design.tasks * (1 - model.invalidRate) ** (2 * design.repeats);
  const z = normalQuantile(1 - alpha / (2 * model.treatments));
  const sd = Math.sqrt(variance);
  return (1 - alpha) * normalCdf((Math.sqrt(paired) * Math.abs(mean) - z * Math.sqrt(variance + mean ** 2)) / sd);
}

/** Smallest |δ| in (0, 1] on one side whose approximate power reaches `target`; null when none does. */
function smallestEffect(
  model: PowerModel,
  rates: readonly number[],
  design: Design,
  target: number,
  sign: 1 | -1,
): number | null {
  if (approximatePower(model, rates, design, sign) < target) return null;
  let lo = 0;
  let hi = 1;
  for (let step = 0; step < 40; step += 1) {
    const mid = (lo + hi) / 2;
    if (approximatePower(model, rates, design, sign * mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

export const TARGET_POWER = 0.8;

/** The minimum detectable gain and loss of this design at α/m and the target power. */
export function minimumDetectableEffect(model: PowerModel, rates: readonly number[], design: Design): Mde {
  return {
    gain: smallestEffect(model, rates, design, TARGET_POWER, 1),
    loss: smallestEffect(model, rates, design, TARGET_POWER, -1),
    power: TARGET_POWER,
    alpha: model.policy.alpha / model.treatments,
    tasks: design.paired ?? design.tasks,
    repeats: design.repeats,
    method: 'normal-approximation',
  };
}

/** Most tasks the sample-size table looks at. */
export const MAX_TABLE_TASKS = 5000;

/** Fewest tasks (at least the policy's minimum) at which the approximate power reaches the target. */
export function tasksNeeded(
  model: PowerModel,
  rates: readonly number[],
  effect: number,
  repeats: number,
): SampleSize['tasks'] {
  const reaches = (tasks: number) => approximatePower(model, rates, { tasks, repeats }, effect) >= TARGET_POWER;
  if (!reaches(MAX_TABLE_TASKS)) return null;
  let lo = Math.max(1, model.policy.minTasks) - 1;
  let hi = MAX_TABLE_TASKS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
