import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { linkDestination, type TreeEntry, type TreeModel, treeDigestOf } from '../contracts/tree.js';

/** A tree a task cannot use: a link leaving it or a special file. Refuses that task only. */
export class TreeRefusal extends CrossoverError {
  constructor(
    message: string,
    /** the refused entry, relative to the tree root */
    readonly path: string,
    /** what it is, without its target: "a symlink leaving the tree", "a special file" */
    readonly what: string,
  ) {
    super('invalid-input', message);
  }
}

/** True when the link's real destination (when it exists) is inside the real root. */
async function staysInside(realRoot: string, absolute: string): Promise<boolean> {
  const real = await realpath(absolute).catch(() => null);
  return real === null || real === realRoot || real.startsWith(`${realRoot}${sep}`);
}

/**
 * Every entry below `root` without following links: regular files, empty directories, and
 * symlinks whose target stays inside the tree (recorded by target). A link that leaves the tree,
 * or a special file, is a TreeRefusal naming it. `skip` leaves out a path and everything below it
 * (a provider's in-tree index).
 */
export async function readTreeModel(root: string, skip: (path: string) => boolean = () => false): Promise<TreeModel> {
  const rootStats = await lstat(root).catch(() => null);
  if (!rootStats) throw new CrossoverError('not-found', `${root}: no such directory`);
  if (!rootStats.isDirectory()) throw new CrossoverError('invalid-input', `${root}: expected a directory`);
  const realRoot = await realpath(root);
  const model: TreeModel = { files: [], emptyDirectories: [], links: [] };
  async function walk(relative: string): Promise<void> {
    const names = (await readdir(join(root, relative))).sort();
    if (names.length === 0 && relative !== '') model.emptyDirectories.push(relative);
    for (const name of names) {
      const path = relative ? `${relative}/${name}` : name;
      if (skip(path)) continue;
      const absolute = join(root, path);
      const stats = await lstat(absolute);
      if (stats.isDirectory()) await walk(path);
      else if (stats.isFile()) {
        const bytes = await readFile(absolute);
        model.files.push({
          path,
          executable: (stats.mode & 0o111) !== 0,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        });
      } else if (stats.isSymbolicLink()) {
        const target = await readlink(absolute);
        if (linkDestination(path, target) === null || !(await staysInside(realRoot, absolute)))
          throw new TreeRefusal(
            `${absolute}: a symlink to ${target} leaves the tree, which a task tree may not hold`,
            path,
            'a symlink leaving the tree',
          );
        model.links.push({ path, target });
      } else {
        throw new TreeRefusal(
          `${absolute}: a special file is not allowed in a task tree (only files, directories and in-tree symlinks)`,
          path,
          'a special file',
        );
      }
    }
  }
  await walk('');
  return model;
}

/** The regular files below `root` (see readTreeModel for what else a tree holds and refuses). */
export async function readTree(root: string): Promise<TreeEntry[]> {
  return (await readTreeModel(root)).files;
}

export async function treeDigest(root: string, skip?: (path: string) => boolean): Promise<string> {
  return treeDigestOf(await readTreeModel(root, skip));
}

/** A skip predicate for `paths` and everything below them. */
export function underAny(paths: readonly string[]): (path: string) => boolean {
  return (path) => paths.some((p) => path === p || path.startsWith(`${p}/`));
}
