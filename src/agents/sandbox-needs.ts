import { join } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import { agentPrefix } from '../io/agent-install.js';
import { isLoopbackHost } from '../provider-runtime/egress.js';

/** True when the agent's model API is a server on this machine (a local mock). */
export function usesLoopbackModel(agent: Agent): boolean {
  if (agent.adapter !== 'claude-code' && agent.adapter !== 'codex') return false;
  return agent.baseUrl !== undefined && isLoopbackHost(new URL(agent.baseUrl).host);
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
