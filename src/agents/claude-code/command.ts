import { join } from 'node:path';
import type { Agent } from '../../contracts/agent.js';
import type { AgentRunContext } from '../adapter.js';

type ClaudeAgent = Extract<Agent, { adapter: 'claude-code' }>;

/**
 * How often Claude Code sends a request again after a 429, a 5xx or a dropped connection, backing off
 * about 0.5, 1, 2 and 4 s (2.1.332; its base delay cannot be set): a blip of a few seconds is waited
 * out inside the trial; an API still failing after about 8 s ends the trial api-fault, and a
 * preregistered re-attempt runs it later, rather than the trial's time going on backing off.
 */
export const CLAUDE_API_RETRIES = 4;

/**
 * The isolated environment (AGENTS.md): the trial's allowlisted environment, its own config dir
 * and TMPDIR below the run home, no telemetry, updater or error reports, CLAUDE_API_RETRIES, and MCP
 * tools listed up front (not deferred behind ToolSearch) so calls to them are direct and visible.
 */
export function claudeEnvironment(agent: ClaudeAgent, context: AgentRunContext): Record<string, string> {
  return {
    ...context.env,
    CLAUDE_CONFIG_DIR: join(context.home, '.claude'),
    CLAUDE_CODE_TMPDIR: context.tmp,
    ...(process.getuid?.() === 0 ? { IS_SANDBOX: '1' } : {}),
    ...(agent.baseUrl === undefined ? {} : { ANTHROPIC_BASE_URL: agent.baseUrl }),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_MAX_RETRIES: String(CLAUDE_API_RETRIES),
    ENABLE_TOOL_SEARCH: 'false',
  };
}

/** Only the arm's MCP servers, in the `--mcp-config` form. */
export function mcpConfig(context: AgentRunContext): string {
  const servers = Object.fromEntries(
    context.mcpServers.map((s) => [s.name, { type: 'stdio', command: s.command, args: s.args, env: s.env }]),
  );
  return JSON.stringify({ mcpServers: servers });
}

/**
 * No settings source at all, except for an arm that declares skills: Claude Code discovers the
 * skills of its config dir only with the user source on, and that config dir is the run home's
 * fresh one, holding nothing but the arm's skills.
 */
function settingSources(context: AgentRunContext): string {
  return context.arm.skills === null ? '' : 'user';
}

/**
 * The headless command line: stream-json transcript, no user, project or local settings, strict
 * MCP config, permissions bypassed (the sandbox is the boundary). The prompt goes on stdin because
 * several flags take several values and would swallow a trailing prompt.
 */
export function claudeArgv(launcher: string, agent: ClaudeAgent, context: AgentRunContext): string[] {
  return [
    launcher,
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--setting-sources',
    settingSources(context),
    '--strict-mcp-config',
    '--mcp-config',
    mcpConfig(context),
    '--permission-mode',
    'bypassPermissions',
    '--max-turns',
    String(agent.maxTurns),
    '--model',
    agent.model,
  ];
}
