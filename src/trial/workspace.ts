import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import type { LoadedTask } from '../corpus/load.js';
import { type Snapshot, type SnapshotOwner, taskSnapshot } from '../corpus/snapshot.js';
import { STATE_DIR } from '../io/layout.js';
import { mountOverlay, unmountIfMounted, unmountIfMountedSync } from '../io/overlay.js';
import { copyDirectory, ownTree, removeTree, removeTreeSync } from '../io/tree-commands.js';
import { recordMounter, sweepStaleWorkspaces } from './stale-workspaces.js';

function hex(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

/**
 * The directory of one attempt at a trial: named by a digest of (plan, trial), so no task or arm name
 * shows in any path the agent sees, and a random suffix, so two attempts (or two processes) never
 * share one and nothing one does can remove another's workspace. Holds workspace/, home/ and tmp/.
 */
export function trialDirectory(root: string, planId: string, trialId: string): string {
  const name = `${trialDirectoryPrefix(planId, trialId)}-${randomBytes(8).toString('hex')}`;
  return join(trialsDirectory(root), name);
}

/** Where every attempt's directory is made: .crossover/trials/. */
export function trialsDirectory(root: string): string {
  return join(root, STATE_DIR, 'trials');
}

/** What every attempt's directory at one trial of one plan is named from: its other attempts' and nobody else's. */
export function trialDirectoryPrefix(planId: string, trialId: string): string {
  return hex(digestOf({ planId, trialId })).slice(0, 32);
}

/** Where an attempt's workspace is, below its trial directory: what a provider server may be told up front. */
export function trialWorkspace(trialDir: string): string {
  return join(trialDir, 'workspace');
}

async function newTrialDirectory(trialDir: string): Promise<void> {
  await mkdir(join(trialDir, '..'), { recursive: true });
  // Not recursive: the directory is new, and an existing one is another attempt's.
  await mkdir(trialDir);
}

/** A fresh copy of the snapshot as the attempt's workspace, in its own new directory: nothing from an earlier attempt. */
export async function freshWorkspace(trialDir: string, snapshot: string): Promise<string> {
  const workspace = trialWorkspace(trialDir);
  await newTrialDirectory(trialDir);
  // A copy, never links to the snapshot's files: the agent owns and may write every file of it.
  await copyDirectory(snapshot, workspace);
  return workspace;
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
  const workspace = trialWorkspace(trialDir);
  await newTrialDirectory(trialDir);
  const layers = { lower: snapshot, upper: join(trialDir, UPPER), work: join(trialDir, WORK), target: workspace };
  for (const dir of [layers.upper, layers.work, workspace]) await mkdir(dir);
  await recordMounter(trialDir);
  // The merged root takes the upper directory's owner and mode: the agent's, like the rest of the tree.
  await ownTree([layers.upper], owner.uid, owner.gid, 0);
  if (await mountOverlay(layers)) return workspace;
  for (const dir of [layers.upper, layers.work, workspace]) await rm(dir, { recursive: true, force: true });
  return null;
}

/**
 * The attempt's starting tree and its workspace: with `copyOnWrite` and an agent uid to own it
 * (a root harness), an overlay of the agent-owned snapshot; otherwise (or where no overlay can be
 * mounted) a fresh copy of the snapshot, handed to the agent later. Mounting one first sweeps
 * the workspaces a killed harness left mounted (stale-workspaces.ts).
 */
export async function attemptWorkspace(
  root: string,
  task: LoadedTask,
  trialDir: string,
  copyOnWrite: SnapshotOwner | null,
): Promise<{ snapshot: Snapshot; workspace: string }> {
  if (copyOnWrite) {
    await sweepStaleWorkspaces(trialsDirectory(root));
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
  await unmountIfMounted(trialWorkspace(trialDir));
  await removeTree(trialDir);
}

/** `removeTrialTree`, synchronously (a run a signal stops exits right after); false when the directory stays. */
export function removeTrialTreeSync(trialDir: string): boolean {
  unmountIfMountedSync(trialWorkspace(trialDir));
  return removeTreeSync(trialDir);
}
