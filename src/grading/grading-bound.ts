import type { Task } from '../contracts/corpus.js';
import type { BrowserPlace } from '../contracts/environment.js';
import { LAUNCH_TIMEOUT_MS } from './browser-session.js';
import { STARVED_BOUND } from './check-clock.js';
import { START_TIMEOUT_MS } from './check-process.js';

/**
 * The longest a grading of `task` can take: each check starved to its wall-clock bound on its first
 * run and again when it runs alone (check-clock.ts), one after another, with a node harness's
 * start-up and a Chromium launch; a repository task's one test run. What runs a trial allows it
 * on top of the agent's time, so a grading the machine starves still ends with its receipt.
 * Browser checks in the task's image start a harness and launch a Chromium at every run.
 */
export function gradingBoundMs(task: Task, browser: BrowserPlace = 'host'): number {
  if (task.repository) return task.repository.test.timeoutSec * 1000;
  const checks = [...(task.checks?.required ?? []), ...(task.checks?.regressions ?? [])];
  const inImage = browser === 'image';
  const startMs = (runner: string) =>
    runner === 'node' ? START_TIMEOUT_MS : inImage ? START_TIMEOUT_MS + LAUNCH_TIMEOUT_MS : 0;
  const runs = checks.reduce((sum, check) => sum + 2 * (STARVED_BOUND * check.timeoutMs + startMs(check.runner)), 0);
  return runs + (!inImage && checks.some((check) => check.runner === 'browser') ? LAUNCH_TIMEOUT_MS : 0);
}
