import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 50;

/** A lock file left by a process that no longer runs: nobody holds it. */
async function staleLock(lockFile: string): Promise<boolean> {
  const text = await readFile(lockFile, 'utf8').catch(() => null);
  if (text === null) return false;
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Takes `lockFile` (created exclusively, holding this pid), waiting while another process or call holds it. */
async function acquire(lockFile: string): Promise<void> {
  await mkdir(dirname(lockFile), { recursive: true });
  for (;;) {
    const handle = await open(lockFile, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      return null;
    });
    if (handle !== null) {
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    }
    if (await staleLock(lockFile)) await rm(lockFile, { force: true });
    else await sleep(POLL_MS);
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
