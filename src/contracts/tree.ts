import { digestOf } from './canonical.js';

/** A regular file of a tree. */
export interface TreeEntry {
  /** posix path relative to the tree root */
  path: string;
  executable: boolean;
  /** hex sha256 of the file's bytes */
  sha256: string;
}

/** A symbolic link whose target stays inside the tree. */
export interface TreeLink {
  /** posix path of the link relative to the tree root */
  path: string;
  /** the link's target as written (relative, never absolute) */
  target: string;
}

/**
 * Everything a task tree holds: its files, the directories that hold nothing (git inside a trial
 * needs an empty `.git/refs`, a test may need an empty fixture folder) and its in-tree symlinks
 * (`node_modules/.bin/*`).
 */
export interface TreeModel {
  files: TreeEntry[];
  /** directories with no entries at all */
  emptyDirectories: string[];
  links: TreeLink[];
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** Digest of a file tree: its entries sorted by path, each (path, kind, executable bit, content hash or target). */
export function treeDigestOf(model: TreeModel): string {
  const rows: { path: string; row: unknown[] }[] = [
    ...model.files.map((e) => ({ path: e.path, row: [e.path, 'file', e.executable, e.sha256] })),
    ...model.emptyDirectories.map((path) => ({ path, row: [path, 'directory'] })),
    ...model.links.map((l) => ({ path: l.path, row: [l.path, 'symlink', l.target] })),
  ];
  return digestOf(rows.sort(byPath).map((r) => r.row));
}

/**
 * Where a link's target lands, as a posix path relative to the tree root, or null when it leaves
 * the tree (an absolute target, or one climbing above the root). Lexical only: the caller also
 * checks the real path, since a link through another link can climb further than it reads.
 */
export function linkDestination(path: string, target: string): string | null {
  if (target.startsWith('/')) return null;
  const parts = path.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
