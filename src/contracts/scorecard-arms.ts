import { z } from 'zod';
import { IdSchema } from './common.js';
import { ArmRoleSchema, REATTEMPTABLE_STATUSES } from './experiment.js';
import { TrialStatusSchema } from './receipt.js';

/** The parts of a scorecard that describe one arm on its own: counts, its rate, diagnostics. */

const Count = z.number().int().nonnegative();
const Probability = z.number().min(0).max(1);

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
    invalid: Count.describe(
      "Invalid after the preregistered re-attempts: never a success or a failure; the task leaves the pairs, within the policy's maxDroppedShare (beyond it the comparison is incomplete).",
    ),
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

export const InfrastructureStatusSchema = z
  .enum(REATTEMPTABLE_STATUSES)
  .describe(
    "A fault of the machinery or a service, never the agent's: the statuses a preregistered re-attempt may replace.",
  );

export const InfrastructureSchema = z
  .object({
    trials: Count.describe('Scheduled trials of the arm with a receipt.'),
    faulted: Count.describe(
      'Of those, trials at least one of whose attempts ended with an infrastructure status, whether re-attempted into a valid result or not.',
    ),
    byStatus: z
      .partialRecord(InfrastructureStatusSchema, Count)
      .describe(
        'Attempts, re-attempted ones included, that ended with each infrastructure status; statuses with none are left out.',
      ),
    unresolved: Count.describe(
      'Trials whose counted (last) attempt still has an infrastructure status: invalid, so their tasks leave the pairs.',
    ),
    differential: z
      .object({
        method: z
          .literal('fisher-exact')
          .describe("Fisher's exact test, two-sided, on faulted / trials of this arm against the baseline's."),
        p: Probability.describe('Its p-value, computed exactly from the four counts.'),
        alpha: Probability.describe(
          "The policy's α: the test flags an arm whose true rate equals the baseline's at most this often.",
        ),
        flagged: z
          .boolean()
          .describe(
            "p ≤ α: the arm's infrastructure-fault rate differs from the baseline's, which can bias Δ through the tasks it drops.",
          ),
      })
      .strict()
      .nullable()
      .describe('The arm against the baseline; null for the baseline itself.'),
  })
  .strict()
  .describe(
    'Infrastructure faults apart from the outcomes: grader timeouts, starved checks, API faults, setup and cleanup faults, cancellations.',
  );

export const PassAtKSchema = z
  .object({
    k: z.number().int().positive().describe('Repeats drawn.'),
    tasks: Count.describe('Tasks with at least k valid repeats: the mean is over these.'),
    passAtK: Probability.nullable().describe(
      'pass@k: mean over tasks of 1 − C(n − c, k) / C(n, k), the unbiased chance that at least one of k repeats succeeds (n valid repeats, c successes); null over no task.',
    ),
    passHatK: Probability.nullable().describe(
      'pass^k: mean over tasks of C(c, k) / C(n, k), the unbiased chance that all k repeats succeed; null over no task.',
    ),
  })
  .strict();

const PerSolvedMeasureSchema = z
  .object({
    value: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'The measure summed over the valid trials where it is known, divided by the successes among them; null when none succeeded.',
      ),
    trials: Count.describe('Valid trials where the measure is known.'),
    successes: Count.describe('Successes among them.'),
  })
  .strict();

export const PerSolvedSchema = z
  .object({
    costUsd: PerSolvedMeasureSchema.describe('List-price cost per solved task, in USD.'),
    inputTokens: PerSolvedMeasureSchema.describe('Model input tokens per solved task.'),
    outputTokens: PerSolvedMeasureSchema.describe('Model output tokens per solved task.'),
  })
  .strict()
  .describe('What one success cost: descriptive only, never part of a verdict.');

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
      'Mean over tasks of s(t, arm) = successes / valid repeats; null with no valid trial. Its one interval is `interval`.',
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
    regressionFailures: Count.describe('Valid trials in which a regression check failed.'),
    diagnostics: DiagnosticsSummarySchema,
    contextCalls: ContextCallSummarySchema.nullable().describe(
      "The proxy's context-call records over the arm's counted receipts; null when none holds them (unknown, never 0).",
    ),
    infrastructure: InfrastructureSchema,
    passAtK: z.array(PassAtKSchema).describe('For k = 1 up to the repeats: pass@k and pass^k over the tasks.'),
    perSolved: PerSolvedSchema,
  })
  .strict()
  .describe('One arm: its trials, success rate and descriptive diagnostics.');

export type Eligibility = z.infer<typeof EligibilitySchema>;
export type ArmSummary = z.infer<typeof ArmSummarySchema>;
export type DiagnosticsSummary = z.infer<typeof DiagnosticsSummarySchema>;
export type ContextCallSummary = z.infer<typeof ContextCallSummarySchema>;
export type Measure = z.infer<typeof MeasureSchema>;
export type TrialCounts = z.infer<typeof TrialCountsSchema>;
export type Infrastructure = z.infer<typeof InfrastructureSchema>;
export type InfrastructureStatus = z.infer<typeof InfrastructureStatusSchema>;
export type PassAtK = z.infer<typeof PassAtKSchema>;
export type PerSolved = z.infer<typeof PerSolvedSchema>;
