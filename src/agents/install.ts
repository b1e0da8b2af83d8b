import { join, relative } from 'node:path';
import { type InstalledAgent, InstalledAgentSchema } from '../contracts/agent.js';
import { AGENT_INSTALL_RECORD, agentPrefix, currentDigest, readInstalledAgent } from '../io/agent-install.js';
import { withBuildLock } from '../io/build-lock.js';
import { fileDigest } from '../io/file-digest.js';
import { writeArtifact } from '../io/json.js';
import { npmInstallInto } from '../io/npm-install.js';
import type { AgentInstall } from './definition.js';
import { launcherPath } from './installed.js';

/** Which agent to install: its adapter, exact version and the install facts of its definition. */
export interface InstallTarget {
  root: string;
  adapter: string;
  version: string;
  install: AgentInstall;
}

/**
 * Installs `<adapter>@<version>` with npm into the project's own prefix and records the executable
 * and its digest. An existing install whose executable still has its recorded digest is kept. Two
 * installs of one version at once wait on one installer: the second finds the first's record.
 */
export async function installAgent(input: InstallTarget): Promise<{ installed: InstalledAgent; fresh: boolean }> {
  const prefix = agentPrefix(input.root, input.adapter, input.version);
  return withBuildLock(`${prefix}.lock`, () => installInto(prefix, input));
}

async function installInto(
  prefix: string,
  input: InstallTarget,
): Promise<{ installed: InstalledAgent; fresh: boolean }> {
  const { root, adapter, version, install } = input;
  const existing = await readInstalledAgent(root, adapter, version);
  if (existing !== null && (await currentDigest(root, existing)) === existing.digest)
    return { installed: existing, fresh: false };
  await npmInstallInto(prefix, `${install.package}@${version}`, { scripts: install.scripts === true });
  const executable = await install.executable(prefix);
  const installed = InstalledAgentSchema.parse({
    schema: 'crossover.agent-install/1',
    adapter,
    version,
    package: install.package,
    launcher: launcherPath(install.bin),
    executable: relative(prefix, executable),
    digest: await fileDigest(executable),
  });
  await writeArtifact(join(prefix, AGENT_INSTALL_RECORD), installed);
  return { installed, fresh: true };
}
