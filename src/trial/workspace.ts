import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import { type TreeModel, treeDigestOf } from '../contracts/tree.js';
import type { LoadedTask } from '../corpus/load.js';
import { materializeTree } from '../corpus/materialize.js';
import { withBuildLock } from '../io/build-lock.js';
import { touchCacheEntry } from '../io/cache-prune.js';
import { STATE_DIR } from '../io/layout.js';
import { mountOverlay, unmountIfMounted } from '../io/overlay.js';
import { readTreeModel, treeDigest, underAny } from '../io/tree.js';
import { copyDirectory, ownTree, removeTree } from '../io/tree-commands.js';

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
 * `.crossover/cache/snapshots/<digest>` (`<digest>-<uid>` when owned by the agent's uid).
 * Checked against the task's workspace digest on every use, so a snapshot changed on disk (by an
 * unsandboxed agent, say) is rebuilt, never trusted; the rebuild holds a lock, so concurrent
 * trials wait for one builder instead of racing to replace it, and it is built beside the cache
 * and renamed into place, so nobody sees half a snapshot.
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
  await newTrialDirectory(trialDir);
  // A copy, never links to the snapshot's files: the agent owns and may write every file of it.
  await copyDirectory(snapshot, workspace);
  return workspace;
}

async function newTrialDirectory(trialDir: string): Promise<void> {
  await mkdir(join(trialDir, '..'), { recursive: true });
  // Not recursive: the directory is new, and an existing one is another attempt's.
  await mkdir(trialDir);
}

/** The overlay's own directories, beside the workspace in the trial directory and never bound into a sandbox. */
const UPPER = '.upper';
const WORK = '.overlay-work';

/**
 * The attempt's workspace as a copy-on-write overlay of the agent-owned snapshot: no file is
 * copied, the agent's writes land in the trial directory, and the shared snapshot is never
 * written. Null when this machine cannot mount one (the caller copies); the trial directory is
 * then left empty and new.
 */
async function overlayWorkspace(trialDir: string, snapshot: string, owner: SnapshotOwner): Promise<string | null> {
  const workspace = join(trialDir, 'workspace');
  await newTrialDirectory(trialDir);
  const layers = { lower: snapshot, upper: join(trialDir, UPPER), work: join(trialDir, WORK), target: workspace };
  for (const dir of [layers.upper, layers.work, workspace]) await mkdir(dir);
  // The merged root takes the upper directory's owner and mode: the agent's, like the rest of the tree.
  await ownTree([layers.upper], owner.uid, owner.gid, 0);
  if (await mountOverlay(layers)) return workspace;
  for (const dir of [layers.upper, layers.work, workspace]) await rm(dir, { recursive: true, force: true });
  return null;
}

/**
 * The attempt's starting tree and its workspace: with `copyOnWrite` and an agent uid to own it
 * (a root harness), an overlay of the agent-owned snapshot; otherwise (or where no overlay can be
 * mounted) a fresh copy of the snapshot, handed to the agent later.
 */
export async function trialWorkspace(
  root: string,
  task: LoadedTask,
  trialDir: string,
  copyOnWrite: SnapshotOwner | null,
): Promise<{ snapshot: Snapshot; workspace: string }> {
  if (copyOnWrite) {
    const snapshot = await taskSnapshot(root, task, copyOnWrite);
    const workspace = await overlayWorkspace(trialDir, snapshot.dir, copyOnWrite);
    if (workspace) return { snapshot, workspace };
    await rm(trialDir, { recursive: true, force: true });
  }
  const snapshot = await taskSnapshot(root, task);
  return { snapshot, workspace: await freshWorkspace(trialDir, snapshot.dir) };
}

/** Removes a trial directory: its copy-on-write workspace unmounted first (the removal stays on one file system). */
export async function removeTrialTree(trialDir: string): Promise<void> {
  await unmountIfMounted(join(trialDir, 'workspace'));
  await removeTree(trialDir);
}
