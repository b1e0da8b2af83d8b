import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';

async function writeTemp(path: string, data: string | Uint8Array, mode = 0o666): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Temp file, fsync, rename: readers see the old bytes or the new, never a mix. `mode` (before the
 * umask) is the file's from its first byte: a private file (0o600) is never readable by others.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  const temp = await writeTemp(path, data, mode);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/**
 * Writes a file that must never be replaced: the temp file is hard-linked into place, which fails
 * when the name exists. Returns false (and writes nothing) when a file is already there.
 */
export async function writeNewFileAtomic(path: string, data: string | Uint8Array): Promise<boolean> {
  const temp = await writeTemp(path, data);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new CrossoverError('infrastructure', `${path}: could not write (${(error as Error).message})`, {
      cause: error,
    });
  } finally {
    await unlink(temp).catch(() => undefined);
    await syncDirectory(dirname(path));
  }
}
