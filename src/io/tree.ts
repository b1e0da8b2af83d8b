import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type TreeEntry, treeDigestOf } from '../contracts/tree.js';

/** Every regular file below `root`; a symlink or special file is an error naming it. */
export async function readTree(root: string): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  async function walk(relative: string): Promise<void> {
    const names = (await readdir(join(root, relative))).sort();
    for (const name of names) {
      const path = relative ? `${relative}/${name}` : name;
      const absolute = join(root, path);
      const stats = await lstat(absolute);
      if (stats.isDirectory()) await walk(path);
      else if (stats.isFile()) {
        const bytes = await readFile(absolute);
        entries.push({
          path,
          executable: (stats.mode & 0o111) !== 0,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        });
      } else {
        const what = stats.isSymbolicLink() ? 'a symlink' : 'a special file';
        throw new CrossoverError(
          'invalid-input',
          `${absolute}: ${what} is not allowed in a task tree (only regular files and directories)`,
        );
      }
    }
  }
  const rootStats = await lstat(root).catch(() => null);
  if (!rootStats) throw new CrossoverError('not-found', `${root}: no such directory`);
  if (!rootStats.isDirectory()) throw new CrossoverError('invalid-input', `${root}: expected a directory`);
  await walk('');
  return entries;
}

export async function treeDigest(root: string): Promise<string> {
  return treeDigestOf(await readTree(root));
}
