import { CrossoverError } from '../contracts/errors.js';
import { claim, rejects } from './decisions.js';
import { dividedBy, type Fraction, fromDecimal } from './fraction.js';
import { holmAdjustExact } from './holm.js';
import { droppableTasks } from './missing-data.js';
import { type CellCount, type CountPair, pairedTests } from './paired-test.js';
import { drawRate, type PowerModel, requireModel } from './power-model.js';
import { type Random, seededRandom } from './random.js';
import { regressionGateHolds } from './regression-gate.js';
import { requireCount } from './require.js';

export interface Scenario {
  tasks: number;
  repeats: number;
  /** True change in success probability of treatment 1 on every task, clipped to [0, 1]. */
  effect: number;
  /** True shift of the A/A arm against the baseline (0 under the null). */
  aaShift: number;
  /** Treatment 1's regression failure rate above the shared one (0: none). */
  extraRegression: number;
}

/** Shares of simulated experiments, per outcome. */
export interface ScenarioResult {
  /** Treatment 1 is called better (worse, for a negative effect). */
  detected: number;
  /** Some treatment is called better or worse (under the null: a family-wise error). */
  anyClaim: number;
  /** The A/A gate blocks. */
  aaBlocks: number;
  /** The regression gate blocks some treatment. */
  regressionBlocks: number;
  /** Treatment 1's regression gate holds. */
  regressionHolds: number;
}

const clip = (p: number) => Math.min(1, Math.max(0, p));

/** One cell: each repeat invalid at the model's rate; each valid one succeeds with p and regresses with r. */
function cell(random: Random, repeats: number, p: number, regression: number, invalid: number): CellCount {
  const counts = { successes: 0, valid: 0, regressions: 0 };
  for (let i = 0; i < repeats; i += 1) {
    if (invalid > 0 && random.next() < invalid) continue;
    counts.valid += 1;
    if (random.next() < p) counts.successes += 1;
    if (regression > 0 && random.next() < regression) counts.regressions += 1;
  }
  return counts;
}

/** Per arm (0: the A/A control, 1: the treatment with the effect, then null treatments), its complete pairs. */
function drawPairs(model: PowerModel, scenario: Scenario, random: Random): { pairs: CountPair[][]; dropped: number[] } {
  const { tasks, repeats, effect, aaShift, extraRegression } = scenario;
  const arms = model.treatments + 1;
  const pairs: CountPair[][] = Array.from({ length: arms }, () => []);
  const dropped = new Array<number>(arms).fill(0);
  const { regressionRate: r, invalidRate: invalid } = model;
  for (let t = 0; t < tasks; t += 1) {
    const p = drawRate(model.rates, random);
    const baseline = cell(random, repeats, p, r, invalid);
    for (let arm = 0; arm < arms; arm += 1) {
      const shifted = arm === 0 ? p + aaShift : arm === 1 ? p + effect : p;
      const regression = arm === 1 ? clip(r + extraRegression) : r;
      const armCell = cell(random, repeats, clip(shifted), regression, invalid);
      if (armCell.valid === repeats && baseline.valid === repeats) pairs[arm]!.push({ arm: armCell, baseline });
      else dropped[arm]! += 1;
    }
  }
  return { pairs, dropped };
}

/** An experiment as counts: per arm (0: the A/A control, then the treatments) its complete pairs and dropped tasks. */
export interface CountedExperiment {
  tasks: number;
  repeats: number;
  pairs: readonly (readonly CountPair[])[];
  dropped: readonly number[];
}

/**
 * The verdict rules of a stage-2 run on counts alone, as the scorer applies them: the missing-data
 * rule, the tasks and repeats gates, the one A/A rule, the regression bound, Holm and the sign of
 * Σd_t. Per treatment, its claim (null: none). bench/kit.ts checks it against buildScorecard.
 */
export function judgeCounts(policy: PowerModel['policy'], experiment: CountedExperiment, seed: string) {
  const { pairs, dropped } = experiment;
  const alpha = fromDecimal(policy.alpha);
  const allowed = droppableTasks(experiment.tasks, policy.maxDroppedShare);
  // Holm compares a treatment's p with α/k for k = 1..m; the A/A test with α.
  const holmLevels: Fraction[] = Array.from({ length: pairs.length - 1 }, (_, k) => dividedBy(alpha, k + 1));
  const [aa, ...treatments] = pairs.map((list, arm) =>
    pairedTests(list, `${seed}/${arm}`, arm === 0 ? [alpha] : holmLevels),
  );
  const complete = dropped.map((count, arm) => count <= allowed && pairs[arm]!.length > 0);
  const aaBlocks = !complete[0] || rejects(aa!.test.p, alpha);
  const regressionHeld = pairs
    .slice(1)
    .map((list) => regressionGateHolds(list, policy.regressionTolerance, policy.alpha));
  const sized = experiment.tasks >= policy.minTasks && experiment.repeats >= policy.minRepeats;
  const adjusted = holmAdjustExact(treatments.map((tests) => tests.test.p));
  const claims = treatments.map((tests, i) =>
    complete[i + 1] && sized && !aaBlocks && regressionHeld[i]
      ? claim(adjusted[i]!, tests.differences.sum, alpha)
      : null,
  );
  return { claims, aaBlocks, regressionHeld };
}

/** One simulated experiment, judged as the scorer judges a stage-2 run. */
function simulateOnce(model: PowerModel, scenario: Scenario, random: Random, seed: string) {
  const { pairs, dropped } = drawPairs(model, scenario, random);
  const { claims, aaBlocks, regressionHeld } = judgeCounts(model.policy, { ...scenario, pairs, dropped }, seed);
  return {
    detected: claims[0] === (scenario.effect < 0 ? 'worse' : 'better'),
    anyClaim: claims.some((c) => c !== null),
    aaBlocks,
    regressionBlocks: regressionHeld.some((held) => !held),
    regressionHolds: regressionHeld[0]!,
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
  const { tasks, repeats, effect, aaShift, extraRegression } = scenario;
  const key = `${seed}/${tasks}x${repeats}/${effect}/${aaShift}/${extraRegression}`;
  const random = seededRandom(`power/${key}`);
  const totals: ScenarioResult = { detected: 0, anyClaim: 0, aaBlocks: 0, regressionBlocks: 0, regressionHolds: 0 };
  for (let s = 0; s < simulations; s += 1) {
    const once = simulateOnce(model, scenario, random, `${key}/${s}`);
    for (const name of Object.keys(totals) as (keyof ScenarioResult)[]) if (once[name]) totals[name] += 1;
  }
  for (const name of Object.keys(totals) as (keyof ScenarioResult)[]) totals[name] /= simulations;
  return totals;
}
