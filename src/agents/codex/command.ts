import { join } from 'node:path';
import type { Agent } from '../../contracts/agent.js';
import type { AgentRunContext } from '../adapter.js';

type CodexAgent = Extract<Agent, { adapter: 'codex' }>;

/** The credential Codex reads its API key from (declare it in the experiment's credentials). */
export const CODEX_KEY_VARIABLE = 'OPENAI_API_KEY';
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** CODEX_HOME sits in the run home, never under TMPDIR (Codex's sandbox helper fails there). */
export function codexHome(context: AgentRunContext): string {
  return join(context.home, '.codex');
}

export function codexEnvironment(context: AgentRunContext): Record<string, string> {
  return { ...context.env, CODEX_HOME: codexHome(context) };
}

/** A TOML value for `-c`: JSON strings and arrays of strings are valid TOML. */
const toml = (value: string | string[]): string => JSON.stringify(value);

function mcpFlags(context: AgentRunContext): string[] {
  return context.mcpServers.flatMap((server) => {
    // Codex splits a -c key on dots and takes no quoted segments: a provider id's dots become "_".
    const key = `mcp_servers.${server.name.replace(/\./g, '_')}`;
    const env = Object.entries(server.env).map(([name, value]) => `${toml(name)} = ${toml(value)}`);
    return [
      `${key}.command=${toml(server.command)}`,
      `${key}.args=${toml(server.args)}`,
      ...(env.length > 0 ? [`${key}.env={ ${env.join(', ')} }`] : []),
      `${key}.default_tools_approval_mode="approve"`,
      // Without it Codex sends its first model request before the server is up, so whether the arm's
      // tools exist on the first turn depends on timing; a required server is waited for, and one
      // that cannot start ends the run instead of leaving the arm without its provider.
      `${key}.required=true`,
    ];
  });
}

/**
 * How often Codex sends a model request again, backing off from about 0.2 s. Codex 0.171 retries a
 * 5xx and a dropped connection through its stream retries, and a 429 only when the answer carries
 * retry-after (then after that long); request_max_retries alone retried nothing there. A blip is
 * waited out inside the trial; an API still failing ends the trial api-fault (failure.ts).
 */
export const CODEX_API_RETRIES = 4;

/**
 * Codex's own sandbox for its commands: `workspace-write` (writes only to the workspace, no network)
 * inside bubblewrap, or with no sandbox of Crossover's; inside a container none, since its helper
 * needs a user namespace that the container's seccomp profile refuses (every command failed), and the
 * container already holds it as tightly: an unprivileged uid with no capabilities, a read-only image,
 * only the workspace and run home writable, no network but the declared.
 */
function codexSandboxMode(context: Pick<AgentRunContext, 'sandbox'>): string {
  return context.sandbox === 'container' ? 'danger-full-access' : 'workspace-write';
}

/**
 * `codex exec` with every setting on the command line (AGENTS.md): no user config, no project
 * docs, skills only where the arm declares them, no plugins or apps, no analytics or update checks,
 * CODEX_API_RETRIES, only the arm's MCP servers, the prompt on stdin (`-`).
 */
export function codexArgv(launcher: string, agent: CodexAgent, context: AgentRunContext): string[] {
  const settings = [
    'model_provider=crossover',
    'model_providers.crossover.name="crossover"',
    `model_providers.crossover.base_url=${toml(agent.baseUrl ?? DEFAULT_BASE_URL)}`,
    `model_providers.crossover.env_key=${toml(CODEX_KEY_VARIABLE)}`,
    'model_providers.crossover.wire_api="responses"',
    `model_providers.crossover.request_max_retries=${CODEX_API_RETRIES}`,
    `model_providers.crossover.stream_max_retries=${CODEX_API_RETRIES}`,
    'project_doc_max_bytes=0',
    // Skills only for an arm that declares them; Codex's bundled skills never.
    `skills.include_instructions=${context.arm.skills !== null}`,
    'skills.bundled.enabled=false',
    'analytics.enabled=false',
    'check_for_update_on_startup=false',
    ...mcpFlags(context),
  ];
  return [
    launcher,
    'exec',
    '--json',
    '--skip-git-repo-check',
    '--ignore-user-config',
    '--sandbox',
    codexSandboxMode(context),
    '-m',
    agent.model,
    '--disable',
    'plugins',
    '--disable',
    'remote_plugin',
    '--disable',
    'apps',
    ...settings.flatMap((setting) => ['-c', setting]),
    '-',
  ];
}
