import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, unlink } from 'node:fs/promises';
import { posix } from 'node:path';

/**
 * A path below a directory that another uid may change (an agent's run home) is walked one
 * component at a time, each opened with O_NOFOLLOW and the next one looked up inside the directory
 * already open (`/proc/self/fd/<fd>/<name>`), so no component is ever a link's target: a link, or
 * a file where a directory must be, anywhere between the directory and the file is refused.
 */
export class LinkInPath extends Error {
  constructor(readonly path: string) {
    super(`${path}: a link (or a file where a directory belongs) is in the way`);
  }
}

const DIRECTORY = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

function at(dir: FileHandle, name: string): string {
  return `/proc/self/fd/${dir.fd}/${name}`;
}

function refused(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ELOOP' || code === 'ENOTDIR' ? new LinkInPath(path) : error;
}

/** `rel`'s components, none of them empty, "." or "..". */
function components(rel: string): string[] {
  const parts = posix.normalize(rel).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`${rel}: expected a path below the directory`);
  return parts;
}

/** The open directory `parts` below `root`; `create` makes a missing one (mode 0700). */
async function openDirectory(root: string, parts: readonly string[], create: boolean): Promise<FileHandle> {
  let dir = await open(root, DIRECTORY);
  for (const [index, name] of parts.entries()) {
    const path = parts.slice(0, index + 1).join('/');
    let next: FileHandle;
    try {
      if (create) await mkdir(at(dir, name), { mode: 0o700 }).catch((error) => ignoreExisting(error));
      next = await open(at(dir, name), DIRECTORY).catch((error: unknown) => {
        throw refused(error, path);
      });
    } catch (error) {
      // A refused component must not leave the directory above it open until garbage collection.
      await dir.close();
      throw error;
    }
    await dir.close();
    dir = next;
  }
  return dir;
}

function ignoreExisting(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

/** Runs `use` with the directory holding `rel` open and `rel`'s own name, the directory closed after. */
async function inParent<T>(
  root: string,
  rel: string,
  create: boolean,
  use: (dir: FileHandle, name: string) => Promise<T>,
): Promise<T> {
  const parts = components(rel);
  const dir = await openDirectory(root, parts.slice(0, -1), create);
  try {
    return await use(dir, parts.at(-1) as string);
  } finally {
    await dir.close();
  }
}

/** The bytes of the regular file `rel` below `root`, at most `limit` of them; null when it is absent. */
export async function readBeneath(root: string, rel: string, limit: number): Promise<Buffer | null> {
  return inParent(root, rel, false, async (dir, name) => {
    const file = await open(at(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw refused(error, rel);
    });
    if (file === null) return null;
    try {
      const info = await file.stat();
      if (!info.isFile()) throw new LinkInPath(rel);
      if (info.size > limit) throw new Error(`${rel}: larger than ${limit} bytes`);
      return await file.readFile();
    } finally {
      await file.close();
    }
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
}

/** Creates the file `rel` below `root` (and its missing directories), private to its owner; never over an existing one. */
export async function createBeneath(root: string, rel: string, bytes: Buffer, mode: number): Promise<void> {
  await inParent(root, rel, true, async (dir, name) => {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
    const file = await open(at(dir, name), flags, mode);
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
  });
}

/** Removes the file (or link) `rel` below `root` itself, never what a link on the way points to; absent is fine. */
export async function removeBeneath(root: string, rel: string): Promise<void> {
  await inParent(root, rel, false, (dir, name) => unlink(at(dir, name))).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  });
}
