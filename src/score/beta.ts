import type { Random } from './random.js';

/**
 * The beta-binomial model of a corpus's per-task success rates: each task's rate p ~ Beta(a, b),
 * its successes ~ Binomial(valid, p). Its fit shrinks a task seen 3/3 toward the corpus instead of
 * taking it as certain, which is what makes a power prediction from a few repeats honest.
 */

export interface TaskCount {
  successes: number;
  valid: number;
}

function standardNormal(random: Random): number {
  // Box–Muller from two uniforms in (0, 1]: one value per call keeps the stream simple to reason about.
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 by boosting with a uniform power. */
function gamma(random: Random, shape: number): number {
  if (shape < 1) return gamma(random, shape + 1) * (1 - random.next()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = standardNormal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - random.next();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A draw from Beta(a, b), seeded through `random`. */
export function betaDraw(random: Random, a: number, b: number): number {
  const x = gamma(random, a);
  const y = gamma(random, b);
  return x / (x + y);
}

/** Σ_{i<k} ln(x + i): the log of the rising factorial, exact in the counts. */
function logRising(x: number, k: number): number {
  let sum = 0;
  for (let i = 0; i < k; i += 1) sum += Math.log(x + i);
  return sum;
}

/** Tasks grouped by (successes, valid), the only thing the likelihood reads. */
function histogram(tasks: readonly TaskCount[]): { successes: number; valid: number; weight: number }[] {
  const groups = new Map<string, { successes: number; valid: number; weight: number }>();
  for (const { successes, valid } of tasks) {
    if (valid === 0) continue;
    const key = `${successes}/${valid}`;
    const group = groups.get(key) ?? { successes, valid, weight: 0 };
    group.weight += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((x, y) => x.valid - y.valid || x.successes - y.successes);
}

/** Bounds of the search: mean rate strictly inside (0, 1), concentration a + b from near-0/1 masses to near-binomial. */
const LOGIT_RANGE = 7;
const LOG_CONCENTRATION = { low: Math.log(1), high: Math.log(1e4) };

/**
 * The beta-binomial's Beta(a, b): the posterior mode under the diffuse hyperprior p(a, b) ∝ (a + b)^(−5/2)
 * (Gelman et al., Bayesian Data Analysis, §5.3), found by a grid over (logit mean, log concentration)
 * refined by golden sections; deterministic. In those coordinates the log density adds
 * log μ + log(1 − μ) − ½·log(a + b) to the log-likelihood. Plain maximum likelihood is flat toward
 * a binomial at 30 tasks: a corpus seen as (0, 1, 9, 20) tasks at 0..3 of 3 was fitted as every task
 * at 0.88, and predicted 0.86 power where the truth was 0.38 (bench/power-calibration.ts). The
 * concentration is held in [1, 10^4]: below 1 the fit puts its mass on exactly 0 and 1, and a task
 * seen 3/3 would be taken as never failing, the plug-in error this model exists to avoid.
 */
export function fitBeta(tasks: readonly TaskCount[]): { a: number; b: number } {
  const groups = histogram(tasks);
  const logPosterior = (logit: number, logConcentration: number): number => {
    const mean = 1 / (1 + Math.exp(-logit));
    const concentration = Math.exp(logConcentration);
    const a = mean * concentration;
    const b = concentration - a;
    let sum = 0;
    for (const g of groups)
      sum +=
        g.weight *
        (logRising(a, g.successes) + logRising(b, g.valid - g.successes) - logRising(concentration, g.valid));
    return sum + Math.log(mean) + Math.log1p(-mean) - 0.5 * logConcentration;
  };
  let best = { logit: 0, logConcentration: 0, value: Number.NEGATIVE_INFINITY };
  for (let i = 0; i <= 28; i += 1) {
    for (let j = 0; j <= 20; j += 1) {
      const logit = -LOGIT_RANGE + (2 * LOGIT_RANGE * i) / 28;
      const logConcentration = LOG_CONCENTRATION.low + ((LOG_CONCENTRATION.high - LOG_CONCENTRATION.low) * j) / 20;
      const value = logPosterior(logit, logConcentration);
      if (value > best.value) best = { logit, logConcentration, value };
    }
  }
  for (let round = 0; round < 6; round += 1) {
    const logit = goldenMax((x) => logPosterior(x, best.logConcentration), -LOGIT_RANGE, LOGIT_RANGE, best.logit);
    const logConcentration = goldenMax(
      (y) => logPosterior(logit, y),
      LOG_CONCENTRATION.low,
      LOG_CONCENTRATION.high,
      best.logConcentration,
    );
    best = { logit, logConcentration, value: logPosterior(logit, logConcentration) };
  }
  const mean = 1 / (1 + Math.exp(-best.logit));
  const concentration = Math.exp(best.logConcentration);
  return { a: mean * concentration, b: (1 - mean) * concentration };
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The maximizer of a unimodal f near `start`, by golden sections within one grid step around it. */
function goldenMax(f: (x: number) => number, low: number, high: number, start: number): number {
  const step = (high - low) / 10;
  let lo = Math.max(low, start - step);
  let hi = Math.min(high, start + step);
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  for (let i = 0; i < 60; i += 1) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + GOLDEN * (hi - lo);
      f2 = f(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - GOLDEN * (hi - lo);
      f1 = f(x1);
    }
  }
  return (lo + hi) / 2;
}
