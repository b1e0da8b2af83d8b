import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { CorpusVerification, NearTimeLimit, Qualification } from '../contracts/qualification.js';
import { BrowserSession } from '../grading/browser-session.js';
import { type GradeResult, gradeWorkspace } from '../grading/grade.js';
import { taskCheckPaths } from '../grading/tampering.js';
import { mapBounded } from '../io/bounded.js';
import type { ContainerPlace } from '../io/container.js';
import { readTree } from '../io/tree.js';
import { gradingPlaceOf } from './environment.js';
import type { LoadedCorpus, LoadedTask } from './load.js';
import { materializeTree } from './materialize.js';
import { type QualificationRules, qualificationNotes, qualificationReasons } from './qualification-rules.js';
import { ensureSetup, type SetupOutputs } from './setup.js';
import { referenceChange, startingTree } from './task-size.js';

export interface QualifyOptions {
  /** a Chromium shared across tasks; by default one is launched when needed and closed */
  browser?: BrowserSession;
  /** the corpus's rules; by default the bundled corpus's */
  rules?: QualificationRules;
  /** the project root whose .crossover/ caches setup outputs; by default the working directory */
  root?: string;
  /** where a task with an environment is graded: a container of its image; by default looked up (and blocked when missing) */
  container?: ContainerPlace | null;
  /** how many times the starting tree and the reference are each graded (1 by default) */
  runs?: number;
}

/** A check at or past this share of its time limit is reported: on a busier machine it may time out. */
const NEAR_LIMIT = 0.5;

/** One grading of one tree, and the wall time of the whole grading (for a repository task: its test command, mostly). */
interface Graded {
  result: GradeResult;
  wallMs: number;
}

function treeGrading(tree: string, result: GradeResult, run: number | null): Qualification['trees'][number] {
  return {
    tree,
    ...(run === null ? {} : { run }),
    status: result.status,
    checks: result.checks.map(({ id, kind, status }) => ({ id, kind, status })),
  };
}

/**
 * Check paths the starting tree already holds: shipping them would show the agent hidden checks.
 * A repository task's hidden tests replace the tree's own files at grading, so none leak.
 */
async function leakedCheckPaths(task: LoadedTask): Promise<string[]> {
  if (task.task.repository) return [];
  const shipped = new Set((await readTree(join(task.dir, 'workspace'))).map((entry) => entry.path));
  return (await taskCheckPaths(task)).filter((path) => shipped.has(path));
}

/** A check whose result differed between runs of one tree: never evidence either way. */
function flakyReasons(where: string, runs: readonly Graded[]): string[] {
  if (runs.length < 2) return [];
  return runs[0]!.result.checks.flatMap((check, index) => {
    const statuses = runs.map((run) => run.result.checks[index]?.status);
    if (statuses.every((status) => status === statuses[0])) return [];
    const passes = statuses.filter((status) => status === 'pass').length;
    return [`${check.kind} check '${check.id}' is flaky on ${where}: it passed ${passes} of ${runs.length} runs`];
  });
}

/** The checks (or a repository task's test command) that took at least NEAR_LIMIT of their time limit on some run. */
function nearTimeLimit(task: LoadedTask, tree: string, runs: readonly Graded[]): NearTimeLimit[] {
  const near = (check: string | null, durations: number[], limitMs: number): NearTimeLimit[] => {
    const durationMs = Math.max(...durations);
    return durationMs >= limitMs * NEAR_LIMIT ? [{ tree, check, durationMs, limitMs }] : [];
  };
  const { repository, checks } = task.task;
  if (repository)
    return near(
      null,
      runs.map((run) => run.wallMs),
      repository.test.timeoutSec * 1000,
    );
  const modules = [...(checks?.required ?? []), ...(checks?.regressions ?? [])];
  return modules.flatMap((check, index) => {
    const durations = runs.flatMap((run) => run.result.durationsMs[index] ?? []);
    return durations.length === 0 ? [] : near(check.id, durations, check.timeoutMs);
  });
}

/** Reasons from several runs, each once, in the order first seen. */
function unique(reasons: readonly string[]): string[] {
  return [...new Set(reasons)];
}

/** What every qualification of a task carries: its identity, rules, notes and difficulty evidence. */
async function qualificationHeader(task: LoadedTask, rules: QualificationRules, runs: number) {
  const start = await startingTree(join(task.dir, 'workspace'));
  return {
    id: task.task.id,
    category: task.task.category,
    surface: task.task.surface,
    digest: task.digest,
    rules,
    notes: qualificationNotes(rules, task),
    runs,
    referenceChange: await referenceChange(task),
    tree: start.size,
    languages: start.languages,
  };
}

/**
 * Qualifies one task by grading three kinds of tree: the starting tree (required checks fail,
 * regressions pass) and the reference overlay (every check passes), each `runs` times, where a
 * check whose result differs between runs is flaky; and each decoy (some required check fails).
 * Also reports difficulty evidence and the checks that came close to their time limit.
 */
export async function qualifyTask(task: LoadedTask, options: QualifyOptions = {}): Promise<Qualification> {
  const browser = options.browser ?? new BrowserSession();
  const rules = options.rules ?? 'bundled';
  const container =
    options.container === undefined
      ? await gradingPlaceOf(task, `crossover env build --task ${task.dir}`)
      : options.container;
  const runs = options.runs ?? 1;
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-qualify-'));
  try {
    const header = await qualificationHeader(task, rules, runs);
    let setup: SetupOutputs | null;
    try {
      setup = await ensureSetup(options.root ?? process.cwd(), task, { container });
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      const reasons = [`the setup failed, so no tree could be graded: ${error.message}`];
      return { ...header, qualified: false, reasons, trees: [], nearTimeLimit: [] };
    }
    const grade = async (name: string, overlays: string[]): Promise<Graded> => {
      const workspace = join(scratch, name);
      await materializeTree(task.dir, overlays, workspace, task.task.repository?.history);
      const started = performance.now();
      try {
        const result = await gradeWorkspace({ task, workspace, browser, setup, container });
        return { result, wallMs: Math.round(performance.now() - started) };
      } finally {
        await rm(workspace, { recursive: true, force: true });
      }
    };
    const starts: Graded[] = [];
    const references: Graded[] = [];
    for (let run = 1; run <= runs; run += 1) {
      starts.push(await grade(`start-${run}`, []));
      references.push(await grade(`reference-${run}`, [join(task.dir, 'reference')]));
    }
    const decoys: { name: string; result: GradeResult }[] = [];
    for (const [index, name] of task.decoys.entries()) {
      decoys.push({ name, result: (await grade(`decoy-${index}`, [join(task.dir, 'decoys', name)])).result });
    }
    const leaked = await leakedCheckPaths(task);
    const reasons = unique([
      ...flakyReasons('the starting tree', starts),
      ...flakyReasons('the reference', references),
      ...starts.flatMap((start, index) =>
        qualificationReasons({
          rules,
          task,
          start: start.result,
          reference: references[index]!.result,
          decoys,
          leakedCheckPaths: leaked,
        }),
      ),
    ]);
    const runOf = (index: number) => (runs === 1 ? null : index + 1);
    return {
      ...header,
      qualified: reasons.length === 0,
      reasons,
      trees: [
        ...starts.map((start, index) => treeGrading('start', start.result, runOf(index))),
        ...references.map((reference, index) => treeGrading('reference', reference.result, runOf(index))),
        ...decoys.map(({ name, result }) => treeGrading(`decoy:${name}`, result, null)),
      ],
      nearTimeLimit: [...nearTimeLimit(task, 'start', starts), ...nearTimeLimit(task, 'reference', references)],
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    if (!options.browser) await browser.close();
  }
}

export interface CorpusFilter {
  /** qualify only these tasks (each must be a task of the corpus or one it refused) */
  taskIds?: readonly string[];
  /** the project root whose .crossover/ caches setup outputs; by default the working directory */
  root?: string;
  /** how many times each starting tree and reference is graded (1 by default) */
  runs?: number;
  /** tasks qualified at once (by default 2, or 1 on a single core) */
  concurrency?: number;
  /** tasks to leave out (a resumed verification: those the record already holds at their digest) */
  skip?: (task: LoadedTask) => boolean;
  /** called as each task's qualification ends, in the order they end (the record is written from here) */
  onQualified?: (qualification: Qualification, done: number, total: number) => Promise<void>;
}

/** The corpus's tasks the filter selects, refusing an id the corpus does not know before any grading. */
function selectedTasks(corpus: LoadedCorpus, wanted: ReadonlySet<string> | null): LoadedTask[] {
  for (const id of wanted ?? []) {
    if (corpus.tasks.some((t) => t.task.id === id) || corpus.refused.some((t) => t.id === id)) continue;
    const known = corpus.tasks.map((t) => t.task.id).join(', ') || 'none';
    throw new CrossoverError('not-found', `${join(corpus.dir, 'tasks')}: no task "${id}" (tasks: ${known})`);
  }
  return wanted === null ? corpus.tasks : corpus.tasks.filter((t) => wanted.has(t.task.id));
}

/** Qualifies a corpus's tasks (a few at a time, one Chromium for all); the result lists them in task id order. */
export async function qualifyCorpus(corpus: LoadedCorpus, filter: CorpusFilter = {}): Promise<CorpusVerification> {
  const wanted = filter.taskIds === undefined ? null : new Set(filter.taskIds);
  const tasks = selectedTasks(corpus, wanted).filter((task) => !filter.skip?.(task));
  // Every image first: a missing one blocks the verification before any task is graded.
  const build = `crossover env build --corpus ${corpus.dir}`;
  const places = new Map<string, ContainerPlace | null>();
  for (const task of tasks) places.set(task.task.id, await gradingPlaceOf(task, build));
  const browser = new BrowserSession();
  let done = 0;
  try {
    const results = await mapBounded(
      tasks,
      Math.max(1, filter.concurrency ?? Math.min(2, availableParallelism())),
      async (task) => {
        const qualification = await qualifyTask(task, {
          browser,
          rules: corpus.corpus.qualificationRules,
          container: places.get(task.task.id) ?? null,
          ...(filter.root ? { root: filter.root } : {}),
          ...(filter.runs ? { runs: filter.runs } : {}),
        });
        done += 1;
        await filter.onQualified?.(qualification, done, tasks.length);
        return qualification;
      },
    );
    return {
      schema: 'crossover.corpus-verification/1',
      corpus: { id: corpus.corpus.id, version: corpus.corpus.version, digest: corpus.digest },
      total: results.length,
      qualified: results.filter((q) => q.qualified).length,
      tasks: results,
      refused: wanted === null ? corpus.refused : corpus.refused.filter((t) => wanted.has(t.id)),
    };
  } finally {
    await browser.close();
  }
}
