import { mkdir, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { ProviderInstall } from '../contracts/provider.js';
import {
  type InstalledBinary,
  type InstalledProvider,
  InstalledProviderSchema,
} from '../contracts/provider-install.js';
import { withBuildLock } from '../io/build-lock.js';
import { fileDigest } from '../io/file-digest.js';
import { writeArtifact } from '../io/json.js';
import { npmInstallInto } from '../io/npm-install.js';
import {
  binDirectory,
  currentBinDigests,
  PROVIDER_INSTALL_RECORD,
  providerPrefix,
  readInstalledProvider,
} from '../io/provider-install.js';

/** What a pip install needs besides the package: where distributions come from and their hashes. */
export interface PipSource {
  /** a directory of distributions (`pip --no-index --find-links`); without it pip asks its index */
  findLinks?: string;
  /** a requirements file pinning every distribution with `--hash` (pip --require-hashes) */
  requirements: string;
}

async function binaryAt(prefix: string, name: string, launcher: string): Promise<InstalledBinary> {
  const executable = await realpath(join(prefix, launcher));
  return { name, launcher, executable: relative(prefix, executable), digest: await fileDigest(executable) };
}

/** The package's bin names from its package.json (`bin` as a string is the package's own name). */
async function npmBinNames(prefix: string, name: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(prefix, 'node_modules', name, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  if (typeof manifest.bin === 'string') return [name.replace(/^@[^/]+\//, '')];
  return Object.keys(manifest.bin ?? {}).sort();
}

async function installNpm(prefix: string, install: ProviderInstall): Promise<Omit<InstalledProvider, 'schema'>> {
  await npmInstallInto(prefix, `${install.package}@${install.version}`, { scripts: install.scripts === true });
  // npm's hidden lockfile records every resolved package with its integrity.
  const lock = JSON.parse(await readFile(join(prefix, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const own = lock.packages[`node_modules/${install.package}`];
  if (own?.version !== install.version || !own.integrity) {
    throw new CrossoverError(
      'infrastructure',
      `npm installed ${install.package}@${own?.version ?? 'nothing'}, not ${install.version} with an integrity`,
    );
  }
  const names = await npmBinNames(prefix, install.package);
  const bins = await Promise.all(names.map((name) => binaryAt(prefix, name, join(binDirectory(install), name))));
  return { install, integrity: own.integrity, lockDigest: digestOf(lock.packages), bins };
}

interface PipReport {
  install: {
    metadata: { name: string; version: string };
    download_info: { archive_info?: { hashes?: Record<string, string>; hash?: string } };
  }[];
}

/** The console scripts a distribution declares, from its installed entry_points.txt. */
async function consoleScripts(prefix: string, name: string, version: string): Promise<string[]> {
  const lib = join(prefix, 'venv', 'lib');
  const [python] = (await readdir(lib)).filter((entry) => entry.startsWith('python'));
  const site = join(lib, python ?? 'python3', 'site-packages');
  const normalized = name.replace(/[-_.]+/g, '_').toLowerCase();
  const dist = (await readdir(site)).find((entry) => entry.toLowerCase() === `${normalized}-${version}.dist-info`);
  if (dist === undefined) throw new CrossoverError('infrastructure', `pip installed no ${name}-${version}.dist-info`);
  const text = await readFile(join(site, dist, 'entry_points.txt'), 'utf8').catch(() => '');
  const section = /\[console_scripts\]([^[]*)/.exec(text)?.[1] ?? '';
  return section
    .split('\n')
    .map((line) => line.split('=')[0]?.trim() ?? '')
    .filter((entry) => entry !== '')
    .sort();
}

async function installPip(
  prefix: string,
  install: ProviderInstall,
  source: PipSource,
): Promise<Omit<InstalledProvider, 'schema'>> {
  const { execa } = await import('execa');
  const venv = await execa('python3', ['-m', 'venv', join(prefix, 'venv')], { reject: false, all: true });
  if (venv.exitCode !== 0) throw new CrossoverError('infrastructure', `python3 -m venv failed: ${venv.all}`);
  const report = join(prefix, 'pip-report.json');
  const args = ['install', '--require-hashes', '--no-deps', '-r', source.requirements, '--report', report];
  if (source.findLinks !== undefined) args.push('--no-index', '--find-links', source.findLinks);
  const pip = await execa(join(prefix, 'venv', 'bin', 'pip'), args, { reject: false, all: true });
  if (pip.exitCode !== 0) {
    throw new CrossoverError(
      'infrastructure',
      `pip install of ${install.package}==${install.version} failed (exit ${pip.exitCode}): ${String(pip.all ?? '').slice(-400)}`,
    );
  }
  const installed = (JSON.parse(await readFile(report, 'utf8')) as PipReport).install;
  const own = installed.find(
    (entry) =>
      entry.metadata.name.toLowerCase() === install.package.toLowerCase() && entry.metadata.version === install.version,
  );
  const sha256 = own?.download_info.archive_info?.hashes?.sha256;
  if (own === undefined || sha256 === undefined) {
    throw new CrossoverError(
      'infrastructure',
      `pip did not install ${install.package}==${install.version} from a hashed distribution`,
    );
  }
  const pins = installed.map((entry) => `${entry.metadata.name.toLowerCase()}==${entry.metadata.version}`).sort();
  const names = await consoleScripts(prefix, install.package, install.version);
  const bins = await Promise.all(names.map((name) => binaryAt(prefix, name, join(binDirectory(install), name))));
  return { install, integrity: `sha256-${sha256}`, lockDigest: digestOf(pins), bins };
}

/**
 * Installs a provider package at an exact version into its own prefix under `.crossover/providers/`
 * and records its integrity, its resolved dependency set and each binary's digest. An install whose
 * binaries still have their recorded digests is kept; a changed one is reinstalled from scratch.
 * Two installs of one package version at once (two commands, two processes) wait on one installer
 * instead of emptying each other's prefix: the second finds the first's record.
 */
export async function installProvider(input: {
  root: string;
  install: ProviderInstall;
  pip?: PipSource;
}): Promise<{ installed: InstalledProvider; fresh: boolean }> {
  const prefix = providerPrefix(input.root, input.install);
  return withBuildLock(`${prefix}.lock`, () => installInto(prefix, input));
}

async function installInto(
  prefix: string,
  input: { root: string; install: ProviderInstall; pip?: PipSource },
): Promise<{ installed: InstalledProvider; fresh: boolean }> {
  const { root, install } = input;
  const existing = await readInstalledProvider(root, install).catch(() => null);
  if (existing !== null) {
    const digests = await currentBinDigests(root, existing).catch(() => null);
    if (digests?.every((digest, i) => digest === existing.bins[i]?.digest))
      return { installed: existing, fresh: false };
  }
  await rm(prefix, { recursive: true, force: true });
  let facts: Omit<InstalledProvider, 'schema'>;
  if (install.registry === 'npm') facts = await installNpm(prefix, install);
  else {
    if (input.pip === undefined)
      throw new CrossoverError('invalid-input', `pypi:${install.package}: expected --requirements <hash-pinned file>`);
    await mkdir(prefix, { recursive: true });
    facts = await installPip(prefix, install, input.pip);
  }
  if (facts.bins.length === 0)
    throw new CrossoverError('infrastructure', `${install.package}@${install.version} provides no binary to run`);
  const installed = InstalledProviderSchema.parse({ schema: 'crossover.provider-install/1', ...facts });
  await writeArtifact(join(prefix, PROVIDER_INSTALL_RECORD), installed);
  return { installed, fresh: true };
}
