import { join } from 'node:path';
import { type Agent, CommandAgentSchema } from '../../contracts/agent.js';
import { pathDigest } from '../../io/file-digest.js';
import type { AgentDefinition, BoundAgent } from '../definition.js';
import { commandAdapter } from './adapter.js';

type CommandAgent = Extract<Agent, { adapter: 'command' }>;

/** A command agent's declared files, each by its digest; a missing one blocks the plan. */
async function bindFiles(spec: CommandAgent, root: string): Promise<BoundAgent> {
  const blocked: string[] = [];
  const files: NonNullable<BoundAgent['files']> = [];
  for (const [index, path] of (spec.files ?? []).entries()) {
    const digest = await pathDigest(join(root, path)).catch(() => null);
    if (digest === null) blocked.push(`agent: $.files[${index}]: ${path} does not exist below the project root`);
    else files.push({ path, digest });
  }
  return { executableDigest: null, files, blocked };
}

/**
 * Any program started by a shell command. It has no installed executable to fingerprint: its
 * declared files are bound by their digests instead and shown to it read-only in the sandbox. It is
 * a local program, paid only when the experiment declares a price; it gets the cross-agent skill folder.
 */
export const commandAgent: AgentDefinition<CommandAgent> = {
  name: 'command',
  spec: CommandAgentSchema,
  skillsHome: '.agents/skills',
  paid: 'when-priced',
  version: (spec) => spec.version,
  sandboxNeeds: (spec, root) => ({ loopback: false, readOnly: (spec.files ?? []).map((file) => join(root, file)) }),
  bind: async (spec, root) =>
    (spec.files ?? []).length > 0 ? bindFiles(spec, root) : { executableDigest: null, blocked: [] },
  // A command's "./" paths are below the project root; without one, below the working directory.
  create: (spec, root) => commandAdapter(spec, root ?? process.cwd()),
};
