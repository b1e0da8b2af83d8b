import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { glob } from 'tinyglobby';
import { prettyJson } from '../contracts/canonical.js';
import { CorpusSchema, type Repository, type Task, type TaskSource } from '../contracts/corpus.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { applyHiddenTests, runTestSuite } from '../grading/repository-tests.js';
import type { TestResults } from '../grading/test-results.js';
import { git } from '../io/git.js';
import { treeDigest } from '../io/tree.js';
import { type DependencyOverride, prepareDependencies } from './dependencies.js';
import { changedFiles, commitId, extractTree } from './git-trees.js';
import { classifyTests, type DeclaredTests, type ExcludedTest, type SuiteRuns } from './import-runs.js';
import type { LoadedTask } from './load.js';
import { materializeTree } from './materialize.js';
import { ensureSetup, type SetupOutputs } from './setup.js';
import { TaskStaging } from './staging.js';

/** Where a fix's tests usually live; `--test-files` replaces the list. */
export const DEFAULT_TEST_FILES = [
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/*.test.*',
  '**/*.spec.*',
  '**/test_*.py',
  '**/*_test.py',
];

export interface ImportOptions {
  /** a local git repository (the user fetched it; nothing is downloaded) */
  repo: string;
  base: string;
  fix: string;
  id: string;
  /** the corpus directory the task is written into (tasks/<id>/) */
  corpusDir: string;
  /** the project root whose .crossover/ caches setup outputs */
  root: string;
  /** the issue text the agent is given; by default the fix commit's message */
  issue?: string;
  /** globs of the fix's test files (DEFAULT_TEST_FILES by default) */
  testFiles?: string[];
  /** exactly these paths are the fix's test files (SWE-bench: what its test_patch touches); replaces testFiles */
  testPaths?: readonly string[];
  test: Repository['test'];
  setup?: NonNullable<Repository['setup']>;
  title?: string;
  category: string;
  surface: Task['surface'];
  timeoutSec: number;
  /** how many times the suite runs on each tree (1 by default): a test whose result differs is flaky */
  runs?: number;
  /** check lists the source declares: only these are candidates, each kept only when it behaves so */
  declared?: DeclaredTests;
  /** where the task came from; by default the repository's directory name and the base commit */
  source?: TaskSource;
  /** declared overrides of the starting tree's dependencies (a git URL dependency replaced or dropped) */
  overrides?: readonly DependencyOverride[];
}

export interface ImportResult {
  task: LoadedTask;
  /** tests of the fix that are no check (flaky, failing with the fix, …), as task.json lists them */
  excluded: ExcludedTest[];
}

/** The fix's test files and source files, split; a fix that cannot make a task is refused. */
async function splitFix(options: ImportOptions, base: string, fix: string, fixTree: string) {
  const patterns = options.testFiles ?? DEFAULT_TEST_FILES;
  const tests = new Set(
    options.testPaths ??
      (await glob(patterns, { cwd: fixTree, dot: true, onlyFiles: true, followSymbolicLinks: false })),
  );
  const changed = await changedFiles(options.repo, base, fix);
  const deleted = changed.filter((c) => c.status === 'D' && !tests.has(c.path)).map((c) => c.path);
  if (deleted.length > 0)
    throw new CrossoverError(
      'invalid-input',
      `the fix deletes ${deleted.join(', ')}: a reference overlay cannot delete files`,
    );
  const present = changed.filter((c) => c.status !== 'D').map((c) => c.path);
  const testPaths = present.filter((path) => tests.has(path));
  const sourcePaths = present.filter((path) => !tests.has(path));
  const which = options.testPaths ? 'named' : `matched by ${patterns.join(', ')}`;
  if (testPaths.length === 0)
    throw new CrossoverError('invalid-input', `the fix changes no test file (${which}): give --test-files`);
  if (sourcePaths.length === 0)
    throw new CrossoverError('invalid-input', 'the fix changes only test files: there is nothing for an agent to fix');
  return { testPaths, sourcePaths };
}

/** The suite run `runs` times on the base with the fix's tests and on the fix with them. */
async function runSuites(dir: string, scratch: string, options: ImportOptions, setup: SetupOutputs | null) {
  const run = async (name: string, overlays: string[]): Promise<TestResults> => {
    const tree = join(scratch, name);
    await materializeTree(dir, overlays, tree);
    try {
      await applyHiddenTests(dir, tree);
      const suite = await runTestSuite({ test: options.test, workspace: tree, setup });
      if (suite.kind === 'results') return suite.results;
      throw new CrossoverError(
        'invalid-input',
        `the test command gave no results on the ${name} tree: ${suite.message}`,
      );
    } finally {
      await rm(tree, { recursive: true, force: true });
    }
  };
  const runs: { base: TestResults[]; fix: TestResults[] } = { base: [], fix: [] };
  for (let index = 1; index <= (options.runs ?? 1); index += 1) {
    runs.base.push(await run(`base-with-tests-${index}`, []));
    runs.fix.push(await run(`fix-with-tests-${index}`, [join(dir, 'reference')]));
  }
  return runs satisfies SuiteRuns;
}

/** The task's parts from the two commits: workspace/, reference/, checks/ and prompt.md in `dir`. */
async function writeTrees(options: ImportOptions, base: string, fix: string, dir: string, scratch: string) {
  const fixTree = join(scratch, 'fix');
  await extractTree(options.repo, fix, fixTree);
  const { testPaths, sourcePaths } = await splitFix(options, base, fix, fixTree);
  await rm(fixTree, { recursive: true, force: true });
  await extractTree(options.repo, base, join(dir, 'workspace'));
  await extractTree(options.repo, fix, join(dir, 'reference'), sourcePaths);
  await extractTree(options.repo, fix, join(dir, 'checks'), testPaths);
  const message = (await git(options.repo, ['log', '-1', '--format=%B', fix])).toString('utf8');
  await writeFile(join(dir, 'prompt.md'), options.issue ?? message);
  return message;
}

/**
 * Builds a repository task from a local git repository's base and fix commits: the workspace is
 * the base tree (no .git), the reference the fix's changes to non-test files, checks/ the fix's
 * test files; the check lists come from running the test command `runs` times on the base with
 * the fix's tests and on the fix with them (classifyTests). The task is built in a staging folder
 * and moved into its place whole (TaskStaging).
 */
export async function importTask(options: ImportOptions): Promise<ImportResult> {
  const base = await commitId(options.repo, options.base, '--base');
  const fix = await commitId(options.repo, options.fix, '--fix');
  await TaskStaging.free(options.corpusDir, options.id, 'choose another --id or remove it');
  const staging = new TaskStaging(options.corpusDir, options.id);
  const dir = await staging.create();
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-import-'));
  try {
    const message = await writeTrees(options, base, fix, dir, scratch);
    const prepared = await prepareDependencies(
      options.root,
      join(dir, 'workspace'),
      options.setup?.command,
      options.overrides,
    );
    const declaredSetup = options.setup && {
      ...options.setup,
      ...(prepared.inputs && !options.setup.inputs ? { inputs: prepared.inputs } : {}),
    };
    const setup = await ensureSetup(options.root, {
      dir,
      task: { repository: declaredSetup ? { setup: declaredSetup } : undefined },
      parts: { workspace: await treeDigest(join(dir, 'workspace')) },
    });
    const { failToPass, passToPass, excluded } = classifyTests(
      await runSuites(dir, scratch, options, setup),
      options.declared,
    );
    if (failToPass.length === 0)
      throw new CrossoverError(
        'invalid-input',
        `no test of the fix fails on every base run and passes on every fix run (${passToPass.length} pass on both, ${excluded.length} left out${excluded[0] ? `, e.g. ${excluded[0].id}: ${excluded[0].reason}` : ''}): nothing to qualify`,
      );
    const task: Task = {
      schema: 'crossover.task/1',
      id: options.id,
      title: options.title ?? message.split('\n')[0]!.slice(0, 200),
      category: options.category,
      surface: options.surface,
      timeoutSec: options.timeoutSec,
      repository: {
        ...(declaredSetup ? { setup: declaredSetup } : {}),
        test: options.test,
        failToPass,
        passToPass,
        ...(excluded.length > 0 ? { excluded } : {}),
      },
      protectedPaths: [],
      source: {
        ...(options.source ?? { kind: 'git', repository: basename(options.repo), base }),
        ...(prepared.notes.length > 0 ? { overrides: prepared.notes } : {}),
      },
    };
    await writeFile(join(dir, 'task.json'), prettyJson(task));
    return { task: await staging.commit(options.corpusDir), excluded };
  } finally {
    await staging.discard();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The corpus.json an import needs: created with imported rules and the categories when the
 * directory has none; an existing one gets each category it lacks added (a task must name one of
 * its corpus's categories).
 */
export async function ensureImportedCorpus(corpusDir: string, ...categories: string[]): Promise<void> {
  const path = join(corpusDir, 'corpus.json');
  const text = await readFile(path, 'utf8').catch(() => null);
  const entry = (id: string) => ({ id, title: 'Imported' });
  if (text !== null) {
    const corpus = parseWith(CorpusSchema, parseJsonText(text, path), path);
    const missing = [...new Set(categories)].filter((id) => !corpus.categories.some((c) => c.id === id));
    if (missing.length === 0) return;
    const raw = JSON.parse(text) as { categories: unknown[] };
    raw.categories.push(...missing.map(entry));
    await writeFile(path, prettyJson(raw));
    return;
  }
  await mkdir(corpusDir, { recursive: true });
  await writeFile(
    path,
    prettyJson({
      schema: 'crossover.corpus/1',
      id: 'imported',
      version: '1',
      qualificationRules: 'imported',
      categories: [...new Set(categories)].map(entry),
    }),
  );
}
