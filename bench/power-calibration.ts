/**
 * Is `crossover power` calibrated? For several true profiles of per-task baseline rates, this
 * simulates experiments of the stage-2 shape (30 tasks × 3 repeats, a baseline, 3 treatments and an
 * aa-control), scores each from sealed receipts with buildScorecard, and sets the power that
 * `crossover power` predicts from that scorecard (its observed model, its own simulation) beside the
 * power of the same design simulated from the true profile. The raw plug-in prediction (each task's
 * observed rate taken as its true rate, as before the beta-binomial model) is printed for contrast,
 * as is the normal approximation behind every minimum detectable effect. Prints figures; asserts nothing.
 *
 *   npm run bench:calibration          (EXPERIMENTS=4 PREDICTION_SIMULATIONS=400 for a quick look)
 */
import { fixturePlan, fixtureReceipts } from '../fixtures/score/build.js';
import { approximatePower, momentRates } from '../src/score/approximate-power.js';
import { betaDraw } from '../src/score/beta.js';
import { observedBasis, scorecardModel } from '../src/score/method.js';
import { simulateScenario } from '../src/score/power.js';
import type { PowerModel } from '../src/score/power-model.js';
import { powerTable } from '../src/score/power-table.js';
import { seededRandom } from '../src/score/random.js';
import { buildScorecard } from '../src/score/scorecard.js';

const EXPERIMENTS = Number(process.env.EXPERIMENTS ?? 12);
const TRUTH_SIMULATIONS = Number(process.env.TRUTH_SIMULATIONS ?? 6000);
const PREDICTION_SIMULATIONS = Number(process.env.PREDICTION_SIMULATIONS ?? 2000);
const EFFECT = 0.15;
const DESIGN = { tasks: 30, repeats: 3 };
const POLICY = { alpha: 0.05, minTasks: 30, minRepeats: 3, maxDroppedShare: 0.2, regressionTolerance: 0.1 };

/** A true profile as a grid of 2,000 seeded rates, from which each task's rate is drawn. */
function profile(name: string, draw: (random: ReturnType<typeof seededRandom>) => number) {
  const random = seededRandom(`calibration/${name}`);
  return { name, rates: Array.from({ length: 2000 }, () => draw(random)) };
}

const PROFILES = [
  profile('uniform on [0.1, 0.9]', (r) => 0.1 + 0.8 * r.next()),
  profile('Beta(0.5, 0.5): mostly solved or mostly not', (r) => betaDraw(r, 0.5, 0.5)),
  profile('Beta(2, 5): hard corpus', (r) => betaDraw(r, 2, 5)),
  profile('Beta(5, 2): easy corpus', (r) => betaDraw(r, 5, 2)),
  profile('30% at 0.05, 70% at 0.75', (r) => (r.next() < 0.3 ? 0.05 : 0.75)),
];

/**
 * Why the last profile is there: 3 repeats show a corpus's rate distribution only through its first
 * three moments, and this two-point profile has nearly the moments of a U-shaped Beta(0.76, 0.65),
 * whose mass near 1 cannot gain +0.15. At 30 tasks the two are all but indistinguishable, yet their
 * power differs by about 0.2: no estimator from such data is right on both. It marks the limit.
 */
const LIMIT_PROFILE = PROFILES.length - 1;

function gridModel(rates: readonly number[]): PowerModel {
  return { rates: { kind: 'grid', rates }, regressionRate: 0, invalidRate: 0, treatments: 3, policy: POLICY };
}

/** One experiment drawn from the truth and scored from sealed receipts, as a user's run would be. */
function observedScorecard(rates: readonly number[], index: number, name: string) {
  const random = seededRandom(`calibration/${name}/${index}`);
  const plan = fixturePlan({ id: `calibration-${index}`, stage: 2, ...DESIGN, treatments: 3 });
  const taskRate = new Map(plan.tasks.map((task) => [task.id, rates[random.below(rates.length)]!]));
  const { planId, receipts } = fixtureReceipts(plan, (trial) => {
    const p = taskRate.get(trial.taskId)!;
    return { status: random.next() < p ? 'passed' : 'failed' };
  });
  return buildScorecard({ plan, planId, receipts, simulations: 0 });
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const fixed = (value: number) => value.toFixed(3);

const started = process.hrtime.bigint();
console.log(
  `crossover power at ${DESIGN.tasks} tasks × ${DESIGN.repeats} repeats, m = 3, effect +${EFFECT}: truth from ${TRUTH_SIMULATIONS} simulations per profile; ${EXPERIMENTS} observed experiments per profile, each predicted from ${PREDICTION_SIMULATIONS} simulations`,
);
let worst = 0;
for (const [profileIndex, { name, rates }] of PROFILES.entries()) {
  const truth = simulateScenario(
    gridModel(rates),
    { ...DESIGN, effect: EFFECT, aaShift: 0, extraRegression: 0 },
    TRUTH_SIMULATIONS,
    'truth',
  ).detected;
  const truthError = Math.sqrt((truth * (1 - truth)) / TRUTH_SIMULATIONS);
  const predictions: number[] = [];
  const plugIns: number[] = [];
  const approximations: number[] = [];
  for (let index = 0; index < EXPERIMENTS; index += 1) {
    const scorecard = observedScorecard(rates, index, name);
    const model = scorecardModel(scorecard);
    const grid = { effects: [EFFECT], tasks: [DESIGN.tasks], repeats: [DESIGN.repeats] };
    const table = powerTable(
      model,
      grid,
      PREDICTION_SIMULATIONS,
      `${scorecard.planId}/power`,
      observedBasis(model, 'x'),
    );
    predictions.push(table.rows[0]!.power);
    approximations.push(approximatePower(model, momentRates(model, scorecard.planId), DESIGN, EFFECT));
    const observed = model.rates.kind === 'posterior' ? model.rates.tasks.map((t) => t.successes / t.valid) : [];
    plugIns.push(
      simulateScenario(
        gridModel(observed),
        { ...DESIGN, effect: EFFECT, aaShift: 0, extraRegression: 0 },
        PREDICTION_SIMULATIONS,
        'plug-in',
      ).detected,
    );
  }
  const gaps = predictions.map((p) => p - truth);
  if (profileIndex !== LIMIT_PROFILE) worst = Math.max(worst, Math.abs(mean(gaps)));
  console.log(
    `\n${name}${profileIndex === LIMIT_PROFILE ? ' (the limit: beyond what 3 repeats identify, see the source)' : ''}`,
  );
  console.log(`  simulation of the design (truth)   ${fixed(truth)} ± ${fixed(truthError)}`);
  console.log(
    `  crossover power (beta-binomial)    mean ${fixed(mean(predictions))}, range ${fixed(Math.min(...predictions))}–${fixed(Math.max(...predictions))}; mean gap ${mean(gaps) >= 0 ? '+' : ''}${fixed(mean(gaps))}`,
  );
  console.log(`  normal approximation (MDE's basis) mean ${fixed(mean(approximations))}`);
  console.log(`  raw plug-in rates (before)         mean ${fixed(mean(plugIns))}`);
}
const spread = Math.sqrt(0.04 ** 2 / EXPERIMENTS + 0.01 ** 2);
console.log(
  `\nlargest mean gap over the first ${LIMIT_PROFILE} profiles: ${fixed(worst)} (target ≤ 0.05; a mean gap carries about ±${fixed(spread)} of simulation noise here)`,
);
console.log(`took ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s (node ${process.version})`);
