import { chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { readTree } from '../io/tree.js';

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

/** Copies every regular file of `source` over `dest`, keeping the executable bit; readTree refuses symlinks and special files. */
async function copyTree(source: string, dest: string): Promise<void> {
  for (const entry of await readTree(source)) {
    const target = join(dest, entry.path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(source, entry.path), target);
    await chmod(target, entry.executable ? 0o755 : 0o644);
  }
}

/**
 * Builds a tree in `dest`: the task's workspace/, then each overlay directory copied over it in
 * order (a reference or a decoy). Only regular files and directories; no history, no hidden parts.
 */
export async function materializeTree(taskDir: string, overlays: string[], dest: string): Promise<void> {
  await freshDirectory(dest);
  for (const source of [join(taskDir, 'workspace'), ...overlays]) await copyTree(source, dest);
}
