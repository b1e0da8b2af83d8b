import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { rememberedHash } from './content-memo.js';
import { treeDigest } from './tree.js';

/**
 * sha256 of a file's bytes. The agent binaries are ~400 MB and every plan derivation binds them, so
 * the digest is remembered per process for a file whose inode, size and times did not change.
 */
export async function fileDigest(path: string): Promise<string> {
  return rememberedHash(`${path}#stream`, await stat(path), async () => {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return `sha256:${hash.digest('hex')}`;
  });
}

/** A file by the digest of its bytes, a directory by its tree digest: what binds a command agent's files. */
export async function pathDigest(path: string): Promise<string> {
  return (await stat(path)).isDirectory() ? treeDigest(path) : fileDigest(path);
}
