import { join } from 'node:path';
import type { Agent } from '../../contracts/agent.js';
import { AGENT_USAGE_FILE } from '../../contracts/agent-usage.js';
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  type ExecResult,
  MCP_CONFIG_PATH,
} from '../adapter.js';
import { readUsageFile } from './usage-file.js';

type CommandAgent = Extract<Agent, { adapter: 'command' }>;

/** sh's exit code for a command it could not find or run. */
const NOT_FOUND = 127;

/** Quotes one word for sh. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The command as sh runs it: a leading "./" names a path below the project root, not the workspace. */
export function resolvedCommand(command: string, root: string): string {
  const match = /^\.\/(\S+)(.*)$/s.exec(command);
  return match ? `${shellWord(join(root, match[1] ?? ''))}${match[2] ?? ''}` : command;
}

/** Why a command counts as an agent error, in a few words (never its output: that is unbounded model text). */
function errorOf(result: ExecResult, command: string, sandboxed: boolean, declared: boolean): string | null {
  if (result.exitCode === 0) return null;
  if (result.exitCode === NOT_FOUND && /not found|No such file|Permission denied/.test(result.stderr)) {
    const program = command.trim().split(/\s+/, 1)[0] ?? command;
    const where = sandboxed ? 'inside the sandbox' : 'on this machine';
    const fix = declared
      ? "Check the path and the exec bit of the program, and of what it starts, inside the agent's declared files"
      : "Declare the agent's files (agent.files, or --agent-dir for crossover trial) so the sandbox binds them read-only";
    return `the command exited with code ${NOT_FOUND}: ${program} was not found ${where}. ${fix}, and start it by a path below the project root ("./agents/…") or one under /usr`;
  }
  if (result.exitCode !== null) return `the command exited with code ${result.exitCode}`;
  return result.truncated
    ? 'the command was killed: its output went on past the bound'
    : 'the command was killed by a signal';
}

/**
 * Any CLI as an agent: `sh -c <command>` in the workspace, the prompt on stdin, inside the trial's
 * sandbox through `exec`, its MCP servers (Crossover's relays) in CROSSOVER_MCP_CONFIG. Its own
 * tools are not observable from outside, so built-in tool counts are null (unknown); its context-tool
 * calls come from Crossover's MCP proxy and files modified from the workspace itself. Its tokens,
 * cost and model are what it writes to CROSSOVER_USAGE_FILE, if anything (usage-file.ts).
 */
export function commandAdapter(agent: CommandAgent, root: string): AgentAdapter {
  return {
    adapter: 'command',
    synthetic: false,
    builtinTools: [],
    builtinSkills: [],
    async run(context: AgentRunContext): Promise<AgentRunResult> {
      const command = resolvedCommand(agent.command, root);
      const usageFile = join(context.home, AGENT_USAGE_FILE);
      const result = await context.exec(['sh', '-c', command], {
        cwd: context.workspace,
        env: {
          ...context.env,
          CROSSOVER_MCP_CONFIG: join(context.home, MCP_CONFIG_PATH),
          CROSSOVER_USAGE_FILE: usageFile,
        },
        stdin: context.prompt,
      });
      const usage = await readUsageFile(usageFile, `$CROSSOVER_USAGE_FILE ($HOME/${AGENT_USAGE_FILE})`);
      const reported = {
        observation: usage.observation,
        ...(usage.model === null ? {} : { model: usage.model }),
        ...(usage.problem === null ? {} : { notes: [usage.problem] }),
      };
      if (result.timedOut) return { outcome: 'timeout', error: null, ...reported };
      const error = errorOf(result, command, context.sandbox !== 'none', (agent.files ?? []).length > 0);
      return { outcome: error === null ? 'completed' : 'agent-error', error, ...reported };
    },
  };
}
