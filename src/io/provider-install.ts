import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { ProviderInstall } from '../contracts/provider.js';
import { type InstalledProvider, InstalledProviderSchema } from '../contracts/provider-install.js';
import { fileDigest } from './file-digest.js';
import { readArtifact } from './json.js';
import { STATE_DIR } from './layout.js';

/** Written into a provider's install prefix by `crossover providers install`. */
export const PROVIDER_INSTALL_RECORD = 'crossover-provider.json';

/** `<root>/.crossover/providers/<registry>/<package>@<version>` (a scope's "/" becomes "+"): never a global install. */
export function providerPrefix(root: string, install: ProviderInstall): string {
  return join(
    root,
    STATE_DIR,
    'providers',
    install.registry,
    `${install.package.replace('/', '+')}@${install.version}`,
  );
}

/** Where each registry's installer puts the binaries, relative to the prefix. */
export function binDirectory(install: ProviderInstall): string {
  return install.registry === 'npm' ? join('node_modules', '.bin') : join('venv', 'bin');
}

/** The install record, or null when this package version was never installed here. */
export async function readInstalledProvider(root: string, install: ProviderInstall): Promise<InstalledProvider | null> {
  const file = join(providerPrefix(root, install), PROVIDER_INSTALL_RECORD);
  if (!existsSync(file)) return null;
  const record = await readArtifact(file, InstalledProviderSchema);
  const { registry, package: name, version } = record.install;
  if (registry !== install.registry || name !== install.package || version !== install.version) {
    throw new CrossoverError(
      'invalid-input',
      `${file}: $.install: expected ${install.registry}:${install.package}@${install.version}, got ${registry}:${name}@${version}`,
    );
  }
  return record;
}

/** The record, or a clear error saying how to install it. */
export async function requireInstalledProvider(root: string, install: ProviderInstall): Promise<InstalledProvider> {
  const record = await readInstalledProvider(root, install);
  if (record === null) {
    throw new CrossoverError(
      'not-found',
      `provider package ${install.package}@${install.version} is not installed: run crossover providers install ${install.registry === 'pypi' ? 'pypi:' : ''}${install.package}@${install.version}`,
    );
  }
  return record;
}

/** Each binary's executable digest as its bytes are now: a changed install gives other digests. */
export async function currentBinDigests(root: string, record: InstalledProvider): Promise<string[]> {
  const prefix = providerPrefix(root, record.install);
  return Promise.all(record.bins.map((bin) => fileDigest(join(prefix, bin.executable))));
}

/**
 * The absolute launcher of an installed binary called by `name`, or null when `name` is not a bare
 * binary name (a path or a path argument stays as declared).
 */
export function installedLauncher(root: string, record: InstalledProvider, name: string): string | null {
  if (name.includes('/')) return null;
  const bin = record.bins.find((b) => b.name === name);
  return bin === undefined ? null : join(providerPrefix(root, record.install), bin.launcher);
}
