import type { Finding } from '../contracts/receipt.js';
import { type AgentRun, agentPhase } from './agent-phase.js';
import { removeTrialDir } from './cleanup.js';
import { observedCalls } from './diagnostics.js';
import { gradeTrial } from './grade-phase.js';
import { inspectWorkspace } from './inspect.js';
import { receiptBase } from './receipt-body.js';
import { receiptText } from './redaction.js';
import { type AfterAgent, allToolCalls, sealTrial, type TrialOutcome } from './seal.js';
import { networkFinding, type TrialSpec } from './spec.js';
import { trialDirectory } from './workspace.js';

/**
 * The phases after the agent: inspect the workspace, then grade it. They never throw: whatever the
 * agent left (a tree the scan cannot read, a grader that fails) becomes a finding, so every trial
 * ends with a receipt. A cancelled trial is neither inspected nor graded.
 */
async function examine(spec: TrialSpec, run: AgentRun, trialDir: string) {
  if (run.clock.signal.aborted) return { inspection: null, graded: null, findings: [] };
  const calls = observedCalls(spec.arm, run.result.observation, run.prepared.proxy.records());
  try {
    const inspection = await inspectWorkspace(spec, run, allToolCalls(calls), trialDir);
    const graded = await gradeTrial(spec, run, inspection, trialDir);
    if ('kind' in graded) return { inspection, graded: null, findings: [...inspection.findings, graded] };
    return { inspection, graded, findings: [...inspection.findings, ...graded.findings] };
  } catch (error) {
    const reason = `the workspace could not be examined: ${(error as Error).message}`;
    const detail = receiptText(reason, spec, trialDir, run.leased);
    return { inspection: null, graded: null, findings: [{ kind: 'grader', detail } satisfies Finding] };
  }
}

/** The findings of a trial whose agent ran, in the order a reader meets them. */
function runFindings(spec: TrialSpec, run: AgentRun, trialDir: string): Finding[] {
  const network = networkFinding(spec);
  return [
    ...(network ? [network] : []),
    ...(run.result.error !== null
      ? [{ kind: 'agent' as const, detail: receiptText(run.result.error, spec, trialDir, run.leased) }]
      : []),
    ...(run.result.notes ?? []).map((note) => ({
      kind: 'agent' as const,
      detail: receiptText(note, spec, trialDir, run.leased),
    })),
    ...run.leaseFindings,
    ...run.prepared.proxy.findings(),
  ];
}

/** The phases after the agent, the trial directory removed, and what the run's deadline cut. */
async function afterAgent(spec: TrialSpec, run: AgentRun, trialDir: string): Promise<AfterAgent> {
  const examined = await examine(spec, run, trialDir);
  const cleanup = await removeTrialDir(trialDir, spec);
  const cutAtDeadline = run.clock.signal.aborted && run.clock.atDeadline?.aborted === true;
  const findings: Finding[] = [
    ...runFindings(spec, run, trialDir),
    ...examined.findings,
    ...(cleanup ? [cleanup] : []),
    ...(cutAtDeadline
      ? [{ kind: 'budget' as const, detail: "cancelled at the run's deadline (budget.deadlineSec)" }]
      : []),
  ];
  return { inspection: examined.inspection, graded: examined.graded, findings, cleanupFailed: cleanup !== null };
}

/**
 * One trial (docs/architecture.md, "Trial"), phase by phase: prepare and run the agent
 * (agent-phase, prepare), inspect and grade the workspace (inspect, grade-phase), remove the trial
 * directory, seal the outcome (seal). Returns the receipt body, which the caller seals and stores,
 * so a process killed mid-trial leaves no receipt at all; and the evidence when the spec keeps it.
 */
export async function executeTrial(spec: TrialSpec): Promise<TrialOutcome> {
  const trialDir = trialDirectory(spec.root, spec.planId, spec.trial.id);
  const base = receiptBase(spec.planId, spec.trial, spec.arm.agent.spec);
  const run = await agentPhase(spec, trialDir, base);
  if ('notRun' in run) return { body: run.notRun, evidence: null };
  const after = await afterAgent(spec, run, trialDir);
  const contextCalls = run.prepared.proxy.records();
  const calls = observedCalls(spec.arm, run.result.observation, contextCalls);
  return sealTrial({ spec, trialDir, base, run, after, calls, contextCalls });
}
