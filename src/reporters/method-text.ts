import type { PowerModelSummary, PowerTable, SampleSize, Scorecard } from '../contracts/scorecard.js';
import { formatSigned } from '../score/format.js';
import { exactTasksAtRepeats } from '../score/sign-flip.js';

/** The method note and the power tables, worded once for every projection of a scorecard. */

/**
 * A simulated share with its Monte-Carlo error: two decimals and ± 1.96 standard errors, or, at 0
 * or 1 where the standard error vanishes, the rule-of-three bound (3/n) that the count supports.
 */
export function simulatedText(share: number, simulations: number): string {
  if (simulations === 0) return 'not simulated';
  if (share === 0) return `0.00 (≤ ${(3 / simulations).toFixed(3)})`;
  if (share === 1) return `1.00 (≥ ${(1 - 3 / simulations).toFixed(3)})`;
  const error = 1.96 * Math.sqrt((share * (1 - share)) / simulations);
  return `${share.toFixed(2)} ± ${Math.max(0.01, Math.ceil(error * 100) / 100).toFixed(2)}`;
}

export function familyText(scorecard: Scorecard): string {
  const { alpha, m, simultaneousAlpha } = scorecard.family;
  const simultaneous =
    simultaneousAlpha === null
      ? ''
      : `; simultaneous (Bonferroni) intervals at α/m = ${simultaneousAlpha.toPrecision(3)}`;
  return `α = ${alpha}, Holm over m = ${m} treatment${m === 1 ? '' : 's'}, each interval at the level Holm tested it${simultaneous}; A/A at α`;
}

function operatingText(scorecard: Scorecard): string[] {
  const o = scorecard.method.operating;
  if (o === null) return [];
  const f = (share: number) => simulatedText(share, o.simulations);
  return [
    `At this shape (${o.tasks} tasks × ${o.repeats} repeats, ${o.treatments} treatment${o.treatments === 1 ? '' : 's'}; ${o.simulations} seeded simulations from the power model, each figure ± its 95% Monte-Carlo error): family-wise error ${f(o.familyWiseError)}, A/A false blocks ${f(o.aaFalseBlock)}, A/A detection of a real −0.05 / −0.10 shift ${f(o.aaDetects005)} / ${f(o.aaDetects010)}, regression-gate false blocks ${f(o.regressionFalseBlock)}, regression-gate passes at an extra share equal to the tolerance ${f(o.regressionFalsePass)}.`,
  ];
}

/** The method statement, sentence group by group: test, intervals, family, gates, the missing-data rule and the power they have here. */
export function methodParts(scorecard: Scorecard): string[] {
  const { alpha, m } = scorecard.family;
  const { minTasks, minRepeats, maxDroppedShare, regressionTolerance, noninferiorityMargin } = scorecard.policy;
  const exact = [...scorecard.comparisons, ...scorecard.aa].every((c) => c.test.method === 'exact');
  const parts = [
    'Each arm is compared with the baseline over the tasks complete in both: d_t = s(t, arm) − s(t, baseline), repeats averaged inside a task, in exact rational arithmetic.',
    `Test: the paired sign-flip permutation test on the d_t, two-sided, ${exact ? 'exact over all 2^n sign vectors' : 'Monte Carlo for at least one comparison (19,999 draws seeded by the plan, its standard error stated beside p)'}; it is exact whenever n·(n + 1)·(Σ|d_t|·L + 1) ≤ 10^7 (L the common denominator), so always up to ${exactTasksAtRepeats(scorecard.repeats)} tasks at ${scorecard.repeats} repeats. A verdict's direction is the sign of Σd_t.`,
    `Family: Holm over the m = ${m} treatment${m === 1 ? '' : 's'} at α = ${alpha}, raw and adjusted p both shown. Each treatment's interval inverts the test at the level Holm tested it (α/m at the first step, α/(m − j + 1) at step j), so it excludes 0 exactly when the verdict claims a difference; the simultaneous interval at α/m, which covers every treatment at once, is shown beside it. The A/A interval is at α.`,
    `Missing data: invalid trials (after the preregistered re-attempts) take their task out of the pairs, up to ${maxDroppedShare} of the tasks, and the verdict's sensitivity to them is shown (their invalid trials imputed at either extreme); beyond that share, or with any trial missing, the comparison is incomplete.`,
    `Gates: at least ${minTasks} tasks and ${minRepeats} repeats; the one A/A rule (the A/A arm's own test not rejecting at α, and the A/A comparison complete); the treatment's extra share of trials with a failed regression check bounded below ${regressionTolerance} (an exact upper bound at α: a treatment whose true extra share is the tolerance passes at most α of the time).`,
    ...(noninferiorityMargin === null
      ? []
      : [
          `Noninferiority (margin ${noninferiorityMargin}): an exact lower bound of Δ from binomial bounds on each arm's success share, one-sided at α/(2m), valid for bounded rates; never a zero-width interval.`,
        ]),
    "Minimum detectable effect: the smallest gain (loss) the design calls better (worse) with 80% power at α/m, from the normal approximation of the test at the power model's per-task variance.",
    ...operatingText(scorecard),
    "Secondary figures (sign test, Hoeffding interval, simultaneous interval) are shown for comparison only; each arm's success rate carries one interval, a task-bootstrap interval of the same mean.",
  ];
  return parts;
}

/** The method statement as one paragraph. */
export function methodText(scorecard: Scorecard): string {
  return methodParts(scorecard).join(' ');
}

export function modelText(model: PowerModelSummary): string {
  const prior =
    model.prior === null ? '' : `, beta-binomial fit Beta(${model.prior.a.toFixed(2)}, ${model.prior.b.toFixed(2)})`;
  return `${model.basis}${prior}; mean baseline rate ${model.meanRate.toFixed(3)}; invalid trials ${model.invalidRate.toFixed(3)}; shared regression rate ${model.regressionRate.toFixed(3)}; Holm over m = ${model.treatments}`;
}

/** Rows of a power table: effect, tasks, repeats, power ± its Monte-Carlo error. */
export function powerRows(table: PowerTable): string[][] {
  return table.rows.map((row) => [
    formatSigned(row.effect),
    `${row.tasks}`,
    `${row.repeats}`,
    simulatedText(row.power, table.simulations),
  ]);
}

/** Rows of the sample-size table: effect, repeats, tasks needed, the simulated check there. */
export function sampleSizeRows(needed: readonly SampleSize[]): string[][] {
  return needed.map((line) => [
    formatSigned(line.effect),
    `${line.repeats}`,
    line.tasks === null ? 'more than 5000' : `${line.tasks}`,
    line.simulated === null ? 'not simulated' : simulatedText(line.simulated.power, line.simulated.simulations),
  ]);
}

export const SAMPLE_SIZE_COLUMNS = ['Effect', 'Repeats', 'Tasks needed', 'Simulated power there'] as const;

export function powerCaption(table: PowerTable): string {
  const simulated =
    table.simulations === 0
      ? 'Tasks needed from the normal approximation of the test (crossover power simulates each size)'
      : `${table.simulations} simulations per row seeded by ${table.seed}, each power ± its 95% Monte-Carlo error`;
  return `Power of the preregistered analysis (same test, gates, missing-data rule and Holm family), one treatment at the effect and the others null, for ${table.target} power; ${simulated}. Model: ${modelText(table.model)}.`;
}
