import { type FSWatcher, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/**
 * How often a grading waiting for a slot looks again when no change woke it: a slot whose owner was
 * killed is freed by no one, and the directory may not be watchable (inotify's limits reached).
 */
const POLL_MS = 20;

/**
 * A slot is one process (a Node check, a Chromium page) of a grading. One more slot than cores: a
 * check is not on a core for all its life (spawn, its sandbox's namespaces, module reads, exit), so
 * one slot per core left a core idle in those gaps, and a task's three checks on two cores ran two
 * then one where a plain script runs them side by side (bench:overhead, issue 15: 26 ms per trial
 * above that floor). One extra process per machine does not bring back the overload the bound is for.
 */
export const GRADING_CAPACITY = availableParallelism() + 1;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function owner(slot: string): number {
  try {
    return Number(readFileSync(slot, 'utf8'));
  } catch {
    return NaN;
  }
}

/** A slot whose owner has exited (killed mid-grading); an empty file is still being claimed. */
function abandoned(slot: string): boolean {
  const pid = owner(slot);
  return Number.isInteger(pid) && pid > 0 && !alive(pid);
}

/**
 * Synchronous: a waiting grading tries every slot every POLL_MS, and these are a few microseconds
 * each in the kernel; through the thread pool, many waiters would keep a core busy polling.
 */
function claim(slot: string): boolean {
  try {
    writeFileSync(slot, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (!abandoned(slot)) return false;
    // Two claimers of one abandoned slot can both win it: one grading too many, once, after a crash.
    rmSync(slot, { force: true });
    return claim(slot);
  }
}

/**
 * A file that asks every grading to take no new slot until its owner (the pid it holds) has them
 * all: a check the machine starved runs again alone (grade.ts), once the gradings before it end.
 */
const DRAIN_PREFIX = 'drain-';

/** A live grading waits to hold every slot; the marker of one whose process was killed is removed. */
function drainPending(dir: string): boolean {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  let pending = false;
  for (const marker of names.filter((name) => name.startsWith(DRAIN_PREFIX)).map((name) => join(dir, name))) {
    if (abandoned(marker)) rmSync(marker, { force: true });
    else pending = true;
  }
  return pending;
}

function claimAny(dir: string, capacity: number): string | null {
  if (drainPending(dir)) return null;
  for (let index = 0; index < capacity; index += 1) {
    const slot = join(dir, `slot-${index}`);
    if (claim(slot)) return slot;
  }
  return null;
}

/** Notifies of any change in `dir`; null when it cannot be watched (the poll still runs). */
function watchSlots(dir: string, onChange: () => void): FSWatcher | null {
  try {
    const watcher = watch(dir, onChange);
    watcher.on('error', onChange);
    return watcher;
  } catch {
    return null;
  }
}

/**
 * Waits until `take` claims a slot, woken by any change in the slot directory (a grading in this or
 * another process removed its slot file) as well as by the poll, so a freed slot is taken at once.
 */
async function poll(dir: string, take: () => string | null): Promise<string> {
  await mkdir(dir, { recursive: true });
  const free = take();
  if (free !== null) return free;
  let wake = (): void => undefined;
  const watcher = watchSlots(dir, () => wake());
  try {
    for (;;) {
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const slot = take();
      if (slot !== null) return slot;
      const timer = setTimeout(() => wake(), POLL_MS);
      await changed;
      clearTimeout(timer);
    }
  } finally {
    watcher?.close();
  }
}

/**
 * This process's gradings waiting on a slot directory, as a chain: each waits for the one before
 * it to have a slot, so only the first polls. Dozens of trials of one worker waiting together
 * otherwise each polled every slot file every POLL_MS, a core's worth of CPU taken from the
 * gradings they wait for. First come, first served within the process, as before.
 */
const waiting = new Map<string, Promise<void>>();

async function acquire(dir: string, capacity: number): Promise<string> {
  const before = waiting.get(dir) ?? Promise.resolve();
  let done = (): void => undefined;
  const turn = new Promise<void>((resolve) => {
    done = resolve;
  });
  const mine = before.then(() => turn);
  waiting.set(dir, mine);
  await before;
  try {
    return await poll(dir, () => claimAny(dir, capacity));
  } finally {
    done();
    if (waiting.get(dir) === mine) waiting.delete(dir);
  }
}

/** Runs `work` once no other grading holds a slot: see `inGradingSlot`. */
export type Alone = <U>(work: () => Promise<U>) => Promise<U>;

let drains = 0;

/**
 * Lets go of `held`, asks every grading to take no new slot, then takes each slot in order, waiting
 * for it: two gradings draining at once meet at slot-0, so neither holds a slot the other waits for.
 */
async function drained<U>(dir: string, capacity: number, held: string[], work: () => Promise<U>): Promise<U> {
  await Promise.all(held.splice(0).map((slot) => rm(slot, { force: true })));
  drains += 1;
  const marker = join(dir, `${DRAIN_PREFIX}${process.pid}-${drains}`);
  writeFileSync(marker, String(process.pid), { flag: 'wx' });
  const all: string[] = [];
  try {
    for (let index = 0; index < capacity; index += 1) {
      const slot = join(dir, `slot-${index}`);
      all.push(await poll(dir, () => (claim(slot) ? slot : null)));
    }
    return await work();
  } finally {
    await Promise.all([...all, marker].map((file) => rm(file, { force: true })));
  }
}

/**
 * Runs a grading once fewer than `capacity` gradings hold a slot in `dir`. Agents mostly wait on a
 * model API, so many run together; grading is CPU-bound, and a check that times out fails the
 * trial. Left unbounded, a busy machine would turn its own overload into agent failures; bounded,
 * extra trials wait for a slot instead of racing their checks' timeouts. The trials of a run are
 * spread over several worker processes (more than cores when the bound asks for it), so a slot is
 * a file all of them see, created exclusively and holding its owner's pid: the bound holds for the
 * project on this machine, however many workers there are.
 *
 * A grading whose checks are independent processes asks for `wanted` slots: it waits for one, then
 * takes up to `wanted - 1` more only if they are free right then (never waiting while holding one,
 * so gradings cannot deadlock), and `work` learns how many it holds: that many checks at once.
 * `work` may also run its last part alone (`alone`): it lets go of its slots and waits for all of
 * them, while no grading takes a new one.
 */
export async function inGradingSlot<T>(
  dir: string,
  capacity: number,
  work: (held: number, alone: Alone) => Promise<T>,
  wanted = 1,
): Promise<T> {
  const held = [await acquire(dir, capacity)];
  try {
    while (held.length < wanted) {
      const extra = claimAny(dir, capacity);
      if (extra === null) break;
      held.push(extra);
    }
    return await work(held.length, (last) => drained(dir, capacity, held, last));
  } finally {
    await Promise.all(held.map((slot) => rm(slot, { force: true })));
  }
}
