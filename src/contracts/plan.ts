import { z } from 'zod';
import { AgentSchema } from './agent.js';
import { DigestSchema, EnvNameSchema, HostSchema, IdSchema, RelativePathSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { ArmRoleSchema, BudgetSchema, PolicySchema, SandboxKindSchema, StageSchema } from './experiment.js';
import { PricingSchema, ProviderKindSchema, ProviderModeSchema } from './provider.js';

export const FileDigestSchema = z
  .object({
    path: RelativePathSchema.describe("Posix path relative to the plan's root."),
    digest: DigestSchema.describe("Digest of the file's bytes (a directory's: its tree digest)."),
  })
  .strict();

export const AgentIdentitySchema = z
  .object({
    spec: AgentSchema.describe('The resolved agent declaration.'),
    executableDigest: DigestSchema.nullable().describe(
      'Digest of the agent executable; null for synthetic and command agents, and while not installed.',
    ),
    promptTemplateDigest: DigestSchema.describe('The template every prompt of this agent is rendered from.'),
    files: z
      .array(FileDigestSchema)
      .optional()
      .describe(
        "A command agent's declared files (a directory by its tree digest), root-relative; absent for other agents.",
      ),
  })
  .strict()
  .describe('Everything that identifies the agent an arm runs: declaration, executable, prompt template.');

export const PlannedSetupSchema = z
  .object({
    command: z.string().min(1).describe("The setup command, as the task's task.json gives it."),
    outputs: z.array(RelativePathSchema).describe('The workspace paths the setup produces and trials are given.'),
    digest: DigestSchema.nullable().describe(
      'Tree digest of what the setup produced (its outputs at their paths); null when it could not run, which blocks the plan.',
    ),
  })
  .strict()
  .describe(
    "A repository task's setup as it ran for this plan: its duration is not bound (it lives in the setup record under .crossover/cache/setup/ and the plan summary).",
  );

export const PlannedTaskSchema = z
  .object({
    id: IdSchema.describe('Task id.'),
    digest: DigestSchema.describe('Binds task.json, prompt, workspace, checks, reference and decoys.'),
    category: IdSchema.describe("The task's category."),
    surface: SurfaceSchema,
    timeoutSec: z.number().int().positive().describe("Agent time limit: the smaller of the task's and the budget's."),
    relevantFiles: z
      .array(z.string())
      .nullable()
      .describe('Preregistered relevant files; null when the task has none.'),
    expectedSkill: z
      .string()
      .nullable()
      .describe(
        'Preregistered: the skill the task benefits from, "none" when no skill helps; null when not preregistered.',
      ),
    setup: PlannedSetupSchema.optional().describe("A repository task's setup and what it produced; absent: no setup."),
    image: DigestSchema.nullable()
      .optional()
      .describe(
        "Under sandbox container: the id of the image the task's trials and checks run in (its environment's build, its image by digest, or the base image); null when it is not on this machine, which blocks the plan; absent under bubblewrap or none.",
      ),
  })
  .strict()
  .describe('One task of the corpus, bound by digest.');

export const PlannedCommandSchema = z
  .object({
    command: z.string().min(1).describe('Program to start.'),
    args: z
      .array(z.string())
      .describe('An argument starting with "./" is a path relative to the plan\'s root: resolve it before launching.'),
  })
  .strict();

export const PlannedProviderSchema = z
  .object({
    id: IdSchema.describe('Provider id.'),
    kind: ProviderKindSchema,
    mode: ProviderModeSchema,
    interface: z.enum(['mcp-stdio', 'mcp-http', 'cli', 'api', 'none']).describe('How an agent reaches the provider.'),
    version: z.string().min(1).describe('Exact version as declared.'),
    configDigest: DigestSchema.describe('Digest of the provider declaration with its paths made root-relative.'),
    launch: PlannedCommandSchema.nullable().describe(
      'How to start an mcp-stdio or cli provider; null for URL interfaces.',
    ),
    url: z.string().nullable().describe('Endpoint of an mcp-http or api provider; null otherwise.'),
    index: PlannedCommandSchema.nullable().describe(
      'Builds the index; run with the task snapshot as working directory.',
    ),
    files: z.array(FileDigestSchema).describe('Digests of the files the launch and index commands name.'),
    install: z
      .object({
        package: z.string().describe('registry:package@version of the pinned install.'),
        recordDigest: DigestSchema.describe('Digest of its install record (integrity, lockfile digest, binaries).'),
        binDigests: z.array(DigestSchema).describe("Its binaries' digests as they were at planning."),
      })
      .strict()
      .nullable()
      .describe(
        'The provider package `crossover providers install` put under .crossover/; null when it runs from a path.',
      ),
    probeDigest: DigestSchema.nullable().describe(
      "The `digest` field of the provider's probe record; null until probed.",
    ),
    eligibility: z
      .enum(['eligible', 'excluded', 'blocked'])
      .nullable()
      .describe("The probe record's eligibility status; null until probed."),
    eligibilityReasons: z
      .array(z.string())
      .describe("The probe record's eligibility reasons, as the scorecard shows an excluded arm; empty until probed."),
    tools: z
      .array(z.string())
      .describe('The provider tools this arm may call; empty means every tool the probe listed.'),
    sendsSource: z.boolean().describe('Whether repository source leaves the machine.'),
    noResult: z
      .array(z.string())
      .optional()
      .describe("How the provider's answer begins when it found nothing, as declared; absent when not declared."),
  })
  .strict()
  .describe("The arm's context provider, bound by its declaration, files and probe.");

export const PlannedSkillSchema = z
  .object({
    name: z.string().min(1).describe("The skill's folder name."),
    digest: DigestSchema.describe("Tree digest of the skill's folder: SKILL.md and every resource, byte for byte."),
  })
  .strict();

export const PlannedSkillsSchema = z
  .object({
    dir: RelativePathSchema.describe("The skills directory, relative to the plan's root."),
    installed: z
      .array(PlannedSkillSchema)
      .describe("Skills installed into the agent's config home, where it discovers them; by name."),
    preloaded: z
      .array(PlannedSkillSchema)
      .describe("Skills the launcher may load into a task's prompt: the preregistered skills of the slice's tasks."),
  })
  .strict();

export const PlannedArmSchema = z
  .object({
    id: IdSchema.describe('Arm id.'),
    role: ArmRoleSchema,
    agent: AgentIdentitySchema,
    provider: PlannedProviderSchema.nullable().describe('null for an arm without a context provider.'),
    allowedTools: z.array(z.string()).describe("Tools beyond the agent's own that this arm may call."),
    instructionFiles: z
      .array(
        z
          .object({
            source: RelativePathSchema.describe("The file installed, relative to the plan's root."),
            target: RelativePathSchema.describe('Where the agent finds it, relative to its run home.'),
            digest: DigestSchema.describe("Digest of the file's bytes."),
          })
          .strict(),
      )
      .describe("Files installed into the run home; source is relative to the plan's root."),
    skills: PlannedSkillsSchema.nullable().describe('The skills the arm declares, bytes bound; null: none declared.'),
  })
  .strict();

export const ScheduledTrialSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('Trial id: a digest prefix of (experiment, task digest, arm, repeat).'),
    taskId: IdSchema.describe('The task the trial runs.'),
    arm: IdSchema.describe('The arm the trial runs.'),
    repeat: z.number().int().positive().describe('Which repeat of (task, arm), from 1.'),
    block: z.number().int().nonnegative().describe('The block of the schedule: one trial of every arm on one task.'),
    position: z.number().int().nonnegative().describe('Place of the arm inside its block.'),
  })
  .strict();

export const ScheduleSchema = z
  .object({
    design: z.literal('williams').describe('Williams design: every arm follows every other equally often.'),
    seed: z.string().describe('Seeds the row permutation: the experiment id.'),
    arms: z.array(IdSchema).describe('The arm order the row indexes refer to.'),
    rows: z.array(z.array(z.number().int().nonnegative())).describe('Williams rows as arm indexes, in permuted order.'),
    trials: z.array(ScheduledTrialSchema).describe('Every scheduled trial in execution order, block by block.'),
  })
  .strict()
  .describe('The order trials run in, balanced for carry-over.');

export const CostSchema = z
  .object({
    pricing: PricingSchema.nullable().describe('Declared model list price; null when unknown.'),
    worstCaseTokens: z
      .object({
        input: z.number().describe('Input tokens one trial may use at most.'),
        output: z.number().describe('Output tokens one trial may use at most.'),
      })
      .strict()
      .nullable()
      .describe('Declared per-trial token ceiling; null when undeclared.'),
    pricedTrials: z
      .number()
      .int()
      .nonnegative()
      .describe(
        'Attempts whose agent may call a paid model: each scheduled trial, its preregistered re-attempts and each reproducibility re-run, at most maxTrials.',
      ),
    boundUsd: z
      .number()
      .nonnegative()
      .nullable()
      .describe('Declared price × worst-case tokens × attempts; null when unknown.'),
    mayCostMoney: z.boolean().describe('Some trial may call a paid model or service.'),
  })
  .strict()
  .describe('The conservative bound on what the run may cost.');

/**
 * The plan's format: /2 since the A/A rule left the policy (issue 38), so a plan of /1 is refused by
 * its version rather than by a field it still carries.
 */
export const PLAN_FORMAT = 'crossover.plan/2';

export const PlanSchema = z
  .object({
    schema: z.literal(PLAN_FORMAT).describe('Format and version of this document.'),
    experiment: z
      .object({
        id: IdSchema.describe('Experiment id.'),
        title: z.string().nullable().describe('Human-readable name; null when untitled.'),
        stage: StageSchema,
        file: RelativePathSchema.describe("The experiment definition, relative to the plan's root."),
      })
      .strict()
      .describe('The experiment this plan registers.'),
    corpus: z
      .object({
        id: IdSchema.describe('Corpus id.'),
        version: z.string().describe('Corpus version.'),
        digest: DigestSchema.describe('Digest of the whole corpus.'),
        path: z.string().describe('Corpus directory relative to the root ("." for the root).'),
      })
      .strict()
      .describe('The corpus the tasks come from.'),
    tasks: z.array(PlannedTaskSchema).min(1).describe('Every task the plan runs, in id order.'),
    prompt: z
      .object({
        template: RelativePathSchema.describe("The prompt template, relative to the plan's root."),
        digest: DigestSchema.describe("Digest of the template's bytes."),
      })
      .strict()
      .describe('The template every trial prompt is rendered from.'),
    environment: z
      .object({
        node: z.string().describe('Node version running Crossover.'),
        os: z.string().describe('Operating system (process.platform).'),
        arch: z.string().describe('CPU architecture (process.arch).'),
        sandbox: z
          .object({
            kind: SandboxKindSchema,
            version: z.string().nullable().describe('null when the sandbox is missing.'),
            digest: DigestSchema.nullable().describe(
              "sha256 of the bwrap executable, or of the container engine's CLI, the trials run (found at a fixed system path, never on PATH); null when missing.",
            ),
          })
          .strict()
          .describe('The sandbox trials run in.'),
      })
      .strict()
      .describe('The machine the plan was made for; a run elsewhere is drift.'),
    arms: z.array(PlannedArmSchema).min(1).describe('Every arm, each bound by identity.'),
    repeats: z.number().int().positive().describe('Trials per (task, arm).'),
    schedule: ScheduleSchema,
    policy: PolicySchema,
    budget: BudgetSchema,
    cost: CostSchema,
    egress: z
      .object({ hosts: z.array(HostSchema).describe('Every host an agent or provider may reach.') })
      .strict()
      .describe('Network the run needs.'),
    credentials: z.array(EnvNameSchema).describe('Names only; never values.'),
    reproducibility: z
      .object({
        tasksPerArm: z.number().int().positive().describe('Tasks of every arm re-run, as preregistered.'),
        reruns: z
          .array(
            z
              .object({
                of: z
                  .string()
                  .regex(/^[0-9a-f]{24}$/)
                  .describe('The scheduled trial this one repeats from the same bytes.'),
                trial: ScheduledTrialSchema.describe('The re-run: its own id, the same task, arm and repeat.'),
              })
              .strict(),
          )
          .describe('Every re-run, in schedule order of the trial it repeats; never part of the schedule.'),
      })
      .strict()
      .nullable()
      .describe('The preregistered reproducibility subset; null: none.'),
    auth: z
      .object({
        mode: z
          .enum(['api-key', 'lease'])
          .describe(
            "api-key: the agent authenticates with the declared credentials; lease: with a subscription login copied from a login directory into each trial's home (never its path or contents).",
          ),
      })
      .strict()
      .describe('How the agent authenticates.'),
    synthetic: z.boolean().describe('Every arm uses a synthetic agent: results can never be qualified.'),
    stage1Scorecard: z
      .object({
        path: RelativePathSchema.describe("The stage-1 scorecard, relative to the plan's root."),
        digest: DigestSchema.describe("Digest of the scorecard's bytes."),
      })
      .strict()
      .nullable()
      .describe('Stage 2: the stage-1 scorecard whose feasibility gates passed.'),
    approval: z
      .object({
        required: z.boolean().describe('Whether an approval is needed.'),
        reasons: z.array(z.string()).describe('Each reason, one line, shown when approving.'),
      })
      .strict()
      .describe('Why an approval file naming this plan id is needed before anything runs.'),
  })
  .strict()
  .describe('The immutable registration; its digest is the plan id.');

export type Plan = z.infer<typeof PlanSchema>;
export type PlannedArm = z.infer<typeof PlannedArmSchema>;
export type PlannedSkills = z.infer<typeof PlannedSkillsSchema>;
export type PlannedTask = z.infer<typeof PlannedTaskSchema>;
export type PlannedSetup = z.infer<typeof PlannedSetupSchema>;
export type PlannedProvider = z.infer<typeof PlannedProviderSchema>;
export type PlannedCommand = z.infer<typeof PlannedCommandSchema>;
export type ScheduledTrial = z.infer<typeof ScheduledTrialSchema>;
export type Schedule = z.infer<typeof ScheduleSchema>;
export type Cost = z.infer<typeof CostSchema>;
export type AgentIdentity = z.infer<typeof AgentIdentitySchema>;
export type FileDigest = z.infer<typeof FileDigestSchema>;

/** One trial a plan may run: a scheduled trial, or a re-run of the reproducibility subset. */
export interface PlannedTrial {
  trial: ScheduledTrial;
  /** the scheduled trial a re-run repeats from the same bytes; null for a scheduled trial */
  rerunOf: string | null;
}

/**
 * Every trial a plan may run, in the order they run: the schedule, then the reproducibility
 * subset's re-runs (never part of the schedule, and never counted in a comparison). Each of them
 * may be attempted again under the plan's re-attempt policy; attempts keep the trial's id.
 */
export function plannedTrials(plan: Pick<Plan, 'schedule' | 'reproducibility'>): PlannedTrial[] {
  return [
    ...plan.schedule.trials.map((trial) => ({ trial, rerunOf: null })),
    ...(plan.reproducibility?.reruns ?? []).map((rerun) => ({ trial: rerun.trial, rerunOf: rerun.of })),
  ];
}
