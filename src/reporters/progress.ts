import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { terminalSafe } from './terminal-text.js';
import './trial-meta.js';

/** A finished trial as the progress view shows it. */
export interface FinishedTrial {
  taskId: string;
  arm: string;
  repeat: number;
  /** the receipt's status, or why there is none (resumed, excluded, or the test's own state) */
  status: string;
  seconds: number;
}

/** "1 min 05 s", "42 s": coarse on purpose, an estimate is no more precise than that. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * The time left, from the pace so far: the run's elapsed time per trial finished, times the trials
 * left. Null before the first trial (no pace yet) and once every trial is done.
 */
export function timeLeft(elapsedSec: number, done: number, total: number): number | null {
  if (done === 0 || done >= total) return null;
  return (elapsedSec / done) * (total - done);
}

/** One line per finished trial: `[done/total] task arm #repeat status seconds · about … left`. */
export function progressLine(trial: FinishedTrial, done: number, total: number, elapsedSec: number): string {
  const width = String(total).length;
  const left = timeLeft(elapsedSec, done, total);
  const estimate = left === null ? '' : ` · about ${formatDuration(left)} left`;
  return (
    `[${String(done).padStart(width)}/${total}] ${trial.taskId} ${trial.arm} #${trial.repeat} ` +
    `${trial.status} ${trial.seconds.toFixed(1)} s${estimate}`
  );
}

/** The first line of a test's first error: what failed without a receipt, without Vitest's dump. */
function firstErrorLine(testCase: TestCase): string | null {
  const result = testCase.result();
  const error = result.state === 'failed' ? result.errors[0] : undefined;
  if (!error) return null;
  return terminalSafe((error.message ?? String(error)).split('\n')[0] ?? '');
}

/**
 * Crossover's compact progress view, `crossover run`'s default in place of Vitest's reporter: one
 * line per finished trial with a running count and an estimate of the time left; a trial whose
 * receipt already exists (replayed) is counted, not listed. The summary is CrossoverReporter's. Errors that
 * stop a test file or the run are shown by their first line; `--verbose` brings Vitest's own view.
 */
export default class ProgressReporter implements Reporter {
  private vitest: Vitest | undefined;
  private done = 0;
  private started = performance.now();

  constructor(private readonly total: number) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    this.started = performance.now();
  }

  private log(text: string): void {
    if (this.vitest) this.vitest.logger.log(text);
    else process.stdout.write(`${text}\n`);
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta();
    const trial = meta.crossover;
    if (!trial) return;
    const state = testCase.result().state;
    // Left out by `crossover run --arm`: no part of this run's count.
    if (state === 'skipped' && !trial.excluded) return;
    this.done += 1;
    if (trial.resumed || (state === 'skipped' && trial.excluded)) return;
    const status = meta.crossoverReceipt?.status ?? `${state} without a receipt`;
    // The trial's own time: the test's duration also counts its wait for an agent slot.
    const seconds = meta.crossoverSeconds ?? (testCase.diagnostic()?.duration ?? 0) / 1000;
    const elapsed = (performance.now() - this.started) / 1000;
    const line = { taskId: trial.taskId, arm: trial.arm, repeat: trial.repeat, status, seconds };
    this.log(progressLine(line, this.done, this.total, elapsed));
    const error = meta.crossoverReceipt ? null : firstErrorLine(testCase);
    if (error) this.log(`  ${error}`);
  }

  onTestModuleEnd(module: TestModule): void {
    for (const error of module.errors()) {
      const message = terminalSafe((error.message ?? String(error)).split('\n')[0] ?? '');
      this.log(`crossover: ${module.moduleId}: ${message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    for (const error of errors) {
      const message = error instanceof Error ? error.message : String(error);
      this.log(`crossover: unhandled error: ${terminalSafe(message.split('\n')[0] ?? '')}`);
    }
  }
}
