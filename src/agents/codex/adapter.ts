import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Agent } from '../../contracts/agent.js';
import type { AgentAdapter, AgentRunContext, AgentRunResult, ExecResult } from '../adapter.js';
import { installedLauncher, shortReason, stdoutToFile } from '../launch.js';
import { codexArgv, codexEnvironment, codexHome } from './command.js';
import { codexApiFault, rolloutFailure } from './failure.js';
import { type CodexEnd, parseCodexEvents, parseCodexRollout } from './transcript.js';

type CodexAgent = Extract<Agent, { adapter: 'codex' }>;

/** Codex's own tools (0.171): shell, patching, planning, MCP resources, sub-agents, goals. */
export const CODEX_BUILTIN_TOOLS = [
  'exec_command',
  'write_stdin',
  'shell',
  'local_shell',
  'apply_patch',
  'update_plan',
  'view_image',
  'tool_search',
  'web_search',
  'list_mcp_resources',
  'list_mcp_resource_templates',
  'read_mcp_resource',
  'request_user_input',
  'multi_agent_v1',
  'spawn_agent',
  'send_input',
  'wait_agent',
  'close_agent',
  'resume_agent',
  'get_goal',
  'create_goal',
  'update_goal',
] as const;

const EVENTS = 'codex-events.jsonl';

/** The session rollout Codex wrote below CODEX_HOME; null when there is none. */
async function readRollout(context: AgentRunContext): Promise<string | null> {
  const sessions = join(codexHome(context), 'sessions');
  const files = (await readdir(sessions, { recursive: true }).catch(() => [] as string[]))
    .filter((file) => /(^|\/)rollout-[^/]*\.jsonl$/.test(file))
    .sort();
  const last = files.at(-1);
  return last === undefined ? null : readFile(join(sessions, last), 'utf8');
}

/**
 * A model API that kept failing (429, 5xx, no answer: failure.ts) is an api-fault, also when the run
 * ended while Codex was still retrying; other turn.failed and error events are agent errors, and so
 * is a run that never completed its turn. `info` is the rollout's classification of the failure.
 */
export function codexOutcome(
  exec: ExecResult,
  end: CodexEnd,
  info: unknown = null,
): Pick<AgentRunResult, 'outcome' | 'error'> {
  if (end.retrying !== null && (exec.timedOut || (!end.completed && end.failure === null)))
    return {
      outcome: 'api-fault',
      error: shortReason(`api-fault: codex was still retrying when the run ended: ${end.retrying}`),
    };
  if (exec.timedOut) return { outcome: 'timeout', error: null };
  const fault = end.failure === null ? null : codexApiFault(end.failure, info);
  if (fault !== null) return { outcome: 'api-fault', error: shortReason(fault) };
  if (end.failure !== null) return { outcome: 'agent-error', error: shortReason(end.failure) };
  if (exec.exitCode !== 0 || !end.completed) {
    const stderr = shortReason(exec.stderr);
    return {
      outcome: 'agent-error',
      error: `codex ended without completing its turn (exit ${exec.exitCode ?? 'by signal'})${stderr ? `: ${stderr}` : ''}`,
    };
  }
  return { outcome: 'completed', error: null };
}

/** The Codex CLI, the pinned install, run with `codex exec` inside the trial's sandbox. */
export function codexAdapter(agent: CodexAgent, root: string): AgentAdapter {
  return {
    adapter: 'codex',
    synthetic: false,
    builtinTools: CODEX_BUILTIN_TOOLS,
    builtinSkills: [],
    async run(context: AgentRunContext): Promise<AgentRunResult> {
      const { launcher } = await installedLauncher(root, agent);
      const eventsFile = join(context.home, EVENTS);
      // Codex refuses a CODEX_HOME that does not exist yet.
      await mkdir(codexHome(context), { recursive: true });
      const exec = await context.exec(stdoutToFile(codexArgv(launcher, agent, context), eventsFile), {
        cwd: context.workspace,
        env: codexEnvironment(context),
        stdin: context.prompt,
      });
      const events = parseCodexEvents(await readFile(eventsFile, 'utf8').catch(() => ''));
      const rollout = await readRollout(context);
      return {
        ...codexOutcome(exec, events.end, rollout === null ? null : rolloutFailure(rollout)),
        observation: rollout === null ? events.observation : parseCodexRollout(rollout),
        transcript: { format: 'codex-events', entries: events.entries },
      };
    },
  };
}
