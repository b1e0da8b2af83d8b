import type { Agent } from '../contracts/agent.js';
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  type ExecResult,
  UNOBSERVED,
} from './adapter.js';

type CommandAgent = Extract<Agent, { adapter: 'command' }>;

/** Why a command counts as an agent error, in a few words (never its output: that is unbounded model text). */
function errorOf(result: ExecResult): string | null {
  if (result.exitCode === 0) return null;
  if (result.exitCode !== null) return `the command exited with code ${result.exitCode}`;
  return result.truncated
    ? 'the command was killed: its output went on past the bound'
    : 'the command was killed by a signal';
}

/**
 * Any CLI as an agent: `sh -c <command>` in the workspace, the prompt on stdin, inside the trial's
 * sandbox through `exec`. What it did is not observable from outside, so the transcript
 * diagnostics are null (unknown); files modified come from the workspace itself.
 */
export function commandAdapter(agent: CommandAgent): AgentAdapter {
  return {
    adapter: 'command',
    synthetic: false,
    builtinTools: [],
    builtinSkills: [],
    async run(context: AgentRunContext): Promise<AgentRunResult> {
      const result = await context.exec(['sh', '-c', agent.command], {
        cwd: context.workspace,
        env: context.env,
        stdin: context.prompt,
      });
      if (result.timedOut) return { outcome: 'timeout', error: null, observation: UNOBSERVED };
      const error = errorOf(result);
      return { outcome: error === null ? 'completed' : 'agent-error', error, observation: UNOBSERVED };
    },
  };
}
