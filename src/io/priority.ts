import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of a check's processes and of the Chromium that serves browser checks, when this
 * process may give it (root, or CAP_SYS_NICE). Agents mostly wait on a model API, but when sixteen of
 * them build or test at once they are sixteen CPU-bound sessions against one check: at the same
 * weight a check gets a seventeenth of a core, and a browser check that takes 1 s alone took 4-5 s
 * there. At -10 (about nine times the weight) it took 0.7-1.1 s, but a check that loops still got
 * only a third of a core against 16 busy sessions a core, too little to burn its own time before
 * the wall clock's bound. At -20 the kernel weighs a check about 87 times a session at 0: it runs at
 * close to its speed on an idle machine, the speed it was qualified at, while each check still takes
 * only what it uses, for as long as its time limit allows.
 */
export const GRADING_NICE = -20;

/**
 * The CPU weight of a check's container and of the group it runs under. The engine puts each
 * container in a cgroup of its own, which the kernel weighs as one entity against its siblings
 * (1024 each at niceness 0): a niceness inside the container only ranks its threads among
 * themselves. A check container, and the grading group above it (grading-group.ts), get the weight
 * the kernel gives a task at GRADING_NICE (its sched_prio_to_weight entry), so it runs ahead of
 * agents and other load as a check on the host does.
 */
export const GRADING_CPU_SHARES = 88_761;

/** Linux's CAP_SYS_NICE: lowering a niceness below 0 needs it. */
const CAP_SYS_NICE = 23n;

let permitted: boolean | null = null;

/** Whether this process may raise priority (CAP_SYS_NICE in its effective set, as root has); read once. */
export function mayRaisePriority(): boolean {
  if (permitted !== null) return permitted;
  try {
    const line = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('CapEff:'));
    permitted =
      line !== undefined && ((BigInt(`0x${line.slice('CapEff:'.length).trim()}`) >> CAP_SYS_NICE) & 1n) === 1n;
  } catch {
    permitted = false;
  }
  return permitted;
}

function ignoringGone(action: () => void): void {
  try {
    action();
  } catch {
    // the process or thread ended meanwhile, or the kernel has no autogroups: nothing to raise
  }
}

/**
 * Gives every thread of each process GRADING_NICE, and each process's autogroup too: with
 * sched_autogroup on (the default of most distributions) the kernel first shares the CPU between
 * sessions, and a check's sandbox and Chromium each run in a session of their own, so a thread's
 * niceness alone would only rank it inside its session. Does nothing without the permission.
 */
export function raisePriority(pids: readonly number[]): void {
  if (!mayRaisePriority()) return;
  for (const pid of pids) {
    let threads: string[] = [];
    ignoringGone(() => {
      threads = readdirSync(`/proc/${pid}/task`);
    });
    for (const tid of threads) ignoringGone(() => setPriority(Number(tid), GRADING_NICE));
    ignoringGone(() => writeFileSync(`/proc/${pid}/autogroup`, String(GRADING_NICE)));
  }
}
