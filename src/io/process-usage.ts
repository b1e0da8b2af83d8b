import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What the kernel accounts to a set of processes, read from /proc: how long each thread was on a
 * CPU and how long it was ready to run but waited for one (the run-queue delay). The second is the
 * machine's load, never the process's own doing, which is what lets a check's time limit count only
 * the check (grading/check-clock.ts). Reads are synchronous: /proc is in memory, and a sample runs
 * when the machine is busiest, where a round trip through the thread pool per file would cost more.
 */

/** One thread's cumulative scheduler times, in ns (/proc/<pid>/task/<tid>/schedstat: on a CPU, waiting). */
interface ThreadTimes {
  runNs: number;
  waitNs: number;
  /** whether its wait counts (see `sampleUsage`) */
  waits: boolean;
}

/** The accounting of a set of processes at one moment. */
export interface UsageSample {
  /** each thread of the counted processes, by "pid/tid" */
  threads: Map<string, ThreadTimes>;
  /** threads whose wait counts but whose CPU is not the sampled work's (by "pid/tid") */
  waitOnly: Map<string, ThreadTimes>;
  /** some counted process was stopped by a signal or traced */
  stopped: boolean;
  /** the kernel exposes schedstat (CONFIG_SCHED_INFO) and at least one counted thread was read */
  known: boolean;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function threadIds(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** The process and its descendants, the process first: each thread's /proc children list (a process that exits meanwhile is left out). */
export function processTree(root: number): number[] {
  const tree: number[] = [];
  const seen = new Set<number>();
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    if (seen.has(pid)) continue;
    seen.add(pid);
    tree.push(pid);
    for (const tid of threadIds(pid)) {
      const children = read(`/proc/${pid}/task/${tid}/children`) ?? '';
      for (const child of children.split(' ')) if (child.trim() !== '') pending.push(Number(child));
    }
  }
  return tree;
}

/** The state letter of /proc/<pid>/stat (after the parenthesized name, which may hold spaces); null when gone. */
function processState(pid: number): string | null {
  const stat = read(`/proc/${pid}/stat`);
  return stat === null ? null : stat.charAt(stat.lastIndexOf(')') + 2);
}

function threadTimes(pid: number, tid: string, waits: boolean): ThreadTimes | null {
  const text = read(`/proc/${pid}/task/${tid}/schedstat`);
  if (text === null) return null;
  const [run, wait] = text.split(' ').map(Number);
  if (!Number.isFinite(run) || !Number.isFinite(wait)) return null;
  return { runNs: run as number, waitNs: wait as number, waits };
}

function addThreads(
  into: Map<string, ThreadTimes>,
  pid: number,
  tids: readonly string[],
  mainWaitsOnly: boolean,
): void {
  for (const tid of tids) {
    const times = threadTimes(pid, tid, !mainWaitsOnly || tid === String(pid));
    if (times) into.set(`${pid}/${tid}`, times);
  }
}

/** One thread of a process. */
export interface ThreadRef {
  pid: number;
  tid: number;
}

/** The thread running this JavaScript (a worker thread's own, not its process's main thread); null where /proc has no thread-self. */
export function currentThread(): ThreadRef | null {
  try {
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/');
    return { pid: Number(pid), tid: Number(tid) };
  } catch {
    return null;
  }
}

export interface SampleOptions {
  /**
   * Count the wait of each process's main thread only. A process of many threads (Chromium: IO,
   * compositor, pools) wakes several at once for one step of work, and their waits, summed, say the
   * work waited longer than it did; its main thread carries the work.
   */
  mainWaitsOnly?: boolean;
  /** threads whose wait delays the work but whose CPU serves other work too (the grader's own event loop) */
  waitOnly?: readonly ThreadRef[];
}

/** Samples every thread of `pids`, and each thread of `waitOnly`. */
export function sampleUsage(pids: readonly number[], options: SampleOptions = {}): UsageSample {
  const threads = new Map<string, ThreadTimes>();
  const waiting = new Map<string, ThreadTimes>();
  let stopped = false;
  for (const pid of pids) {
    const state = processState(pid);
    if (state === 'T' || state === 't') stopped = true;
    addThreads(threads, pid, threadIds(pid), options.mainWaitsOnly === true);
  }
  for (const { pid, tid } of options.waitOnly ?? []) addThreads(waiting, pid, [String(tid)], false);
  return { threads, waitOnly: waiting, stopped, known: threads.size > 0 };
}

/** Nanoseconds a thread accrued from `before` to `after`; a thread new since `before` counts whole. */
function grown(before: Map<string, ThreadTimes>, key: string, now: ThreadTimes, field: 'runNs' | 'waitNs'): number {
  const then = before.get(key);
  return Math.max(0, now[field] - (then?.[field] ?? 0));
}

/**
 * CPU time and run-queue wait, in ms, accrued between two samples. A thread that ended before
 * `after` is left out of that interval: what it did since `before` is lost, which the sampling
 * interval bounds.
 */
export function usageBetween(before: UsageSample, after: UsageSample): { cpuMs: number; waitMs: number } {
  let runNs = 0;
  let waitNs = 0;
  for (const [key, now] of after.threads) {
    runNs += grown(before.threads, key, now, 'runNs');
    if (now.waits) waitNs += grown(before.threads, key, now, 'waitNs');
  }
  for (const [key, now] of after.waitOnly) waitNs += grown(before.waitOnly, key, now, 'waitNs');
  return { cpuMs: runNs / 1e6, waitMs: waitNs / 1e6 };
}
