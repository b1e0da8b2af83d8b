import { join } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import type { AgentIdentity } from '../contracts/plan.js';
import { currentDigest, readInstalledAgent } from '../io/agent-install.js';
import { pathDigest } from '../io/file-digest.js';

type CommandAgent = Extract<Agent, { adapter: 'command' }>;

/** A command agent's declared files, each by its digest; a missing one blocks the plan. */
async function commandFiles(spec: CommandAgent, root: string, blocked: string[]): Promise<AgentIdentity['files']> {
  const files: NonNullable<AgentIdentity['files']> = [];
  for (const [index, path] of (spec.files ?? []).entries()) {
    const digest = await pathDigest(join(root, path)).catch(() => null);
    if (digest === null) blocked.push(`agent: $.files[${index}]: ${path} does not exist below the project root`);
    else files.push({ path, digest });
  }
  return files;
}

/**
 * The agent's bound identity. Synthetic and command agents have no installed executable to
 * fingerprint (null); a command agent's declared files are bound by their digests instead. Claude Code and Codex are installed pinned by `crossover agents install`: the
 * plan binds the digest of the executable as it is now, so a changed executable drifts from a
 * registered plan, and one that no longer matches its install record blocks the plan.
 */
export async function agentIdentity(
  spec: Agent,
  promptTemplateDigest: string,
  root: string,
): Promise<{ identity: AgentIdentity; blocked: string[] }> {
  const identity: AgentIdentity = { spec, executableDigest: null, promptTemplateDigest };
  if (spec.adapter === 'command' && (spec.files ?? []).length > 0) {
    const blocked: string[] = [];
    return { identity: { ...identity, files: await commandFiles(spec, root, blocked) }, blocked };
  }
  if (spec.adapter !== 'claude-code' && spec.adapter !== 'codex') return { identity, blocked: [] };
  const installed = await readInstalledAgent(root, spec.adapter, spec.version);
  if (installed === null) {
    return {
      identity,
      blocked: [`agent executable not installed: run crossover agents install ${spec.adapter}@${spec.version}`],
    };
  }
  const digest = await currentDigest(root, installed).catch(() => null);
  const bound: AgentIdentity = { ...identity, executableDigest: digest };
  if (digest !== installed.digest) {
    return {
      identity: bound,
      blocked: [
        `agent executable ${spec.adapter}@${spec.version} changed since it was installed (${installed.digest} → ${digest ?? 'missing'}): reinstall it with crossover agents install ${spec.adapter}@${spec.version}`,
      ],
    };
  }
  return { identity: bound, blocked: [] };
}
