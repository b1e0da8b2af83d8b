import { z } from 'zod';
import { AgentSchema } from './agent.js';
import { EnvNameSchema, HostSchema, IdSchema, RelativePathSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { PricingSchema, ProviderSchema } from './provider.js';

export const ArmRoleSchema = z
  .enum(['baseline', 'treatment', 'aa-control'])
  .describe('baseline, treatment, or aa-control (a copy of the baseline that measures noise).');

export const InstructionFileSchema = z
  .object({
    source: z.string().min(1).describe('File to install, relative to the experiment file.'),
    target: RelativePathSchema.describe('Where the agent finds it, relative to its run home (e.g. .claude/CLAUDE.md).'),
  })
  .strict();

/** A skill's folder name: how Claude Code and Codex name the skill they discover. */
export const SkillNameSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,63}$/,
    'expected a skill name: lower-case letters, digits and "-", at most 64 characters',
  )
  .describe('A skill: the name of its folder (the folder holds SKILL.md and its resources).');

export const ArmSkillsSchema = z
  .object({
    dir: z
      .string()
      .min(1)
      .describe(
        'A directory of skills, each a folder with its SKILL.md and resources; relative to the experiment file.',
      ),
    include: z
      .array(SkillNameSchema)
      .min(1)
      .optional()
      .describe('The skills of the directory installed where the agent discovers them; absent means every one.'),
    preloadTaskSkill: z
      .boolean()
      .default(false)
      .describe("Load the task's preregistered skill (experiment taskSkills) from the directory into the prompt."),
  })
  .strict()
  .describe("Skills installed into the arm's isolated config home, and the per-task preloaded skill.");

export const ArmSchema = z
  .object({
    id: IdSchema.describe('Arm id, unique within the experiment.'),
    role: ArmRoleSchema,
    title: z.string().optional().describe('Human-readable name of the arm.'),
    agent: AgentSchema.optional().describe("Overrides the experiment's agent; real comparisons keep one instrument."),
    provider: IdSchema.optional().describe("Id of one of the experiment's providers."),
    allowedTools: z
      .array(z.string().min(1))
      .default([])
      .describe("Tools beyond the agent's own that this arm may call."),
    instructionFiles: z
      .array(InstructionFileSchema)
      .default([])
      .describe("Files installed into the agent's run home before each trial."),
    skills: ArmSkillsSchema.optional().describe(
      'Absent: the arm declares no skill, and any skill found is contamination.',
    ),
    mayBeExcluded: z
      .boolean()
      .optional()
      .describe(
        "true: a probe that excludes this arm's provider leaves the plan runnable, and the arm is reported as excluded; absent: it blocks the plan.",
      ),
  })
  .strict();

/**
 * The only statuses a re-attempt may replace: faults of the machinery, not of the agent. Re-running
 * a passed, failed, agent-error, timeout or contaminated trial would pick the results one likes.
 */
export const REATTEMPTABLE_STATUSES = [
  'check-error',
  'check-starved',
  'agent-starved',
  'api-fault',
  'setup-failed',
  'cleanup-failed',
  'cancelled',
] as const;

export const ReattemptPolicySchema = z
  .object({
    statuses: z
      .array(
        z.enum(REATTEMPTABLE_STATUSES, {
          error: `expected an infrastructure status (${REATTEMPTABLE_STATUSES.join(', ')}): re-attempting any other outcome would pick the results`,
        }),
      )
      .min(1)
      .describe('The invalid statuses a trial may be re-attempted after: infrastructure faults only.'),
    max: z
      .number()
      .int()
      .positive()
      .max(5)
      .describe('Most re-attempts of one scheduled trial, beyond its first attempt.'),
  })
  .strict()
  .describe(
    'Preregistered re-attempts (`crossover run --reattempt`): each a fresh trial recorded as attempt k of the same scheduled trial; every attempt is kept and the last one counts.',
  );

export const PolicySchema = z
  .object({
    alpha: z.number().gt(0).lt(1).default(0.05).describe('Family-wise significance level of the comparisons.'),
    minTasks: z.number().int().positive().default(30).describe('Fewest tasks with valid trials a claim needs.'),
    minRepeats: z.number().int().positive().default(3).describe('Fewest repeats per (task, arm) a claim needs.'),
    maxDroppedShare: z
      .number()
      .min(0)
      .lt(1)
      .default(0.2)
      .describe(
        "The missing-data rule: most share of a comparison's tasks that invalid trials (after the preregistered re-attempts) may drop from the pairs while it is still decided, with its sensitivity to them shown; beyond it, incomplete. A missing trial always leaves it incomplete. With 3 repeats a task leaves a pair when any of its 6 trials is invalid, so 1% invalid trials drop about 6% of the tasks.",
      ),
    regressionTolerance: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.1)
      .describe(
        'Largest extra share of trials with a failed regression check a treatment may have over the baseline: the regression gate holds only when an exact upper bound of that extra share lies below it.',
      ),
    noninferiorityMargin: z
      .number()
      .gt(0)
      .lt(1)
      .nullable()
      .default(null)
      .describe('Largest loss of success rate still called non-inferior; null: no non-inferiority claim.'),
    reattempts: ReattemptPolicySchema.optional().describe(
      'Which invalid trials may be re-attempted and how often; absent: none ever is.',
    ),
  })
  .strict()
  .describe('Statistical policy, fixed before any trial runs.');

export const BUDGET_DEFAULTS = { maxTrials: 300, deadlineSec: 3600, trialTimeoutSec: 300 } as const;
export const BUDGET_LIMITS = { maxTrials: 2000, deadlineSec: 4 * 3600, trialTimeoutSec: 600 } as const;

export const BudgetSchema = z
  .object({
    maxTrials: z
      .number()
      .int()
      .positive()
      .max(BUDGET_LIMITS.maxTrials)
      .default(BUDGET_DEFAULTS.maxTrials)
      .describe(
        'Most attempts the plan may make: its scheduled trials, their preregistered re-attempts and its reproducibility re-runs.',
      ),
    deadlineSec: z
      .number()
      .int()
      .positive()
      .max(BUDGET_LIMITS.deadlineSec)
      .default(BUDGET_DEFAULTS.deadlineSec)
      .describe('Wall-clock limit of the whole run.'),
    trialTimeoutSec: z
      .number()
      .int()
      .positive()
      .max(BUDGET_LIMITS.trialTimeoutSec)
      .default(BUDGET_DEFAULTS.trialTimeoutSec)
      .describe(
        "Upper bound on any one trial's agent time limit, whatever the task asks (of the agent's own time, as the task's).",
      ),
  })
  .strict()
  .describe('Limits on trials and time.');

export const SandboxKindSchema = z
  .enum(['bubblewrap', 'container', 'none'])
  .describe(
    "How trials are contained: bubblewrap over the host's toolchain; container: a fresh container of each task's image (its environment, else the base image); none only when asked for explicitly.",
  );

export type SandboxKind = z.infer<typeof SandboxKindSchema>;

export const StageSchema = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal('exploratory')])
  .describe(
    '0: probe and plan (only synthetic agents run); 1: the small feasibility slice; 2: the confirmatory comparison; exploratory: any tasks with any agent, always descriptive and never stage-2 evidence.',
  );

export const SliceShapeSchema = z
  .object({
    surfaces: z
      .partialRecord(SurfaceSchema, z.number().int().positive())
      .refine((surfaces) => Object.keys(surfaces).length > 0, 'expected at least one surface')
      .describe('How many tasks of each surface the slice holds ({"library": 2, "cli": 1}).'),
    minCategories: z.number().int().positive().default(1).describe('The fewest distinct categories among them.'),
  })
  .strict()
  .refine(
    (shape) => Object.values(shape.surfaces).reduce((a, b) => a + (b ?? 0), 0) >= shape.minCategories,
    'expected minCategories no larger than the number of tasks',
  )
  .describe(
    "Stage 1: the slice's shape, preregistered; absent: derived from the corpus by the coverage rule (README, Stages).",
  );

export const ExperimentSchema = z
  .object({
    id: IdSchema.describe('Experiment id: names its approvals and state, seeds its schedule.'),
    title: z.string().optional().describe('Human-readable name of the experiment.'),
    stage: StageSchema,
    corpus: z.string().min(1).describe('Corpus directory, relative to the experiment file.'),
    tasks: z
      .array(IdSchema)
      .min(1)
      .optional()
      .describe(
        "The task slice; absent means every task (stage 1: chosen by the coverage rule, or of the declared slice's shape).",
      ),
    slice: SliceShapeSchema.optional(),
    agent: AgentSchema.describe('The agent every arm runs unless it overrides it.'),
    providers: z
      .array(ProviderSchema)
      .default([])
      .describe(
        'Context providers the arms may use; a relative path argument starts with "./" or "../" and is relative to the experiment file.',
      ),
    arms: z.array(ArmSchema).min(1).describe('One baseline, the treatments and (stage 2) one aa-control.'),
    repeats: z
      .number()
      .int()
      .positive()
      .max(100)
      .describe('Trials per (task, arm); stage 1 needs 2, stage 2 at least 3.'),
    promptTemplate: z
      .string()
      .min(1)
      .describe(
        'Committed template, relative to the experiment file (experiments/prompts/*.md): {{task.prompt}} (required), {{task.title}} and {{task.id}} are filled in.',
      ),
    policy: PolicySchema.default(PolicySchema.parse({})),
    budget: BudgetSchema.default(BudgetSchema.parse({})),
    pricing: PricingSchema.optional().describe('Model list price; absent means unknown.'),
    worstCaseTokens: z
      .object({
        input: z.number().int().nonnegative().describe('Input tokens one trial may use at most.'),
        output: z.number().int().nonnegative().describe('Output tokens one trial may use at most.'),
      })
      .strict()
      .optional()
      .describe('Per-trial token ceiling used for the conservative cost bound.'),
    egress: z
      .object({ hosts: z.array(HostSchema).default([]).describe('Hosts the agent may reach besides its model API.') })
      .strict()
      .default({ hosts: [] })
      .describe("Network the agent needs beyond its providers'."),
    credentials: z
      .array(EnvNameSchema)
      .default([])
      .describe('Environment variables the agent needs, by name; values never enter an artifact.'),
    sandbox: SandboxKindSchema.default('bubblewrap'),
    reproducibility: z
      .object({
        tasksPerArm: z
          .number()
          .int()
          .positive()
          .describe("Tasks of every arm whose first repeat is run a second time, chosen by the plan's seed."),
      })
      .strict()
      .optional()
      .describe(
        'Preregistered reproducibility subset: re-runs from the same bytes in fresh workspaces, compared with the first run and never counted in the comparison.',
      ),
    authHome: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A login directory the agent\'s subscription login is leased from, by path (absolute, "~/…", or relative to the experiment file); its contents never enter an artifact. Absent: the agent authenticates with its declared credentials (an API key).',
      ),
    concurrency: z
      .number()
      .int()
      .positive()
      .max(64)
      .optional()
      .describe(
        'Agents at once (1: one trial at a time); grading follows each agent, bounded by the cores. Default sized to the machine.',
      ),
    stage1Scorecard: z
      .string()
      .optional()
      .describe('Stage 2: the stage-1 scorecard whose feasibility gates passed, relative to the experiment file.'),
    taskSkills: z
      .record(IdSchema, z.union([SkillNameSchema, z.literal('none')]))
      .default({})
      .describe(
        'Preregistered: the skill each task benefits from, or "none"; tasks left out are not preregistered. Feeds the selection-accuracy diagnostic and preloadTaskSkill.',
      ),
  })
  .strict()
  .describe('experiments/*.ts, the argument of defineExperiment');

export type Experiment = z.infer<typeof ExperimentSchema>;
export type ExperimentInput = z.input<typeof ExperimentSchema>;
export type Arm = z.infer<typeof ArmSchema>;
export type ArmSkills = z.infer<typeof ArmSkillsSchema>;
export type ArmRole = z.infer<typeof ArmRoleSchema>;
export type Policy = z.infer<typeof PolicySchema>;
export type Budget = z.infer<typeof BudgetSchema>;
export type ReattemptPolicy = z.infer<typeof ReattemptPolicySchema>;
export type Stage = z.infer<typeof StageSchema>;
export type SliceShapeInput = z.input<typeof SliceShapeSchema>;
