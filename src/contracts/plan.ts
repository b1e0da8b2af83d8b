import { z } from 'zod';
import { AgentSchema } from './agent.js';
import { DigestSchema, EnvNameSchema, HostSchema, IdSchema, RelativePathSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { ArmRoleSchema, BudgetSchema, PolicySchema, SandboxKindSchema, StageSchema } from './experiment.js';
import { PricingSchema, ProviderKindSchema } from './provider.js';

export const AgentIdentitySchema = z
  .object({
    spec: AgentSchema.describe('The resolved agent declaration.'),
    executableDigest: DigestSchema.nullable().describe(
      'Digest of the agent executable; null for synthetic and command agents, and while not installed.',
    ),
    promptTemplateDigest: DigestSchema.describe('The template every prompt of this agent is rendered from.'),
  })
  .strict();

export const PlannedTaskSchema = z
  .object({
    id: IdSchema,
    digest: DigestSchema.describe('Binds task.json, prompt, workspace, checks, reference and decoys.'),
    category: IdSchema,
    surface: SurfaceSchema,
    timeoutSec: z.number().int().positive().describe("Agent time limit: the smaller of the task's and the budget's."),
    relevantFiles: z
      .array(z.string())
      .nullable()
      .describe('Preregistered relevant files; null when the task has none.'),
  })
  .strict();

export const FileDigestSchema = z
  .object({ path: RelativePathSchema.describe("Posix path relative to the plan's root."), digest: DigestSchema })
  .strict();

export const PlannedCommandSchema = z
  .object({
    command: z.string().min(1),
    args: z
      .array(z.string())
      .describe('An argument starting with "./" is a path relative to the plan\'s root: resolve it before launching.'),
  })
  .strict();

export const PlannedProviderSchema = z
  .object({
    id: IdSchema,
    kind: ProviderKindSchema,
    mode: z.enum(['local', 'hosted', 'enterprise']),
    interface: z.enum(['mcp-stdio', 'mcp-http', 'cli', 'api', 'none']).describe('How an agent reaches the provider.'),
    version: z.string().min(1),
    configDigest: DigestSchema.describe('Digest of the provider declaration with its paths made root-relative.'),
    launch: PlannedCommandSchema.nullable().describe(
      'How to start an mcp-stdio or cli provider; null for URL interfaces.',
    ),
    url: z.string().nullable().describe('Endpoint of an mcp-http or api provider; null otherwise.'),
    index: PlannedCommandSchema.nullable().describe(
      'Builds the index; run with the task snapshot as working directory.',
    ),
    files: z.array(FileDigestSchema).describe('Digests of the files the launch and index commands name.'),
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
    sendsSource: z.boolean(),
  })
  .strict();

export const PlannedArmSchema = z
  .object({
    id: IdSchema,
    role: ArmRoleSchema,
    agent: AgentIdentitySchema,
    provider: PlannedProviderSchema.nullable(),
    allowedTools: z.array(z.string()),
    instructionFiles: z
      .array(z.object({ source: RelativePathSchema, target: RelativePathSchema, digest: DigestSchema }).strict())
      .describe("Files installed into the run home; source is relative to the plan's root."),
  })
  .strict();

export const ScheduledTrialSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('Trial id: a digest prefix of (experiment, task digest, arm, repeat).'),
    taskId: IdSchema,
    arm: IdSchema,
    repeat: z.number().int().positive(),
    block: z.number().int().nonnegative(),
    position: z.number().int().nonnegative().describe('Place of the arm inside its block.'),
  })
  .strict();

export const ScheduleSchema = z
  .object({
    design: z.literal('williams'),
    seed: z.string().describe('Seeds the row permutation: the experiment id.'),
    arms: z.array(IdSchema).describe('The arm order the row indexes refer to.'),
    rows: z.array(z.array(z.number().int().nonnegative())).describe('Williams rows as arm indexes, in permuted order.'),
    trials: z.array(ScheduledTrialSchema).describe('Every scheduled trial in execution order, block by block.'),
  })
  .strict();

export const CostSchema = z
  .object({
    pricing: PricingSchema.nullable(),
    worstCaseTokens: z.object({ input: z.number(), output: z.number() }).strict().nullable(),
    pricedTrials: z
      .number()
      .int()
      .nonnegative()
      .describe('Trials whose agent may call a paid model (attempts; retries are never made).'),
    boundUsd: z
      .number()
      .nonnegative()
      .nullable()
      .describe('Declared price × worst-case tokens × attempts; null when unknown.'),
    mayCostMoney: z.boolean(),
  })
  .strict();

export const PlanSchema = z
  .object({
    schema: z.literal('crossover.plan/1'),
    experiment: z
      .object({
        id: IdSchema,
        title: z.string().nullable(),
        stage: StageSchema,
        file: RelativePathSchema.describe("The experiment definition, relative to the plan's root."),
      })
      .strict(),
    corpus: z
      .object({
        id: IdSchema,
        version: z.string(),
        digest: DigestSchema,
        path: z.string().describe('Corpus directory relative to the root ("." for the root).'),
      })
      .strict(),
    tasks: z.array(PlannedTaskSchema).min(1),
    prompt: z.object({ template: RelativePathSchema, digest: DigestSchema }).strict(),
    environment: z
      .object({
        node: z.string(),
        os: z.string(),
        arch: z.string(),
        sandbox: z
          .object({
            kind: SandboxKindSchema,
            version: z.string().nullable().describe('null when the sandbox is missing.'),
          })
          .strict(),
      })
      .strict(),
    arms: z.array(PlannedArmSchema).min(1),
    repeats: z.number().int().positive(),
    schedule: ScheduleSchema,
    policy: PolicySchema,
    budget: BudgetSchema,
    cost: CostSchema,
    egress: z.object({ hosts: z.array(HostSchema).describe('Every host an agent or provider may reach.') }).strict(),
    credentials: z.array(EnvNameSchema).describe('Names only; never values.'),
    synthetic: z.boolean().describe('Every arm uses a synthetic agent: results can never be qualified.'),
    stage1Scorecard: z
      .object({ path: RelativePathSchema, digest: DigestSchema })
      .strict()
      .nullable()
      .describe('Stage 2: the stage-1 scorecard whose feasibility gates passed.'),
    approval: z
      .object({ required: z.boolean(), reasons: z.array(z.string()) })
      .strict()
      .describe('Why an approval file naming this plan id is needed before anything runs.'),
  })
  .strict()
  .describe('The immutable registration; its digest is the plan id.');

export type Plan = z.infer<typeof PlanSchema>;
export type PlannedArm = z.infer<typeof PlannedArmSchema>;
export type PlannedTask = z.infer<typeof PlannedTaskSchema>;
export type PlannedProvider = z.infer<typeof PlannedProviderSchema>;
export type PlannedCommand = z.infer<typeof PlannedCommandSchema>;
export type ScheduledTrial = z.infer<typeof ScheduledTrialSchema>;
export type Schedule = z.infer<typeof ScheduleSchema>;
export type Cost = z.infer<typeof CostSchema>;
export type AgentIdentity = z.infer<typeof AgentIdentitySchema>;
