import { randomBytes } from 'node:crypto';
import { chmod, copyFile, lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Repository } from '../contracts/corpus.js';
import type { CheckResult, Finding } from '../contracts/receipt.js';
import { redact } from '../contracts/redaction.js';
import type { TreeModel } from '../contracts/tree.js';
import type { ContainerPlace } from '../io/container.js';
import { runSandboxed, toolchainPath } from '../io/sandboxed-command.js';
import { readTreeModel } from '../io/tree.js';
import { type ClockEnd, clockOutcome } from './check-clock.js';
import { HARBOR_TESTS_DIR, harborSandbox, type SuiteSandbox } from './harbor-verifier.js';
import { boundedMessage } from './outcome.js';
import { allChecks, checksFrom, killedBySignal, unearnedPass } from './repository-verdict.js';
import { judgeSentinels, type Sentinel } from './sentinels.js';
import { suiteDeadline } from './suite-clock.js';
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

/** The trees a grading already read: the starting tree and the scan of the graded one. */
export interface KnownTrees {
  start: TreeModel;
  graded: TreeModel;
}

/**
 * Puts the hidden test files (checks/, at their repository paths) over the graded tree, after
 * the agent. A hidden path the agent changed, added or deleted is overwritten all the same and
 * reported: the agent's edit never reaches the verdict, and never fails a trial by itself (an
 * agent adding its own test to a file the fix also touches is doing its job). `known`: the trees
 * as grading read them, so a large tree is not read again; absent, both are read here.
 */
export async function applyHiddenTests(taskDir: string, workspace: string, known?: KnownTrees): Promise<Finding[]> {
  const hidden = await readTreeModel(join(taskDir, 'checks'));
  const start = known?.start ?? (await readTreeModel(join(taskDir, 'workspace')));
  const graded = known?.graded ?? (await readTreeModel(workspace));
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

/** What one run of a test command gave: its results, or why there are none to read. */
export type SuiteRun =
  | { kind: 'results'; results: TestResults }
  /**
   * error: nothing to grade (no result file); fail: the run itself is the agent's failure (a timeout
   * on its own time, a malformed file); starved: the machine kept it from running (suite-clock.ts)
   */
  | { kind: 'error' | 'fail' | 'starved'; message: string };

export interface SuiteInput {
  test: Repository['test'];
  /** real path of the tree to test, the hidden tests already applied */
  workspace: string;
  setup: SetupMount | null;
  signal?: AbortSignal;
  /** the forgery test's positive control only: the result directory handed to the runner and no exit check */
  unprotected?: boolean;
  /** a container task's image: the runner starts in a fresh container of it, never the agent's */
  container?: ContainerPlace | null;
}

/**
 * The result file, made by the grader before the runner starts: empty, owned by root with mode
 * 0666, in directories the runner cannot write. Workspace code runs as the runner's uid, so it can
 * write the file's contents like the reporter, but it cannot rename, link or put another file in
 * its place, make it a symlink or take away the reporter's write permission: the reporter's last
 * write stands. (As an ordinary user the runner keeps the caller's uid and this is not enforced.)
 */
async function freshResultFile(resultDir: string, resultFile: string): Promise<string> {
  const file = join(resultDir, resultFile);
  await mkdir(dirname(file), { recursive: true, mode: 0o755 });
  await writeFile(file, '', { mode: 0o666, flag: 'wx' });
  await chmod(file, 0o666);
  return file;
}

/** A repository's test run: the tree where it is, the result file made by the grader (freshResultFile). */
async function repositorySandbox(input: SuiteInput, scratch: string): Promise<SuiteSandbox> {
  const { test, workspace } = input;
  const resultDir = join(scratch, randomBytes(8).toString('hex'));
  await mkdir(resultDir, { mode: 0o755 });
  const file = input.unprotected ? join(resultDir, test.resultFile) : await freshResultFile(resultDir, test.resultFile);
  return {
    command: {
      script: test.command,
      cwd: workspace,
      env: {
        PATH: toolchainPath([`${workspace}/node_modules/.bin`], input.container),
        HOME: '/tmp',
        CROSSOVER_RESULTS: resultDir,
        CI: 'true',
        LANG: 'C.UTF-8',
        PYTHONDONTWRITEBYTECODE: '1',
      },
      writable: input.unprotected ? [workspace, resultDir] : [workspace],
      writableAsOwned: input.unprotected ? [] : [file],
      readOnly: [],
      mounts: (input.setup?.outputs ?? []).map((output) => ({
        source: join(input.setup!.dir, output),
        dest: join(workspace, output),
      })),
    },
    file,
    placeholders: [
      [workspace, '<workspace>'],
      [resultDir, '<results>'],
    ],
  };
}

/**
 * A run its deadline ended: a timeout on its own time is the tree's failure, as a check's is; a run
 * the machine starved has no verdict (where starving cannot be measured, the timeout is the tree's).
 */
function timedOut(timeoutMs: number, end: ClockEnd, tail: string): SuiteRun {
  const outcome = clockOutcome(end, timeoutMs, true);
  return { kind: outcome.starved ? 'starved' : 'fail', message: `the test command ${outcome.message}: ${tail}` };
}

/** The results of a finished run, or why there are none to read. */
async function readSuiteResults(
  input: SuiteInput,
  sandbox: SuiteSandbox,
  outcome: { exitCode: number | null; tail: string; startError: string | null },
  /** how the suite's deadline ended it; null: it ended by itself */
  clockEnd: ClockEnd | null,
): Promise<SuiteRun> {
  const { test } = input;
  const tail = boundedMessage(
    redact(outcome.tail, { secrets: [], paths: Object.fromEntries(sandbox.placeholders) }),
    300,
  );
  if (clockEnd !== null) return timedOut(test.timeoutSec * 1000, clockEnd, tail);
  const size = await lstat(sandbox.file).then(
    (s) => (s.isFile() && s.size > 0 ? s.size : null),
    () => null,
  );
  if (outcome.startError !== null || size === null)
    return {
      kind: 'error',
      message: `the test command wrote no result file ${test.resultFile} (${outcome.startError ?? `exit ${outcome.exitCode}`}): ${tail}`,
    };
  if (size > RESULT_LIMIT)
    return { kind: 'fail', message: `the result file is larger than ${RESULT_LIMIT} bytes: not read` };
  let parsed: TestResults;
  try {
    parsed = parseTestResults(test.format, await readFile(sandbox.file, 'utf8'));
  } catch (error) {
    if (!(error instanceof MalformedResults)) throw error;
    if (killedBySignal(outcome.exitCode))
      return {
        kind: 'error',
        message: `the test command was killed (exit ${outcome.exitCode}) before it finished its result file: ${tail}`,
      };
    return { kind: 'fail', message: `the result file is malformed: ${error.message}` };
  }
  const unearned = input.unprotected ? null : unearnedPass(parsed, outcome.exitCode);
  return unearned === null ? { kind: 'results', results: parsed } : { kind: 'error', message: unearned };
}

/**
 * Runs a repository's test command over a tree in bubblewrap with no network, as the agent's
 * unprivileged uid, bounded in time and output, then reads its result file into test ids and
 * outcomes. See freshResultFile and unearnedPass for what keeps workspace code from forging it;
 * a Harbor task's verifier runs in Harbor's layout (harborSandbox).
 */
export async function runTestSuite(input: SuiteInput): Promise<SuiteRun> {
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-results-'));
  try {
    const setupMounts = (input.setup?.outputs ?? []).map((output) => ({
      source: join(input.setup!.dir, output),
      output,
    }));
    const sandbox =
      input.test.format === 'harbor-reward'
        ? await harborSandbox(input.test, input.workspace, setupMounts, scratch)
        : await repositorySandbox(input, scratch);
    if (sandbox === null)
      return {
        kind: 'error',
        message: `the graded tree holds no ${HARBOR_TESTS_DIR}: the Harbor task's tests are missing`,
      };
    const timeoutMs = input.test.timeoutSec * 1000;
    let clockEnd: ClockEnd | null = null;
    const outcome = await runSandboxed({
      ...sandbox.command,
      network: false,
      timeoutMs,
      deadline: suiteDeadline(timeoutMs, (end) => {
        clockEnd = end;
      }),
      ...(input.signal ? { signal: input.signal } : {}),
      container: input.container ?? null,
    });
    input.signal?.throwIfAborted();
    return await readSuiteResults(input, sandbox, outcome, clockEnd);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export interface RepositoryRun {
  repository: Repository;
  /** real path of the graded tree, the hidden tests already applied */
  workspace: string;
  setup: SetupMount | null;
  /** the sentinel tests planted in the hidden test files: their results must come back exactly */
  sentinels: readonly Sentinel[];
  signal?: AbortSignal;
  container?: ContainerPlace | null;
}

/**
 * Grades a tree by the repository's own tests. Only positive evidence passes: a test absent from
 * the results, or skipped, fails its check; a malformed result file or a timeout on the run's own
 * time fails every check; a run the machine starved marks every check starved (grade.ts runs it
 * again alone); a runner that wrote no result file at all could not be graded (error:
 * `check-error`); sentinels that did not come back exactly fail every check with a tampering finding.
 */
export async function runRepositoryTests(run: RepositoryRun): Promise<{ checks: CheckResult[]; findings: Finding[] }> {
  const { repository } = run;
  if (repository.setup && !run.setup)
    return { checks: allChecks(repository, 'error', 'the setup outputs were not given to grading'), findings: [] };
  const suite = await runTestSuite({
    test: repository.test,
    workspace: run.workspace,
    setup: run.setup,
    ...(run.signal ? { signal: run.signal } : {}),
    container: run.container ?? null,
  });
  if (suite.kind === 'starved')
    return { checks: allChecks(repository, 'error', suite.message, { starved: true }), findings: [] };
  if (suite.kind !== 'results') return { checks: allChecks(repository, suite.kind, suite.message), findings: [] };
  const checks = checksFrom(repository, suite.results);
  const judged = judgeSentinels(run.sentinels, suite.results, checks);
  if (judged === null) return { checks, findings: [] };
  return {
    checks: allChecks(repository, 'fail', "not graded: the runner's judging was changed (see findings)"),
    findings: [judged],
  };
}
