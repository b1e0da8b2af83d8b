import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import { agentPrefix } from '../io/agent-install.js';
import { isLoopbackHost } from '../probe/egress.js';
import type { McpServerSpec } from './adapter.js';

/** True when the agent's model API is a server on this machine (a local mock). */
export function usesLoopbackModel(agent: Agent): boolean {
  if (agent.adapter !== 'claude-code' && agent.adapter !== 'codex') return false;
  return agent.baseUrl !== undefined && isLoopbackHost(new URL(agent.baseUrl).host);
}

/** `dir` and every node_modules directory above it: what a script there imports from. */
function scriptReadPaths(script: string): string[] {
  const paths = [dirname(script)];
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) paths.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return paths;
  }
}

/**
 * What an installed agent needs to see inside the sandbox, read-only: its pinned install prefix and
 * each MCP server's script directory with the packages it imports (the agent starts its servers
 * inside the sandbox). And whether it must reach a model API on loopback.
 */
export function agentSandboxNeeds(
  agent: Agent,
  root: string,
  mcpServers: readonly McpServerSpec[],
): { loopback: boolean; readOnly: string[] } {
  if (agent.adapter !== 'claude-code' && agent.adapter !== 'codex') return { loopback: false, readOnly: [] };
  const scripts = mcpServers.flatMap((server) => server.args.filter((arg) => isAbsolute(arg) && existsSync(arg)));
  const readOnly = [agentPrefix(root, agent.adapter, agent.version), ...scripts.flatMap(scriptReadPaths)];
  return { loopback: usesLoopbackModel(agent), readOnly: [...new Set(readOnly)] };
}
