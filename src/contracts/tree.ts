import { digestOf } from './canonical.js';

export interface TreeEntry {
  /** posix path relative to the tree root */
  path: string;
  executable: boolean;
  /** hex sha256 of the file's bytes */
  sha256: string;
}

/** Digest of a file tree: its entries sorted by path, each (path, executable bit, content hash). */
export function treeDigestOf(entries: readonly TreeEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return digestOf(sorted.map((e) => [e.path, e.executable, e.sha256]));
}
