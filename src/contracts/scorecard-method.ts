import { z } from 'zod';

/** The method note of a scorecard: the power model, the simulated operating figures, the sample sizes. */

const Count = z.number().int().nonnegative();
const Probability = z.number().min(0).max(1);

export const PowerModelSchema = z
  .object({
    basis: z
      .string()
      .describe('Where the per-task baseline rates come from: observed in a scorecard, or a declared assumption.'),
    tasks: Count.describe('Baseline tasks with a valid trial the rates were estimated from; 0 for an assumption.'),
    prior: z
      .object({
        a: z.number().positive().describe('Beta shape a.'),
        b: z.number().positive().describe('Beta shape b.'),
      })
      .strict()
      .nullable()
      .describe(
        "The corpus's beta-binomial fit (maximum likelihood): each simulated task draws a task and its rate from that task's posterior Beta(a + successes, b + failures), never its raw 0/1 plug-in; null for an assumption.",
      ),
    meanRate: Probability.describe('Mean baseline success rate under the model.'),
    invalidRate: Probability.describe(
      'Share of receipts invalid after re-attempts, pooled over every arm: each simulated trial is invalid this often, and the missing-data rule applies.',
    ),
    regressionRate: Probability.describe('Shared per-trial regression failure rate simulated in every arm.'),
    treatments: Count.describe('m: the Holm family simulated.'),
  })
  .strict()
  .describe('What simulated experiments are drawn from.');

export const PowerRowSchema = z
  .object({
    effect: z.number().describe('True per-task change in success rate of one treatment (the others null).'),
    tasks: Count.describe('Tasks per simulated experiment.'),
    repeats: Count.describe('Repeats per task and arm.'),
    power: Probability.describe(
      'Share of simulated experiments whose verdict for that treatment is better (worse for a loss).',
    ),
  })
  .strict();

export const SampleSizeSchema = z
  .object({
    effect: z.number().describe('The true change in success rate to detect: a gain or a loss.'),
    repeats: Count.describe('Repeats per task and arm.'),
    tasks: Count.nullable().describe(
      "Fewest tasks at which the normal approximation of the scorer's test and gates reaches the target power; null when no size up to 5,000 tasks does.",
    ),
    simulated: z
      .object({
        power: Probability.describe('Simulated power at that size.'),
        simulations: Count.describe('Simulated experiments behind it.'),
      })
      .strict()
      .nullable()
      .describe(
        'The simulation of that size, as a check of the approximation; null when not simulated (too many tasks).',
      ),
  })
  .strict()
  .describe('One line of the sample-size table.');

export const PowerTableSchema = z
  .object({
    model: PowerModelSchema,
    seed: z.string().describe('The generator seed, derived from the plan id: the same table on every run.'),
    simulations: Count.describe('Simulated experiments per row.'),
    target: Probability.describe('The power the needed sizes reach.'),
    rows: z.array(PowerRowSchema).describe('Every simulated grid point: effect × tasks × repeats.'),
    needed: z
      .array(SampleSizeSchema)
      .describe('Per effect and repeats, the tasks needed for the target power: the sample-size table.'),
  })
  .strict()
  .describe('Simulation of the preregistered analysis as the scorer runs it: same test, gates and Holm family.');

export const OperatingCharacteristicsSchema = z
  .object({
    seed: z.string().describe('The generator seed, derived from the plan id.'),
    simulations: Count.describe(
      'Simulated experiments per figure: the Monte-Carlo standard error of a figure f is sqrt(f(1 − f)/simulations).',
    ),
    tasks: Count.describe('Paired tasks simulated: those of this experiment.'),
    repeats: Count.describe('Repeats per task and arm.'),
    treatments: Count.describe('m: the Holm family simulated.'),
    familyWiseError: Probability.describe('Null experiments in which any treatment is called better or worse.'),
    aaFalseBlock: Probability.describe('Null experiments the A/A gate blocks.'),
    aaDetects005: Probability.describe('Experiments with a real −0.05 A/A shift the A/A gate blocks.'),
    aaDetects010: Probability.describe('Experiments with a real −0.10 A/A shift the A/A gate blocks.'),
    regressionFalseBlock: Probability.describe(
      'Null experiments in which the regression gate blocks a treatment, at the shared regression rate.',
    ),
    regressionFalsePass: Probability.describe(
      "Experiments whose first treatment's extra regression share is exactly the tolerance in which its regression gate still holds: at most α/2 + α/2 by construction.",
    ),
  })
  .strict()
  .describe("This experiment's shape simulated from the power model: what its gates and test can do.");

export type PowerModelSummary = z.infer<typeof PowerModelSchema>;
export type PowerTable = z.infer<typeof PowerTableSchema>;
export type PowerRow = z.infer<typeof PowerRowSchema>;
export type SampleSize = z.infer<typeof SampleSizeSchema>;
export type OperatingCharacteristics = z.infer<typeof OperatingCharacteristicsSchema>;
