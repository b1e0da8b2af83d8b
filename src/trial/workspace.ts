import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import type { LoadedTask } from '../corpus/load.js';
import { materializeTree } from '../corpus/materialize.js';
import { withBuildLock } from '../io/build-lock.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import { STATE_DIR } from '../io/layout.js';
import { treeDigest, underAny } from '../io/tree.js';
import { copyDirectory } from '../io/tree-commands.js';

function hex(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

/**
 * The task's starting tree, materialized once per task digest under
 * `.crossover/cache/snapshots/<digest>`. Checked against the task's workspace digest on every use,
 * so a snapshot changed on disk (by an unsandboxed agent, say) is rebuilt, never trusted; the
 * rebuild holds a lock, so concurrent trials wait for one builder instead of racing to replace it,
 * and it is built beside the cache and renamed into place, so nobody sees half a snapshot.
 */
export async function taskSnapshot(root: string, task: LoadedTask): Promise<string> {
  const cache = join(root, STATE_DIR, 'cache', 'snapshots');
  const snapshot = join(cache, hex(task.digest));
  if (await intact(snapshot, task)) {
    await touchCacheEntry(snapshot);
    return snapshot;
  }
  return withBuildLock(`${snapshot}.lock`, async () => {
    // Another builder may have placed it while this call waited.
    if (await intact(snapshot, task)) return snapshot;
    const building = join(cache, `.${hex(task.digest)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const history = task.task.repository?.history;
      await materializeTree(task.dir, [], building, history);
      if (history) await writeFile(gitDigestFile(snapshot), await treeDigest(join(building, '.git')));
      await rm(snapshot, { recursive: true, force: true });
      await rename(building, snapshot);
    } finally {
      await rm(building, { recursive: true, force: true });
    }
    return snapshot;
  });
}

/** Beside a snapshot with a rebuilt .git: that .git's tree digest when it was built (a dot name the pruner skips). */
function gitDigestFile(snapshot: string): string {
  return join(dirname(snapshot), `.${basename(snapshot)}.git-digest`);
}

/** The snapshot holds the task's workspace, and the .git it was built with when the task declares history. */
async function intact(snapshot: string, task: LoadedTask): Promise<boolean> {
  const history = task.task.repository?.history;
  const workspace = await treeDigest(snapshot, history ? underAny(['.git']) : undefined).catch(() => null);
  if (workspace !== task.parts.workspace) return false;
  if (!history) return true;
  const built = await readFile(gitDigestFile(snapshot), 'utf8').catch(() => null);
  return built !== null && built === (await treeDigest(join(snapshot, '.git')).catch(() => null));
}

/**
 * The directory of one attempt at a trial: named by a digest of (plan, trial), so no task or arm name
 * shows in any path the agent sees, and a random suffix, so two attempts (or two processes) never
 * share one and nothing one does can remove another's workspace. Holds workspace/, home/ and tmp/.
 */
export function trialDirectory(root: string, planId: string, trialId: string): string {
  const name = `${hex(digestOf({ planId, trialId })).slice(0, 32)}-${randomBytes(8).toString('hex')}`;
  return join(root, STATE_DIR, 'trials', name);
}

/** A fresh copy of the snapshot as the attempt's workspace, in its own new directory: nothing from an earlier attempt. */
export async function freshWorkspace(trialDir: string, snapshot: string): Promise<string> {
  const workspace = join(trialDir, 'workspace');
  await mkdir(join(trialDir, '..'), { recursive: true });
  // Not recursive: the directory is new, and an existing one is another attempt's.
  await mkdir(trialDir);
  // A copy, never links to the snapshot's files: the agent owns and may write every file of it.
  await copyDirectory(snapshot, workspace);
  return workspace;
}
