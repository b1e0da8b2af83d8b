import type { Agent } from '../contracts/agent.js';
import type { AgentIdentity } from '../contracts/plan.js';

/**
 * The agent's bound identity. Synthetic and command agents have no installed executable to
 * fingerprint (null). Claude Code and Codex are installed pinned by `crossover agents install`;
 * until it exists nothing is looked up and the plan stays blocked.
 */
export function agentIdentity(spec: Agent, promptTemplateDigest: string): { identity: AgentIdentity; blocked: string[] } {
  const identity: AgentIdentity = { spec, executableDigest: null, promptTemplateDigest };
  if (spec.adapter === 'claude-code' || spec.adapter === 'codex') {
    return { identity, blocked: [`agent executable not installed: run crossover agents install ${spec.adapter}@${spec.version}`] };
  }
  return { identity, blocked: [] };
}
