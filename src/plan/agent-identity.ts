import { agentDefinition } from '../agents/registry.js';
import type { Agent } from '../contracts/agent.js';
import type { AgentIdentity } from '../contracts/plan.js';

/**
 * The agent's bound identity, as its adapter's definition binds it (`bind`): synthetic agents have
 * no installed executable to fingerprint (null); a command agent's declared files are bound by their
 * digests instead; Claude Code and Codex, installed pinned by `crossover agents install`, bind the
 * digest of the executable as it is now, so a changed executable drifts from a registered plan.
 */
export async function agentIdentity(
  spec: Agent,
  promptTemplateDigest: string,
  root: string,
): Promise<{ identity: AgentIdentity; blocked: string[] }> {
  const { executableDigest, files, blocked } = await agentDefinition(spec.adapter).bind(spec, root);
  const identity: AgentIdentity = { spec, executableDigest, promptTemplateDigest };
  return { identity: files === undefined ? identity : { ...identity, files }, blocked };
}
