import { availableParallelism } from 'node:os';
import { currentThread, sampleUsage, type UsageSample, usageBetween } from '../io/process-usage.js';
import { type CheckOutcome, type CheckTimes, failed, starvedRun } from './outcome.js';

/**
 * A check's time limit measures the check, not the machine. The clock runs on wall time minus the
 * time the check's processes were starved: ready to run but waiting for a CPU (the kernel's run-queue
 * delay), or stopped by a signal. A check that loops burns its own time, its CPU, and reaches its
 * limit once it has used that much CPU; one that waits for something that never comes (a promise
 * that never resolves, an element that never appears) spends its own time asleep; either fails as
 * it would on an idle machine, wherever it runs. A check that the machine keeps from running does
 * not, however long it waits, until the wall clock reaches STARVED_BOUND times its limit: then it
 * has had no fair run at all, and the grader says so instead of failing it (grade.ts runs it again
 * alone).
 *
 * The waits counted (every thread of the check's processes, and the grader's own thread) may add up
 * to more than the check waited: several threads can wait at once. That errs towards patience, and
 * the CPU the check used bounds it: CPU time is always the check's own. Spread over the machine's
 * CPUs, though: work on several at once (a test runner's workers, a parallel build) uses more CPU
 * than wall time, and counted whole it would reach its limit sooner than it takes on an idle
 * machine, the sooner the more CPUs the machine has.
 */

/** The CPUs this process may run on: the most the checked work can run on at once (never less than 1). */
const CPUS = Math.max(1, availableParallelism());

/** How many times its time limit a check may take in wall time while starved before the run is called starved. */
export const STARVED_BOUND = 3;

/** The shortest and longest interval between two samples (a tenth of the time limit between them). */
const TICK_MIN_MS = 50;
const TICK_MAX_MS = 1000;
/** The clock never waits less than this for its next sample: the remaining time is rounded up to it. */
const SLACK_MS = 10;

/** How the clock ended a run that gave no result in time. */
export type ClockEnd =
  /** the check had its whole limit of its own time (or, unaccounted, of wall time) */
  | { kind: 'timeout'; times: CheckTimes }
  /** the wall clock reached its bound before the check had its own time */
  | { kind: 'starved'; times: CheckTimes };

export interface ClockOptions {
  timeoutMs: number;
  /** the check's processes, asked again at every sample (a browser's renderers come and go) */
  processes: () => readonly number[];
  /** count only the wait of each process's main thread (io/process-usage.ts): for Chromium's many threads */
  mainWaitsOnly?: boolean;
  /** whether time a check process spends stopped by a signal counts as starved (not on the lone re-run: see grade.ts) */
  countStopped: boolean;
  /**
   * whether all the CPU the processes use is the check's: a node check's own process; a shared
   * Chromium's only when no other check runs beside it (the lone re-run)
   */
  cpuIsOwn: boolean;
  /**
   * whether the wait of this process's own thread counts as the work's (a check's verdict is read
   * there; absent: it does). Not an agent's: its processes do their work without this thread, and
   * counted, a busy harness made an agent that hangs look starved.
   */
  harnessWaits?: boolean;
  onEnd: (end: ClockEnd) => void;
}

/**
 * The grader's own thread, read once. Its loop reads a check's verdict (and runs a browser check's
 * code): while it waits for a CPU, so does the check, so its wait counts, but not its CPU, which
 * serves the other trials of its worker too.
 */
const GRADER = currentThread();

export class CheckClock {
  private readonly started = performance.now();
  private last: { at: number; sample: UsageSample };
  private cpuMs = 0;
  private starvedMs = 0;
  /**
   * whether the kernel's accounting of the check's processes could be read, once they were there
   * (an agent's clock starts before its first command does)
   */
  private known: boolean;
  private timer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;

  constructor(private readonly options: ClockOptions) {
    this.last = { at: this.started, sample: this.sample() };
    this.known = this.last.sample.known;
    this.tickMs = Math.min(TICK_MAX_MS, Math.max(TICK_MIN_MS, options.timeoutMs / 10));
    this.schedule();
  }

  private sample(): UsageSample {
    const waitOnly = GRADER === null || this.options.harnessWaits === false ? [] : [GRADER];
    return sampleUsage(this.options.processes(), { waitOnly, mainWaitsOnly: this.options.mainWaitsOnly === true });
  }

  /** Adds the interval since the last sample: its CPU, and its starved part (never more than the interval). */
  private advance(): number {
    const at = performance.now();
    const sample = this.sample();
    const interval = at - this.last.at;
    const { cpuMs, waitMs } = usageBetween(this.last.sample, sample);
    const stopped = this.options.countStopped && (sample.stopped || this.last.sample.stopped);
    this.cpuMs += cpuMs;
    this.starvedMs += stopped ? interval : Math.min(interval, waitMs);
    this.known ||= sample.known;
    this.last = { at, sample };
    return at - this.started;
  }

  /**
   * The check's own time: wall time not starved, and never less than the CPU it used, spread over
   * the machine's CPUs, where that CPU is its own. On an idle machine this is wall time, whatever
   * the number of CPUs its work ran on.
   */
  private own(wallMs: number): number {
    return Math.max(wallMs - this.starvedMs, this.options.cpuIsOwn ? this.cpuMs / CPUS : 0);
  }

  private schedule(): void {
    const wallMs = this.last.at - this.started;
    const ownLeft = this.options.timeoutMs - this.own(wallMs);
    const boundLeft = this.options.timeoutMs * STARVED_BOUND - wallMs;
    const delay = Math.max(SLACK_MS, Math.min(this.tickMs, ownLeft, boundLeft));
    this.timer = setTimeout(() => this.tick(), delay);
  }

  private tick(): void {
    const wallMs = this.advance();
    if (this.own(wallMs) >= this.options.timeoutMs) this.end('timeout');
    else if (wallMs >= this.options.timeoutMs * STARVED_BOUND) this.end('starved');
    else this.schedule();
  }

  private end(kind: ClockEnd['kind']): void {
    this.timer = null;
    this.options.onEnd({ kind, times: this.times() });
  }

  private times(): CheckTimes {
    const wall = this.last.at - this.started;
    const wallMs = Math.round(wall);
    if (!this.known) return { wallMs, cpuMs: null, waitMs: null, ownMs: null };
    return {
      wallMs,
      cpuMs: Math.round(this.cpuMs),
      waitMs: Math.round(this.starvedMs),
      ownMs: Math.round(this.own(wall)),
    };
  }

  /** Stops the clock at a result: samples once more while the check's processes are still there. */
  stop(): CheckTimes {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.advance();
    }
    return this.times();
  }
}

/**
 * A clock that starts once `starting` gives it (a container's clock waits for its engine to name the
 * container's processes); stopped before that, the clock is stopped as it starts. `starting` is told
 * whether the watch was stopped meanwhile, so it can give up waiting.
 */
export function deferredClock(
  starting: (stopped: () => boolean) => Promise<CheckClock>,
  failed: (error: unknown) => void,
): { stop(): CheckTimes | undefined } {
  let clock: CheckClock | null = null;
  let stopped = false;
  starting(() => stopped).then((started) => {
    clock = started;
    if (stopped) started.stop();
  }, failed);
  return {
    stop: () => {
      stopped = true;
      return clock?.stop();
    },
  };
}

/** How a run's times read in a message. */
export function describeTimes(times: CheckTimes): string {
  if (times.waitMs === null) return `${times.wallMs} ms of wall time; the kernel's accounting could not be read`;
  return `${times.wallMs} ms of wall time, ${times.cpuMs} ms of CPU, ${times.waitMs} ms waiting for a CPU`;
}

/**
 * The outcome of a run the clock ended. A check that had its own time fails as timed out. One the
 * machine starved has no verdict; nor, on its first run, has one whose starving could not be
 * measured (no schedstat): the lone re-run decides it, and there a timeout is the check's own.
 */
export function clockOutcome(end: ClockEnd, timeoutMs: number, alone: boolean): CheckOutcome {
  const { times } = end;
  if (end.kind === 'timeout' && (times.waitMs !== null || alone))
    return { ...failed(`timed out after ${timeoutMs} ms of its own time (${describeTimes(times)})`), times };
  if (end.kind === 'timeout')
    return starvedRun(`timed out, and whether it was starved is unknown (${describeTimes(times)})`, times);
  return starvedRun(starvedReason(times, timeoutMs), times);
}

/** Why a run the wall clock's bound ended had no fair run: the own time it had, and its times. */
export function starvedReason(times: CheckTimes, timeoutMs: number): string {
  return `had ${times.ownMs ?? times.wallMs} ms of its own time of its ${timeoutMs} ms limit when the wall clock reached ${STARVED_BOUND} times the limit (${describeTimes(times)})`;
}
