import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { prettyJson } from '../contracts/canonical.js';
import type { Repository, Task } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import { applyHiddenTests, runTestSuite, type SuiteRun } from '../grading/repository-tests.js';
import type { TestResults } from '../grading/test-results.js';
import { git } from '../io/git.js';
import { treeDigest } from '../io/tree.js';
import { type LoadedTask, loadTask } from './load.js';
import { materializeTree } from './materialize.js';
import { ensureSetup } from './setup.js';

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
  testFiles?: string[];
  test: Repository['test'];
  setup?: NonNullable<Repository['setup']>;
  title?: string;
  category: string;
  surface: Task['surface'];
  timeoutSec: number;
}

export interface ImportResult {
  task: LoadedTask;
  /** tests of the fix that fail with the fix applied: left out of both lists */
  failingOnFix: string[];
}

/** Extracts `paths` (all when empty) of `commit`'s tree into `dest`: files, modes and symlinks, no .git. */
async function extract(repo: string, commit: string, dest: string, paths: string[] = []): Promise<void> {
  await mkdir(dest, { recursive: true });
  const archive = join(dest, '..', `.${commit.slice(0, 12)}.${Date.now()}.tar`);
  await git(repo, ['archive', '--format=tar', commit, ...(paths.length > 0 ? ['--', ...paths] : [])], {
    stdoutFile: archive,
  });
  await new Promise<void>((resolve, reject) => {
    const tar = spawn('tar', ['-xf', archive, '-C', dest], { stdio: 'ignore' });
    tar.on('error', reject);
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code}`))));
  });
  await rm(archive, { force: true });
}

async function commitId(repo: string, rev: string, what: string): Promise<string> {
  const out = await git(repo, ['rev-parse', '--verify', `${rev}^{commit}`]).catch(() => {
    throw new CrossoverError('invalid-input', `--${what} ${rev}: not a commit of ${repo}`);
  });
  return out.toString('utf8').trim();
}

/** (status, path) of every file the fix changes, renames as delete plus add. */
async function changes(repo: string, base: string, fix: string): Promise<{ status: string; path: string }[]> {
  const out = (await git(repo, ['diff', '--name-status', '--no-renames', '-z', base, fix])).toString('utf8');
  const parts = out.split('\0').filter((part) => part !== '');
  const result: { status: string; path: string }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) result.push({ status: parts[i]!, path: parts[i + 1]! });
  return result;
}

function suiteResults(run: SuiteRun, tree: string): TestResults {
  if (run.kind === 'results') return run.results;
  throw new CrossoverError('invalid-input', `the test command gave no results on ${tree}: ${run.message}`);
}

/**
 * Builds a repository task from a local git repository's base and fix commits: the workspace is
 * the base tree (no .git), the reference the fix's changes to non-test files, checks/ the fix's
 * test files; the fail-to-pass and pass-to-pass lists come from running the test command on the
 * base with the fix's tests and on the fix with them.
 */
export async function importTask(options: ImportOptions): Promise<ImportResult> {
  const base = await commitId(options.repo, options.base, 'base');
  const fix = await commitId(options.repo, options.fix, 'fix');
  const dir = join(options.corpusDir, 'tasks', options.id);
  if (await stat(dir).catch(() => null))
    throw new CrossoverError('conflict', `${dir}: already exists; choose another --id or remove it`);
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-import-'));
  try {
    const fixTree = join(scratch, 'fix');
    await extract(options.repo, fix, fixTree);
    const testPatterns = options.testFiles ?? DEFAULT_TEST_FILES;
    const tests = new Set(await glob(testPatterns, { cwd: fixTree, dot: true, onlyFiles: true }));
    const changed = await changes(options.repo, base, fix);
    const deleted = changed.filter((c) => c.status === 'D' && !tests.has(c.path)).map((c) => c.path);
    if (deleted.length > 0)
      throw new CrossoverError(
        'invalid-input',
        `the fix deletes ${deleted.join(', ')}: a reference overlay cannot delete files`,
      );
    const present = changed.filter((c) => c.status !== 'D').map((c) => c.path);
    const testPaths = present.filter((path) => tests.has(path));
    const sourcePaths = present.filter((path) => !tests.has(path));
    if (testPaths.length === 0)
      throw new CrossoverError(
        'invalid-input',
        `the fix changes no test file (matched by ${testPatterns.join(', ')}): give --test-files`,
      );
    if (sourcePaths.length === 0)
      throw new CrossoverError(
        'invalid-input',
        'the fix changes only test files: there is nothing for an agent to fix',
      );

    await extract(options.repo, base, join(dir, 'workspace'));
    await extract(options.repo, fix, join(dir, 'reference'), sourcePaths);
    await extract(options.repo, fix, join(dir, 'checks'), testPaths);
    const message = (await git(options.repo, ['log', '-1', '--format=%B', fix])).toString('utf8');
    await writeFile(join(dir, 'prompt.md'), options.issue ?? message);

    const setup = await ensureSetup(options.root, {
      dir,
      task: { repository: options.setup ? { setup: options.setup } : undefined },
      parts: { workspace: await treeDigest(join(dir, 'workspace')) },
    });
    const run = async (name: string, overlays: string[]): Promise<TestResults> => {
      const tree = join(scratch, name);
      await materializeTree(dir, overlays, tree);
      await applyHiddenTests(dir, tree);
      return suiteResults(await runTestSuite({ test: options.test, workspace: tree, setup }), `the ${name} tree`);
    };
    const onBase = await run('base-with-tests', []);
    const onFix = await run('fix-with-tests', [join(dir, 'reference')]);
    const ids = [...onFix.keys()].sort();
    const failToPass = ids.filter((id) => onFix.get(id) === 'pass' && onBase.get(id) !== 'pass');
    const passToPass = ids.filter((id) => onFix.get(id) === 'pass' && onBase.get(id) === 'pass');
    const failingOnFix = ids.filter((id) => onFix.get(id) !== 'pass');
    if (failToPass.length === 0)
      throw new CrossoverError(
        'invalid-input',
        `no test of the fix fails on the base and passes on the fix (${passToPass.length} pass on both): nothing to qualify`,
      );
    const task: Task = {
      schema: 'crossover.task/1',
      id: options.id,
      title: options.title ?? message.split('\n')[0]!.slice(0, 200),
      category: options.category,
      surface: options.surface,
      timeoutSec: options.timeoutSec,
      repository: {
        ...(options.setup ? { setup: options.setup } : {}),
        test: options.test,
        failToPass,
        passToPass,
      },
      protectedPaths: [],
    };
    await writeFile(join(dir, 'task.json'), prettyJson(task));
    return { task: await loadTask(dir), failingOnFix };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The corpus.json an import creates when the directory has none: imported rules, one category. */
export async function ensureImportedCorpus(corpusDir: string, category: string): Promise<void> {
  const path = join(corpusDir, 'corpus.json');
  if (await readFile(path).catch(() => null)) return;
  await mkdir(corpusDir, { recursive: true });
  await writeFile(
    path,
    prettyJson({
      schema: 'crossover.corpus/1',
      id: 'imported',
      version: '1',
      qualificationRules: 'imported',
      categories: [{ id: category, title: 'Imported from repositories' }],
    }),
  );
}
