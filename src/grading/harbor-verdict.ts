import type { TestResultFormat } from '../contracts/corpus.js';
import { type CheckLists, checksFrom, unearnedPass } from './repository-verdict.js';
import { MalformedResults, parseTestResults } from './test-results.js';

/** What an exported task's verdict reads besides the result file: its format and the check lists. */
export interface VerdictInput extends CheckLists {
  format: TestResultFormat;
}

/**
 * Crossover's verdict of one run of a repository task's test command, as a Harbor reward: 1 only
 * when every fail-to-pass and pass-to-pass test passed in a result file the command finished
 * (grading's own rules: checksFrom, unearnedPass), else 0 with why. Pure.
 */
export function harborVerdict(
  input: VerdictInput,
  resultText: string | null,
  exitCode: number,
): { reward: 0 | 1; why: string[] } {
  if (resultText === null || resultText === '') return { reward: 0, why: ['the test command wrote no result file'] };
  let results: ReturnType<typeof parseTestResults>;
  try {
    results = parseTestResults(input.format, resultText);
  } catch (error) {
    if (error instanceof MalformedResults)
      return { reward: 0, why: [`the result file is malformed: ${error.message}`] };
    throw error;
  }
  const unearned = unearnedPass(results, exitCode);
  if (unearned !== null) return { reward: 0, why: [unearned] };
  const failed = checksFrom(input, results).filter((check) => check.status !== 'pass');
  return {
    reward: failed.length === 0 ? 1 : 0,
    why: failed.map((check) => `${check.kind} '${check.id}': ${check.message}`),
  };
}
