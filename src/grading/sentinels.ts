import { randomBytes } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestResultFormat } from '../contracts/corpus.js';
import type { CheckResult, Finding } from '../contracts/receipt.js';
import { boundedFinding } from '../contracts/receipt.js';
import { javascriptSentinels, type PlannedSentinel, pythonSentinels } from './sentinel-dialects.js';
import type { TestOutcome, TestResults } from './test-results.js';

/**
 * Sentinel tests (issue 34): a repository's own runner runs its hidden tests in the same process
 * as workspace code, which can change how they are judged (turn node:assert into no-ops, register
 * a pytest report hook that turns failures into passes, patch the reporter). Before each run the
 * grader appends to every hidden test file tests named by a fresh random token, written with that
 * file's own test function and assertions: one must pass, the others must fail. Their results must
 * come back exactly as planted; a runner whose judging was changed reports a failing sentinel as
 * passed (or drops them while reporting every check passed), and the run grades nothing.
 *
 * What it does not stop: workspace code that finds the sentinels (it can read the test files the
 * runner loads) and spares them while it forges the rest. It raises the bar from a few lines that
 * fool any runner to a forger written against this grader. A Harbor task, graded by the reward its
 * own test.sh writes, gets none: its reward names no test a sentinel could come back as.
 */
export interface Sentinel extends PlannedSentinel {
  /** the hidden test file it was planted in, relative to the workspace */
  file: string;
}

const JAVASCRIPT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const PYTHON = /\.py$/;
/** What runners collect as test files by their names (node --test, Jest, Vitest, Mocha, pytest). */
const TEST_FILE =
  /(^|\/)(test|tests|__tests__|spec)\/|(^|[./_-])(test|spec)[./_-][^/]*$|^test_[^/]*\.py$|\/test_[^/]*\.py$|_test\.py$/;

/** Where a sentinel's token sits in a test id, as a name or a Python identifier: hex, its index between `q` and `z`. */
function tokenOf(nonce: string): (index: number) => string {
  return (index) => `${nonce}q${index}z`;
}

/**
 * Appends sentinel tests to each hidden test file (`files`, relative to `workspace`, already put
 * over it) that is a test file a runner collects; returns them. A file whose language or test
 * function is not recognized gets none, and so does every file of a run whose results name no test
 * (`format`: a Harbor reward is one number for the whole run, which a failing sentinel would zero).
 */
export async function plantSentinels(
  workspace: string,
  files: readonly string[],
  format: TestResultFormat,
): Promise<Sentinel[]> {
  if (format === 'harbor-reward') return [];
  const planted: Sentinel[] = [];
  for (const file of [...files].sort()) {
    if (!TEST_FILE.test(file) || !(JAVASCRIPT.test(file) || PYTHON.test(file))) continue;
    const path = join(workspace, file);
    const source = await readFile(path, 'utf8');
    const nonce = randomBytes(8).toString('hex');
    const block = PYTHON.test(file)
      ? pythonSentinels(source, tokenOf(nonce), nonce)
      : javascriptSentinels(source, tokenOf(nonce));
    if (block === null) continue;
    await appendFile(path, `${source.endsWith('\n') ? '' : '\n'}${block.code}`);
    planted.push(...block.sentinels.map((sentinel) => ({ ...sentinel, file })));
  }
  return planted;
}

/** How one sentinel came back: its outcomes (one per id that carries its token). */
function reported(results: TestResults, token: string): TestOutcome[] {
  return [...results].filter(([id]) => id.includes(token)).map(([, outcome]) => outcome);
}

function describe(sentinel: Sentinel, outcomes: readonly TestOutcome[]): string {
  const came = outcomes.length === 0 ? 'was not reported' : `came back ${[...new Set(outcomes)].join(' and ')}`;
  return `a sentinel test planted in ${sentinel.file} (${sentinel.what}) that must ${sentinel.expect} ${came}`;
}

/**
 * The tampering finding when the sentinels did not come back exactly: one that must fail passed or
 * was skipped, one that must pass did not pass, or (while every check passed) one was not reported
 * at all. A sentinel missing while a check failed is a test file that did not load: no finding, the
 * trial fails on its checks. Null when the runner's report can be trusted this far.
 */
export function judgeSentinels(
  sentinels: readonly Sentinel[],
  results: TestResults,
  checks: readonly CheckResult[],
): Finding | null {
  const everyCheckPassed = checks.every((check) => check.status === 'pass');
  const wrong = sentinels.flatMap((sentinel) => {
    const outcomes = reported(results, sentinel.token);
    if (outcomes.length === 0) return everyCheckPassed ? [describe(sentinel, outcomes)] : [];
    return outcomes.every((outcome) => outcome === sentinel.expect) ? [] : [describe(sentinel, outcomes)];
  });
  if (wrong.length === 0) return null;
  const shown = wrong.slice(0, 3).join('; ') + (wrong.length > 3 ? `; and ${wrong.length - 3} more` : '');
  return boundedFinding(
    'tampering',
    `the test runner's judging was changed while the hidden tests ran (workspace code, a report hook or a patched reporter): ${shown}; no check was graded`,
  );
}
