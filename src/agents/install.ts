import { realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type InstallableAdapter, type InstalledAgent, InstalledAgentSchema } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import { AGENT_INSTALL_RECORD, agentPrefix, currentDigest, readInstalledAgent } from '../io/agent-install.js';
import { withBuildLock } from '../io/build-lock.js';
import { fileDigest } from '../io/file-digest.js';
import { writeArtifact } from '../io/json.js';
import { npmInstallInto } from '../io/npm-install.js';

/**
 * The npm package of each agent CLI, its bin name, and whether it needs its install scripts (run in
 * bubblewrap): Claude Code's postinstall copies its platform's native binary over the bin's
 * placeholder; Codex's launcher finds its native package itself.
 */
const PACKAGES: Record<InstallableAdapter, { name: string; bin: string; scripts: boolean }> = {
  'claude-code': { name: '@anthropic-ai/claude-code', bin: 'claude', scripts: true },
  codex: { name: '@openai/codex', bin: 'codex', scripts: false },
};

/** The launcher of an install, relative to its prefix: the npm bin link. */
export function launcherOf(adapter: InstallableAdapter): string {
  return join('node_modules', '.bin', PACKAGES[adapter].bin);
}

/** Codex's launcher is a Node script that execs the native binary of its platform package. */
const CODEX_NATIVE: Record<string, { pkg: string; triple: string }> = {
  x64: { pkg: '@openai/codex-linux-x64', triple: 'x86_64-unknown-linux-musl' },
  arm64: { pkg: '@openai/codex-linux-arm64', triple: 'aarch64-unknown-linux-musl' },
};

/** The real executable behind the launcher: the bin link's target (Claude Code), the native binary (Codex). */
async function realExecutable(prefix: string, adapter: InstallableAdapter): Promise<string> {
  const launcher = join(prefix, 'node_modules', '.bin', PACKAGES[adapter].bin);
  if (adapter === 'claude-code') return realpath(launcher);
  const native = process.platform === 'linux' ? CODEX_NATIVE[process.arch] : undefined;
  if (native === undefined)
    throw new CrossoverError('infrastructure', `codex: no native package for ${process.platform}-${process.arch}`);
  return realpath(join(prefix, 'node_modules', native.pkg, 'vendor', native.triple, 'bin', 'codex'));
}

/**
 * Installs `<adapter>@<version>` with npm into the project's own prefix and records the executable
 * and its digest. An existing install whose executable still has its recorded digest is kept. Two
 * installs of one version at once wait on one installer: the second finds the first's record.
 */
export async function installAgent(input: {
  root: string;
  adapter: InstallableAdapter;
  version: string;
}): Promise<{ installed: InstalledAgent; fresh: boolean }> {
  const prefix = agentPrefix(input.root, input.adapter, input.version);
  return withBuildLock(`${prefix}.lock`, () => installInto(prefix, input));
}

async function installInto(
  prefix: string,
  input: { root: string; adapter: InstallableAdapter; version: string },
): Promise<{ installed: InstalledAgent; fresh: boolean }> {
  const { root, adapter, version } = input;
  const existing = await readInstalledAgent(root, adapter, version);
  if (existing !== null && (await currentDigest(root, existing)) === existing.digest)
    return { installed: existing, fresh: false };
  await npmInstallInto(prefix, `${PACKAGES[adapter].name}@${version}`, { scripts: PACKAGES[adapter].scripts });
  const executable = await realExecutable(prefix, adapter);
  const installed = InstalledAgentSchema.parse({
    schema: 'crossover.agent-install/1',
    adapter,
    version,
    package: PACKAGES[adapter].name,
    launcher: launcherOf(adapter),
    executable: relative(prefix, executable),
    digest: await fileDigest(executable),
  });
  await writeArtifact(join(prefix, AGENT_INSTALL_RECORD), installed);
  return { installed, fresh: true };
}
