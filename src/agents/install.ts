import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type InstallableAdapter, type InstalledAgent, InstalledAgentSchema } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import { readArtifact, writeArtifact } from '../io/json.js';
import { STATE_DIR } from '../plan/layout.js';

const RECORD = 'crossover-agent.json';

/** The npm package of each agent CLI and its bin name. */
const PACKAGES: Record<InstallableAdapter, { name: string; bin: string }> = {
  'claude-code': { name: '@anthropic-ai/claude-code', bin: 'claude' },
  codex: { name: '@openai/codex', bin: 'codex' },
};

/** Codex's launcher is a Node script that execs the native binary of its platform package. */
const CODEX_NATIVE: Record<string, { pkg: string; triple: string }> = {
  x64: { pkg: '@openai/codex-linux-x64', triple: 'x86_64-unknown-linux-musl' },
  arm64: { pkg: '@openai/codex-linux-arm64', triple: 'aarch64-unknown-linux-musl' },
};

/** `<root>/.crossover/agents/<adapter>@<version>`: the isolated prefix, never the user's own install. */
export function agentPrefix(root: string, adapter: InstallableAdapter, version: string): string {
  return join(root, STATE_DIR, 'agents', `${adapter}@${version}`);
}

/** The real executable behind the launcher: the bin link's target (Claude Code), the native binary (Codex). */
async function realExecutable(prefix: string, adapter: InstallableAdapter): Promise<string> {
  const launcher = join(prefix, 'node_modules', '.bin', PACKAGES[adapter].bin);
  if (adapter === 'claude-code') return realpath(launcher);
  const native = process.platform === 'linux' ? CODEX_NATIVE[process.arch] : undefined;
  if (native === undefined) throw new CrossoverError('infrastructure', `codex: no native package for ${process.platform}-${process.arch}`);
  return realpath(join(prefix, 'node_modules', native.pkg, 'vendor', native.triple, 'bin', 'codex'));
}

const digests = new Map<string, { key: string; digest: string }>();

/**
 * sha256 of a file's bytes. The agent binaries are ~400 MB and every plan derivation binds them, so
 * the digest is remembered per process for a file whose inode, size and times did not change.
 */
export async function fileDigest(path: string): Promise<string> {
  const info = await stat(path);
  const key = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  const known = digests.get(path);
  if (known?.key === key) return known.digest;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const digest = `sha256:${hash.digest('hex')}`;
  digests.set(path, { key, digest });
  return digest;
}

/** The install record, or null when this version was never installed here. */
export async function readInstalledAgent(root: string, adapter: InstallableAdapter, version: string): Promise<InstalledAgent | null> {
  const file = join(agentPrefix(root, adapter, version), RECORD);
  if (!existsSync(file)) return null;
  const installed = await readArtifact(file, InstalledAgentSchema);
  if (installed.adapter !== adapter || installed.version !== version) {
    throw new CrossoverError('invalid-input', `${file}: $.adapter/$.version: expected ${adapter}@${version}, got ${installed.adapter}@${installed.version}`);
  }
  return installed;
}

/** The digest of the installed executable as its bytes are now (a changed file gives another digest). */
export async function currentDigest(root: string, installed: InstalledAgent): Promise<string> {
  return fileDigest(join(agentPrefix(root, installed.adapter, installed.version), installed.executable));
}

/**
 * Installs `<adapter>@<version>` with npm into the project's own prefix and records the executable
 * and its digest. An existing install whose executable still has its recorded digest is kept.
 */
export async function installAgent(input: { root: string; adapter: InstallableAdapter; version: string }): Promise<{ installed: InstalledAgent; fresh: boolean }> {
  const { root, adapter, version } = input;
  const prefix = agentPrefix(root, adapter, version);
  const existing = await readInstalledAgent(root, adapter, version);
  if (existing !== null && (await currentDigest(root, existing)) === existing.digest) return { installed: existing, fresh: false };
  const spec = `${PACKAGES[adapter].name}@${version}`;
  // Loaded on use: planning and every trial reach this module, only an install runs npm.
  const { execa } = await import('execa');
  const npm = await execa('npm', ['install', '--prefix', prefix, '--no-save', '-E', '--no-audit', '--no-fund', spec], { reject: false, all: true });
  if (npm.exitCode !== 0) {
    throw new CrossoverError('infrastructure', `npm install ${spec} into ${prefix} failed (exit ${npm.exitCode}): ${String(npm.all ?? '').slice(-400)}`);
  }
  const executable = await realExecutable(prefix, adapter);
  const installed = InstalledAgentSchema.parse({
    schema: 'crossover.agent-install/1',
    adapter,
    version,
    package: PACKAGES[adapter].name,
    launcher: join('node_modules', '.bin', PACKAGES[adapter].bin),
    executable: relative(prefix, executable),
    digest: await fileDigest(executable),
  });
  await writeArtifact(join(prefix, RECORD), installed);
  return { installed, fresh: true };
}
