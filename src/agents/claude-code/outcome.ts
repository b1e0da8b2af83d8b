import type { AgentRunResult, ExecResult } from '../adapter.js';
import { shortReason } from '../launch.js';
import type { ClaudeResult } from './transcript.js';

/**
 * How a Claude Code run ended. Success is `is_error: false` and nothing else (`subtype` can read
 * "success" on an API failure); running out of turns and API errors are told apart in the reason.
 */
export function claudeOutcome(
  exec: ExecResult,
  result: ClaudeResult | null,
): Pick<AgentRunResult, 'outcome' | 'error'> {
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
    return {
      outcome: 'agent-error',
      error: `api-error: the model API failed${result.apiErrorStatus === null ? '' : ` with HTTP ${result.apiErrorStatus}`}`,
    };
  }
  return {
    outcome: 'agent-error',
    error: `claude reported an error (${result.subtype ?? 'no subtype'}, ${result.terminalReason ?? 'no terminal reason'})`,
  };
}
