import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { CorpusVerification, Qualification, TreeSize } from '../contracts/qualification.js';
import { BrowserSession } from '../grading/browser-session.js';
import { type GradeResult, gradeWorkspace } from '../grading/grade.js';
import { taskCheckPaths } from '../grading/tampering.js';
import type { ContainerPlace } from '../io/container.js';
import { readTree } from '../io/tree.js';
import { changedLines, isVendoredPath, lineCount } from './difficulty.js';
import { gradingPlaceOf } from './environment.js';
import type { LoadedCorpus, LoadedTask } from './load.js';
import { materializeTree } from './materialize.js';
import { type QualificationRules, qualificationNotes, qualificationReasons } from './qualification-rules.js';
import { ensureSetup, type SetupOutputs } from './setup.js';

export interface QualifyOptions {
  /** a Chromium shared across tasks; by default one is launched when needed and closed */
  browser?: BrowserSession;
  /** the corpus's rules; by default the bundled corpus's */
  rules?: QualificationRules;
  /** the project root whose .crossover/ caches setup outputs; by default the working directory */
  root?: string;
  /** where a task with an environment is graded: a container of its image; by default looked up (and blocked when missing) */
  container?: ContainerPlace | null;
}

function treeGrading(tree: string, result: GradeResult): Qualification['trees'][number] {
  return { tree, status: result.status, checks: result.checks.map(({ id, kind, status }) => ({ id, kind, status })) };
}

async function readOptional(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(() => null);
}

/** Files the reference overlay changes or adds, and lines added plus removed against the workspace (vendored folders left out). */
async function referenceChange(task: LoadedTask): Promise<TreeSize> {
  const size = { files: 0, lines: 0 };
  for (const entry of await readTree(join(task.dir, 'reference'))) {
    if (isVendoredPath(entry.path)) continue;
    const after = await readFile(join(task.dir, 'reference', entry.path), 'utf8');
    const before = await readOptional(join(task.dir, 'workspace', entry.path));
    if (before === after) continue;
    size.files += 1;
    size.lines += before === null ? lineCount(after) : changedLines(before, after);
  }
  return size;
}

/** The starting tree's own code: installed, vendored and generated folders are left out. */
async function treeSize(root: string): Promise<TreeSize> {
  const entries = (await readTree(root)).filter((entry) => !isVendoredPath(entry.path));
  let lines = 0;
  for (const entry of entries) lines += lineCount(await readFile(join(root, entry.path), 'utf8'));
  return { files: entries.length, lines };
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

/** A task whose setup failed: nothing could be graded. */
async function unqualifiedBySetup(
  task: LoadedTask,
  rules: QualificationRules,
  message: string,
): Promise<Qualification> {
  return {
    id: task.task.id,
    category: task.task.category,
    surface: task.task.surface,
    digest: task.digest,
    qualified: false,
    rules,
    reasons: [`the setup failed, so no tree could be graded: ${message}`],
    notes: qualificationNotes(rules, task),
    trees: [],
    referenceChange: await referenceChange(task),
    tree: await treeSize(join(task.dir, 'workspace')),
  };
}

/**
 * Qualifies one task by grading three kinds of tree: the starting tree (required checks fail,
 * regressions pass), the reference overlay (every check passes) and each decoy (some required
 * check fails). Also reports difficulty evidence.
 */
export async function qualifyTask(task: LoadedTask, options: QualifyOptions = {}): Promise<Qualification> {
  const browser = options.browser ?? new BrowserSession();
  const rules = options.rules ?? 'bundled';
  const container =
    options.container === undefined
      ? await gradingPlaceOf(task, `crossover env build --task ${task.dir}`)
      : options.container;
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-qualify-'));
  try {
    let setup: SetupOutputs | null;
    try {
      setup = await ensureSetup(options.root ?? process.cwd(), task, { container });
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      return unqualifiedBySetup(task, rules, error.message);
    }
    const grade = async (name: string, overlays: string[]): Promise<GradeResult> => {
      const workspace = join(scratch, name);
      await materializeTree(task.dir, overlays, workspace, task.task.repository?.history);
      return gradeWorkspace({ task, workspace, browser, setup, container });
    };
    const start = await grade('start', []);
    const reference = await grade('reference', [join(task.dir, 'reference')]);
    const decoys: { name: string; result: GradeResult }[] = [];
    for (const [index, name] of task.decoys.entries()) {
      decoys.push({ name, result: await grade(`decoy-${index}`, [join(task.dir, 'decoys', name)]) });
    }
    const reasons = qualificationReasons({
      rules,
      task,
      start,
      reference,
      decoys,
      leakedCheckPaths: await leakedCheckPaths(task),
    });
    return {
      id: task.task.id,
      category: task.task.category,
      surface: task.task.surface,
      digest: task.digest,
      qualified: reasons.length === 0,
      rules,
      reasons,
      notes: qualificationNotes(rules, task),
      trees: [
        treeGrading('start', start),
        treeGrading('reference', reference),
        ...decoys.map(({ name, result }) => treeGrading(`decoy:${name}`, result)),
      ],
      referenceChange: await referenceChange(task),
      tree: await treeSize(join(task.dir, 'workspace')),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    if (!options.browser) await browser.close();
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the input order in the output. */
async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface CorpusFilter {
  /** qualify only these tasks (each must be a task of the corpus or one it refused) */
  taskIds?: readonly string[];
  /** the project root whose .crossover/ caches setup outputs; by default the working directory */
  root?: string;
}

/** Qualifies a corpus's tasks (two at a time, one Chromium for all) in task id order. */
export async function qualifyCorpus(corpus: LoadedCorpus, filter: CorpusFilter = {}): Promise<CorpusVerification> {
  const wanted = filter.taskIds === undefined ? null : new Set(filter.taskIds);
  for (const id of wanted ?? []) {
    if (corpus.tasks.some((t) => t.task.id === id) || corpus.refused.some((t) => t.id === id)) continue;
    const known = corpus.tasks.map((t) => t.task.id).join(', ') || 'none';
    throw new CrossoverError('not-found', `${join(corpus.dir, 'tasks')}: no task "${id}" (tasks: ${known})`);
  }
  const tasks = wanted === null ? corpus.tasks : corpus.tasks.filter((t) => wanted.has(t.task.id));
  // Every image first: a missing one blocks the verification before any task is graded.
  const build = `crossover env build --corpus ${corpus.dir}`;
  const places = new Map<string, ContainerPlace | null>();
  for (const task of tasks) places.set(task.task.id, await gradingPlaceOf(task, build));
  const browser = new BrowserSession();
  try {
    const results = await mapBounded(tasks, Math.min(2, availableParallelism()), (task) =>
      qualifyTask(task, {
        browser,
        rules: corpus.corpus.qualificationRules,
        container: places.get(task.task.id) ?? null,
        ...(filter.root ? { root: filter.root } : {}),
      }),
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
