import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type TreeModel, treeDigestOf } from '../contracts/tree.js';
import { withBuildLock } from '../io/build-lock.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import { STATE_DIR } from '../io/layout.js';
import { readTreeModel, treeDigest, underAny } from '../io/tree.js';
import { ownTree } from '../io/tree-commands.js';
import type { LoadedTask } from './load.js';
import { materializeTree } from './materialize.js';

function hex(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

/** A task's materialized starting tree and its tree model (a rebuilt .git left out), checked against the task. */
export interface Snapshot {
  dir: string;
  /** what the trial compares the agent's work with: read when it was checked, not again after the agent */
  model: TreeModel;
}

/** Who owns a snapshot's files: root (none given), or the agent's uid for the lower tree of copy-on-write workspaces. */
export interface SnapshotOwner {
  uid: number;
  gid: number;
}

/**
 * The task's starting tree, materialized once per task digest under
 * `.crossover/cache/snapshots/<digest>` (`<digest>-<uid>` when owned by the agent's uid). Checked against the task's workspace digest on every use,
 * so a snapshot changed on disk (by an unsandboxed agent, say) is rebuilt, never trusted; the
 * rebuild holds a lock, so concurrent trials wait for one builder instead of racing to replace it,
 * and it is built beside the cache and renamed into place, so nobody sees half a snapshot.
 */
export async function taskSnapshot(root: string, task: LoadedTask, owner?: SnapshotOwner): Promise<Snapshot> {
  const cache = join(root, STATE_DIR, 'cache', 'snapshots');
  const name = owner ? `${hex(task.digest)}-${owner.uid}` : hex(task.digest);
  const dir = join(cache, name);
  const model = await intact(dir, task);
  if (model) {
    await touchCacheEntry(dir);
    return { dir, model };
  }
  return withBuildLock(`${dir}.lock`, async () => {
    // Another builder may have placed it while this call waited.
    const placed = await intact(dir, task);
    if (placed) return { dir, model: placed };
    const building = join(cache, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const history = task.task.repository?.history;
      await materializeTree(task.dir, [], building, history);
      if (history) await writeFile(gitDigestFile(dir), await treeDigest(join(building, '.git')));
      if (owner) await ownTree([building], owner.uid, owner.gid, 0);
      await rm(dir, { recursive: true, force: true });
      await rename(building, dir);
    } finally {
      await rm(building, { recursive: true, force: true });
    }
    const built = await intact(dir, task);
    if (!built)
      throw new CrossoverError(
        'drift',
        `${task.dir}: the task's workspace no longer has the digest it was loaded with (${task.parts.workspace})`,
      );
    return { dir, model: built };
  });
}

/** Beside a snapshot with a rebuilt .git: that .git's tree digest when it was built (a dot name the pruner skips). */
function gitDigestFile(snapshot: string): string {
  return join(dirname(snapshot), `.${basename(snapshot)}.git-digest`);
}

/** The snapshot's tree when it holds the task's workspace (and the .git it was built with when the task declares history); else null. */
async function intact(snapshot: string, task: LoadedTask): Promise<TreeModel | null> {
  const history = task.task.repository?.history;
  const model = await readTreeModel(snapshot, history ? underAny(['.git']) : undefined).catch(() => null);
  if (model === null || treeDigestOf(model) !== task.parts.workspace) return null;
  if (!history) return model;
  const built = await readFile(gitDigestFile(snapshot), 'utf8').catch(() => null);
  return built !== null && built === (await treeDigest(join(snapshot, '.git')).catch(() => null)) ? model : null;
}
