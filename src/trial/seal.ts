import type { ToolCall } from '../agents/adapter.js';
import { type Evidence, evidenceDigest } from '../contracts/evidence.js';
import { CONTEXT_CALL_LIMIT, type ContextCall, type Finding, type ReceiptBody } from '../contracts/receipt.js';
import { type Redaction, redactDeep } from '../contracts/redaction.js';
import type { GradeResult } from '../grading/grade.js';
import type { AgentRun } from './agent-phase.js';
import { type ObservedCalls, trialDiagnostics } from './diagnostics.js';
import { trialEvidence } from './evidence.js';
import type { Inspection } from './inspect.js';
import type { ReceiptBase } from './receipt-body.js';
import { receiptText, redactionOf } from './redaction.js';
import type { TrialSpec } from './spec.js';
import { trialStatus } from './status.js';

/** A trial's outcome: its receipt body (the caller seals and stores it) and, when kept, its evidence. */
export interface TrialOutcome {
  body: ReceiptBody;
  evidence: Evidence | null;
}

/** What the phases after the agent produced: the inspection and grading (null when cancelled or not examined). */
export interface AfterAgent {
  inspection: Inspection | null;
  graded: GradeResult | null;
  findings: Finding[];
  /** the trial directory could not be removed */
  cleanupFailed: boolean;
}

export interface SealInput {
  spec: TrialSpec;
  trialDir: string;
  base: ReceiptBase;
  run: AgentRun;
  after: AfterAgent;
  calls: ObservedCalls;
  contextCalls: readonly ContextCall[];
}

/** The receipt's context calls: the first CONTEXT_CALL_LIMIT, and how many more there were. */
function boundedCalls(contextCalls: readonly ContextCall[]) {
  const omitted = contextCalls.length - CONTEXT_CALL_LIMIT;
  return {
    contextCalls: contextCalls.slice(0, CONTEXT_CALL_LIMIT),
    ...(omitted > 0 ? { contextCallsOmitted: omitted } : {}),
  };
}

/**
 * The receipt body from every phase's result: one status, the checks (their messages redacted: a
 * check may quote what workspace code returned), the findings, the diagnostics.
 */
function receiptBody(input: SealInput): ReceiptBody {
  const { spec, run, after } = input;
  const starved = run.result.outcome === 'timeout' ? run.prepared.agentClock.starved() : null;
  const status = trialStatus({
    cancelled: run.clock.signal.aborted,
    contaminated: after.inspection?.contaminated ?? false,
    staleContext: after.inspection?.stale ?? false,
    cleanupFailed: after.cleanupFailed,
    agent: run.result.outcome,
    agentStarved: starved !== null,
    grade: after.graded?.status ?? null,
  });
  const starvedFinding: Finding[] =
    starved === null ? [] : [{ kind: 'agent', detail: receiptText(`starved: ${starved}`, spec, input.trialDir) }];
  const checks = (after.graded?.checks ?? []).map((check) => ({
    ...check,
    message: receiptText(check.message, spec, input.trialDir, run.leased),
  }));
  // A leased token the agent echoed anywhere else (a file name, a tool name, a finding) is kept nowhere either.
  return redactDeep(
    {
      ...input.base,
      ...(run.result.model === undefined ? {} : { agent: { ...input.base.agent, model: run.result.model } }),
      status,
      sandbox: { kind: spec.sandbox, version: run.prepared.sandboxVersion },
      checks,
      checksRun: after.graded?.checksRun ?? 0,
      findings: [...after.findings, ...starvedFinding],
      diagnostics: trialDiagnostics({
        observation: run.result.observation,
        calls: input.calls,
        modified: after.inspection?.modified ?? null,
        relevantFiles: spec.task.task.relevantFiles ?? null,
        workspace: run.prepared.workspace,
        elapsedMs: run.elapsedMs,
      }),
      ...(after.inspection?.changes ? { changes: after.inspection.changes } : {}),
      ...boundedCalls(input.contextCalls),
    },
    leasedOnly(run),
  );
}

/** The leased login's values alone (a receipt's paths are already names): what redactDeep replaces everywhere. */
function leasedOnly(run: AgentRun): Redaction {
  return { secrets: [...run.leased].sort((a, b) => b.length - a.length), paths: {} };
}

/** The trial's receipt body and, when the spec keeps it, its evidence, whose digest the receipt then names. */
export function sealTrial(input: SealInput): TrialOutcome {
  const body = receiptBody(input);
  if (!input.spec.keepEvidence) return { body, evidence: null };
  const evidence = trialEvidence({
    body,
    prompt: input.run.prepared.context.prompt,
    transcript: input.run.result.transcript,
    contextCalls: input.contextCalls,
    diff: input.after.inspection?.diff ?? null,
    output: input.run.prepared.output.tails(),
    durationsMs: input.after.graded?.durationsMs,
    redaction: redactionOf(input.spec, input.trialDir, input.run.leased),
  });
  const kept = redactDeep(evidence, leasedOnly(input.run));
  return { body: { ...body, evidence: evidenceDigest(kept) }, evidence: kept };
}

/** The calls the agent made, its own tools and the context tools the proxy saw, for contamination. */
export function allToolCalls(calls: ObservedCalls): ToolCall[] | null {
  return calls.builtin === null ? calls.context : [...calls.builtin, ...(calls.context ?? [])];
}
