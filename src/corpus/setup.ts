import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { digestBytes, digestOf, prettyJson } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { clipEnd, redact } from '../contracts/redaction.js';
import { type SetupEnvironment, type SetupRecord, SetupRecordSchema } from '../contracts/setup.js';
import { writeFileAtomic } from '../io/atomic.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import type { ContainerPlace } from '../io/container.js';
import { STATE_DIR } from '../io/layout.js';
import { runSandboxed, toolchainPath } from '../io/sandboxed-command.js';
import { treeDigest } from '../io/tree.js';
import type { LoadedTask } from './load.js';
import { materializeTree } from './materialize.js';
import { installsPackages, nonRegistryDependencies, nonRegistryRefusal } from './setup-sources.js';

/** A setup's result as grading and trials use it: outputs at their workspace paths under `dir`. */
export interface SetupOutputs {
  /** the cache entry's tree: `<dir>/<output>` for every output */
  dir: string;
  outputs: string[];
  record: SetupRecord;
}

/** A lock older than the longest setup plus this is left by a killed process and is broken. */
const STALE_LOCK_GRACE_MS = 60_000;
const POLL_MS = 200;

/** What a setup's result depends on besides the workspace and the command: the harness, and a container task's image. */
export function setupEnvironment(container: ContainerPlace | null = null): SetupEnvironment {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    ...(container ? { image: container.image } : {}),
  };
}

/** The digest of the setup's declared inputs (each file's bytes, null when absent), or null when it declares none. */
async function inputsDigest(task: SetupTask): Promise<string | null> {
  const inputs = task.task.repository?.setup?.inputs;
  if (!inputs) return null;
  const files = await Promise.all(
    inputs.map(async (path) => {
      const bytes = await readFile(join(task.dir, 'workspace', path)).catch(() => null);
      return [path, bytes === null ? null : digestBytes(bytes)];
    }),
  );
  return digestOf(files);
}

/**
 * What a setup's result depends on: its command and outputs, the machine, and the workspace (its
 * declared inputs when it declares some: tasks whose inputs match share one setup).
 */
async function setupKey(
  task: SetupTask,
  container: ContainerPlace | null,
): Promise<{ key: string; inputs: string | null }> {
  const setup = task.task.repository?.setup;
  const inputs = await inputsDigest(task);
  const key = digestOf({
    ...(inputs === null ? { workspace: task.parts.workspace } : { inputs }),
    command: setup?.command,
    outputs: setup?.outputs,
    environment: setupEnvironment(container),
  });
  return { key, inputs };
}

/**
 * The environment of a command that runs with network for the package registry (a setup, a
 * lockfile resolution): a scratch HOME, npm's cache in the state directory, and the registry
 * npm_config_registry names when the harness has one (a mirror), nothing else of the harness's.
 */
export function registryEnvironment(root: string, home: string): Record<string, string> {
  const registry = process.env.npm_config_registry;
  return {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    npm_config_cache: join(root, STATE_DIR, 'cache', 'npm'),
    npm_config_update_notifier: 'false',
    ...(registry ? { npm_config_registry: registry } : {}),
    CI: 'true',
    LANG: 'C.UTF-8',
  };
}

/**
 * A setup that installs packages must get them all from the registry: a git URL or tarball
 * dependency is refused by name before anything runs, with the way to declare an override.
 */
async function refuseNonRegistry(task: SetupTask, command: string): Promise<void> {
  if (!installsPackages(command)) return;
  const read = async (name: string) => {
    const text = await readFile(join(task.dir, 'workspace', name), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
  const found = nonRegistryDependencies(await read('package.json'), await read('package-lock.json'));
  if (found.length > 0) throw nonRegistryRefusal(found);
}

function hex(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

async function readRecord(entry: string): Promise<SetupRecord | null> {
  const path = join(entry, 'setup.json');
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  return parseWith(SetupRecordSchema, parseJsonText(text, path), path);
}

/** What the command left at one output path, or why the setup failed. */
async function keepOutput(work: string, tree: string, output: string): Promise<void> {
  const produced = await stat(join(work, output)).catch(() => null);
  if (!produced)
    throw new CrossoverError('infrastructure', `setup did not produce ${output}, which task.json lists as an output`);
  await mkdir(dirname(join(tree, output)), { recursive: true });
  await rename(join(work, output), join(tree, output));
}

/** Runs the setup in a fresh copy of the workspace, with network, and keeps its outputs in `building`. */
async function runSetup(
  root: string,
  task: SetupTask,
  key: { key: string; inputs: string | null },
  building: string,
  container: ContainerPlace | null,
): Promise<SetupRecord> {
  const setup = task.task.repository!.setup!;
  await refuseNonRegistry(task, setup.command);
  const work = join(building, 'work');
  const home = join(building, 'home');
  const env = registryEnvironment(root, home);
  const npmCache = env.npm_config_cache!;
  await materializeTree(task.dir, [], work);
  await mkdir(home, { recursive: true });
  await mkdir(npmCache, { recursive: true });
  const started = performance.now();
  const result = await runSandboxed({
    script: setup.command,
    cwd: work,
    env: { ...env, PATH: toolchainPath([], container) },
    writable: [work, home, npmCache],
    readOnly: [],
    mounts: [],
    network: true,
    timeoutMs: setup.timeoutSec * 1000,
    container,
  });
  const durationMs = Math.round(performance.now() - started);
  if (result.startError !== null || result.timedOut || result.exitCode !== 0) {
    const how =
      result.startError ?? (result.timedOut ? `timed out after ${setup.timeoutSec} s` : `exit ${result.exitCode}`);
    const tail = clipEnd(redact(result.tail, { secrets: [], paths: { [work]: '<workspace>' } }), 1500);
    throw new CrossoverError('infrastructure', `setup command "${setup.command}" failed (${how}): ${tail}`);
  }
  const tree = join(building, 'tree');
  await mkdir(tree, { recursive: true });
  for (const output of setup.outputs) await keepOutput(work, tree, output);
  await rm(work, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
  const record: SetupRecord = {
    schema: 'crossover.setup-record/1',
    key: key.key,
    workspace: task.parts.workspace,
    ...(key.inputs === null ? {} : { inputs: key.inputs }),
    command: setup.command,
    outputs: setup.outputs,
    environment: setupEnvironment(container),
    durationMs,
    digest: await treeDigest(tree),
  };
  await writeFileAtomic(join(building, 'setup.json'), prettyJson(record));
  return record;
}

/** Takes the entry's lock (a directory: mkdir is atomic), breaking one a killed process left. */
async function lock(path: string, staleAfterMs: number): Promise<boolean> {
  try {
    await mkdir(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const held = await stat(path).catch(() => null);
    if (held && Date.now() - held.mtimeMs > staleAfterMs) await rmdir(path).catch(() => undefined);
    return false;
  }
}

/** What a setup needs of a task: its directory, workspace digest and setup (a LoadedTask, or one being imported). */
export interface SetupTask {
  dir: string;
  parts: Pick<LoadedTask['parts'], 'workspace'>;
  task: { repository?: Pick<NonNullable<LoadedTask['task']['repository']>, 'setup'> | undefined };
}

const inFlight = new Map<string, Promise<SetupOutputs>>();

/**
 * The task's setup outputs, running its setup command at most once per (workspace digest or
 * declared inputs' digest, command, outputs, environment) on this machine: cached under `.crossover/cache/setup/<key>/`, built in a
 * temporary directory and renamed into place under a lock, so concurrent trials (in this process
 * or another) wait for the one run. Null for a task without setup.
 */
export async function ensureSetup(
  root: string,
  task: SetupTask,
  options: { verify?: boolean; container?: ContainerPlace | null } = {},
): Promise<SetupOutputs | null> {
  const setup = task.task.repository?.setup;
  if (!setup) return null;
  const container = options.container ?? null;
  const key = await setupKey(task, container);
  const entry = join(root, STATE_DIR, 'cache', 'setup', hex(key.key));
  const flight = `${entry}${options.verify ? '#verify' : ''}`;
  let pending = inFlight.get(flight);
  if (!pending) {
    const staleAfterMs = setup.timeoutSec * 1000 + STALE_LOCK_GRACE_MS;
    pending = settle(root, task, key, entry, { staleAfterMs, verify: options.verify ?? false, container }).finally(() =>
      inFlight.delete(flight),
    );
    inFlight.set(flight, pending);
  }
  return pending;
}

/** The cached tree still holds what its record says the setup produced. */
async function intact(entry: string, record: SetupRecord): Promise<boolean> {
  return (await treeDigest(join(entry, 'tree')).catch(() => null)) === record.digest;
}

/** Moves a cache entry out of the way (atomically, to a dot name the pruner skips), then removes it. */
async function discard(entry: string): Promise<void> {
  const away = join(dirname(entry), `.${randomBytes(6).toString('hex')}.stale`);
  await rename(entry, away);
  await rm(away, { recursive: true, force: true });
}

/**
 * `verify` (planning) digests the cached tree against its record; a tree changed on disk is
 * discarded and the setup runs again, so what the plan binds is what trials are given. Trials
 * only read the record: the tree reaches them read-only, and the plan bound its digest.
 */
async function settle(
  root: string,
  task: SetupTask,
  key: { key: string; inputs: string | null },
  entry: string,
  options: { staleAfterMs: number; verify: boolean; container: ContainerPlace | null },
): Promise<SetupOutputs> {
  const outputs = task.task.repository!.setup!.outputs;
  const lockPath = `${entry}.lock`;
  await mkdir(dirname(entry), { recursive: true });
  for (;;) {
    const record = await readRecord(entry);
    if (record && (!options.verify || (await intact(entry, record)))) {
      await touchCacheEntry(entry);
      return { dir: join(entry, 'tree'), outputs, record };
    }
    if (await lock(lockPath, options.staleAfterMs)) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const building = `${dirname(entry)}/.${hex(key.key)}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    let found = await readRecord(entry);
    if (found && options.verify && !(await intact(entry, found))) {
      await discard(entry);
      found = null;
    }
    const record = found ?? (await runSetup(root, task, key, building, options.container));
    if (!(await readRecord(entry))) await rename(building, entry);
    return { dir: join(entry, 'tree'), outputs, record };
  } finally {
    await rm(building, { recursive: true, force: true });
    await rmdir(lockPath).catch(() => undefined);
  }
}
