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
 * What an MCP server needs to see, read-only, where it runs sandboxed: each absolute script it is
 * given with the packages it imports, an absolute command's directory, and its index.
 */
export function mcpServerReadPaths(server: McpServerSpec): string[] {
  const scripts = server.args.filter((arg) => isAbsolute(arg) && existsSync(arg));
  const command = isAbsolute(server.command) ? [dirname(server.command)] : [];
  const index = server.env.CROSSOVER_INDEX_DIR === undefined ? [] : [server.env.CROSSOVER_INDEX_DIR];
  return [...new Set([...scripts.flatMap(scriptReadPaths), ...command, ...index])];
}

/**
 * What an agent needs to see inside the sandbox, read-only: an installed agent its pinned install
 * prefix, a command agent its declared files. Its MCP servers run outside its sandbox, behind
 * Crossover's proxy. And whether it must reach a model API on loopback.
 */
export function agentSandboxNeeds(agent: Agent, root: string): { loopback: boolean; readOnly: string[] } {
  if (agent.adapter === 'command')
    return { loopback: false, readOnly: (agent.files ?? []).map((file) => join(root, file)) };
  if (agent.adapter !== 'claude-code' && agent.adapter !== 'codex') return { loopback: false, readOnly: [] };
  return { loopback: usesLoopbackModel(agent), readOnly: [agentPrefix(root, agent.adapter, agent.version)] };
}
