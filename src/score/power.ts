import { CrossoverError } from '../contracts/errors.js';
import type { Policy } from '../contracts/experiment.js';
import type { OperatingCharacteristics, PowerTable } from '../contracts/scorecard.js';
import { claim, rejects } from './decisions.js';
import { dividedBy, fromDecimal } from './fraction.js';
import { holmAdjustExact } from './holm.js';
import { type CellCount, type CountPair, pairedTests } from './paired-test.js';
import { type Random, seededRandom } from './random.js';
import { requireCount, requireProbability } from './require.js';

/**
 * What a simulated experiment is drawn from: per-task baseline success probabilities (tasks are
 * drawn from these with replacement), a regression failure rate shared by every arm, and the
 * preregistered family and policy. The analysis is the scorer's own: pairedTests, Holm in exact
 * rationals, the same gates and the same claim rule.
 */
export interface PowerModel {
  baselineRates: readonly number[];
  regressionRate: number;
  /** m ≥ 1: the Holm family. Treatment 1 carries the effect; the others are null. */
  treatments: number;
  policy: Pick<Policy, 'alpha' | 'minTasks' | 'minRepeats'>;
}

export interface Scenario {
  tasks: number;
  repeats: number;
  /** True gain in success probability of treatment 1 on every task, clipped to [0, 1]. */
  effect: number;
  /** True shift of the A/A arm against the baseline (0 under the null). */
  aaShift: number;
}

/** Shares of simulated experiments, per outcome. */
export interface ScenarioResult {
  /** Treatment 1 is called better. */
  better: number;
  /** Some treatment is called better or worse (under the null: a family-wise error). */
  anyClaim: number;
  /** The A/A gate blocks. */
  aaBlocks: number;
  /** The regression gate blocks some treatment. */
  regressionBlocks: number;
}

export const POWER_TARGET = 0.8;

function requireModel(model: PowerModel): void {
  if (model.baselineRates.length === 0)
    throw new CrossoverError('invalid-input', 'power: expected at least one baseline task rate to draw tasks from');
  for (const [index, rate] of model.baselineRates.entries()) requireProbability(rate, `power baselineRates[${index}]`);
  requireProbability(model.regressionRate, 'power regressionRate');
  if (!Number.isSafeInteger(model.treatments) || model.treatments < 1)
    throw new CrossoverError('invalid-input', `power: expected at least one treatment, got ${model.treatments}`);
}

const clip = (p: number) => Math.min(1, Math.max(0, p));

function binomial(random: Random, trials: number, p: number): number {
  let k = 0;
  for (let i = 0; i < trials; i += 1) if (random.next() < p) k += 1;
  return k;
}

function cell(random: Random, repeats: number, p: number, regressionRate: number): CellCount {
  return {
    successes: binomial(random, repeats, p),
    valid: repeats,
    regressions: binomial(random, repeats, regressionRate),
  };
}

/** One simulated experiment, judged as the scorer judges a stage-2 run with complete trials. */
function simulateOnce(model: PowerModel, scenario: Scenario, random: Random, seed: string) {
  const { tasks, repeats, effect, aaShift } = scenario;
  const arms = model.treatments + 1;
  const pairs: CountPair[][] = Array.from({ length: arms }, () => []);
  for (let t = 0; t < tasks; t += 1) {
    const p = model.baselineRates[random.below(model.baselineRates.length)]!;
    const baseline = cell(random, repeats, p, model.regressionRate);
    for (let arm = 0; arm < arms; arm += 1) {
      // arm 0 is the A/A control, arm 1 the treatment with the effect, the rest null treatments.
      const shifted = arm === 0 ? p + aaShift : arm === 1 ? p + effect : p;
      pairs[arm]!.push({ arm: cell(random, repeats, clip(shifted), model.regressionRate), baseline });
    }
  }
  const alpha = fromDecimal(model.policy.alpha);
  // Holm compares a treatment's p with α/k for k = 1..m; the A/A and regression tests with α.
  const holmLevels = Array.from({ length: model.treatments }, (_, k) => dividedBy(alpha, k + 1));
  const [aa, ...treatments] = pairs.map((list, arm) =>
    pairedTests(list, `${seed}/${arm}`, { test: arm === 0 ? [alpha] : holmLevels, regression: [alpha] }),
  );
  const aaBlocks = rejects(aa!.test.p, alpha);
  const regressionBlocked = treatments.map((tests) => rejects(tests.regression.p, alpha));
  const sized = tasks >= model.policy.minTasks && repeats >= model.policy.minRepeats;
  const adjusted = holmAdjustExact(treatments.map((tests) => tests.test.p));
  const claims = treatments.map((tests, i) =>
    sized && !aaBlocks && !regressionBlocked[i] ? claim(adjusted[i]!, tests.differences.sum, alpha) : null,
  );
  return {
    better: claims[0] === 'better',
    anyClaim: claims.some((c) => c !== null),
    aaBlocks,
    regressionBlocks: regressionBlocked.some(Boolean),
  };
}

/** Simulates one scenario `simulations` times from a generator seeded by `seed` and the scenario. */
export function simulateScenario(
  model: PowerModel,
  scenario: Scenario,
  simulations: number,
  seed: string,
): ScenarioResult {
  requireModel(model);
  requireCount(scenario.tasks, 'power scenario tasks');
  requireCount(scenario.repeats, 'power scenario repeats');
  if (!Number.isSafeInteger(simulations) || simulations < 1)
    throw new CrossoverError('invalid-input', `power: expected at least one simulation, got ${simulations}`);
  const key = `${seed}/${scenario.tasks}x${scenario.repeats}/${scenario.effect}/${scenario.aaShift}`;
  const random = seededRandom(`power/${key}`);
  const totals = { better: 0, anyClaim: 0, aaBlocks: 0, regressionBlocks: 0 };
  for (let s = 0; s < simulations; s += 1) {
    const once = simulateOnce(model, scenario, random, `${key}/${s}`);
    for (const name of Object.keys(totals) as (keyof ScenarioResult)[]) if (once[name]) totals[name] += 1;
  }
  return {
    better: totals.better / simulations,
    anyClaim: totals.anyClaim / simulations,
    aaBlocks: totals.aaBlocks / simulations,
    regressionBlocks: totals.regressionBlocks / simulations,
  };
}

export interface PowerGrid {
  effects: readonly number[];
  tasks: readonly number[];
  repeats: readonly number[];
}

export const DEFAULT_GRID: PowerGrid = { effects: [0.1, 0.15, 0.2], tasks: [30, 60, 100], repeats: [3, 5] };

/** Power per grid point, and per effect the cheapest point (fewest trials, then fewest tasks) reaching the target. */
export function powerTable(
  model: PowerModel,
  grid: PowerGrid,
  simulations: number,
  seed: string,
  basis: string,
): PowerTable {
  const rows = grid.effects.flatMap((effect) =>
    grid.tasks.flatMap((tasks) =>
      grid.repeats.map((repeats) => ({
        effect,
        tasks,
        repeats,
        power: simulateScenario(model, { tasks, repeats, effect, aaShift: 0 }, simulations, seed).better,
      })),
    ),
  );
  const needed = grid.effects.map((effect) => {
    const enough = rows
      .filter((row) => row.effect === effect && row.power >= POWER_TARGET)
      .sort((a, b) => a.tasks * a.repeats - b.tasks * b.repeats || a.tasks - b.tasks);
    const best = enough[0];
    return { effect, tasks: best?.tasks ?? null, repeats: best?.repeats ?? null };
  });
  return {
    basis,
    seed,
    simulations,
    treatments: model.treatments,
    regressionRate: model.regressionRate,
    target: POWER_TARGET,
    rows,
    needed,
  };
}

/** What this experiment's test and gates can do at its own shape: false blocks, detection, error. */
export function operatingCharacteristics(
  model: PowerModel,
  tasks: number,
  repeats: number,
  simulations: number,
  seed: string,
): OperatingCharacteristics {
  const run = (aaShift: number) => simulateScenario(model, { tasks, repeats, effect: 0, aaShift }, simulations, seed);
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
  };
}
