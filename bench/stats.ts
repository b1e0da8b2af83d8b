/**
 * Operating characteristics of the preregistered analysis at the stage-2 shape: 30 tasks × 3
 * repeats, a baseline, 3 treatments and an aa-control, per-task baseline success probability
 * p ~ U(0.1, 0.9) (an 801-point grid), every simulated experiment judged by the scorer's own
 * test, Holm family and gates (src/score/power.ts). Prints figures; asserts nothing.
 *
 *   npm run bench:stats            (SIMULATIONS=2000 npm run bench:stats for a quick look)
 */
import { simulateScenario } from '../src/score/power.js';
import type { PowerModel } from '../src/score/power-model.js';
import { aaDetectionCeiling } from './aa-ceiling.js';

const SIMULATIONS = Number(process.env.SIMULATIONS ?? 20_000);
/** Experiments behind each A/A ceiling (each costs 2 × 2000 draws of the statistic). */
const CEILING_EXPERIMENTS = Number(process.env.CEILING_EXPERIMENTS ?? 400);
const SHAPE = { tasks: 30, repeats: 3 };
const RATES = Array.from({ length: 801 }, (_, i) => 0.1 + (0.8 * i) / 800);
const model: PowerModel = {
  rates: { kind: 'grid', rates: RATES },
  regressionRate: 0,
  invalidRate: 0,
  treatments: 3,
  policy: { alpha: 0.05, minTasks: 30, minRepeats: 3, maxDroppedShare: 0.2, regressionTolerance: 0.1 },
};

function figure(label: string, value: number, target: string): void {
  const error = Math.sqrt((value * (1 - value)) / SIMULATIONS);
  console.log(`${label.padEnd(66)} ${value.toFixed(3)} ± ${error.toFixed(3)}   ${target}`);
}

function scenario(effect: number, aaShift: number, regressionRate = 0) {
  return simulateScenario(
    { ...model, regressionRate },
    { ...SHAPE, effect, aaShift, extraRegression: 0 },
    SIMULATIONS,
    `bench-stats/${regressionRate}`,
  );
}

const started = process.hrtime.bigint();
console.log(
  `stage-2 shape: ${SHAPE.tasks} tasks × ${SHAPE.repeats} repeats, m = 3 treatments + aa-control, p ~ U(0.1, 0.9); ${SIMULATIONS} simulations per figure (± one standard error)`,
);
const nullRun = scenario(0, 0);
figure('null: family-wise error (any treatment better or worse)', nullRun.anyClaim, 'target ≤ 0.05');
figure('power at +0.15 (treatment called better)', scenario(0.15, 0).detected, 'target ≥ 0.33');
figure('power at +0.30', scenario(0.3, 0).detected, '');
figure('A/A gate: false blocks under the null', nullRun.aaBlocks, 'target ≤ 0.05');
figure('A/A gate: detection of a real −0.05 A/A shift', scenario(0, -0.05).aaBlocks, '');
figure('A/A gate: detection of a real −0.10 A/A shift', scenario(0, -0.1).aaBlocks, 'issue target ≥ 0.48');
// What no gate with a false-block rate of exactly α at every task difficulty can beat (bench/aa-ceiling.ts).
for (const [alpha, side] of [
  [0.05, 'one-sided at α = 0.05'],
  [0.025, 'one side of a two-sided α = 0.05'],
] as const) {
  const ceiling = aaDetectionCeiling({
    baselineRates: RATES,
    ...SHAPE,
    shift: -0.1,
    alpha,
    experiments: CEILING_EXPERIMENTS,
    seed: `bench-stats/${alpha}`,
  });
  console.log(
    `${`  ceiling at −0.10, any similar test, ${side}`.padEnd(66)} ${ceiling.power.toFixed(3)} ± ${ceiling.error.toFixed(3)}   (${CEILING_EXPERIMENTS} experiments; told every task's p)`,
  );
}
const regressed = scenario(0, 0, 0.03);
figure('regression gate: false blocks (any treatment), 3% shared rate', regressed.regressionBlocks, '');
figure('power at +0.30 with a 3% shared regression rate', scenario(0.3, 0, 0.03).detected, '');
console.log(`took ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s (node ${process.version})`);
