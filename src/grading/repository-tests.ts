import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Repository } from '../contracts/corpus.js';
import type { CheckResult, Finding } from '../contracts/receipt.js';
import type { TreeModel } from '../contracts/tree.js';
import { runSandboxed } from '../io/sandboxed-command.js';
import { readTreeModel } from '../io/tree.js';
import { boundedMessage } from './outcome.js';
import { MalformedResults, parseTestResults, type TestResults } from './test-results.js';

/** A result file larger than this is not read: no honest suite's report is that big. */
const RESULT_LIMIT = 64 * 1024 * 1024;

/** Setup outputs to put read-only over the graded tree: `<dir>/<output>` at `<workspace>/<output>`. */
export interface SetupMount {
  dir: string;
  outputs: string[];
}

function sameFile(a: TreeModel, b: TreeModel, path: string): boolean {
  const key = (model: TreeModel) => {
    const file = model.files.find((entry) => entry.path === path);
    if (file) return `file ${file.executable} ${file.sha256}`;
    const link = model.links.find((entry) => entry.path === path);
    return link ? `link ${link.target}` : 'absent';
  };
  return key(a) === key(b);
}

/**
 * Puts the hidden test files (checks/, at their repository paths) over the graded tree, after
 * the agent. A hidden path the agent changed, added or deleted is overwritten all the same and
 * reported: the agent's edit never reaches the verdict, and never fails a trial by itself (an
 * agent adding its own test to a file the fix also touches is doing its job).
 */
export async function applyHiddenTests(taskDir: string, workspace: string): Promise<Finding[]> {
  const hidden = await readTreeModel(join(taskDir, 'checks'));
  const start = await readTreeModel(join(taskDir, 'workspace'));
  const graded = await readTreeModel(workspace);
  const findings: Finding[] = [];
  for (const entry of [...hidden.files, ...hidden.links]) {
    if (!sameFile(start, graded, entry.path))
      findings.push({
        kind: 'tampering',
        detail: `the agent changed ${entry.path}, a hidden test path: grading used the hidden version`,
      });
    const target = join(workspace, entry.path);
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    if ('sha256' in entry) {
      await copyFile(join(taskDir, 'checks', entry.path), target);
      await chmod(target, entry.executable ? 0o755 : 0o644);
    } else await symlink(entry.target, target);
  }
  return findings;
}

function allChecks(repository: Repository, status: CheckResult['status'], message: string): CheckResult[] {
  return [
    ...repository.failToPass.map((id) => ({ id, kind: 'required' as const, status, message })),
    ...repository.passToPass.map((id) => ({ id, kind: 'regression' as const, status, message })),
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

/** What one run of a test command gave: its results, or why there are none to read. */
export type SuiteRun =
  | { kind: 'results'; results: TestResults }
  /** error: nothing to grade (no result file); fail: the run itself is the agent's failure (timeout, malformed file) */
  | { kind: 'error' | 'fail'; message: string };

export interface SuiteInput {
  test: Repository['test'];
  /** real path of the tree to test, the hidden tests already applied */
  workspace: string;
  setup: SetupMount | null;
  signal?: AbortSignal;
}

/**
 * Runs a repository's test command over a tree in bubblewrap with no network, bounded in time and
 * output, then reads its result file into test ids and outcomes.
 */
export async function runTestSuite(input: SuiteInput): Promise<SuiteRun> {
  const { test, workspace } = input;
  const results = await mkdtemp(join(tmpdir(), 'crossover-results-'));
  try {
    const resultDir = join(results, randomBytes(8).toString('hex'));
    await mkdir(resultDir);
    const outcome = await runSandboxed({
      script: test.command,
      cwd: workspace,
      env: {
        PATH: `${workspace}/node_modules/.bin:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
        HOME: '/tmp',
        CROSSOVER_RESULTS: resultDir,
        CI: 'true',
        LANG: 'C.UTF-8',
        PYTHONDONTWRITEBYTECODE: '1',
      },
      writable: [workspace, resultDir],
      readOnly: [],
      mounts: (input.setup?.outputs ?? []).map((output) => ({
        source: join(input.setup!.dir, output),
        dest: join(workspace, output),
      })),
      network: false,
      timeoutMs: test.timeoutSec * 1000,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    input.signal?.throwIfAborted();
    const tail = boundedMessage(
      outcome.tail.split(workspace).join('<workspace>').split(resultDir).join('<results>'),
      300,
    );
    if (outcome.timedOut)
      return { kind: 'fail', message: `the test command timed out after ${test.timeoutSec} s: ${tail}` };
    const file = join(resultDir, test.resultFile);
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (outcome.startError !== null || size === null)
      return {
        kind: 'error',
        message: `the test command wrote no result file ${test.resultFile} (${outcome.startError ?? `exit ${outcome.exitCode}`}): ${tail}`,
      };
    if (size > RESULT_LIMIT)
      return { kind: 'fail', message: `the result file is larger than ${RESULT_LIMIT} bytes: not read` };
    try {
      return { kind: 'results', results: parseTestResults(test.format, await readFile(file, 'utf8')) };
    } catch (error) {
      if (!(error instanceof MalformedResults)) throw error;
      return { kind: 'fail', message: `the result file is malformed: ${error.message}` };
    }
  } finally {
    await rm(results, { recursive: true, force: true });
  }
}

export interface RepositoryRun {
  repository: Repository;
  /** real path of the graded tree, the hidden tests already applied */
  workspace: string;
  setup: SetupMount | null;
  signal?: AbortSignal;
}

/**
 * Grades a tree by the repository's own tests. Only positive evidence passes: a test absent from
 * the results, or skipped, fails its check; a malformed result file or a timeout fails every
 * check; a runner that wrote no result file at all could not be graded (error: `check-error`).
 */
export async function runRepositoryTests(run: RepositoryRun): Promise<CheckResult[]> {
  const { repository } = run;
  if (repository.setup && !run.setup)
    return allChecks(repository, 'error', 'the setup outputs were not given to grading');
  const suite = await runTestSuite({
    test: repository.test,
    workspace: run.workspace,
    setup: run.setup,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  if (suite.kind !== 'results') return allChecks(repository, suite.kind, suite.message);
  return [
    ...repository.failToPass.map((id) => checkFrom(suite.results, id, 'required')),
    ...repository.passToPass.map((id) => checkFrom(suite.results, id, 'regression')),
  ];
}
