import type { AgentRunResult, ExecResult } from '../adapter.js';
import { describeStatus, isServiceFault } from '../api-fault.js';
import { shortReason } from '../launch.js';
import type { ClaudeResult, ClaudeRetry } from './transcript.js';

type Outcome = Pick<AgentRunResult, 'outcome' | 'error'>;

/** A run the model API failed: Claude Code retried (command.ts) and gave up, or was still waiting when it ended. */
function apiFault(status: number | null, how: string): Outcome {
  return { outcome: 'api-fault', error: `api-fault: the model API answered ${describeStatus(status)}; ${how}` };
}

/**
 * How a Claude Code run ended. Success is `is_error: false` and nothing else (`subtype` can read
 * "success" on an API failure). A model API that kept failing (429, 5xx, no answer) is an api-fault;
 * a request it refused, running out of turns and other errors are the agent's, told apart in the reason.
 */
export function claudeOutcome(
  exec: ExecResult,
  result: ClaudeResult | null,
  retrying: ClaudeRetry | null = null,
): Outcome {
  if (retrying !== null && (exec.timedOut || result === null))
    return apiFault(retrying.status, 'claude was still retrying it when the run ended');
  if (exec.timedOut) return { outcome: 'timeout', error: null };
  if (result === null) {
    const stderr = shortReason(exec.stderr);
    return {
      outcome: 'agent-error',
      error: `claude ended without a result event (exit ${exec.exitCode ?? 'by signal'})${stderr ? `: ${stderr}` : ''}`,
    };
  }
  if (!result.isError) return { outcome: 'completed', error: null };
  if (result.subtype === 'error_max_turns')
    return { outcome: 'agent-error', error: `max-turns: claude stopped after ${result.numTurns ?? 'its'} turns` };
  if (result.terminalReason === 'api_error' || result.apiErrorStatus !== null) {
    if (isServiceFault(result.apiErrorStatus)) return apiFault(result.apiErrorStatus, 'claude retried, then gave up');
    return {
      outcome: 'agent-error',
      error: `api-error: the model API refused the request with ${describeStatus(result.apiErrorStatus)}`,
    };
  }
  return {
    outcome: 'agent-error',
    error: `claude reported an error (${result.subtype ?? 'no subtype'}, ${result.terminalReason ?? 'no terminal reason'})`,
  };
}
