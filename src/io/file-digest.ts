import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { treeDigest } from './tree.js';

const digests = new Map<string, { key: string; digest: string }>();

/**
 * sha256 of a file's bytes. The agent binaries are ~400 MB and every plan derivation binds them, so
 * the digest is remembered per process for a file whose inode, size and times did not change.
 */
export async function fileDigest(path: string): Promise<string> {
  const info = await stat(path);
  const key = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  const known = digests.get(path);
  if (known?.key === key) return known.digest;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const digest = `sha256:${hash.digest('hex')}`;
  digests.set(path, { key, digest });
  return digest;
}

/** A file by the digest of its bytes, a directory by its tree digest: what binds a command agent's files. */
export async function pathDigest(path: string): Promise<string> {
  return (await stat(path)).isDirectory() ? treeDigest(path) : fileDigest(path);
}
