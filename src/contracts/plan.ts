import { z } from 'zod';
import { AgentSchema } from './agent.js';
import { DigestSchema, EnvNameSchema, HostSchema, IdSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';
import { ArmRoleSchema, BudgetSchema, PolicySchema, SandboxKindSchema } from './experiment.js';
import { PricingSchema, ProviderKindSchema } from './provider.js';

export const AgentIdentitySchema = z
  .object({
    spec: AgentSchema.describe('The resolved agent declaration.'),
    executableDigest: DigestSchema.nullable().describe('Digest of the agent executable; null for synthetic agents.'),
    promptTemplateDigest: DigestSchema,
  })
  .strict();

export const PlannedTaskSchema = z
  .object({
    id: IdSchema,
    digest: DigestSchema.describe('Binds task.json, prompt, workspace, checks, reference and decoys.'),
    category: IdSchema,
    surface: SurfaceSchema,
    timeoutSec: z.number().int().positive(),
    relevantFiles: z.array(z.string()).nullable(),
  })
  .strict();

export const PlannedArmSchema = z
  .object({
    id: IdSchema,
    role: ArmRoleSchema,
    agent: AgentIdentitySchema,
    provider: z
      .object({
        id: IdSchema,
        kind: ProviderKindSchema,
        configDigest: DigestSchema,
        probeDigest: DigestSchema.nullable().describe('Identity digest of the provider\'s probe record; null until probed.'),
        tools: z.array(z.string()).describe('The provider tools this arm may call.'),
      })
      .strict()
      .nullable(),
    allowedTools: z.array(z.string()),
    instructionFiles: z.array(z.object({ target: z.string(), digest: DigestSchema }).strict()),
  })
  .strict();

export const ScheduledTrialSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/).describe('Trial id: a digest prefix of (experiment, task digest, arm, repeat).'),
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
    rows: z.array(z.array(z.number().int().nonnegative())).describe('Williams rows as arm indexes, in permuted order.'),
    trials: z.array(ScheduledTrialSchema).describe('Every scheduled trial in execution order, block by block.'),
  })
  .strict();

export const PlanSchema = z
  .object({
    schema: z.literal('crossover.plan/1'),
    experiment: z
      .object({ id: IdSchema, title: z.string().nullable(), stage: z.union([z.literal(0), z.literal(1), z.literal(2)]), file: z.string() })
      .strict(),
    corpus: z.object({ id: IdSchema, version: z.string(), digest: DigestSchema, path: z.string() }).strict(),
    tasks: z.array(PlannedTaskSchema).min(1),
    prompt: z.object({ template: z.string(), digest: DigestSchema }).strict(),
    environment: z
      .object({
        node: z.string(),
        os: z.string(),
        arch: z.string(),
        sandbox: z.object({ kind: SandboxKindSchema, version: z.string().nullable() }).strict(),
      })
      .strict(),
    arms: z.array(PlannedArmSchema).min(1),
    repeats: z.number().int().positive(),
    schedule: ScheduleSchema,
    policy: PolicySchema,
    budget: BudgetSchema,
    cost: z
      .object({
        pricing: PricingSchema.nullable(),
        worstCaseTokens: z.object({ input: z.number(), output: z.number() }).strict().nullable(),
        boundUsd: z.number().nonnegative().nullable().describe('Conservative bound; null when unknown.'),
        mayCostMoney: z.boolean(),
      })
      .strict(),
    egress: z.object({ hosts: z.array(HostSchema) }).strict(),
    credentials: z.array(EnvNameSchema).describe('Names only; never values.'),
    synthetic: z.boolean().describe('Every arm uses a synthetic agent: results can never be qualified.'),
    stage1Scorecard: z.object({ path: z.string(), digest: DigestSchema }).strict().nullable(),
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
export type ScheduledTrial = z.infer<typeof ScheduledTrialSchema>;
export type AgentIdentity = z.infer<typeof AgentIdentitySchema>;
