import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { STATE_DIR } from '../io/layout.js';
import { copyDirectory } from '../io/tree-commands.js';

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

/** A fresh copy of the snapshot as the attempt's workspace, in its own new directory: nothing from an earlier attempt. */
export async function freshWorkspace(trialDir: string, snapshot: string): Promise<string> {
  const workspace = trialWorkspace(trialDir);
  await mkdir(join(trialDir, '..'), { recursive: true });
  // Not recursive: the directory is new, and an existing one is another attempt's.
  await mkdir(trialDir);
  // A copy, never links to the snapshot's files: the agent owns and may write every file of it.
  await copyDirectory(snapshot, workspace);
  return workspace;
}
