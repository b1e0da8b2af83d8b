import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { linkDestination, type TreeEntry, type TreeLink, type TreeModel, treeDigestOf } from '../contracts/tree.js';
import { rememberedHash } from './content-memo.js';

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

/** Entries of one directory read at once. */
const PARALLEL_READS = 64;

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
  /** One entry of a directory, read: a file hashed, a link checked, a directory only named (walked in order). */
  async function visit(path: string): Promise<TreeEntry | TreeLink | 'directory'> {
    const absolute = join(root, path);
    const stats = await lstat(absolute);
    if (stats.isDirectory()) return 'directory';
    if (stats.isFile()) {
      const sha256 = await rememberedHash(absolute, stats, async () =>
        createHash('sha256')
          .update(await readFile(absolute))
          .digest('hex'),
      );
      return { path, executable: (stats.mode & 0o111) !== 0, sha256 };
    }
    if (stats.isSymbolicLink()) {
      const target = await readlink(absolute);
      if (linkDestination(path, target) === null || !(await staysInside(realRoot, absolute)))
        throw new TreeRefusal(
          `${absolute}: a symlink to ${target} leaves the tree, which a task tree may not hold`,
          path,
          'a symlink leaving the tree',
        );
      return { path, target };
    }
    throw new TreeRefusal(
      `${absolute}: a special file is not allowed in a task tree (only files, directories and in-tree symlinks)`,
      path,
      'a special file',
    );
  }
  async function walk(relative: string): Promise<void> {
    const names = (await readdir(join(root, relative))).sort();
    if (names.length === 0 && relative !== '') model.emptyDirectories.push(relative);
    const paths = names.map((name) => (relative ? `${relative}/${name}` : name)).filter((path) => !skip(path));
    // A directory's entries are read together (a tree of many small files waits on the disk, not
    // the CPU), then taken in name order, so the model lists entries as a sorted depth-first walk.
    for (let start = 0; start < paths.length; start += PARALLEL_READS) {
      const batch = paths.slice(start, start + PARALLEL_READS);
      const entries = await Promise.all(batch.map(visit));
      for (const [index, entry] of entries.entries()) {
        if (entry === 'directory') await walk(batch[index]!);
        else if ('target' in entry) model.links.push(entry);
        else model.files.push(entry);
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
