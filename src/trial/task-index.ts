import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Provider } from '../contracts/provider.js';
import type { TreeModel } from '../contracts/tree.js';
import type { LoadedTask } from '../corpus/load.js';
import { taskSnapshot } from '../corpus/snapshot.js';
import { withBuildLock } from '../io/build-lock.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import { STATE_DIR } from '../io/layout.js';
import type { SandboxHost } from '../io/sandbox.js';
import { buildTaskIndex, indexFreshness, indexRevisionMatches } from '../provider-runtime/context-index.js';

function hex(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

/** Why the index in `indexDir` cannot serve the snapshot `tree` by its declared freshness check; null when it can. */
async function staleness(provider: Provider, indexDir: string, tree: TreeModel): Promise<string | null> {
  const checked = await indexFreshness(provider, indexDir, tree);
  return checked === null || checked.fresh ? null : checked.detail;
}

/**
 * The provider's index of this task's own snapshot (never one provider-wide index), keyed by the
 * declaration's identity (`identity`: what the plan bound of it, so another declaration of the same
 * provider id gets its own index) and the task digest. Built once, under a lock that concurrent
 * trials wait on, and reused while its recorded revision still matches the task and its declared
 * freshness check passes; a stale one is rebuilt, and one still stale after its rebuild is an error
 * (the trial is setup-failed with it). Returns the index directory the provider's server reads
 * through CROSSOVER_INDEX_DIR.
 */
export async function ensureTaskIndex(input: {
  root: string;
  provider: Provider;
  identity: unknown;
  baseDir: string;
  task: LoadedTask;
  /** the trial's sandbox the index command runs in; null: bare (the run asked for sandbox none) */
  sandbox: SandboxHost | null;
  /** the provider's one-time setup directory, when it declares a setup */
  setupDir?: string;
}): Promise<string> {
  const { root, provider, task } = input;
  const key = hex(digestOf(input.identity)).slice(0, 16);
  const indexDir = join(root, STATE_DIR, 'cache', 'indexes', provider.id, key, hex(task.digest));
  const usable = async () =>
    (await indexRevisionMatches(indexDir, task.parts.workspace)) &&
    (await staleness(provider, indexDir, (await taskSnapshot(root, task)).model)) === null;
  if (await usable()) {
    await touchCacheEntry(indexDir);
    return indexDir;
  }
  return withBuildLock(`${indexDir}.lock`, async () => {
    if (await usable()) return indexDir;
    // A half-built index (its builder died) has no manifest, a stale one fails its check: start over.
    await rm(indexDir, { recursive: true, force: true });
    const snapshot = await taskSnapshot(root, task);
    await buildTaskIndex(provider, snapshot.dir, indexDir, process.env, {
      baseDir: input.baseDir,
      root,
      sandbox: input.sandbox,
      ...(input.setupDir === undefined ? {} : { setupDir: input.setupDir }),
    });
    const stale = await staleness(provider, indexDir, snapshot.model);
    if (stale !== null)
      throw new CrossoverError('infrastructure', `provider "${provider.id}": freshness: ${stale} (after a rebuild)`);
    return indexDir;
  });
}
