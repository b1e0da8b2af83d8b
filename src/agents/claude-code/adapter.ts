import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Agent } from '../../contracts/agent.js';
import type { AgentAdapter, AgentRunContext, AgentRunResult } from '../adapter.js';
import { installedLauncher, stdoutToFile } from '../launch.js';
import { claudeArgv, claudeEnvironment } from './command.js';
import { claudeOutcome } from './outcome.js';
import { parseClaudeTranscript } from './transcript.js';

type ClaudeAgent = Extract<Agent, { adapter: 'claude-code' }>;

/** Claude Code's own tools (2.1.x): file, shell, search, planning and sub-agent tools. */
export const CLAUDE_BUILTIN_TOOLS = [
  'Task',
  'Agent',
  'Bash',
  'BashOutput',
  'KillShell',
  'Edit',
  'MultiEdit',
  'Read',
  'Write',
  'Glob',
  'Grep',
  'LS',
  'NotebookEdit',
  'NotebookRead',
  'TodoWrite',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskStop',
  'TaskUpdate',
  'ToolSearch',
  'WebFetch',
  'WebSearch',
  'Monitor',
  'Skill',
  'ExitPlanMode',
  'EnterWorktree',
  'ExitWorktree',
  'CronCreate',
  'CronDelete',
  'CronList',
  'ListAgents',
  'ReportFindings',
  'ScheduleWakeup',
  'SendMessage',
  'Workflow',
] as const;

/** The skills Claude Code 2.1.x lists in system/init with an empty config dir (its bundled plugins). */
export const CLAUDE_BUILTIN_SKILLS = [
  'batch',
  'claude-api',
  'code-review',
  'dataviz',
  'debug',
  'deep-research',
  'doctor',
  'fewer-permission-prompts',
  'loop',
  'plugin-authoring',
  'run',
  'run-skill-generator',
  'simplify',
  'update-config',
  'verify',
  'workflow-authoring',
] as const;

/** Where the run writes its stream-json transcript, inside the run home. */
const TRANSCRIPT = 'claude-transcript.jsonl';

/** Claude Code, the pinned install, run headless and isolated inside the trial's sandbox. */
export function claudeCodeAdapter(agent: ClaudeAgent, root: string): AgentAdapter {
  return {
    adapter: 'claude-code',
    synthetic: false,
    builtinTools: CLAUDE_BUILTIN_TOOLS,
    builtinSkills: CLAUDE_BUILTIN_SKILLS,
    async run(context: AgentRunContext): Promise<AgentRunResult> {
      const { launcher } = await installedLauncher(root, agent);
      const transcriptFile = join(context.home, TRANSCRIPT);
      const exec = await context.exec(stdoutToFile(claudeArgv(launcher, agent, context), transcriptFile), {
        cwd: context.workspace,
        env: claudeEnvironment(agent, context),
        stdin: context.prompt,
      });
      const transcript = parseClaudeTranscript(await readFile(transcriptFile, 'utf8').catch(() => ''));
      return {
        ...claudeOutcome(exec, transcript.result, transcript.retrying),
        observation: transcript.observation,
        transcript: { format: 'claude-stream-json', entries: transcript.entries },
      };
    },
  };
}
