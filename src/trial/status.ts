import type { AgentRunResult } from '../agents/adapter.js';
import type { TrialStatus } from '../contracts/receipt.js';
import type { GradeStatus } from '../grading/grade.js';

export interface StatusInput {
  cancelled: boolean;
  /** findings of kind contamination */
  contaminated: boolean;
  /** a provider index not built from this task's snapshot */
  staleContext: boolean;
  cleanupFailed: boolean;
  agent: AgentRunResult['outcome'];
  /** the agent's time ran out while the machine kept it from the CPU (agent-clock.ts) */
  agentStarved: boolean;
  /** null when grading did not run */
  grade: GradeStatus | null;
}

/**
 * One status per trial, the first that applies. Invalid outcomes come first because they make the
 * trial unattributable (contamination: even when every check passed; a workspace that could not be
 * removed may leak into later trials; a model API that failed the agent). Then the agent's own
 * failure, then what the checks say.
 */
export function trialStatus(input: StatusInput): TrialStatus {
  if (input.cancelled) return 'cancelled';
  if (input.contaminated) return 'contaminated';
  if (input.staleContext) return 'stale-context';
  if (input.cleanupFailed) return 'cleanup-failed';
  if (input.agent === 'api-fault') return 'api-fault';
  if (input.agent === 'timeout') return input.agentStarved ? 'agent-starved' : 'timeout';
  if (input.agent === 'agent-error') return 'agent-error';
  return input.grade ?? 'check-error';
}
