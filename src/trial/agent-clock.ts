import { CheckClock, type ClockEnd, STARVED_BOUND, starvedReason } from '../grading/check-clock.js';
import { markedProcesses, type ProcessMarker } from '../io/process-tree.js';

/**
 * An agent's time limit measures the agent, not the machine: the check clock's rule
 * (grading/check-clock.ts) over the agent's processes, those carrying the trial's marker in its
 * sandbox or container. Its own time is wall time less the time they waited for a CPU, and never
 * less than the CPU they used spread over the machine's CPUs (on an idle machine, wall time, however
 * many CPUs its work ran on), so an agent that loops or waits on its model reaches its limit as on
 * an idle machine: a timeout, its own failure. One the machine keeps from the CPU until the wall
 * clock reaches STARVED_BOUND times the limit has had no fair run: the trial is agent-starved, an
 * infrastructure status. Time stopped by a signal stays the agent's own: only its own processes
 * could have sent one. So does the time the harness's thread waits, unlike a check's: an agent that
 * hangs on a busy machine, this thread kept from the CPU, ended agent-starved when it counted.
 */
export interface AgentClock {
  /** aborts when the agent's time is up: its limit of its own time, or the wall clock's bound */
  timeUp: AbortSignal;
  /** the `performance.now()` instant of the wall clock's bound: no command of the agent runs past it */
  deadline: number;
  /** why the agent had no fair run, once the wall clock's bound ended it; null otherwise */
  starved(): string | null;
  stop(): void;
}

/** The longest an agent with a limit of `timeoutMs` of its own time may take in wall time. */
export function agentWallBoundMs(timeoutMs: number): number {
  return timeoutMs * STARVED_BOUND;
}

export function startAgentClock(timeoutMs: number, marker: ProcessMarker): AgentClock {
  const up = new AbortController();
  let end: ClockEnd | null = null;
  const deadline = performance.now() + agentWallBoundMs(timeoutMs);
  const clock = new CheckClock({
    timeoutMs,
    processes: () => markedProcesses(marker),
    countStopped: false,
    cpuIsOwn: true,
    harnessWaits: false,
    onEnd: (ended) => {
      end = ended;
      up.abort(new Error('the trial timed out'));
    },
  });
  return {
    timeUp: up.signal,
    deadline,
    starved: () => (end?.kind === 'starved' ? starvedReason(end.times, timeoutMs) : null),
    stop: () => void clock.stop(),
  };
}
