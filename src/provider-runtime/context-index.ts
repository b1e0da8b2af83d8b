import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { DigestSchema } from '../contracts/common.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Provider } from '../contracts/provider.js';
import type { TreeModel } from '../contracts/tree.js';
import { writeArtifact } from '../io/json.js';
import { providerPrefix } from '../io/provider-install.js';
import type { SandboxHost } from '../io/sandbox.js';
import { readHashRows } from '../io/sqlite-hashes.js';
import { treeDigest, underAny } from '../io/tree.js';
import { type Containment, closeContainment, openContainment, runProviderCommand, survivorDetail } from './contain.js';
import { egressHosts, egressPosture } from './egress.js';
import { providerEnvironment } from './environment.js';
import { compareFreshness, type Freshness } from './freshness.js';
import { launchCommand } from './launch.js';
import { directoryBytes } from './storage.js';

/** Written into the index directory after a build: the revision the index belongs to. */
export const INDEX_MANIFEST = '.crossover-index.json';

const IndexManifestSchema = z
  .object({
    schema: z.literal('crossover.index/1'),
    provider: z.string(),
    revision: DigestSchema.describe('Tree digest of the snapshot the index was built from.'),
    outputDigest: DigestSchema.describe('Tree digest of what the index command wrote (this manifest excluded).'),
  })
  .strict();

export interface TaskIndexOptions {
  /** directory the index command's "./" and "../" paths are relative to; default the working directory */
  baseDir?: string;
  /** the project root, where installed providers live; default baseDir */
  root?: string;
  /** an approval names this provider: task source may be sent to it */
  approvedEgress?: boolean;
  timeoutMs?: number;
  storageLimitBytes?: number;
  /** the probe's containment the command runs under; default one of its own in `sandbox` */
  containment?: Containment;
  /** the trial's sandbox the command runs in when no containment is given; null or absent: bare */
  sandbox?: SandboxHost | null;
  /** the provider's one-time setup directory (read-only), when it declares a setup */
  setupDir?: string;
}

export interface TaskIndex {
  revision: string;
  outputDigest: string;
  storageBytes: number;
  ms: number;
}

export const INDEX_DEFAULTS = { timeoutMs: 120_000, storageLimitBytes: 512 * 1024 * 1024 } as const;

/** Inside an index directory: the in-tree paths the index command wrote into the tree it indexed. */
export const IN_TREE_DIR = '.crossover-in-tree';

/** The revision an index command reports on its last stdout line, when it prints JSON with one. */
function reportedRevision(stdout: string): string | null {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    const parsed: unknown = JSON.parse(last);
    const revision = (parsed as { revision?: unknown } | null)?.revision;
    return typeof revision === 'string' ? revision : null;
  } catch {
    return null;
  }
}

/** Moves each declared in-tree path out of the indexed copy into the index directory. */
async function keepInTree(provider: Provider, work: string, outDir: string): Promise<void> {
  for (const path of provider.index?.inTree ?? []) {
    if (!existsSync(join(work, path))) {
      throw new CrossoverError(
        'infrastructure',
        `provider "${provider.id}": the index command wrote nothing at its declared in-tree path ${path}`,
      );
    }
    const target = join(outDir, IN_TREE_DIR, path);
    await mkdir(dirname(target), { recursive: true });
    await rename(join(work, path), target);
  }
}

/** Refuses to index a task for a provider whose egress may carry its source, unless an approval names it. */
function requireIndexApproval(provider: Provider, approvedEgress: boolean): void {
  const egress = egressPosture(provider, approvedEgress);
  if (egress.needsApproval && !egress.approved) {
    throw new CrossoverError(
      'blocked',
      `provider "${provider.id}": task source may leave the machine (${provider.mode}); refusing to index without an approval naming it`,
    );
  }
}

/**
 * Refuses an index whose command changed the indexed tree outside its declared in-tree paths, or
 * reported a revision other than the snapshot's: the index would not be of the task's tree.
 */
async function requireSameRevision(provider: Provider, work: string, revision: string, stdout: string): Promise<void> {
  const inTree = provider.index?.inTree ?? [];
  if ((await treeDigest(work, underAny(inTree))) !== revision) {
    const allowed = inTree.length > 0 ? ` outside its declared in-tree paths (${inTree.join(', ')})` : '';
    throw new CrossoverError(
      'infrastructure',
      `provider "${provider.id}": the index command changed the tree it indexed${allowed}; declare index.inTree for an index kept inside the tree`,
    );
  }
  const reported = reportedRevision(stdout);
  if (reported !== null && reported !== revision) {
    throw new CrossoverError(
      'infrastructure',
      `provider "${provider.id}": the index command reports revision ${reported}, but the snapshot is ${revision}`,
    );
  }
}

/**
 * Builds a provider's index for one task's own snapshot (never a provider-wide one). The command
 * runs in a private copy of `snapshotDir` (the shared snapshot is never touched) with a fresh HOME
 * and CROSSOVER_INDEX_DIR=`outDir`; it may change the copy only at its declared in-tree paths,
 * which are kept in `outDir`. Any revision it reports must be the snapshot's; its storage is
 * bounded; the revision is recorded in the index directory so a later trial can tell a stale index.
 */
export async function buildTaskIndex(
  provider: Provider,
  snapshotDir: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
  options: TaskIndexOptions = {},
): Promise<TaskIndex> {
  const index = provider.index;
  if (!index)
    throw new CrossoverError('invalid-input', `provider "${provider.id}": $.index: no index command declared`);
  requireIndexApproval(provider, options.approvedEgress ?? false);
  const timeoutMs = options.timeoutMs ?? INDEX_DEFAULTS.timeoutMs;
  const limit = options.storageLimitBytes ?? INDEX_DEFAULTS.storageLimitBytes;
  const revision = await treeDigest(snapshotDir);
  await mkdir(outDir, { recursive: true });
  if ((await readdir(outDir)).length > 0) {
    throw new CrossoverError(
      'conflict',
      `${outDir}: not empty; an index is built into a fresh directory so nothing stale mixes in`,
    );
  }
  const suffix = randomBytes(6).toString('hex');
  const work = `${outDir}.work-${suffix}`;
  const home = `${outDir}.home-${suffix}`;
  await mkdir(home);
  // Its declared egress (approved above when it needs approval) shares the host's network, as in a trial.
  const containment =
    options.containment ?? (await openContainment(home, options.sandbox ?? null, egressHosts(provider).length > 0));
  try {
    await cp(snapshotDir, work, { recursive: true });
    const baseDir = options.baseDir ?? process.cwd();
    const root = options.root ?? baseDir;
    const setup: Record<string, string> =
      options.setupDir === undefined ? {} : { CROSSOVER_SETUP_DIR: options.setupDir };
    const places = { indexDir: outDir, workspace: work, setupDir: options.setupDir };
    const { command, args } = await launchCommand(provider, index, { root, baseDir }, places, '$.index');
    const started = performance.now();
    const { stdout } = await runProviderCommand(containment, {
      step: 'index',
      command,
      args,
      cwd: work,
      env: providerEnvironment(provider, env, { CROSSOVER_INDEX_DIR: outDir, CROSSOVER_WORKSPACE: work, ...setup }),
      homeBase: home,
      readOnly: [
        ...(provider.install ? [providerPrefix(root, provider.install)] : []),
        ...(options.setupDir === undefined ? [] : [options.setupDir]),
      ],
      writable: [work, outDir],
      timeoutMs,
    });
    const ms = Math.round(performance.now() - started);
    const left = options.containment === undefined ? survivorDetail(containment.survivors) : null;
    if (left !== null)
      throw new CrossoverError('infrastructure', `provider "${provider.id}": the index command ${left}`);
    await requireSameRevision(provider, work, revision, stdout);
    await keepInTree(provider, work, outDir);
    const storageBytes = await directoryBytes(outDir, limit);
    if (storageBytes > limit) {
      throw new CrossoverError('infrastructure', `provider "${provider.id}": the index used more than ${limit} bytes`);
    }
    const outputDigest = await treeDigest(outDir);
    await writeArtifact(join(outDir, INDEX_MANIFEST), {
      schema: 'crossover.index/1',
      provider: provider.id,
      revision,
      outputDigest,
    });
    return { revision, outputDigest, storageBytes, ms };
  } finally {
    if (options.containment === undefined) await closeContainment(containment);
    await rm(work, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * Copies the in-tree paths an index keeps (`.codegraph`) into a fresh trial workspace: each trial
 * gets its own copy, so what the agent's server writes there never reaches the index or another trial.
 */
export async function overlayInTree(indexDir: string, paths: readonly string[], workspace: string): Promise<void> {
  for (const path of paths) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await cp(join(indexDir, IN_TREE_DIR, path), join(workspace, path), { recursive: true });
  }
}

/**
 * Whether the index in `indexDir` was built from the snapshot with `expectedRevision` (a task's
 * workspace digest). An index without a readable manifest is not known to be fresh: false.
 */
export async function indexRevisionMatches(indexDir: string, expectedRevision: string): Promise<boolean> {
  const text = await readFile(join(indexDir, INDEX_MANIFEST), 'utf8').catch(() => null);
  if (text === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  const manifest = IndexManifestSchema.safeParse(parsed);
  return manifest.success && manifest.data.revision === expectedRevision;
}

/**
 * The declared freshness check of the index in `indexDir` against the snapshot it must serve (its
 * tree model): the provider's own per-file hashes, read from its in-tree database. Null when the
 * declaration has none. A database that cannot be read is not fresh.
 */
export async function indexFreshness(provider: Provider, indexDir: string, tree: TreeModel): Promise<Freshness | null> {
  const declared = provider.index?.freshness;
  if (declared === undefined) return null;
  let rows: Awaited<ReturnType<typeof readHashRows>>;
  try {
    rows = await readHashRows(join(indexDir, IN_TREE_DIR, declared.database), declared);
  } catch (error) {
    const why =
      error instanceof Error ? error.message.replaceAll(`${join(indexDir, IN_TREE_DIR)}/`, '') : String(error);
    return { fresh: false, detail: `cannot read the index's hashes: ${why}` };
  }
  return compareFreshness(declared, rows, tree);
}
