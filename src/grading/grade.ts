import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Check, Task } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import type { CheckResult, Finding } from '../contracts/receipt.js';
import type { TreeModel } from '../contracts/tree.js';
import type { ContainerPlace } from '../io/container.js';
import { readTreeModel } from '../io/tree.js';
import { runBrowserCheck } from './browser-check.js';
import { runImageBrowserCheck } from './browser-image-check.js';
import { BrowserSession } from './browser-session.js';
import type { GradedTask } from './graded-task.js';
import { checkSources, runNodeCheck } from './node-check.js';
import { boundedMessage, type CheckOutcome, errored } from './outcome.js';
import { applyHiddenTests, runRepositoryTests, type SetupMount } from './repository-tests.js';
import { plantSentinels } from './sentinels.js';
import { type StaticServer, serveStatic } from './static-server.js';
import { detectTampering } from './tampering.js';
import { infrastructureChanges } from './test-infrastructure.js';
import { scanWorkspace, type WorkspaceScan } from './workspace-scan.js';

export type GradeStatus = 'passed' | 'failed' | 'check-error' | 'check-starved' | 'missing-checks';

/** Runs `work` once no other grading runs on this machine (the trial's grading slots drained); by default, at once. */
export type Alone = <T>(work: () => Promise<T>) => Promise<T>;

export interface GradeResult {
  status: GradeStatus;
  /** one result per check of the task, required checks first, in task order */
  checks: CheckResult[];
  /** checks that ran to a pass or a fail */
  checksRun: number;
  /** how long each check ran (its `wallMs`), in the order of `checks`; null where it is not known apart (not run, a repository test) */
  durationsMs: (number | null)[];
  findings: Finding[];
}

export interface GradeInput {
  task: GradedTask;
  /** the tree to grade; the checks were never in it */
  workspace: string;
  signal?: AbortSignal;
  /** the trial's one scan of the workspace after its agent ran; absent: grading scans it itself */
  scan?: WorkspaceScan;
  /** the task's starting tree as the trial read it (its snapshot); absent: read from the task's workspace/ */
  start?: TreeModel;
  /** a Chromium shared across gradings (corpus verify); by default one is launched when needed and closed */
  browser?: BrowserSession;
  /** a repository task's setup outputs, mounted read-only over the graded tree for its test run */
  setup?: SetupMount | null;
  /** how many checks may run at once (the grading slots it holds); 1 by default: one after another */
  lanes?: number;
  /** where a check the machine starved runs again, alone (grading-slots.ts drains the slots); by default at once */
  alone?: Alone;
  /** a container task's image: node checks and the repository's runner each run in a fresh container of it */
  container?: ContainerPlace | null;
  /** the positive controls only: a repository task's runner graded without sentinels or the test-infrastructure rule */
  protections?: RunnerProtections;
}

/** What keeps a repository's own runner honest (sentinels.ts, test-infrastructure.ts); both on unless a control turns one off. */
export interface RunnerProtections {
  sentinels: boolean;
  infrastructure: boolean;
}

const PROTECTED: RunnerProtections = { sentinels: true, infrastructure: true };

interface PlannedCheck {
  check: Check;
  kind: CheckResult['kind'];
}

/** Each check as (id, kind): check modules, or a repository task's fail-to-pass and pass-to-pass tests. */
function plannedChecks(task: GradedTask): { id: string; kind: CheckResult['kind'] }[] {
  const { checks, repository } = task.task;
  return [
    ...(checks?.required ?? []).map((check) => ({ id: check.id, kind: 'required' as const })),
    ...(repository?.failToPass ?? []).map((id) => ({ id, kind: 'required' as const })),
    ...(checks?.regressions ?? []).map((check) => ({ id: check.id, kind: 'regression' as const })),
    ...(repository?.passToPass ?? []).map((id) => ({ id, kind: 'regression' as const })),
  ];
}

function checkModules(task: GradedTask): PlannedCheck[] {
  return [
    ...(task.task.checks?.required ?? []).map((check) => ({ check, kind: 'required' as const })),
    ...(task.task.checks?.regressions ?? []).map((check) => ({ check, kind: 'regression' as const })),
  ];
}

/**
 * The checks (by index, in task order) in groups that may run side by side: each node check alone,
 * in a process of its own; the browser checks together, one after another, since they share one
 * Chromium and one served origin.
 */
function checkGroups(checks: readonly Check[]): number[][] {
  const browser = checks.flatMap((check, index) => (check.runner === 'node' ? [] : [index]));
  const node = checks.flatMap((check, index) => (check.runner === 'node' ? [[index]] : []));
  return browser.length === 0 ? node : [browser, ...node];
}

/** How many of a task's checks can run at once: the grading slots worth asking for. */
export function checkLaneCount(task: Task): number {
  const checks = [...(task.checks?.required ?? []), ...(task.checks?.regressions ?? [])];
  return Math.max(1, checkGroups(checks).length);
}

/**
 * Runs the jobs at most `lanes` at a time and waits for every one, also when one fails: no check
 * process is left running (and the shared Chromium is not closed under a page) when grading ends.
 */
async function inLanes(jobs: readonly (() => Promise<void>)[], lanes: number): Promise<void> {
  let next = 0;
  async function lane(): Promise<void> {
    while (next < jobs.length) {
      const job = jobs[next]!;
      next += 1;
      await job();
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(lanes, jobs.length) }, lane));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Only positive evidence passes: a check that could not run makes the grading invalid, no check
 * run at all is missing checks, and any failed check (required or regression) fails the trial. A
 * check the machine starved twice has no verdict (check-starved, invalid) unless another check's
 * failure already decides the trial.
 */
export function gradeStatus(checks: readonly CheckResult[]): GradeStatus {
  if (checks.some((c) => c.status === 'error' && c.starved !== true)) return 'check-error';
  if (checks.some((c) => c.status === 'fail')) return 'failed';
  if (checks.some((c) => c.starved === true)) return 'check-starved';
  if (!checks.some((c) => c.status !== 'error')) return 'missing-checks';
  return 'passed';
}

/** Receipts hold no absolute paths: messages name the workspace and the checks by placeholder. */
function withoutPaths(message: string, paths: [path: string, placeholder: string][]): string {
  let text = message;
  for (const [path, placeholder] of paths) text = text.split(path).join(placeholder);
  return text;
}

/** A check's result as the receipt keeps it: its outcome, its times, and whether it ran again alone. */
function checkResult(
  planned: { id: string; kind: CheckResult['kind'] },
  outcome: CheckOutcome,
  message: string,
  rerun: boolean,
): CheckResult {
  const times = outcome.times;
  return {
    id: planned.id,
    kind: planned.kind,
    status: outcome.status,
    message,
    ...(times ? { wallMs: times.wallMs } : {}),
    ...(times?.cpuMs != null ? { cpuMs: times.cpuMs } : {}),
    ...(times?.waitMs != null ? { waitMs: times.waitMs } : {}),
    ...(times?.ownMs != null ? { ownMs: times.ownMs } : {}),
    ...(rerun && !outcome.starved ? { rerun: true as const } : {}),
    ...(rerun && outcome.starved ? { starved: true as const } : {}),
  };
}

async function realWorkspace(workspace: string): Promise<string> {
  return realpath(workspace).catch(() => {
    throw new CrossoverError('not-found', `${workspace}: the workspace to grade does not exist`);
  });
}

const runAtOnce: Alone = (work) => work();

type RepositoryJudgement = Awaited<ReturnType<typeof runRepositoryTests>>;

/**
 * A repository's checks from one run of its suite, or, when the machine starved that run, from one
 * more run alone (as a starved check runs again): its results, each check marked as re-run, or,
 * starved again, no verdict.
 */
async function repositoryVerdict(alone: Alone, run: () => Promise<RepositoryJudgement>): Promise<RepositoryJudgement> {
  const first = await run();
  const starved = first.checks.find((check) => check.starved === true);
  if (starved === undefined) return first;
  const rerun = await alone(run);
  const why = `first run ${starved.message}; run again alone`;
  const checks = rerun.checks.map((check) =>
    check.starved === true
      ? { ...check, message: boundedMessage(`${check.message} (${why}, and starved again)`) }
      : { ...check, rerun: true as const },
  );
  return { ...rerun, checks };
}

/** The re-run's message, saying why it ran: the first run's starving. */
function rerunMessage(first: CheckOutcome, rerun: CheckOutcome): string {
  const why = `first run ${first.message}; run again alone`;
  if (rerun.starved) return `${rerun.message} (${why}, and starved again)`;
  return rerun.message === '' ? `${why}: passed` : `${rerun.message} (${why})`;
}

/**
 * Grades a workspace with the task's hidden checks. Tampering (files at check paths, changed
 * protected paths, symlinks) fails the trial without running any check. Rejects with the signal's
 * reason when aborted.
 */
export async function gradeWorkspace(input: GradeInput): Promise<GradeResult> {
  const { task, signal } = input;
  const workspace = await realWorkspace(input.workspace);
  const planned = plannedChecks(task);
  const scan = input.scan ?? (await scanWorkspace(workspace));
  const start = input.start ?? (await readTreeModel(join(task.dir, 'workspace')));
  const protections = input.protections ?? PROTECTED;
  const findings = await detectTampering(task, scan, start);
  if (findings.length === 0 && protections.infrastructure)
    findings.push(...(await infrastructureChanges(task, workspace, start, scan.model)));
  if (findings.length > 0) {
    const notRun = planned.map(({ id, kind }) => ({
      id,
      kind,
      status: 'fail' as const,
      message: 'not run: the workspace was tampered with (see findings)',
    }));
    return { status: 'failed', checks: notRun, checksRun: 0, durationsMs: notRun.map(() => null), findings };
  }
  const { repository } = task.task;
  if (repository) {
    const overwritten = await applyHiddenTests(task.dir, workspace, { start, graded: scan.model });
    const hidden = (await readTreeModel(join(task.dir, 'checks'))).files.map((entry) => entry.path);
    const sentinels = protections.sentinels ? await plantSentinels(workspace, hidden, repository.test.format) : [];
    const { checks, findings: judged } = await repositoryVerdict(input.alone ?? runAtOnce, () =>
      runRepositoryTests({
        repository,
        workspace,
        setup: input.setup ?? null,
        sentinels,
        ...(signal ? { signal } : {}),
        container: input.container ?? null,
      }),
    );
    return {
      status: gradeStatus(checks),
      checks,
      checksRun: judged.length > 0 ? 0 : checks.filter((c) => c.status !== 'error').length,
      // One test run grades every test at once: no test has a duration of its own.
      durationsMs: checks.map(() => null),
      findings: [...overwritten, ...judged],
    };
  }
  return gradeModules(input, workspace);
}

/**
 * Runs the check modules, side by side as lanes allow, then once more alone each check the machine
 * starved (a run the machine starved is no verdict either way).
 */
async function gradeModules(input: GradeInput, workspace: string): Promise<GradeResult> {
  const { task, signal } = input;
  const checksDir = await realpath(join(task.dir, 'checks'));
  const session = input.browser ?? new BrowserSession();
  let server: StaticServer | null = null;
  const placeholders: [string, string][] = [
    [workspace, '<workspace>'],
    [resolve(input.workspace), '<workspace>'],
    [checksDir, '<checks>'],
  ];
  const modules = checkModules(task);
  const outcomes: CheckOutcome[] = [];
  const sources = modules.some(({ check }) => check.runner === 'node') ? await checkSources(checksDir) : undefined;
  const container = input.container ?? null;
  async function runOne(index: number, alone: boolean): Promise<CheckOutcome> {
    const { check } = modules[index]!;
    const run = { checkFile: join(checksDir, check.file), workspace, timeoutMs: check.timeoutMs, signal, alone };
    if (check.runner === 'node') return runNodeCheck({ ...run, checksDir, container, ...(sources ? { sources } : {}) });
    if (task.environment?.browser === 'image') {
      if (container === null)
        return errored("the task's browser checks run in its image, but it is graded without a container");
      return runImageBrowserCheck({ ...run, checksDir, place: container });
    }
    server ??= await serveStatic(workspace);
    return runBrowserCheck({ ...run, session, server });
  }
  const reruns = new Map<number, CheckOutcome>();
  try {
    const jobs = checkGroups(modules.map((entry) => entry.check)).map((group) => async () => {
      for (const index of group) outcomes[index] = await runOne(index, false);
    });
    await inLanes(jobs, input.lanes ?? 1);
    const starved = outcomes.flatMap((outcome, index) => (outcome.starved ? [index] : []));
    if (starved.length > 0)
      await (input.alone ?? runAtOnce)(async () => {
        for (const index of starved) reruns.set(index, await runOne(index, true));
      });
  } finally {
    if (!input.browser) await session.close();
  }
  const checks = outcomes.map((first, index) => {
    const rerun = reruns.get(index);
    const message = rerun ? rerunMessage(first, rerun) : first.message;
    const planned = { id: modules[index]!.check.id, kind: modules[index]!.kind };
    return checkResult(planned, rerun ?? first, withoutPaths(message, placeholders), rerun !== undefined);
  });
  return {
    status: gradeStatus(checks),
    checks,
    checksRun: checks.filter((c) => c.status !== 'error').length,
    durationsMs: checks.map((check) => check.wallMs ?? null),
    findings: [],
  };
}
