import { z } from 'zod';
import { digestOf } from './canonical.js';
import { DigestSchema, IdSchema } from './common.js';
import { ArmRoleSchema } from './experiment.js';

export const SUCCESS_STATUSES = ['passed'] as const;
export const FAILURE_STATUSES = ['failed', 'agent-error', 'timeout'] as const;
export const INVALID_STATUSES = [
  'setup-failed',
  'check-error',
  'missing-checks',
  'contaminated',
  'stale-context',
  'cleanup-failed',
  'drift',
  'cancelled',
  'budget-exhausted',
] as const;

export const TrialStatusSchema = z.enum([...SUCCESS_STATUSES, ...FAILURE_STATUSES, ...INVALID_STATUSES]);
export type TrialStatus = z.infer<typeof TrialStatusSchema>;
export type StatusClass = 'success' | 'failure' | 'invalid';

export function statusClass(status: TrialStatus): StatusClass {
  if ((SUCCESS_STATUSES as readonly string[]).includes(status)) return 'success';
  if ((FAILURE_STATUSES as readonly string[]).includes(status)) return 'failure';
  return 'invalid';
}

export const MESSAGE_LIMIT = 2000;
const BoundedText = z.string().max(MESSAGE_LIMIT);

export const CheckResultSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(['required', 'regression']),
    status: z
      .enum(['pass', 'fail', 'error'])
      .describe('error: the check could not run or gave no result; never a pass.'),
    message: BoundedText,
  })
  .strict();

export const FindingSchema = z
  .object({
    kind: z.enum(['contamination', 'tampering', 'stale-context', 'sandbox', 'cleanup', 'budget', 'agent', 'grader']),
    detail: BoundedText,
  })
  .strict();

const Count = z.number().int().nonnegative().nullable();

export const DiagnosticsSchema = z
  .object({
    toolCalls: Count.describe('Every tool call the agent made; null when unobservable.'),
    contextToolCalls: Count.describe("Calls to the arm's provider tools."),
    tools: z.record(z.string(), z.number().int().positive()).nullable().describe('Calls per tool name.'),
    filesInspected: Count,
    filesModified: Count,
    inputTokens: Count,
    outputTokens: Count,
    costUsd: z.number().nonnegative().nullable().describe("Only where the agent's cost basis is a list price."),
    elapsedMs: z.number().nonnegative().nullable(),
    relevantFileRecall: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Only for tasks with preregistered relevant files.'),
  })
  .strict();

export const ReceiptBodySchema = z
  .object({
    schema: z.literal('crossover.receipt/1'),
    planId: DigestSchema,
    trial: z
      .object({
        id: z.string().regex(/^[0-9a-f]{24}$/),
        taskId: IdSchema,
        taskDigest: DigestSchema,
        arm: IdSchema,
        role: ArmRoleSchema,
        repeat: z.number().int().positive(),
        block: z.number().int().nonnegative(),
        position: z.number().int().nonnegative(),
      })
      .strict(),
    status: TrialStatusSchema,
    synthetic: z.boolean(),
    agent: z.object({ adapter: z.string(), version: z.string().nullable() }).strict(),
    sandbox: z
      .object({ kind: z.enum(['bubblewrap', 'none']), version: z.string().nullable() })
      .strict()
      .describe('kind none only when the experiment or command asked for it explicitly.'),
    checks: z.array(CheckResultSchema),
    checksRun: z.number().int().nonnegative().describe('Checks that ran to a result; zero is never a pass.'),
    findings: z.array(FindingSchema),
    diagnostics: DiagnosticsSchema,
  })
  .strict();

export const ReceiptSchema = ReceiptBodySchema.extend({
  digest: DigestSchema.describe('Digest of the receipt without this field.'),
})
  .strict()
  .describe('The immutable record of one trial.');

export type Receipt = z.infer<typeof ReceiptSchema>;
export type ReceiptBody = z.infer<typeof ReceiptBodySchema>;
export type CheckResult = z.infer<typeof CheckResultSchema>;
export type Finding = z.infer<typeof FindingSchema>;
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;

/** Adds the content digest that makes a receipt verifiable. */
export function sealReceipt(body: ReceiptBody): Receipt {
  const checked = ReceiptBodySchema.parse(body);
  return { ...checked, digest: digestOf(checked) };
}

/** Recomputes a receipt's digest; false when any byte of its content changed. */
export function receiptDigestHolds(receipt: Receipt): boolean {
  const { digest, ...body } = receipt;
  return digestOf(body) === digest;
}
