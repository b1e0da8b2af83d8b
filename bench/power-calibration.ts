/**
 * Is `crossover power` calibrated? For several true profiles of per-task baseline rates, this
 * simulates experiments of the stage-2 shape (30 tasks × 3 repeats, a baseline, 3 treatments and an
 * aa-control), scores each from sealed receipts with buildScorecard, and sets the power that
 * `crossover power` predicts from that scorecard (its observed model, its own simulation) beside the
 * power of the same design simulated from the true profile. The raw plug-in prediction (each task's
 * observed rate taken as its true rate, as before the beta-binomial model) is printed for contrast,
 * as are the normal approximation behind every minimum detectable effect and a nonparametric
 * estimate of the rate distribution (a model free of the beta's shape, and what that costs on the
 * smooth profiles). Prints figures; asserts nothing.
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

/**
 * Two profiles a corpus's counts cannot tell apart: the two-point profile, and the profile on 0, x
 * and 1 with the same first three moments. With 3 repeats a task's counts show its rate only
 * through E[p], E[p²] and E[p³], so the two give the same distribution of successes per task
 * (printed below), yet the partner's mass at 1 cannot gain +0.15.
 */
const TWO_POINT = [
  { rate: 0.1, share: 0.3 },
  { rate: 0.8, share: 0.7 },
] as const;
const PARTNER = momentPartner(TWO_POINT);

type Atoms = readonly { rate: number; share: number }[];

/** The atoms on 0, x and 1 whose first three moments are those of `atoms`. */
function momentPartner(atoms: Atoms): Atoms {
  const moment = (k: number) => atoms.reduce((sum, { rate, share }) => sum + share * rate ** k, 0);
  const x = (moment(2) - moment(3)) / (moment(1) - moment(2));
  const middle = (moment(1) - moment(2)) / (x * (1 - x));
  const top = moment(1) - middle * x;
  return [
    { rate: 0, share: 1 - middle - top },
    { rate: x, share: middle },
    { rate: 1, share: top },
  ];
}

const choose = (n: number, k: number): number => (k === 0 || k === n ? 1 : choose(n - 1, k - 1) + choose(n - 1, k));

/** P(k successes of `repeats`) for k = 0..repeats: all that a task's counts show of its rate. */
function countDistribution(atoms: Atoms, repeats: number): number[] {
  return Array.from({ length: repeats + 1 }, (_, k) =>
    atoms.reduce(
      (sum, { rate, share }) => sum + share * choose(repeats, k) * rate ** k * (1 - rate) ** (repeats - k),
      0,
    ),
  );
}

/** A profile of atoms, as 2,000 seeded draws like the others. */
function atomsProfile(atoms: Atoms) {
  const name = atoms.map(({ rate, share }) => `${(share * 100).toFixed(1)}% at ${rate.toFixed(3)}`).join(', ');
  return profile(name, (random) => {
    let u = random.next();
    for (const { rate, share } of atoms) {
      if (u < share) return rate;
      u -= share;
    }
    return atoms[atoms.length - 1]!.rate;
  });
}

/** The grid of rates the nonparametric estimate puts its mass on. */
const NPMLE_GRID = Array.from({ length: 41 }, (_, j) => j / 40);
const NPMLE_ROUNDS = 400;

/**
 * The nonparametric maximum-likelihood estimate of the corpus's rate distribution (a discrete
 * mixing distribution on NPMLE_GRID, by EM from the tasks' counts), as 1,000 weighted grid points.
 */
function npmleRates(tasks: readonly { successes: number; valid: number }[]): number[] {
  const likelihoods = tasks.map(({ successes, valid }) =>
    NPMLE_GRID.map((rate) => rate ** successes * (1 - rate) ** (valid - successes)),
  );
  let weights = NPMLE_GRID.map(() => 1 / NPMLE_GRID.length);
  for (let round = 0; round < NPMLE_ROUNDS; round += 1) {
    const next = NPMLE_GRID.map(() => 0);
    for (const row of likelihoods) {
      const total = row.reduce((sum, value, j) => sum + weights[j]! * value, 0);
      row.forEach((value, j) => {
        next[j]! += (weights[j]! * value) / total / likelihoods.length;
      });
    }
    weights = next;
  }
  return NPMLE_GRID.flatMap((rate, j) => new Array<number>(Math.round(weights[j]! * 1000)).fill(rate));
}

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
  atomsProfile(TWO_POINT),
  atomsProfile(PARTNER),
];

/**
 * Why the last two profiles are there: their corpora are the same in distribution, so any
 * prediction from counts has the same mean on both, and misses one of them by at least half the
 * difference of their true powers. That difference is about 0.25: no predictor from 3 repeats is
 * within ±0.05 at every profile, and these two mark where crossover power's beta-binomial model
 * misses, shown, not hidden. The nonparametric estimate misses them too, and pays on smooth profiles.
 */
const LIMIT_PROFILES = 2;
const SMOOTH_PROFILES = PROFILES.length - LIMIT_PROFILES;

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
const signed = (value: number) => `${value >= 0 ? '+' : ''}${fixed(value)}`;

const started = process.hrtime.bigint();
console.log(
  `crossover power at ${DESIGN.tasks} tasks × ${DESIGN.repeats} repeats, m = 3, effect +${EFFECT}: truth from ${TRUTH_SIMULATIONS} simulations per profile; ${EXPERIMENTS} observed experiments per profile, each predicted from ${PREDICTION_SIMULATIONS} simulations`,
);
let worst = 0;
const truths: number[] = [];
for (const [profileIndex, { name, rates }] of PROFILES.entries()) {
  const truth = simulateScenario(
    gridModel(rates),
    { ...DESIGN, effect: EFFECT, aaShift: 0, extraRegression: 0 },
    TRUTH_SIMULATIONS,
    'truth',
  ).detected;
  truths.push(truth);
  const truthError = Math.sqrt((truth * (1 - truth)) / TRUTH_SIMULATIONS);
  const predictions: number[] = [];
  const plugIns: number[] = [];
  const nonparametric: number[] = [];
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
    const tasks = model.rates.kind === 'posterior' ? model.rates.tasks : [];
    const predicted = (rates: readonly number[], seed: string) =>
      simulateScenario(
        gridModel(rates),
        { ...DESIGN, effect: EFFECT, aaShift: 0, extraRegression: 0 },
        PREDICTION_SIMULATIONS,
        seed,
      ).detected;
    plugIns.push(
      predicted(
        tasks.map((t) => t.successes / t.valid),
        'plug-in',
      ),
    );
    nonparametric.push(predicted(npmleRates(tasks), 'npmle'));
  }
  const gaps = predictions.map((p) => p - truth);
  const limit = profileIndex >= SMOOTH_PROFILES;
  if (!limit) worst = Math.max(worst, Math.abs(mean(gaps)));
  console.log(`\n${name}${limit ? ' (the limit of any prediction from 3 repeats: see the source)' : ''}`);
  console.log(`  simulation of the design (truth)   ${fixed(truth)} ± ${fixed(truthError)}`);
  console.log(
    `  crossover power (beta-binomial)    mean ${fixed(mean(predictions))}, range ${fixed(Math.min(...predictions))}–${fixed(Math.max(...predictions))}; mean gap ${signed(mean(gaps))}`,
  );
  console.log(`  normal approximation (MDE's basis) mean ${fixed(mean(approximations))}`);
  console.log(`  raw plug-in rates (before)         mean ${fixed(mean(plugIns))}`);
  console.log(
    `  nonparametric (NPMLE), not used    mean ${fixed(mean(nonparametric))}; mean gap ${signed(mean(nonparametric) - truth)}`,
  );
}
const [twoPointTruth, partnerTruth] = truths.slice(-LIMIT_PROFILES) as [number, number];
const counts = (atoms: Atoms) => countDistribution(atoms, DESIGN.repeats).map(fixed).join(', ');
console.log(
  `\nthe limit: P(k of ${DESIGN.repeats} solved) is ${counts(TWO_POINT)} for the two-point profile and ${counts(PARTNER)} for its partner, so no test tells their corpora apart, yet their true powers are ${fixed(twoPointTruth)} and ${fixed(partnerTruth)}: any prediction from counts misses one by at least ${fixed(Math.abs(twoPointTruth - partnerTruth) / 2)}`,
);
const spread = Math.sqrt(0.04 ** 2 / EXPERIMENTS + 0.01 ** 2);
console.log(
  `\nlargest mean gap over the first ${SMOOTH_PROFILES} profiles: ${fixed(worst)} (target ≤ 0.05; a mean gap carries about ±${fixed(spread)} of simulation noise here)`,
);
console.log(`took ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s (node ${process.version})`);
