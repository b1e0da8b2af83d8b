import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 50;
/**
 * A lock without a pid this long is taken over: this code never leaves one (it links a file that
 * already holds its pid), so it is an older holder's that died between creating and writing it.
 */
const PIDLESS_GRACE_MS = 10_000;

/** A lock file left by a process that no longer runs: nobody holds it. */
async function staleLock(lockFile: string): Promise<boolean> {
  const text = await readFile(lockFile, 'utf8').catch(() => null);
  if (text === null) return false;
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0) {
    const made = await stat(lockFile).catch(() => null);
    return made !== null && Date.now() - made.mtimeMs > PIDLESS_GRACE_MS;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes `lockFile`, waiting while another process or call holds it. The lock appears with this
 * pid already in it (a written file hard-linked into place, which fails if one exists), so a
 * waiter never reads a lock that is there but pid-less and takes it over from a live holder.
 */
async function acquire(lockFile: string): Promise<void> {
  await mkdir(dirname(lockFile), { recursive: true });
  const mine = `${lockFile}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(mine, String(process.pid));
  try {
    for (;;) {
      const taken = await link(mine, lockFile).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
          return false;
        },
      );
      if (taken) return;
      if (await staleLock(lockFile)) await rm(lockFile, { force: true });
      else await sleep(POLL_MS);
    }
  } finally {
    await rm(mine, { force: true });
  }
}

/** Calls of this process waiting on one lock file, chained so only one polls the file at a time. */
const local = new Map<string, Promise<unknown>>();

/**
 * Runs `build` while holding `lockFile`: concurrent callers (in this process or another) that need
 * the same cached artifact wait for one builder instead of racing to write it. A lock left by a
 * process that died is taken over.
 */
export async function withBuildLock<T>(lockFile: string, build: () => Promise<T>): Promise<T> {
  const before = local.get(lockFile) ?? Promise.resolve();
  const run = before
    .catch(() => undefined)
    .then(async () => {
      await acquire(lockFile);
      try {
        return await build();
      } finally {
        await rm(lockFile, { force: true });
      }
    });
  local.set(lockFile, run);
  try {
    return await run;
  } finally {
    if (local.get(lockFile) === run) local.delete(lockFile);
  }
}
