import type { Repository } from '../contracts/corpus.js';
import type { CheckResult } from '../contracts/receipt.js';
import type { TestResults } from './test-results.js';

/** The check lists a repository task grades by. */
export type CheckLists = Pick<Repository, 'failToPass' | 'passToPass'>;

/** Every check of the lists with one status and message (and marks): a run that gave no results to read. */
export function allChecks(
  lists: CheckLists,
  status: CheckResult['status'],
  message: string,
  marks: Pick<CheckResult, 'starved'> = {},
): CheckResult[] {
  return [
    ...lists.failToPass.map((id) => ({ id, kind: 'required' as const, status, message, ...marks })),
    ...lists.passToPass.map((id) => ({ id, kind: 'regression' as const, status, message, ...marks })),
  ];
}

function checkFrom(results: TestResults, id: string, kind: CheckResult['kind']): CheckResult {
  const outcome = results.get(id);
  if (outcome === 'pass') return { id, kind, status: 'pass', message: '' };
  const message =
    outcome === 'fail'
      ? 'the test failed'
      : outcome === 'skip'
        ? 'the test was skipped: it did not run'
        : 'the test did not run: it is not in the results';
  return { id, kind, status: 'fail', message };
}

/** Each listed test's check from the results: only a reported pass passes (absent or skipped fails). Pure. */
export function checksFrom(lists: CheckLists, results: TestResults): CheckResult[] {
  return [
    ...lists.failToPass.map((id) => checkFrom(results, id, 'required')),
    ...lists.passToPass.map((id) => checkFrom(results, id, 'regression')),
  ];
}

/** A runner ended by a signal (its shell exits 128 + the signal) never finished its report: a crash, not a verdict. */
export function killedBySignal(exitCode: number | null): boolean {
  return exitCode === null || exitCode > 128;
}

/** Why results showing no failure cannot be trusted, or null: a runner that did not exit 0 never reported them itself. */
export function unearnedPass(results: TestResults, exitCode: number | null): string | null {
  if (exitCode === 0 || [...results.values()].includes('fail')) return null;
  return `the test command ended with exit ${exitCode} but its results show no failure: a runner stopped before it reported (or workspace code that forged its report) is not graded`;
}
