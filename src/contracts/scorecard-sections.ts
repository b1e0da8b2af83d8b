import { z } from 'zod';
import { DigestSchema, IdSchema, RelativePathSchema } from './common.js';
import { TrialStatusSchema } from './receipt.js';

/** The descriptive sections of a scorecard: the task matrix, evidence gaps, feasibility, reproducibility, skills, review. */

const Count = z.number().int().nonnegative();
const Probability = z.number().min(0).max(1);

export const MatrixCellSchema = z
  .object({
    arm: IdSchema.describe('Arm id.'),
    success: Count.describe('Successful repeats.'),
    failure: Count.describe('Failed repeats.'),
    invalid: Count.describe('Invalid repeats.'),
    missing: Count.describe('Scheduled repeats with no receipt.'),
    excluded: Count.describe("Trials never run because the arm's provider is ineligible."),
    rate: Probability.nullable().describe('s(t, arm) over valid repeats; null with none.'),
  })
  .strict();

export const GapSchema = z
  .object({
    kind: z
      .enum([
        'missing',
        'invalid',
        'unsupported-pass',
        'infrastructure',
        'differential-infrastructure',
        'unknown-diagnostics',
        'recall-not-preregistered',
        'ineligible',
      ])
      .describe(
        "What sort of gap; infrastructure: faults of the machinery, even those re-attempted into valid trials; differential-infrastructure: an arm whose fault rate differs from the baseline's.",
      ),
    arm: IdSchema.nullable().describe('The arm concerned; null when it concerns the whole run.'),
    count: Count.describe('Trials (or, for recall, tasks) concerned.'),
    detail: z.string().describe('What the gap is, for a reader.'),
  })
  .strict();

export const FeasibilityGateSchema = z
  .object({
    passed: z.boolean().describe('Whether the gate passed.'),
    detail: z.string().describe('The figures behind it.'),
  })
  .strict();

export const FeasibilitySchema = z
  .object({
    setup: FeasibilityGateSchema.describe('Every scheduled trial was set up and has a receipt.'),
    freshness: FeasibilityGateSchema.describe('Every trial ran on its own fresh snapshot and index, with no drift.'),
    contamination: FeasibilityGateSchema.describe('No trial was contaminated.'),
    cleanup: FeasibilityGateSchema.describe('Every trial workspace was removed.'),
    observability: FeasibilityGateSchema.describe("Every trial's tool calls were observed."),
  })
  .strict()
  .describe('Whether the run itself worked: the gates a stage-1 scorecard must pass before stage 2.');

export const ShareSchema = z
  .object({
    count: Count.describe('Trials where it happened.'),
    of: Count.describe('Trials it was counted over.'),
    share: Probability.nullable().describe('count / of; null when of is 0.'),
    wilson: z
      .object({
        low: Probability.describe('Lower bound of the interval.'),
        high: Probability.describe('Upper bound of the interval.'),
      })
      .strict()
      .nullable()
      .describe('95% Wilson interval (no continuity correction); null when of is 0.'),
  })
  .strict();

export const ReproducibilityRowSchema = z
  .object({
    arm: IdSchema.describe('The arm.'),
    taskId: IdSchema.describe('The task.'),
    first: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('The scheduled trial.'),
    second: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('Its re-run.'),
    compared: z.boolean().describe('Both runs have a receipt that examined the workspace; false: not compared.'),
    outcome: z.boolean().nullable().describe('Both runs ended with the same status; null when not compared.'),
    files: z.boolean().nullable().describe('Both runs changed the same set of files; null when not compared.'),
    lines: z
      .boolean()
      .nullable()
      .describe('Both runs changed the same line counts in every file; null when not compared.'),
    matched: z.boolean().nullable().describe('Outcome, files and line counts all matched; null when not compared.'),
  })
  .strict()
  .describe('One re-run against the trial it repeats.');

export const ReproducibilitySchema = z
  .object({
    rows: z.array(ReproducibilityRowSchema).describe('Per arm and task, in plan order of the arms and tasks.'),
    arms: z
      .array(
        z
          .object({
            arm: IdSchema.describe('The arm, in plan order.'),
            matched: ShareSchema.describe('Over compared re-runs of the arm: outcome, files and line counts matched.'),
          })
          .strict(),
      )
      .describe('The share that matched, per arm.'),
    matched: ShareSchema.describe('Over every compared re-run.'),
  })
  .strict()
  .describe(
    'Measured reproducibility of the preregistered subset: diagnostics only; re-runs never enter the comparison.',
  );

export const SkillSelectionSchema = z
  .object({
    arm: IdSchema.describe('The arm, in plan order.'),
    known: Count.describe('Valid trials of tasks with a preregistered skill (or "none") whose skills used are known.'),
    unknown: Count.describe("Valid trials of such tasks whose agent's transcript does not show the skills it used."),
    expectedUsed: ShareSchema.describe(
      'Over known trials of tasks that preregister a skill: the agent loaded or invoked that skill.',
    ),
    unneededUsed: ShareSchema.describe(
      'Over every known trial: the agent loaded or invoked a skill other than the preregistered one ("none": any skill).',
    ),
  })
  .strict();

export const ReviewOverlaySchema = z
  .object({
    files: z
      .array(
        z
          .object({
            path: RelativePathSchema.describe('The review file, relative to the project root.'),
            digest: DigestSchema.describe("sha256 of the file's bytes as read."),
            trialId: z
              .string()
              .regex(/^[0-9a-f]{24}$/)
              .describe('The trial it reviews.'),
          })
          .strict(),
      )
      .describe('Every review file read, sorted by path.'),
    arms: z
      .array(
        z
          .object({
            arm: IdSchema.describe('The arm, in plan order.'),
            passed: Count.describe("Trials the hidden checks passed: the oracle's successes, unchanged."),
            reviewed: Count.describe('Trials of the arm with a review file.'),
            passedWithRejections: Count.describe('Trials the checks passed in which a reviewer rejected an edit.'),
            reviewAdjustedPassed: Count.describe('passed − passedWithRejections: passes no reviewer objected to.'),
            rejectedEdits: Count.describe('Corrections left: rejected edits over every reviewed trial of the arm.'),
          })
          .strict(),
      )
      .describe("Per arm, the review-adjusted view beside the oracle's count."),
    trials: z
      .array(
        z
          .object({
            trialId: z
              .string()
              .regex(/^[0-9a-f]{24}$/)
              .describe('The trial.'),
            taskId: IdSchema.describe('Its task.'),
            arm: IdSchema.describe('Its arm.'),
            repeat: Count.describe('Its repeat, from 1.'),
            status: TrialStatusSchema.describe("The oracle's status of the counted receipt, unchanged by the review."),
            rejected: z
              .array(
                z
                  .object({
                    file: z.string().describe('The changed entry.'),
                    hunk: Count.nullable().describe('The hunk, from 1; null: the whole change.'),
                    reason: z.string().describe("The reviewer's reason."),
                  })
                  .strict(),
              )
              .describe("Its rejected edits, in the review's order."),
          })
          .strict(),
      )
      .describe('Every reviewed trial with a rejected edit, in schedule order.'),
  })
  .strict()
  .describe(
    "The human review overlay: beside the oracle's outcomes, never in place of them; no verdict, rate or gate rests on it.",
  );

export type SkillSelection = z.infer<typeof SkillSelectionSchema>;
export type Reproducibility = z.infer<typeof ReproducibilitySchema>;
export type ReviewOverlay = z.infer<typeof ReviewOverlaySchema>;
export type Share = z.infer<typeof ShareSchema>;
export type Feasibility = z.infer<typeof FeasibilitySchema>;
export type FeasibilityGate = z.infer<typeof FeasibilityGateSchema>;
export type Gap = z.infer<typeof GapSchema>;
export type MatrixCell = z.infer<typeof MatrixCellSchema>;
