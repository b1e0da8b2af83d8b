import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CrossoverError } from '../contracts/errors.js';
import { processAlive, processStart } from './process-identity.js';

export const RunLockSchema = z
  .object({
    schema: z.literal('crossover.run-lock/1').describe('Names the file as a run lock.'),
    pid: z.number().int().positive().describe('The process that holds the lock and runs the plan.'),
    processStart: z
      .string()
      .nullable()
      .describe("The holder's start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is no holder."),
    startedAt: z
      .string()
      .describe('When the holder took the lock (ISO 8601), for the message that refuses a second run.'),
    token: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .describe('Random: lets the holder hand the lock to its own Vitest run.'),
  })
  .strict()
  .describe('<plan dir>/run.lock: one run of a plan at a time in one state directory.');

export type RunLockRecord = z.infer<typeof RunLockSchema>;

/** `run.lock.break`: held for the moment a dead holder's lock is removed. */
const BreakerSchema = RunLockSchema.pick({ pid: true, processStart: true }).strict();

export interface RunLock {
  /** the lock file's token: a holder passes it on so that its own Vitest run does not refuse it */
  token: string;
  /** removes the lock file, if it is still this holder's */
  release(): Promise<void>;
}

export const RUN_LOCK_FILE = 'run.lock';

async function readLock(path: string): Promise<{ text: string; lock: RunLockRecord | null } | null> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  let value: unknown = null;
  try {
    value = JSON.parse(text);
  } catch {
    // a holder killed between creating and writing the file leaves it empty: no live holder
  }
  const parsed = RunLockSchema.safeParse(value);
  return { text, lock: parsed.success ? parsed.data : null };
}

/** Creates the file only if it does not exist: the one step two processes cannot both win. */
async function createExclusive(path: string, text: string): Promise<boolean> {
  const handle = await open(path, 'wx').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return null;
    throw error;
  });
  if (handle === null) return false;
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes a dead holder's lock. Two processes may find the same dead holder: only the one that
 * creates the breaker file removes the lock, and only if it still holds the bytes it judged dead,
 * so a lock just taken by the other is never removed.
 */
async function breakStaleLock(path: string, staleText: string): Promise<void> {
  const breaker = `${path}.break`;
  const mine = JSON.stringify({ pid: process.pid, processStart: processStart(process.pid) });
  if (!(await createExclusive(breaker, mine))) {
    const other = await readFile(breaker, 'utf8').catch(() => null);
    const holder = BreakerSchema.safeParse(other === null ? null : JSON.parse(other));
    // A breaker left by a process that died while breaking: remove it, the next attempt breaks again.
    if (holder.success && !processAlive(holder.data)) await unlink(breaker).catch(() => undefined);
    return;
  }
  try {
    const current = await readLock(path);
    if (current?.text === staleText) await unlink(path).catch(() => undefined);
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}

/** Why a second run of a plan is refused: the live holder, by pid and start time. */
export function lockRefusal(path: string, lock: RunLockRecord): CrossoverError {
  return new CrossoverError(
    'conflict',
    `${path}: this plan is already being run by process ${lock.pid}, started ${lock.startedAt}; nothing was run (wait for it, or stop it: a dead holder's lock is taken over)`,
  );
}

/**
 * Takes the run lock of a plan directory, or refuses at once naming the holder's pid and start time.
 * With `token`, a lock holding that token is already the caller's (`crossover run` handing it to the
 * Vitest run it starts): it is kept, and released by whoever took it.
 */
export async function acquireRunLock(planDir: string, token?: string): Promise<RunLock> {
  const path = join(planDir, RUN_LOCK_FILE);
  await mkdir(planDir, { recursive: true });
  const record: RunLockRecord = {
    schema: 'crossover.run-lock/1',
    pid: process.pid,
    processStart: processStart(process.pid),
    startedAt: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  const text = `${JSON.stringify(record, null, 2)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusive(path, text)) return ownedLock(path, record.token, text);
    const existing = await readLock(path);
    if (existing === null) continue;
    if (existing.lock && token !== undefined && existing.lock.token === token)
      return { token, release: async () => undefined };
    if (existing.lock && processAlive(existing.lock)) throw lockRefusal(path, existing.lock);
    await breakStaleLock(path, existing.text);
  }
  throw new CrossoverError('conflict', `${path}: could not take the run lock; another run keeps taking it`);
}

/** The lock this process took: released on request, and when the process exits without releasing it. */
function ownedLock(path: string, token: string, text: string): RunLock {
  const releaseSync = () => {
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.once('exit', releaseSync);
  return {
    token,
    async release() {
      process.removeListener('exit', releaseSync);
      releaseSync();
    },
  };
}

/** The record of a plan directory's run lock while its holder still runs; null when nobody runs the plan. */
export async function liveRunLock(planDir: string): Promise<RunLockRecord | null> {
  const existing = await readLock(join(planDir, RUN_LOCK_FILE));
  return existing?.lock && processAlive(existing.lock) ? existing.lock : null;
}
