import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type InstalledAgent, InstalledAgentSchema } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import { fileDigest } from './file-digest.js';
import { readArtifact } from './json.js';
import { STATE_DIR } from './layout.js';

/**
 * Where an installed agent lives and what its install record says. Planning binds these without
 * importing the agents that run them; `agents/install.ts` writes them.
 */
export const AGENT_INSTALL_RECORD = 'crossover-agent.json';

/** `<root>/.crossover/agents/<adapter>@<version>`: the isolated prefix, never the user's own install. */
export function agentPrefix(root: string, adapter: string, version: string): string {
  return join(root, STATE_DIR, 'agents', `${adapter}@${version}`);
}

/** The install record, or null when this version was never installed here. */
export async function readInstalledAgent(
  root: string,
  adapter: string,
  version: string,
): Promise<InstalledAgent | null> {
  const file = join(agentPrefix(root, adapter, version), AGENT_INSTALL_RECORD);
  if (!existsSync(file)) return null;
  const installed = await readArtifact(file, InstalledAgentSchema);
  if (installed.adapter !== adapter || installed.version !== version) {
    throw new CrossoverError(
      'invalid-input',
      `${file}: $.adapter/$.version: expected ${adapter}@${version}, got ${installed.adapter}@${installed.version}`,
    );
  }
  return installed;
}

/** The digest of the installed executable as its bytes are now (a changed file gives another digest). */
export async function currentDigest(root: string, installed: InstalledAgent): Promise<string> {
  return fileDigest(join(agentPrefix(root, installed.adapter, installed.version), installed.executable));
}
