import { processTree } from '../io/process-usage.js';
import type { Deadline, StartedCommand } from '../io/sandboxed-command.js';
import { CheckClock, type ClockEnd, deferredClock, STARVED_BOUND } from './check-clock.js';

/** How often the engine is asked for a container's first process while the container starts. */
const CONTAINER_POLL_MS = 100;

/**
 * The container's own first process, once the engine names it; null when the command ends or the
 * wall clock reaches `boundMs` before it does (the clock then has nothing of the suite's to read).
 */
async function containerStarted(
  own: NonNullable<StartedCommand['containerProcess']>,
  ended: () => boolean,
  boundMs: number,
): Promise<number | null> {
  const started = performance.now();
  while (!ended() && performance.now() - started < boundMs) {
    const pid = await own();
    if (pid !== null) return pid;
    await new Promise((resolve) => setTimeout(resolve, CONTAINER_POLL_MS));
  }
  return null;
}

/**
 * A repository suite's deadline on its own time, as a check's (check-clock.ts): a suite that runs
 * past its limit of its own time times out; one the machine keeps from running until the wall clock
 * reaches STARVED_BOUND times its limit was starved, and `onEnd` says which. The clock reads the
 * runner's process tree, and in a container the container's own processes once the engine names
 * them: before, the engine's CLI only waits, and its wait would read as the suite's time.
 */
export function suiteDeadline(timeoutMs: number, onEnd: (end: ClockEnd) => void): Deadline {
  return (started, expire) => {
    const clockOver = (roots: readonly number[]) =>
      new CheckClock({
        timeoutMs,
        processes: () => roots.flatMap((root) => processTree(root)),
        countStopped: true,
        cpuIsOwn: true,
        onEnd: (end) => {
          onEnd(end);
          expire();
        },
      });
    const own = started.containerProcess;
    if (own === null) return clockOver([started.pid]);
    // A clock that cannot start would leave the run unbounded: it is ended, and, killed before its
    // report, reads as a run that could not be graded (check-error), never as the tree's failure.
    return deferredClock(
      (stopped) =>
        containerStarted(own, stopped, timeoutMs * STARVED_BOUND).then((pid) =>
          clockOver(pid === null ? [started.pid] : [started.pid, pid]),
        ),
      expire,
    );
  };
}
