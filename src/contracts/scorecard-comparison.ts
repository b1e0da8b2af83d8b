import { z } from 'zod';
import { IdSchema } from './common.js';

/** The parts of a scorecard that compare an arm with the baseline, and what the verdict rests on. */

const Count = z.number().int().nonnegative();
const Probability = z.number().min(0).max(1);
const Difference = z.number().min(-1).max(1);

export const VerdictSchema = z
  .enum([
    'excluded',
    'incomplete',
    'descriptive',
    'unqualified',
    'better',
    'worse',
    'noninferior',
    'no-detectable-difference',
  ])
  .describe('The verdict of one treatment: the first that applies, in this order.');

const IntervalSchema = z
  .object({
    method: z.literal('sign-flip-inversion').describe('The shifts δ the same test does not reject for d_t − δ.'),
    alpha: Probability.describe(
      'The level it inverts: for a treatment, the level at which Holm tested it (α/(m − j + 1) at step j); α for an A/A arm.',
    ),
    low: Difference.describe('Lower end of the accepted shifts, clipped to [−1, 1].'),
    high: Difference.describe('Upper end of the accepted shifts, clipped to [−1, 1].'),
  })
  .strict();

export const PairedComparisonSchema = z
  .object({
    arm: IdSchema.describe('The treatment or aa-control arm.'),
    baseline: IdSchema.describe('The baseline arm it is compared with.'),
    tasks: z
      .object({
        scheduled: Count.describe('Tasks in the plan.'),
        paired: Count.describe('n: tasks whose every repeat is valid in both arms.'),
        unpaired: z.array(IdSchema).describe('Tasks left out of the pairs by a missing or invalid trial.'),
        droppable: Count.describe(
          'Most tasks invalid trials may drop under the preregistered missing-data rule: ⌊maxDroppedShare × scheduled⌋; beyond it, or with any trial missing, the comparison is incomplete.',
        ),
      })
      .strict()
      .describe('Which tasks entered the paired comparison.'),
    delta: Difference.nullable().describe(
      'Δ = mean over paired tasks of d_t = s(t, arm) − s(t, baseline), rounded from exact; null with no paired task.',
    ),
    exact: z
      .object({
        sum: z.number().int().describe('Σd_t × denominator, an integer: its sign is the direction of any verdict.'),
        denominator: z
          .number()
          .int()
          .positive()
          .describe('Least common multiple of the valid-repeat counts of the paired cells.'),
      })
      .strict()
      .nullable()
      .describe('Σd_t = sum / denominator exactly; null with no paired task.'),
    test: z
      .object({
        method: z
          .enum(['exact', 'monte-carlo'])
          .describe('exact: every one of the 2^n sign vectors counted; monte-carlo: seeded draws (very large n).'),
        p: Probability.describe('Two-sided paired sign-flip permutation p on the d_t; 1 with no paired task.'),
        draws: Count.nullable().describe('Monte-Carlo sign vectors besides the observed one; null when exact.'),
        standardError: z
          .number()
          .nonnegative()
          .nullable()
          .describe('Monte-Carlo standard error of p, sqrt(p(1 − p)/draws); null when exact.'),
      })
      .strict()
      .describe('The outcome test every verdict rests on.'),
    interval: IntervalSchema.nullable().describe(
      'The inversion of the outcome test at its level: excludes 0 exactly when the raw p ≤ that level, so for a treatment exactly when Holm rejects; null with no paired task.',
    ),
    secondary: z
      .object({
        signTest: z
          .object({
            wins: Count.describe('Paired tasks with d_t > 0.'),
            losses: Count.describe('Paired tasks with d_t < 0.'),
            ties: Count.describe('Paired tasks with d_t = 0.'),
            p: Probability.describe('Exact two-sided sign test; 1 with no decisive task.'),
          })
          .strict()
          .describe('Secondary: the sign test over the paired tasks.'),
        hoeffding: z
          .object({
            low: Difference.describe('Lower bound of Δ.'),
            high: Difference.describe('Upper bound of Δ.'),
            halfWidth: z.number().nonnegative().describe('sqrt(2·ln(2/α′)/n), before clipping to [−1, 1].'),
          })
          .strict()
          .nullable()
          .describe("Hoeffding interval at the interval's level; null with no paired task."),
      })
      .strict()
      .describe('Secondary figures, shown for comparison: no verdict or gate rests on them.'),
    armOnlyWins: Count.describe('Paired (task, repeat) where only the arm succeeded.'),
    baselineOnlyWins: Count.describe('Paired (task, repeat) where only the baseline succeeded.'),
    regressions: z
      .object({
        arm: Count.describe("The arm's trials on paired tasks with a failed regression check."),
        armTrials: Count.describe("The arm's valid trials on paired tasks."),
        baseline: Count.describe("The baseline's trials on paired tasks with a failed regression check."),
        baselineTrials: Count.describe("The baseline's valid trials on paired tasks."),
        extraBound: Difference.nullable().describe(
          "Upper confidence bound of the arm's extra share of trials with a failed regression check over the baseline's: the exact (Clopper–Pearson) upper bound of the arm's share minus the exact lower bound of the baseline's, each one-sided at α/2; null with no paired task.",
        ),
        tolerance: Probability.describe('The preregistered regressionTolerance the bound must stay below.'),
      })
      .strict()
      .describe('Regression-check failures on each side, and the bound the regression gate reads.'),
  })
  .strict();

export const GateSchema = z
  .object({
    gate: z
      .enum(['tasks', 'repeats', 'aa-noise', 'regressions'])
      .describe('Which qualification condition: enough tasks, enough repeats, a quiet aa-control, no new regressions.'),
    holds: z.boolean().describe('Whether the condition is met.'),
    detail: z.string().describe('The figures behind it.'),
  })
  .strict()
  .describe('One qualification gate.');

export const PowerAtEffectSchema = z
  .object({
    effect: z.number().describe('True per-task gain in success rate simulated for this treatment.'),
    power: Probability.describe('Share of simulated experiments in which the scorer calls it better.'),
    simulations: Count.describe(
      'Simulated experiments: the Monte-Carlo standard error of power is sqrt(power(1 − power)/simulations).',
    ),
  })
  .strict();

export const MdeSchema = z
  .object({
    gain: z
      .number()
      .positive()
      .max(1)
      .nullable()
      .describe('Smallest true gain this design calls better with the target power; null: no gain does.'),
    loss: z
      .number()
      .positive()
      .max(1)
      .nullable()
      .describe('Smallest true loss this design calls worse with the target power; null: no loss does.'),
    power: Probability.describe('The target power.'),
    alpha: Probability.describe('The level of the first Holm step, α/m, which a lone real effect must pass.'),
    tasks: Count.describe('Paired tasks of this comparison.'),
    repeats: Count.describe('Repeats per task and arm.'),
    method: z
      .literal('normal-approximation')
      .describe(
        "The paired test's normal approximation at the power model's per-task variance (shrunk baseline rates, binomial repeats), times the chance no gate blocks; checked against the simulation in bench/power-calibration.ts.",
      ),
  })
  .strict()
  .describe('Minimum detectable effect at the preregistered α and 80% power for the design actually run.');

export const NoninferioritySchema = z
  .object({
    margin: Probability.describe('The preregistered noninferiority margin.'),
    bound: Difference.describe(
      "Lower confidence bound of Δ: the exact (Clopper–Pearson) lower bound of the arm's success share minus the exact upper bound of the baseline's, over the paired tasks' trials, each one-sided at level/2.",
    ),
    level: Probability.describe('One-sided level of the bound: α/(2m), as the lower end of a two-sided α/m interval.'),
    holds: z.boolean().describe('bound > −margin, decided from exact binomial tails.'),
  })
  .strict()
  .describe(
    'Noninferiority from exact bounds on bounded rates, valid for any per-task rates; never a zero-width interval.',
  );

const ImputedSchema = z
  .object({
    delta: Difference.describe('Δ over every task not dropped for a missing trial, the invalid trials imputed.'),
    p: Probability.describe('The outcome test of those differences.'),
    pAdjusted: Probability.describe("Holm-adjusted with the other treatments' p-values as observed."),
    claim: z.enum(['better', 'worse', 'none']).describe('What the outcome rule would call it.'),
  })
  .strict();

export const SensitivitySchema = z
  .object({
    dropped: Count.describe('Tasks invalid trials dropped from this comparison.'),
    worst: ImputedSchema.describe(
      "The dropped tasks' invalid trials counted as failures of the arm and successes of the baseline.",
    ),
    best: ImputedSchema.describe(
      "The dropped tasks' invalid trials counted as successes of the arm and failures of the baseline.",
    ),
  })
  .strict()
  .describe('How the verdict would move if the tasks the missing-data rule dropped had counted at either extreme.');

export const TreatmentResultSchema = PairedComparisonSchema.extend({
  pAdjusted: Probability.describe('Holm-adjusted over the family of every treatment arm in the plan.'),
  simultaneous: z
    .object({
      alpha: Probability.describe('α/m.'),
      low: Difference.describe('Lower end, clipped to [−1, 1].'),
      high: Difference.describe('Upper end, clipped to [−1, 1].'),
    })
    .strict()
    .nullable()
    .describe(
      'Secondary: the interval at the Bonferroni level α/m, which covers every treatment at once; wider than `interval` after the first Holm step. Null with no paired task.',
    ),
  power: PowerAtEffectSchema.nullable().describe(
    'The power this experiment had for the stated effect: its tasks, repeats, family, gates and missing-data rule simulated from the power model, the same for every treatment; null below stage 2, where every verdict is descriptive, or when not simulated.',
  ),
  mde: MdeSchema.nullable().describe('Null with no paired task or no power model.'),
  noninferiority: NoninferioritySchema.nullable().describe('Null when the policy sets no margin or no task is paired.'),
  sensitivity: SensitivitySchema.nullable().describe('Null when no task was dropped.'),
  verdict: VerdictSchema,
  reasons: z.array(z.string()).min(1).describe('Why this verdict: every condition that decided it.'),
  gates: z.array(GateSchema).describe('The qualification gates, evaluated whatever the verdict.'),
}).strict();

export const AaResultSchema = PairedComparisonSchema.extend({
  blocks: z
    .boolean()
    .describe(
      'The one A/A rule: its two-sided test rejects at α, or it is incomplete or unpaired. Then the A/A gate blocks every treatment.',
    ),
}).strict();

export const FlipSchema = z
  .object({
    arm: IdSchema.describe('The treatment.'),
    taskId: IdSchema.describe('A paired task on which it and the baseline disagree.'),
    armSuccesses: Count.describe("The treatment's successes."),
    baselineSuccesses: Count.describe("The baseline's successes."),
    repeats: Count.describe('Valid repeats on each side.'),
    difference: Difference.describe('d_t = s(t, arm) − s(t, baseline), never 0 here.'),
  })
  .strict()
  .describe('One task where a treatment and the baseline disagree: its page puts both sides next to each other.');

export type Verdict = z.infer<typeof VerdictSchema>;
export type PairedComparison = z.infer<typeof PairedComparisonSchema>;
export type TreatmentResult = z.infer<typeof TreatmentResultSchema>;
export type AaResult = z.infer<typeof AaResultSchema>;
export type Gate = z.infer<typeof GateSchema>;
export type PowerAtEffect = z.infer<typeof PowerAtEffectSchema>;
export type Mde = z.infer<typeof MdeSchema>;
export type Noninferiority = z.infer<typeof NoninferioritySchema>;
export type Sensitivity = z.infer<typeof SensitivitySchema>;
export type Flip = z.infer<typeof FlipSchema>;
