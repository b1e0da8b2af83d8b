import type { InstallableAdapter } from '../contracts/agent.js';
import type { AgentObservation } from './adapter.js';
import { parseClaudeTranscript } from './claude-code/transcript.js';
import { isCodexRollout, parseCodexEvents, parseCodexRollout } from './codex/transcript.js';

export interface ParsedTranscript {
  adapter: InstallableAdapter;
  format: 'claude-stream-json' | 'codex-rollout' | 'codex-events';
  observation: AgentObservation;
  /** how the run ended, where the transcript says: null when it cannot (a rollout) */
  ended: 'completed' | 'error' | 'unknown' | null;
}

/** A saved transcript of either agent, parsed the way its adapter parses a trial's. Pure. */
export function parseTranscript(adapter: InstallableAdapter, text: string): ParsedTranscript {
  if (adapter === 'claude-code') {
    const { observation, result } = parseClaudeTranscript(text);
    return {
      adapter,
      format: 'claude-stream-json',
      observation,
      ended: result === null ? 'unknown' : result.isError ? 'error' : 'completed',
    };
  }
  if (isCodexRollout(text))
    return { adapter, format: 'codex-rollout', observation: parseCodexRollout(text), ended: null };
  const { observation, end } = parseCodexEvents(text);
  return {
    adapter,
    format: 'codex-events',
    observation,
    ended: end.failure !== null ? 'error' : end.completed ? 'completed' : 'unknown',
  };
}
