import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ImportExclusion } from '../contracts/corpus-import.js';
import { CrossoverError, errorReason, parseJsonText, parseWith } from '../contracts/errors.js';
import { redact } from '../contracts/redaction.js';
import type { RunnerMapping } from '../contracts/runners.js';
import { type SweBenchInstance, SweBenchInstanceSchema } from '../contracts/swe-bench.js';
import { mapBounded } from '../io/bounded.js';
import { git } from '../io/git.js';
import { parseOverride } from './dependencies.js';
import { importTask } from './import.js';
import { chooseRunner, withTestFiles } from './runners.js';
import { commitPatches, locateRepository, patchedFiles, type RepositorySources } from './swe-bench-repos.js';
import { taskIdOf } from './task-id.js';

export interface SweBenchImportOptions {
  /** the instances file (JSON Lines) */
  file: string;
  corpusDir: string;
  root: string;
  sources: RepositorySources;
  mapping: RunnerMapping | null;
  /** how many times the suite runs on each tree */
  runs: number;
  category: string;
  /** only these instance_ids (all when absent) */
  only?: readonly string[];
  /** instances imported at once */
  concurrency: number;
  /** called as each instance ends: the task it became, or why none */
  onInstance?: (outcome: InstanceOutcome, done: number, total: number) => void;
}

/** What became of one instance. */
export type InstanceOutcome =
  | { source: string; id: string; kept: boolean; excludedTests: number; runner: string }
  | { source: string; reason: string };

/** Each line of the file as an instance, or the reason it is not one (named by its instance_id when it has one). */
async function readInstances(file: string): Promise<(SweBenchInstance | { source: string; reason: string })[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${file}: cannot read the instances file (${error.code ?? error.message})`);
  });
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      const where = `${basename(file)}:${number}`;
      try {
        return parseWith(SweBenchInstanceSchema, parseJsonText(line, where), where);
      } catch (error) {
        const raw = (() => {
          try {
            return (JSON.parse(line) as { instance_id?: unknown }).instance_id;
          } catch {
            return undefined;
          }
        })();
        return { source: typeof raw === 'string' ? raw : `line ${number}`, reason: errorReason(error) };
      }
    });
}

/** Builds one instance's task: the repository at base_commit, patch as the reference, test_patch hidden, the declared lists checked by runs. */
async function importInstance(instance: SweBenchInstance, options: SweBenchImportOptions): Promise<InstanceOutcome> {
  const id = taskIdOf(instance.instance_id);
  if (await stat(join(options.corpusDir, 'tasks', id)).catch(() => null))
    return { source: instance.instance_id, id, kept: true, excludedTests: 0, runner: 'already imported' };
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-swe-bench-'));
  try {
    const mirror = await locateRepository(options.sources, instance.repo);
    const repo = join(scratch, 'repo.git');
    const fix = await commitPatches(
      mirror,
      repo,
      instance.base_commit,
      [
        { name: 'patch', diff: instance.patch },
        { name: 'test patch', diff: instance.test_patch },
      ],
      instance.instance_id,
    );
    const read = (path: string) =>
      git(repo, ['cat-file', '-p', `${instance.base_commit}:${path}`]).then(
        (bytes) => bytes.toString('utf8'),
        () => null,
      );
    const runner = await chooseRunner(instance.repo, read, options.mapping);
    const testPaths = patchedFiles(instance.test_patch);
    const { excluded } = await importTask({
      repo,
      base: instance.base_commit,
      fix,
      id,
      corpusDir: options.corpusDir,
      root: options.root,
      issue: instance.problem_statement,
      title: instance.problem_statement.trim().split('\n')[0]!.slice(0, 200) || instance.instance_id,
      testPaths,
      test: withTestFiles(runner.test, testPaths),
      ...(runner.setup ? { setup: runner.setup } : {}),
      category: options.category,
      surface: 'library',
      timeoutSec: 600,
      runs: options.runs,
      declared: { failToPass: instance.FAIL_TO_PASS, passToPass: instance.PASS_TO_PASS },
      source: {
        kind: 'swe-bench',
        repository: instance.repo,
        instance: instance.instance_id,
        base: instance.base_commit,
      },
      overrides: runner.overrides.map((text) => parseOverride(text, `the runner of ${instance.repo}: overrides`)),
    });
    return { source: instance.instance_id, id, kept: false, excludedTests: excluded.length, runner: runner.chosen };
  } catch (error) {
    // The record holds no absolute paths: the scratch clone and the project root are named by placeholder.
    if (error instanceof CrossoverError)
      throw new CrossoverError(
        error.code,
        redact(error.message, { secrets: [], paths: { [scratch]: '<scratch>', [options.root]: '<root>' } }),
      );
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export interface SweBenchImport {
  outcomes: InstanceOutcome[];
  excluded: ImportExclusion[];
}

/**
 * Imports a SWE-bench instances file into a corpus, a few instances at a time. Every instance
 * ends as a task or in `excluded` with the reason (a line that does not parse, a repository
 * not found, a patch that does not apply, no test runner, no declared test that fails on the
 * base and passes with the patch): none is dropped silently.
 */
export async function importSweBench(options: SweBenchImportOptions): Promise<SweBenchImport> {
  const read = await readInstances(options.file);
  const wanted = options.only ? new Set(options.only) : null;
  const selected = read.filter(
    (entry) => wanted === null || wanted.has('instance_id' in entry ? entry.instance_id : entry.source),
  );
  let done = 0;
  const outcomes = await mapBounded(selected, options.concurrency, async (entry) => {
    let outcome: InstanceOutcome;
    if (!('instance_id' in entry)) outcome = entry;
    else
      outcome = await importInstance(entry, options).catch((error: unknown) => {
        if (!(error instanceof CrossoverError)) throw error;
        return { source: entry.instance_id, reason: error.message };
      });
    done += 1;
    options.onInstance?.(outcome, done, selected.length);
    return outcome;
  });
  const excluded = outcomes.flatMap((outcome) =>
    'reason' in outcome ? [{ source: outcome.source, kind: 'swe-bench' as const, reason: outcome.reason }] : [],
  );
  return { outcomes, excluded };
}
