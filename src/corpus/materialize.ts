import { chmod, copyFile, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { History } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import { readTreeModel } from '../io/tree.js';
import { rebuildGit } from './git-history.js';

/** A fresh destination: created here, or an existing empty directory (from mkdtemp, say). */
async function freshDirectory(dest: string): Promise<void> {
  await mkdir(dest, { recursive: true });
  const present = await readdir(dest);
  if (present.length > 0)
    throw new CrossoverError(
      'conflict',
      `${dest}: expected a new or empty directory to materialize into, it holds ${present.length} entries`,
    );
}

/**
 * Copies `source` over `dest`: every regular file (keeping the executable bit), every empty
 * directory and every in-tree symlink (by its target); readTreeModel refuses links that leave the
 * tree and special files. An overlay's link replaces whatever the path held.
 */
async function copyTree(source: string, dest: string): Promise<void> {
  const model = await readTreeModel(source);
  for (const entry of model.files) {
    const target = join(dest, entry.path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(source, entry.path), target);
    await chmod(target, entry.executable ? 0o755 : 0o644);
  }
  for (const path of model.emptyDirectories) await mkdir(join(dest, path), { recursive: true });
  for (const link of model.links) {
    const at = join(dest, link.path);
    await mkdir(dirname(at), { recursive: true });
    await rm(at, { recursive: true, force: true });
    await symlink(link.target, at);
  }
}

/**
 * Builds a tree in `dest`: the task's workspace/, then each overlay directory copied over it in
 * order (a reference or a decoy). Files, empty directories and in-tree links; no hidden parts, and
 * no history unless the task declares it (`history`: its .git rebuilt at the commit).
 */
export async function materializeTree(
  taskDir: string,
  overlays: string[],
  dest: string,
  history?: History,
): Promise<void> {
  await freshDirectory(dest);
  for (const source of [join(taskDir, 'workspace'), ...overlays]) await copyTree(source, dest);
  if (history) await rebuildGit(taskDir, history, dest);
}
