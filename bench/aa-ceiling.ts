/**
 * The most an A/A gate can detect: an upper bound on the power of every similar level-α test of
 * "the A/A arm succeeds as often as the baseline on every task" against one alternative (the A/A
 * arm's success probability lower by `shift` on every task), at the stage-2 shape.
 *
 * The argument, so a reader can check it. Per task t the data are two binomial counts, A_t of the
 * A/A arm and B_t of the baseline, each out of r repeats, with an unknown p_t. Under the null
 * T_t = A_t + B_t ~ Bin(2r, p_t) is sufficient for p_t and complete, so a test whose false-block
 * rate is exactly α whatever the p_t (a similar test; every unbiased test is one) has rate α
 * conditionally on T = (T_1..T_n) too (Lehmann & Romano, Testing Statistical Hypotheses, §4.3).
 * Given T the null law of A_t is hypergeometric and free of p_t; under the alternative it is
 * Fisher's noncentral hypergeometric with odds ratio ψ_t = odds(p_t − shift) / odds(p_t). By the
 * Neyman–Pearson lemma no conditional level-α test beats the likelihood-ratio test of these two
 * laws, which is told every p_t (a test cannot be), so its average power over experiments bounds
 * the power of every similar test, the scorer's A/A gate included. Computed here by Monte Carlo:
 * per simulated experiment, DRAWS draws of the statistic from each conditional law, the critical
 * value randomized at a tie, so the bound carries a Monte-Carlo error that is printed.
 */
import { type Random, seededRandom } from '../src/score/random.js';

const DRAWS = 2000;

function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return value;
}

function binomial(random: Random, trials: number, p: number): number {
  let k = 0;
  for (let i = 0; i < trials; i += 1) if (random.next() < p) k += 1;
  return k;
}

/** One task's conditional laws given T: the log-likelihood-ratio at each A, and both cumulative distributions. */
interface TaskLaws {
  ratio: number[];
  nullCdf: number[];
  altCdf: number[];
}

function taskLaws(repeats: number, total: number, p: number, q: number): TaskLaws | null {
  const low = Math.max(0, total - repeats);
  const high = Math.min(repeats, total);
  if (low === high) return null;
  const odds = (x: number) => x / (1 - x);
  const psi = q <= 0 ? 0 : q >= 1 ? Number.POSITIVE_INFINITY : odds(q) / odds(p);
  const base = Array.from(
    { length: high - low + 1 },
    (_, i) => choose(repeats, low + i) * choose(repeats, total - low - i),
  );
  const weight = base.map((b, i) =>
    psi === Number.POSITIVE_INFINITY ? (i === base.length - 1 ? 1 : 0) : b * psi ** i,
  );
  const nullSum = base.reduce((s, v) => s + v, 0);
  const altSum = weight.reduce((s, v) => s + v, 0);
  const ratio = base.map((b, i) => Math.log(weight[i]! / altSum) - Math.log(b / nullSum));
  const cdf = (values: number[], sum: number) => {
    let running = 0;
    return values.map((v) => (running += v / sum));
  };
  return { ratio, nullCdf: cdf(base, nullSum), altCdf: cdf(weight, altSum) };
}

function drawStatistic(random: Random, laws: readonly TaskLaws[], which: 'nullCdf' | 'altCdf'): number {
  let sum = 0;
  for (const law of laws) {
    const u = random.next();
    const cdf = law[which];
    let i = 0;
    while (i < cdf.length - 1 && u > cdf[i]!) i += 1;
    sum += law.ratio[i]!;
  }
  return sum;
}

/** The conditional Neyman–Pearson test's power in one experiment, randomized at the critical value. */
function conditionalPower(random: Random, laws: readonly TaskLaws[], alpha: number): number {
  const nulls = Array.from({ length: DRAWS }, () => drawStatistic(random, laws, 'nullCdf')).sort((a, b) => b - a);
  const rank = Math.floor(alpha * DRAWS);
  const critical = nulls[rank]!;
  const above = nulls.filter((v) => v > critical).length / DRAWS;
  const at = nulls.filter((v) => v === critical).length / DRAWS;
  const gamma = at === 0 ? 0 : (alpha - above) / at;
  let power = 0;
  for (let d = 0; d < DRAWS; d += 1) {
    const v = drawStatistic(random, laws, 'altCdf');
    if (v > critical) power += 1;
    else if (v === critical) power += gamma;
  }
  return power / DRAWS;
}

/** The bound and its Monte-Carlo standard error over `experiments` simulated experiments. */
export function aaDetectionCeiling(options: {
  baselineRates: readonly number[];
  tasks: number;
  repeats: number;
  shift: number;
  alpha: number;
  experiments: number;
  seed: string;
}): { power: number; error: number } {
  const random = seededRandom(`aa-ceiling/${options.seed}`);
  const powers: number[] = [];
  for (let e = 0; e < options.experiments; e += 1) {
    const laws: TaskLaws[] = [];
    for (let t = 0; t < options.tasks; t += 1) {
      const p = options.baselineRates[random.below(options.baselineRates.length)]!;
      const q = Math.min(1, Math.max(0, p + options.shift));
      const total = binomial(random, options.repeats, q) + binomial(random, options.repeats, p);
      const law = taskLaws(options.repeats, total, p, q);
      if (law) laws.push(law);
    }
    powers.push(laws.length === 0 ? options.alpha : conditionalPower(random, laws, options.alpha));
  }
  const mean = powers.reduce((s, v) => s + v, 0) / powers.length;
  const variance = powers.reduce((s, v) => s + (v - mean) ** 2, 0) / (powers.length - 1);
  return { power: mean, error: Math.sqrt(variance / powers.length) };
}
