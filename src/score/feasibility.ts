import type { Plan } from '../contracts/plan.js';
import type { Receipt, TrialStatus } from '../contracts/receipt.js';
import type { Feasibility, FeasibilityGate } from '../contracts/scorecard.js';
import { excludedTrialCount } from './outcomes.js';

function gate(failures: number, whatFailed: string, whatHeld: string): FeasibilityGate {
  return failures === 0 ? { passed: true, detail: whatHeld } : { passed: false, detail: `${failures} ${whatFailed}` };
}

function countStatus(receipts: readonly Receipt[], statuses: readonly TrialStatus[]): number {
  return receipts.filter((r) => statuses.includes(r.status)).length;
}

/**
 * The feasibility gates a stage-1 run must pass before stage 2 spends more (docs/architecture.md, "Score"): every trial
 * set up, fresh, uncontaminated, cleaned up and observed. A scheduled trial with no receipt is no
 * evidence that setup works, so it fails the setup gate (a trial of an excluded arm is never run).
 */
export function feasibilityGates(plan: Plan, receipts: readonly Receipt[]): Feasibility {
  // An ineligible arm's trials are never run: they are excluded, not evidence that setup fails.
  const missing = plan.schedule.trials.length - excludedTrialCount(plan) - receipts.length;
  const setupFailed = countStatus(receipts, ['setup-failed']);
  // Context-tool calls decide contamination and the comparison: they must be known. Built-in tool
  // counts of an agent without a transcript parser are unknown (null) and do not fail the gate.
  const unobserved = receipts.filter((r) => r.diagnostics.contextToolCalls === null).length;
  return {
    setup: gate(
      setupFailed + missing,
      `trial(s) failed setup or have no receipt (${setupFailed} setup-failed, ${missing} missing)`,
      'every scheduled trial was set up',
    ),
    freshness: gate(
      countStatus(receipts, ['stale-context', 'drift']),
      'trial(s) ran on a stale index or a drifted task',
      'every trial ran on its own fresh snapshot and index',
    ),
    contamination: gate(countStatus(receipts, ['contaminated']), 'trial(s) contaminated', 'no trial was contaminated'),
    cleanup: gate(
      countStatus(receipts, ['cleanup-failed']),
      'trial workspace(s) not removed',
      'every trial workspace was removed',
    ),
    observability: gate(
      unobserved,
      'trial(s) whose context-tool calls could not be observed',
      "every trial's context-tool calls were observed",
    ),
  };
}
