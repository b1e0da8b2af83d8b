import { z } from 'zod';
import { digestOf } from './canonical.js';
import { DigestSchema, IdSchema } from './common.js';
import { TestIdSchema } from './corpus.js';
import { ArmRoleSchema, type ReattemptPolicy } from './experiment.js';
import { clip } from './redaction.js';

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
  // The machine's or a service's fault, never the agent's: a check or an agent that ran out of time
  // without having had its own time (starved by load), and a model API that kept answering 429, 5xx
  // or resetting.
  'check-starved',
  'agent-starved',
  'api-fault',
] as const;

export const TrialStatusSchema = z
  .enum([...SUCCESS_STATUSES, ...FAILURE_STATUSES, ...INVALID_STATUSES])
  .describe('How the trial ended: passed; failed, agent-error or timeout; or one of the invalid statuses.');
export type TrialStatus = z.infer<typeof TrialStatusSchema>;
export type StatusClass = 'success' | 'failure' | 'invalid';

export function statusClass(status: TrialStatus): StatusClass {
  if ((SUCCESS_STATUSES as readonly string[]).includes(status)) return 'success';
  if ((FAILURE_STATUSES as readonly string[]).includes(status)) return 'failure';
  return 'invalid';
}

export const MESSAGE_LIMIT = 2000;
const BoundedText = z.string().max(MESSAGE_LIMIT);
const Milliseconds = z.number().int().nonnegative();

export const CheckResultSchema = z
  .object({
    id: z.union([IdSchema, TestIdSchema]).describe("Check id from the task, or for a repository task the test's id."),
    kind: z
      .enum(['required', 'regression'])
      .describe('required: must pass for success; regression: must keep passing.'),
    status: z
      .enum(['pass', 'fail', 'error'])
      .describe('error: the check could not run or gave no result; never a pass.'),
    message: BoundedText.describe('What the check reported (bounded).'),
    wallMs: Milliseconds.optional().describe(
      "Wall-clock time from the check's start to its result; absent where the check has no run of its own (a repository test, a check not run) and in receipts from before.",
    ),
    cpuMs: Milliseconds.optional().describe(
      "CPU time the check's processes used while it ran: a node check's own process; for a browser check, the Chromium serving its page (which browser checks running at the same moment share). Absent where not measured.",
    ),
    waitMs: Milliseconds.optional().describe(
      "Time the check was kept from running: the run-queue delay the kernel accounted to its processes (for a browser check, each Chromium process's main thread) and to the grader's loop that reads it, plus time its processes were stopped by a signal. The machine's load, never the check's own time: its time limit counts the rest (wallMs - waitMs), or the CPU it used spread over the machine's CPUs where that is more and all its own. Absent where not measured.",
    ),
    ownMs: Milliseconds.optional().describe(
      "The check's own time, what its time limit (the task's timeoutMs) counts: wallMs less waitMs, or the CPU it used spread over the machine's CPUs where that is more and all its own. A check whose ownMs nears its limit is close to timing out on its merits. Absent where not measured.",
    ),
    rerun: z
      .literal(true)
      .optional()
      .describe(
        'The first run was starved (it reached its wall-clock bound before it had its own time), so the check ran once more alone, with no other check running on the machine: status and times are of that run.',
      ),
    starved: z
      .literal(true)
      .optional()
      .describe(
        'No verdict: the check was starved on its first run and again when it ran alone (status error). The trial is check-starved: invalid and re-attemptable.',
      ),
  })
  .strict()
  .describe('The result of one hidden check.');

export const FindingSchema = z
  .object({
    kind: z
      .enum(['contamination', 'tampering', 'stale-context', 'sandbox', 'cleanup', 'budget', 'agent', 'grader'])
      .describe('Which part of the trial the finding is about.'),
    detail: BoundedText.describe('What was found (bounded, no secrets, no absolute paths).'),
  })
  .strict()
  .describe('Something the trial noticed that a reader must see.');

const Count = z.number().int().nonnegative().nullable();

/** `@@ -3,2 +3,4 @@`: one changed region of a file, old and new 1-based start and line count. */
export const HunkHeaderSchema = z
  .string()
  .regex(/^@@ -\d+,\d+ \+\d+,\d+ @@$/, 'expected a hunk header such as "@@ -3,2 +3,4 @@"')
  .describe('A hunk: its old and new start line and length, as a unified-diff header without context.');

/** At most this many changed files are listed in a receipt. */
export const CHANGED_FILE_LIMIT = 200;

export const ChangesSchema = z
  .object({
    files: z
      .array(
        z
          .object({
            path: z.string().min(1).describe('Workspace-relative path of the changed entry.'),
            added: Count.describe(
              'Lines of the new text not in the old (as a multiset); null for binary or large files, links, deletions of such.',
            ),
            removed: Count.describe('Lines of the old text not in the new (as a multiset); null where added is.'),
            hunks: z
              .array(HunkHeaderSchema)
              .max(100)
              .describe(
                'Each changed region as a context-free unified-diff header, in order (the first 100); empty where added is null.',
              ),
          })
          .strict(),
      )
      .max(CHANGED_FILE_LIMIT)
      .describe('Changed entries, sorted by path (the first 200).'),
    omitted: z.number().int().nonnegative().describe('Changed entries left out past the bound.'),
  })
  .strict()
  .describe('What the agent changed in the workspace, compared by the reproducibility subset.');

/** At most this many context-tool calls are listed in a receipt; the evidence keeps them all. */
export const CONTEXT_CALL_LIMIT = 500;

export const ContextCallSchema = z
  .object({
    server: z.string().min(1).describe('The MCP server the call went to, as the arm declares it.'),
    tool: z.string().describe('The tool name the agent called.'),
    argumentsDigest: DigestSchema.describe('Digest of the canonical JSON of the call arguments.'),
    answerBytes: z
      .number()
      .int()
      .nonnegative()
      .describe("UTF-8 bytes of the answer's content the agent received; 0 for an error or no answer."),
    outcome: z
      .enum(['answer', 'empty', 'error', 'unanswered'])
      .describe('empty: a result with no text or content; unanswered: the session ended before the answer.'),
    latencyMs: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('From the request to the answer, as the proxy saw it; null when unanswered.'),
  })
  .strict()
  .describe("One tools/call recorded by Crossover's MCP proxy, outside the agent's reach.");

export const DiagnosticsSchema = z
  .object({
    toolCalls: Count.describe('Every tool call the agent made; null when unobservable.'),
    contextToolCalls: Count.describe("Calls to the arm's provider tools."),
    tools: z.record(z.string(), z.number().int().positive()).nullable().describe('Calls per tool name.'),
    filesInspected: Count.describe('Files the agent read; null when unobservable.'),
    filesModified: Count.describe('Files the agent changed; null when unobservable.'),
    inputTokens: Count.describe('Model input tokens the agent reported; null when unreported.'),
    outputTokens: Count.describe('Model output tokens the agent reported; null when unreported.'),
    costUsd: z.number().nonnegative().nullable().describe("Only where the agent's cost basis is a list price."),
    elapsedMs: z.number().nonnegative().nullable().describe('Agent wall-clock time; null when it did not start.'),
    relevantFileRecall: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Only for tasks with preregistered relevant files.'),
    skillsUsed: z
      .array(z.string())
      .nullable()
      .describe('Skills the agent loaded or invoked, sorted; null when its transcript does not show them.'),
  })
  .strict()
  .describe('Descriptive measures of the agent; never part of the status.');

export const ReceiptBodySchema = z
  .object({
    schema: z.literal('crossover.receipt/1').describe('Format and version of this document.'),
    planId: DigestSchema,
    trial: z
      .object({
        id: z
          .string()
          .regex(/^[0-9a-f]{24}$/)
          .describe('Trial id from the plan schedule.'),
        taskId: IdSchema,
        taskDigest: DigestSchema,
        arm: IdSchema,
        role: ArmRoleSchema,
        repeat: z.number().int().positive().describe('Which repeat of (task, arm), from 1.'),
        block: z.number().int().nonnegative().describe('The block of the schedule.'),
        position: z.number().int().nonnegative().describe('Place of the arm inside its block.'),
        attempt: z
          .number()
          .int()
          .min(2)
          .optional()
          .describe(
            'Which attempt at the scheduled trial, for a preregistered re-attempt (2 for the first); absent for the first attempt.',
          ),
      })
      .strict()
      .describe('The scheduled trial this receipt records.'),
    status: TrialStatusSchema,
    synthetic: z.boolean().describe('A synthetic agent ran: the result can never be qualified.'),
    agent: z
      .object({
        adapter: z.string().describe('The agent adapter that ran.'),
        version: z.string().nullable().describe('The version the agent reported; null when unknown.'),
        model: z
          .string()
          .optional()
          .describe("The model the agent said it called (a command agent's usage file); absent when it did not say."),
      })
      .strict()
      .describe('The agent that ran the trial.'),
    sandbox: z
      .object({
        kind: z.enum(['bubblewrap', 'container', 'none']).describe('The sandbox the trial ran in.'),
        version: z
          .string()
          .nullable()
          .describe("Sandbox version (a container's: the engine's name and version); null for none."),
      })
      .strict()
      .describe('kind none only when the experiment or command asked for it explicitly.'),
    checks: z.array(CheckResultSchema).describe('Every check of the task, in task order.'),
    checksRun: z.number().int().nonnegative().describe('Checks that ran to a result; zero is never a pass.'),
    findings: z.array(FindingSchema).describe('Findings, in the order they were made.'),
    diagnostics: DiagnosticsSchema,
    changes: ChangesSchema.optional().describe(
      'The files the agent changed with their line counts; absent when the workspace was not examined, and in receipts from before it.',
    ),
    contextCalls: z
      .array(ContextCallSchema)
      .max(CONTEXT_CALL_LIMIT)
      .optional()
      .describe(
        "Every context-tool call Crossover's MCP proxy recorded, in order (the first 500); absent in receipts from before the proxy.",
      ),
    contextCallsOmitted: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Context-tool calls the proxy recorded past the 500 listed here (the evidence keeps them); absent when none.',
      ),
    evidence: DigestSchema.optional().describe(
      "Digest of this trial's evidence file (evidence/<hex>.json beside the receipts); absent when none was kept.",
    ),
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
export type ContextCall = z.infer<typeof ContextCallSchema>;

/** A finding whose detail fits the receipt whatever it quotes (a 2,600-character path, say). */
export function boundedFinding(kind: Finding['kind'], detail: string): Finding {
  return { kind, detail: clip(detail, MESSAGE_LIMIT) };
}

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

/** Which attempt at its scheduled trial a receipt records, from 1. */
export function attemptOf(receipt: Pick<Receipt, 'trial'>): number {
  return receipt.trial.attempt ?? 1;
}

/**
 * Whether the preregistered policy lets a trial whose latest attempt (number `attempt`) ended with
 * `status` be attempted once more. No policy: never.
 */
export function mayReattempt(policy: ReattemptPolicy | undefined, status: TrialStatus, attempt: number): boolean {
  if (!policy) return false;
  return (policy.statuses as readonly TrialStatus[]).includes(status) && attempt <= policy.max;
}
