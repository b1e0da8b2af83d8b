import { z } from 'zod';
import { DigestSchema, IdSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { CorpusCardSchema } from './corpus-card.js';
import { PolicySchema, StageSchema } from './experiment.js';
import { RunFilterSchema } from './run-filter.js';
import { ArmSummarySchema } from './scorecard-arms.js';
import { AaResultSchema, FlipSchema, TreatmentResultSchema } from './scorecard-comparison.js';
import { OperatingCharacteristicsSchema, PowerModelSchema, PowerTableSchema } from './scorecard-method.js';
import {
  FeasibilitySchema,
  GapSchema,
  MatrixCellSchema,
  ReproducibilitySchema,
  ReviewOverlaySchema,
  SkillSelectionSchema,
} from './scorecard-sections.js';

export * from './scorecard-arms.js';
export * from './scorecard-comparison.js';
export * from './scorecard-method.js';
export * from './scorecard-sections.js';

const Count = z.number().int().nonnegative();
const Probability = z.number().min(0).max(1);

/**
 * The scorecard's format: /2 since it decides by one A/A rule and states what the experiment could
 * have seen (issue 38); a stage-1 scorecard of /1 is refused by its version.
 */
export const SCORECARD_FORMAT = 'crossover.scorecard/2';

export const ScorecardSchema = z
  .object({
    schema: z.literal(SCORECARD_FORMAT).describe('Format and version of this document.'),
    planId: DigestSchema.describe('The plan whose receipts were scored.'),
    experiment: z
      .object({
        id: IdSchema.describe('Experiment id.'),
        title: z.string().nullable().describe('Human-readable name; null when untitled.'),
        stage: StageSchema,
      })
      .strict()
      .describe('The experiment scored.'),
    corpus: z
      .object({
        id: IdSchema.describe('Corpus id.'),
        version: z.string().describe('Corpus version.'),
        digest: DigestSchema.describe('Digest of the whole corpus.'),
      })
      .strict()
      .describe('The corpus the tasks came from.'),
    sandbox: z
      .object({
        kind: z
          .enum(['bubblewrap', 'container', 'none'])
          .describe('none: the agents ran unconfined, asked for explicitly.'),
        version: z
          .string()
          .nullable()
          .describe('The bubblewrap or container engine version the plan bound; null when missing.'),
      })
      .strict()
      .describe("The sandbox the plan's trials ran under."),
    synthetic: z.boolean().describe('A synthetic agent took part: nothing here can be qualified.'),
    policy: PolicySchema,
    repeats: z.number().int().positive().describe('Trials per (task, arm) in the plan.'),
    family: z
      .object({
        method: z.literal('holm').describe('Holm step-down correction over the treatment arms.'),
        m: Count.describe('Treatment arms in the plan (aa-control is not a treatment).'),
        alpha: Probability.describe('Family-wise α.'),
        simultaneousAlpha: Probability.nullable().describe(
          "Bonferroni α/m of the treatments' secondary simultaneous intervals; null with no treatment. Each treatment's own interval is at the level Holm tested it.",
        ),
      })
      .strict()
      .describe('The multiple-comparison family.'),
    arms: z.array(ArmSummarySchema).describe('In plan order.'),
    comparisons: z.array(TreatmentResultSchema).describe('Each treatment against the baseline, in plan order.'),
    aa: z.array(AaResultSchema).describe('Each aa-control arm against the baseline: the noise floor.'),
    flips: z
      .array(FlipSchema)
      .describe('Per treatment in plan order, the paired tasks in plan order where it and the baseline disagree.'),
    matrix: z
      .array(
        z
          .object({
            taskId: IdSchema.describe('Task id.'),
            category: IdSchema.describe("The task's category."),
            surface: SurfaceSchema,
            relevantFiles: z.boolean().describe('Relevant files were preregistered for the task.'),
            cells: z.array(MatrixCellSchema).describe('One per arm, in plan order.'),
          })
          .strict(),
      )
      .describe('Task × arm outcomes, tasks in plan order.'),
    gaps: z.array(GapSchema).describe('Evidence gaps: what is missing, invalid or unknown.'),
    feasibility: FeasibilitySchema,
    skillSelection: z
      .array(SkillSelectionSchema)
      .describe(
        'Diagnostics only, never part of a verdict: per arm, how often the preregistered skill was used and an unneeded one was; empty when no task preregisters a skill.',
      ),
    reproducibility: ReproducibilitySchema.nullable().describe(
      'null: the plan preregistered no reproducibility subset.',
    ),
    review: ReviewOverlaySchema.nullable().describe('null: no review file of this plan was read.'),
    corpusCard: CorpusCardSchema.optional().describe('Absent: the corpus was not where the plan says when scored.'),
    method: z
      .object({
        model: PowerModelSchema.nullable().describe('Null when the baseline has no valid trial to draw rates from.'),
        operating: OperatingCharacteristicsSchema.nullable().describe(
          'Stage 2 only; null when nothing was simulated (no power model, or more tasks than the exact test takes).',
        ),
        power: PowerTableSchema.nullable().describe(
          'Stage 0 and 1 only: the sample-size table that sizes stage 2; null for stage 2.',
        ),
      })
      .strict()
      .describe('How the verdicts were reached, with what power: the one-paragraph method note.'),
    filter: RunFilterSchema.optional(),
  })
  .strict()
  .describe("The normalized comparison of a plan's receipts: no timestamps, no absolute paths.");

export type Scorecard = z.infer<typeof ScorecardSchema>;
