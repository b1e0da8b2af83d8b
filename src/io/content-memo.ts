import type { Stats } from 'node:fs';

/** Entries kept per process: a few large trees' worth; past it the memo starts afresh. */
const LIMIT = 200_000;
const known = new Map<string, { key: string; hash: string }>();
/**
 * A file changed this recently is hashed but not remembered: file times tick coarsely (a few ms),
 * so a write right after the hash could leave them as they were (git's "racy clean" entries).
 */
const RACY_MS = 2_000;

/**
 * A file's hash remembered per process while its inode, size and times stay the same, so a large
 * tree read again (a task snapshot checked on every trial, a setup tree, a scan) costs one lstat a
 * file. Sound because any write to a file moves its ctime, which no program can set back (only the
 * clock can); a replaced file is another inode.
 */
export async function rememberedHash(path: string, stats: Stats, compute: () => Promise<string>): Promise<string> {
  const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  const entry = known.get(path);
  if (entry?.key === key) return entry.hash;
  const hash = await compute();
  if (Date.now() - Math.max(stats.ctimeMs, stats.mtimeMs) < RACY_MS) return hash;
  if (known.size >= LIMIT) known.clear();
  known.set(path, { key, hash });
  return hash;
}
