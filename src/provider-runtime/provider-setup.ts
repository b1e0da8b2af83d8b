import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Provider } from '../contracts/provider.js';
import {
  type ProviderSetupRecord,
  ProviderSetupRecordSchema,
  type ProviderSetupStep,
} from '../contracts/provider-setup.js';
import { redact } from '../contracts/redaction.js';
import { withBuildLock } from '../io/build-lock.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import { fileDigest } from '../io/file-digest.js';
import { readArtifact, writeArtifact } from '../io/json.js';
import { providerSetupLayout } from '../io/layout.js';
import { isPathArgument } from '../io/paths.js';
import { providerPrefix } from '../io/provider-install.js';
import type { SandboxHost } from '../io/sandbox.js';
import { treeDigest } from '../io/tree.js';
import { type Containment, closeContainment, openContainment, runProviderCommand, survivorDetail } from './contain.js';
import { egressHosts } from './egress.js';
import { providerEnvironment } from './environment.js';
import { installOf, launchCommand } from './launch.js';

export interface ProviderSetupOptions {
  /** the project root: installs and the .crossover/ cache live there */
  root: string;
  /** directory the declaration's "./" and "../" paths are relative to */
  baseDir: string;
  env: NodeJS.ProcessEnv;
  /** the probe's containment the step runs under; default one of its own in `sandbox` */
  containment?: Containment;
  /** the sandbox the step runs in when no containment is given; null or absent: bare */
  sandbox?: SandboxHost | null;
}

/** A provider's setup directory, as a probe or trial finds it. */
export interface ProviderSetup {
  /** the directory the setup wrote: `${CROSSOVER_SETUP_DIR}` from now on */
  dir: string;
  record: ProviderSetupRecord;
  /** digest of the record: what a probe binds */
  digest: string;
  /** this call ran the setup command (false: an earlier run was reused) */
  built: boolean;
}

/** What determines a setup's output: the step as declared, the files it names, the install, the machine. */
async function setupStep(provider: Provider, root: string, baseDir: string): Promise<ProviderSetupStep> {
  const setup = provider.setup;
  if (!setup) throw new CrossoverError('invalid-input', `provider "${provider.id}": $.setup: no setup step declared`);
  const install = await installOf(provider, root);
  const files: ProviderSetupStep['files'] = [];
  for (const value of [setup.command, ...setup.args]) {
    if (!isPathArgument(value)) continue;
    const path = resolve(baseDir, value);
    if ((await stat(path).catch(() => null))?.isFile()) files.push({ path: value, digest: await fileDigest(path) });
  }
  return {
    provider: provider.id,
    command: setup.command,
    args: setup.args,
    env: provider.env,
    install: install === null ? null : digestOf(install),
    files,
    platform: process.platform,
    arch: process.arch,
  };
}

/**
 * The complete setup at `layout`, or null when none was built. A record that does not parse, or
 * belongs to another key, or whose directory no longer holds what it recorded, is an error naming
 * the file: a changed setup is never used as if it were the one recorded.
 */
async function readSetup(layout: ReturnType<typeof providerSetupLayout>, key: string, root: string) {
  if (!existsSync(layout.record)) return null;
  const record = await readArtifact(layout.record, ProviderSetupRecordSchema);
  if (record.key !== key)
    throw new CrossoverError('invalid-input', `${layout.record}: $.key: expected ${key}, got ${record.key}`);
  const now = await treeDigest(layout.dir);
  if (now !== record.digest) {
    throw new CrossoverError(
      'drift',
      `${layout.record}: $.digest: the setup directory now digests to ${now}, not the ${record.digest} recorded; remove ${relative(root, layout.entry)} to run the setup again`,
    );
  }
  // Every use marks it used, so that pruning spares a setup a running plan reads.
  await touchCacheEntry(layout.entry);
  return { dir: layout.dir, record, digest: digestOf(record) };
}

/** The provider's setup as a trial finds it (never built at trial time); null when it never ran here. */
export async function findProviderSetup(
  provider: Provider,
  options: Pick<ProviderSetupOptions, 'root' | 'baseDir'>,
): Promise<Omit<ProviderSetup, 'built'> | null> {
  const step = await setupStep(provider, options.root, options.baseDir);
  const key = digestOf(step);
  return readSetup(providerSetupLayout(options.root, provider.id, key), key, options.root);
}

/**
 * Runs the setup command in place, in the entry's own directory (a setup that records its absolute
 * path, as a venv does, stays valid), after removing what an interrupted build left there. The
 * record is written last, atomically: an entry without one is never used. Called under the lock.
 */
async function buildSetup(
  provider: Provider,
  step: ProviderSetupStep,
  layout: ReturnType<typeof providerSetupLayout>,
  options: ProviderSetupOptions,
): Promise<void> {
  const setup = provider.setup!;
  const dir = layout.dir;
  // Dot-named, as cache pruning skips such names: a build's HOME is never listed as an entry.
  const home = join(dirname(layout.entry), `.${basename(layout.entry)}.home-${randomBytes(6).toString('hex')}`);
  await rm(layout.entry, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await mkdir(home);
  // Its declared egress shares the host's network, as in a trial (a model download declares its host).
  const containment =
    options.containment ?? (await openContainment(home, options.sandbox ?? null, egressHosts(provider).length > 0));
  try {
    const base = { root: options.root, baseDir: options.baseDir };
    const { command, args } = await launchCommand(provider, setup, base, { setupDir: dir }, '$.setup');
    await runProviderCommand(containment, {
      step: 'provider-setup',
      command,
      args,
      cwd: dir,
      env: providerEnvironment(provider, options.env, { CROSSOVER_SETUP_DIR: dir }),
      homeBase: home,
      readOnly: provider.install ? [providerPrefix(options.root, provider.install)] : [],
      writable: [dir],
      timeoutMs: setup.timeoutSec * 1000,
    });
    const left = options.containment === undefined ? survivorDetail(containment.survivors) : null;
    if (left !== null) throw new CrossoverError('infrastructure', `the setup command ${left}`);
    await writeArtifact(layout.record, {
      schema: 'crossover.provider-setup/1',
      key: digestOf(step),
      step,
      digest: await treeDigest(dir),
    });
  } catch (error) {
    await rm(layout.entry, { recursive: true, force: true });
    // The reason is the probe's: it names the setup directory, not this machine's path to it.
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof CrossoverError ? error.code : 'infrastructure';
    throw new CrossoverError(code, redact(message, { secrets: [], paths: { [dir]: '<setup>' } }), { cause: error });
  } finally {
    if (options.containment === undefined) await closeContainment(containment);
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * The provider's one-time setup: reused when this step already ran on this install here, else run
 * once under a lock that concurrent probes wait on. The step runs in the provider's sandbox with a
 * fresh HOME and only its setup directory writable; it is built in place and its record written
 * last, so an interrupted setup leaves nothing that looks complete.
 */
export async function ensureProviderSetup(provider: Provider, options: ProviderSetupOptions): Promise<ProviderSetup> {
  const step = await setupStep(provider, options.root, options.baseDir);
  const key = digestOf(step);
  const layout = providerSetupLayout(options.root, provider.id, key);
  const found = await readSetup(layout, key, options.root);
  if (found !== null) return { ...found, built: false };
  return withBuildLock(`${layout.entry}.lock`, async () => {
    const built = await readSetup(layout, key, options.root);
    if (built !== null) return { ...built, built: false };
    await buildSetup(provider, step, layout, options);
    const made = await readSetup(layout, key, options.root);
    if (made === null) throw new CrossoverError('infrastructure', `${layout.record}: not written by its build`);
    return { ...made, built: true };
  });
}
