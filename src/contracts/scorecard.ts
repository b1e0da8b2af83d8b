import { z } from 'zod';
import { DigestSchema, IdSchema, RelativePathSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { CorpusCardSchema } from './corpus-card.js';
import { ArmRoleSchema, PolicySchema, StageSchema } from './experiment.js';
import { TrialStatusSchema } from './receipt.js';
import { RunFilterSchema } from './run-filter.js';

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

export const EligibilitySchema = z
  .object({
    status: z.enum(['eligible', 'excluded', 'blocked']).describe('blocked: e.g. egress not approved.'),
    reasons: z.array(z.string()).describe('Why the arm is not eligible, one reason a line.'),
  })
  .strict()
  .describe("The arm's eligibility, from its provider's probe.");

export const MeasureSchema = z
  .object({
    mean: z
      .number()
      .nullable()
      .describe('Mean over the trials where the measure is known; null when it is known for none (never 0).'),
    known: Count.describe('Trials with a receipt where the measure is known.'),
  })
  .strict();

export const DiagnosticsSummarySchema = z
  .object({
    inputTokens: MeasureSchema.describe('Model input tokens per trial.'),
    outputTokens: MeasureSchema.describe('Model output tokens per trial.'),
    costUsd: MeasureSchema.describe('List-price cost per trial, in USD.'),
    toolCalls: MeasureSchema.describe('Tool calls per trial.'),
    contextToolCalls: MeasureSchema.describe("Calls to the arm's provider tools per trial."),
    filesInspected: MeasureSchema.describe('Files the agent read per trial.'),
    filesModified: MeasureSchema.describe('Files the agent changed per trial.'),
    elapsedMs: MeasureSchema.describe('Agent wall-clock time per trial.'),
    relevantFileRecall: MeasureSchema.describe('Only over trials of tasks with preregistered relevant files.'),
  })
  .strict()
  .describe('Descriptive only: never part of a verdict.');

export const ContextCallSummarySchema = z
  .object({
    receipts: Count.describe("The arm's counted receipts that hold the proxy's context-call records."),
    calls: Count.describe('Context-tool calls recorded, summed over those receipts.'),
    empty: Count.describe('Calls answered with no text or content.'),
    errors: Count.describe('Calls answered with an error.'),
    unanswered: Count.describe('Calls the session ended before answering.'),
    answerBytes: Count.describe("UTF-8 bytes of every answer's content, summed."),
    medianLatencyMs: z
      .number()
      .nonnegative()
      .multipleOf(0.5)
      .nullable()
      .describe(
        'Median latency over the answered calls, in ms; with an even count, the mean of the two middle values (exact: a whole or a half); null when no call was answered.',
      ),
    omitted: Count.describe(
      "Calls past a receipt's bound of listed calls (500 per trial): not in these figures, so they undercount when above 0.",
    ),
  })
  .strict()
  .describe("What Crossover's MCP proxy recorded of an arm's context-tool calls: diagnostics only, never a decision.");

export const TrialCountsSchema = z
  .object({
    scheduled: Count.describe('Trials the plan schedules.'),
    success: Count.describe('Valid trials whose required checks all passed.'),
    failure: Count.describe('Valid trials that did not succeed: failed, agent error or timeout.'),
    agentError: Count.describe('Failures whose status is agent-error: the agent crashed or exited non-zero.'),
    timeout: Count.describe('Failures whose status is timeout: the agent ran out of time.'),
    invalid: Count.describe('Excluded from pairs, shown, and makes the comparison incomplete.'),
    missing: Count.describe('Scheduled with no receipt: makes the comparison incomplete, never shrinks a denominator.'),
    excluded: Count.describe(
      "Trials of an arm its provider's probe excluded or blocked: never run, so they have no receipt.",
    ),
    contaminated: Count.describe('Invalid trials whose status is contaminated.'),
    unsupportedPass: Count.describe('Receipts that say passed without positive check evidence: counted as invalid.'),
    setupFailed: Count.describe('Invalid trials whose status is setup-failed.'),
    reattempts: Count.describe(
      'Preregistered re-attempts made: attempts beyond the first, each kept as its own receipt; the last attempt is the one counted.',
    ),
  })
  .strict()
  .describe(
    'success + failure + invalid + missing + excluded = scheduled; agentError and timeout are part of failure.',
  );

export const ArmSummarySchema = z
  .object({
    id: IdSchema.describe('Arm id.'),
    role: ArmRoleSchema,
    adapter: z.string().describe('The agent adapter of the arm.'),
    provider: IdSchema.nullable().describe("The arm's context provider; null for none."),
    synthetic: z.boolean().describe('The arm ran (or was planned with) a synthetic agent.'),
    eligibility: EligibilitySchema.nullable().describe("The arm's eligibility decision; null when none was given."),
    trials: TrialCountsSchema.describe("The arm's trials by outcome."),
    invalidByStatus: z
      .partialRecord(TrialStatusSchema, Count)
      .describe('Invalid trials per status; statuses with none are left out.'),
    successRate: Probability.nullable().describe(
      'Mean over tasks of s(t, arm) = successes / valid repeats; null with no valid trial.',
    ),
    tasksWithValidTrials: Count.describe('Tasks with at least one valid trial of this arm.'),
    interval: z
      .object({
        method: z.literal('task-bootstrap').describe('Percentile bootstrap resampling tasks, not trials.'),
        level: Probability.describe('Confidence level.'),
        resamples: Count.describe('Bootstrap resamples, from a generator seeded by the plan id and arm.'),
        low: Probability.describe('Lower bound.'),
        high: Probability.describe('Upper bound.'),
      })
      .strict()
      .nullable()
      .describe(
        'Task-clustered interval of successRate (the same estimator, resampled by task); null with no valid trial.',
      ),
    wilson: z
      .object({
        low: Probability.describe('Lower bound.'),
        high: Probability.describe('Upper bound.'),
      })
      .strict()
      .nullable()
      .describe(
        'Secondary: 95% Wilson interval pooling valid trials and ignoring tasks (covers less than 95%); null with no valid trial.',
      ),
    regressionFailures: Count.describe('Valid trials in which a regression check failed.'),
    diagnostics: DiagnosticsSummarySchema,
    contextCalls: ContextCallSummarySchema.nullable().describe(
      "The proxy's context-call records over the arm's counted receipts; null when none holds them (unknown, never 0).",
    ),
  })
  .strict()
  .describe('One arm: its trials, success rate and descriptive diagnostics.');

export const PairedComparisonSchema = z
  .object({
    arm: IdSchema.describe('The treatment or aa-control arm.'),
    baseline: IdSchema.describe('The baseline arm it is compared with.'),
    tasks: z
      .object({
        scheduled: Count.describe('Tasks in the plan.'),
        paired: Count.describe('n: tasks whose every repeat is valid in both arms.'),
        unpaired: z.array(IdSchema).describe('Tasks left out of the pairs by a missing or invalid trial.'),
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
    interval: z
      .object({
        method: z.literal('sign-flip-inversion').describe('The shifts δ the same test does not reject for d_t − δ.'),
        alpha: Probability.describe('α′ used for this interval (α/m for treatments, Bonferroni).'),
        low: Difference.describe('Lower end of the accepted shifts, clipped to [−1, 1].'),
        high: Difference.describe('Upper end of the accepted shifts, clipped to [−1, 1].'),
      })
      .strict()
      .nullable()
      .describe('Excludes 0 exactly when the raw p ≤ α′; null with no paired task.'),
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
          .describe('Hoeffding interval at α′; null with no paired task.'),
      })
      .strict()
      .describe('Secondary figures, shown for comparison: no verdict or gate rests on them.'),
    armOnlyWins: Count.describe('Paired (task, repeat) where only the arm succeeded.'),
    baselineOnlyWins: Count.describe('Paired (task, repeat) where only the baseline succeeded.'),
    regressionFailures: z
      .object({
        arm: Count.describe('Valid trials of the arm with a failed regression check.'),
        baseline: Count.describe('Valid trials of the baseline with a failed regression check.'),
        p: Probability.describe(
          'One-sided paired sign-flip p, over paired tasks, that the arm fails regression checks more often than the baseline.',
        ),
      })
      .strict()
      .describe('Regression-check failures on each side, and the test the regression gate reads.'),
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
    simulations: Count.describe('Simulated experiments.'),
  })
  .strict();

export const TreatmentResultSchema = PairedComparisonSchema.extend({
  pAdjusted: Probability.describe('Holm-adjusted over the family of every treatment arm in the plan.'),
  power: PowerAtEffectSchema.nullable().describe(
    'The power this experiment had (its paired tasks, repeats, family and gates, the observed baseline rates) for a +0.15 effect; null when not simulated.',
  ),
  verdict: VerdictSchema,
  reasons: z.array(z.string()).min(1).describe('Why this verdict: every condition that decided it.'),
  gates: z.array(GateSchema).describe('The qualification gates, evaluated whatever the verdict.'),
}).strict();

export const AaResultSchema = PairedComparisonSchema.extend({
  limit: z.number().describe('The preregistered aaLimit: |Δ_AA| is compared with it as a descriptive figure.'),
  withinLimit: z
    .boolean()
    .nullable()
    .describe('|Δ_AA| ≤ limit, decided exactly (Σd_t and the limit as rationals); null with no paired task.'),
  blocks: z
    .boolean()
    .describe(
      'Its two-sided test rejects at α: the A/A gate blocks every treatment (as it does when this arm is incomplete or unpaired).',
    ),
}).strict();

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
      .enum(['missing', 'invalid', 'unsupported-pass', 'unknown-diagnostics', 'recall-not-preregistered', 'ineligible'])
      .describe('What sort of gap.'),
    arm: IdSchema.nullable().describe('The arm concerned; null when it concerns the whole run.'),
    count: Count.describe('Trials (or, for recall, tasks) concerned.'),
    detail: z.string().describe('What the gap is, for a reader.'),
  })
  .strict();

export const PowerRowSchema = z
  .object({
    effect: z.number().describe('True per-task gain of one treatment (the others null).'),
    tasks: Count.describe('Tasks per simulated experiment.'),
    repeats: Count.describe('Repeats per task and arm.'),
    power: Probability.describe('Share of simulated experiments whose verdict for that treatment is better.'),
  })
  .strict();

export const PowerTableSchema = z
  .object({
    basis: z
      .string()
      .describe('Where the per-task baseline rates come from: observed in a scorecard, or a declared assumption.'),
    seed: z.string().describe('The generator seed, derived from the plan id: the same table on every run.'),
    simulations: Count.describe('Simulated experiments per row.'),
    treatments: Count.describe('m: the Holm family simulated.'),
    regressionRate: Probability.describe('Shared per-trial regression failure rate simulated in every arm.'),
    target: Probability.describe('The power the needed sizes reach.'),
    rows: z.array(PowerRowSchema).describe('Every grid point: effect × tasks × repeats.'),
    needed: z
      .array(
        z
          .object({
            effect: z.number().describe('The effect simulated.'),
            tasks: Count.nullable().describe('Fewest tasks in the grid reaching the target; null when none does.'),
            repeats: Count.nullable().describe('Repeats of that cheapest grid point; null when none does.'),
          })
          .strict()
          .describe('The cheapest grid point for one effect.'),
      )
      .describe('Per effect, the cheapest (tasks × repeats) grid point reaching the target power.'),
  })
  .strict()
  .describe('Simulation of the preregistered analysis as the scorer runs it: same test, gates and Holm family.');

export const OperatingCharacteristicsSchema = z
  .object({
    seed: z.string().describe('The generator seed, derived from the plan id.'),
    simulations: Count.describe('Simulated experiments per figure.'),
    tasks: Count.describe('Paired tasks simulated: those of this experiment.'),
    repeats: Count.describe('Repeats per task and arm.'),
    treatments: Count.describe('m: the Holm family simulated.'),
    familyWiseError: Probability.describe('Null experiments in which any treatment is called better or worse.'),
    aaFalseBlock: Probability.describe('Null experiments the A/A gate blocks.'),
    aaDetects005: Probability.describe('Experiments with a real −0.05 A/A shift the A/A gate blocks.'),
    aaDetects010: Probability.describe('Experiments with a real −0.10 A/A shift the A/A gate blocks.'),
    regressionFalseBlock: Probability.describe(
      'Null experiments in which the regression gate blocks a treatment, at the observed shared regression rate.',
    ),
  })
  .strict()
  .describe("This experiment's shape simulated with the observed baseline rates: what its gates and test can do.");

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

export const ScorecardSchema = z
  .object({
    schema: z.literal('crossover.scorecard/1').describe('Format and version of this document.'),
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
        intervalAlpha: Probability.nullable().describe(
          'Bonferroni α/m for the treatment intervals; null with no treatment.',
        ),
      })
      .strict()
      .describe('The multiple-comparison family.'),
    arms: z.array(ArmSummarySchema).describe('In plan order.'),
    comparisons: z.array(TreatmentResultSchema).describe('Each treatment against the baseline, in plan order.'),
    aa: z.array(AaResultSchema).describe('Each aa-control arm against the baseline: the noise floor.'),
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
        operating: OperatingCharacteristicsSchema.nullable().describe(
          'Null when nothing was simulated (no baseline rate observed, or more tasks than the exact test takes).',
        ),
        power: PowerTableSchema.nullable().describe(
          'Stage 0 and 1 only: the power table that sizes stage 2; null for stage 2.',
        ),
      })
      .strict()
      .describe('How the verdicts were reached, with what power: the one-paragraph method note.'),
    filter: RunFilterSchema.optional(),
  })
  .strict()
  .describe("The normalized comparison of a plan's receipts: no timestamps, no absolute paths.");

export type Scorecard = z.infer<typeof ScorecardSchema>;
export type SkillSelection = z.infer<typeof SkillSelectionSchema>;
export type Reproducibility = z.infer<typeof ReproducibilitySchema>;
export type ReviewOverlay = z.infer<typeof ReviewOverlaySchema>;
export type Share = z.infer<typeof ShareSchema>;
export type Feasibility = z.infer<typeof FeasibilitySchema>;
export type FeasibilityGate = z.infer<typeof FeasibilityGateSchema>;
export type Verdict = z.infer<typeof VerdictSchema>;
export type Eligibility = z.infer<typeof EligibilitySchema>;
export type ArmSummary = z.infer<typeof ArmSummarySchema>;
export type PairedComparison = z.infer<typeof PairedComparisonSchema>;
export type TreatmentResult = z.infer<typeof TreatmentResultSchema>;
export type AaResult = z.infer<typeof AaResultSchema>;
export type Gate = z.infer<typeof GateSchema>;
export type Gap = z.infer<typeof GapSchema>;
export type MatrixCell = z.infer<typeof MatrixCellSchema>;
export type DiagnosticsSummary = z.infer<typeof DiagnosticsSummarySchema>;
export type ContextCallSummary = z.infer<typeof ContextCallSummarySchema>;
export type PowerTable = z.infer<typeof PowerTableSchema>;
export type PowerRow = z.infer<typeof PowerRowSchema>;
export type OperatingCharacteristics = z.infer<typeof OperatingCharacteristicsSchema>;
export type PowerAtEffect = z.infer<typeof PowerAtEffectSchema>;
export type Measure = z.infer<typeof MeasureSchema>;
export type TrialCounts = z.infer<typeof TrialCountsSchema>;
