import { access, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { digestBytes, digestOf } from '../contracts/canonical.js';
import { type Corpus, CorpusSchema, type Task, TaskSchema } from '../contracts/corpus.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { treeDigest } from '../io/tree.js';
import { type ResolvedEnvironment, resolveEnvironment } from './environment.js';
import { HISTORY_BUNDLE } from './git-history.js';

/** Tasks loaded at once: each reads its trees with up to 64 reads in flight (io/tree.ts). */
const PARALLEL_TASKS = 8;

export interface TaskDigests {
  taskJson: string;
  prompt: string;
  workspace: string;
  checks: string;
  reference: string;
  decoys: string;
  /** history.bundle's bytes, for a task that declares history; absent otherwise */
  history?: string;
}

export interface LoadedTask {
  task: Task;
  /** absolute directory of the task */
  dir: string;
  prompt: string;
  /** binds every part below */
  digest: string;
  parts: TaskDigests;
  decoys: string[];
  /** where its trials and checks run under the container sandbox: its own environment, or its corpus's; absent: neither declares one */
  environment?: ResolvedEnvironment;
}

/** A task whose tree the corpus cannot use (a symlink leaving it, a special file): only that task is out. */
export interface RefusedTask {
  id: string;
  reason: string;
}

export interface LoadedCorpus {
  corpus: Corpus;
  dir: string;
  /** binds corpus.json and every loaded task; refused tasks are not part of it */
  digest: string;
  tasks: LoadedTask[];
  refused: RefusedTask[];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Directories in `dir`, by name; dot names are left out (no id starts with a dot: an import builds a task there first). */
async function subdirectories(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

async function validateTask(task: Task, dir: string, source: string, corpus: Corpus | null): Promise<void> {
  const dirName = basename(dir);
  if (task.id !== dirName)
    throw new CrossoverError(
      'invalid-input',
      `${source}: $.id: expected "${dirName}" (the task directory's name), got "${task.id}"`,
    );
  if (corpus && !corpus.categories.some((c) => c.id === task.category)) {
    const known = corpus.categories.map((c) => c.id).join(', ');
    throw new CrossoverError(
      'invalid-input',
      `${source}: $.category: expected one of the corpus categories (${known}), got "${task.category}"`,
    );
  }
  const seen = new Set<string>();
  for (const [group, checks] of [
    ['required', task.checks?.required ?? []],
    ['regressions', task.checks?.regressions ?? []],
  ] as const) {
    for (const [index, check] of checks.entries()) {
      const path = `$.checks.${group}[${index}]`;
      if (seen.has(check.id))
        throw new CrossoverError('invalid-input', `${source}: ${path}.id: check id "${check.id}" is used twice`);
      seen.add(check.id);
      if (!(await exists(join(dir, 'checks', check.file)))) {
        throw new CrossoverError(
          'invalid-input',
          `${source}: ${path}.file: expected a file under checks/, "${check.file}" does not exist`,
        );
      }
    }
  }
  const repository = task.repository;
  if (repository) {
    for (const [group, ids] of [
      ['failToPass', repository.failToPass],
      ['passToPass', repository.passToPass],
    ] as const) {
      for (const [index, id] of ids.entries()) {
        if (seen.has(id))
          throw new CrossoverError(
            'invalid-input',
            `${source}: $.repository.${group}[${index}]: test "${id}" is listed twice`,
          );
        seen.add(id);
      }
    }
  }
  for (const [index, file] of (task.relevantFiles ?? []).entries()) {
    const inWorkspace = await exists(join(dir, 'workspace', file));
    const inReference = await exists(join(dir, 'reference', file));
    if (!inWorkspace && !inReference) {
      throw new CrossoverError(
        'invalid-input',
        `${source}: $.relevantFiles[${index}]: expected a file of the workspace or reference, "${file}" is in neither`,
      );
    }
  }
}

/** The digest of the bundle a task that declares history rebuilds its .git from; a task without one is refused. */
async function historyDigest(dir: string, source: string): Promise<string> {
  const bundle = await readFile(join(dir, HISTORY_BUNDLE)).catch(() => {
    throw new CrossoverError(
      'not-found',
      `${source}: $.repository.history: expected ${join(dir, HISTORY_BUNDLE)}, a git bundle holding the commit`,
    );
  });
  if (await exists(join(dir, 'workspace', '.git')))
    throw new CrossoverError(
      'invalid-input',
      `${source}: $.repository.history: the workspace holds a .git of its own; the rebuilt one would replace it`,
    );
  return digestBytes(bundle);
}

/** Awaits every promise, then gives their values or throws the first rejection in list order (not in time). */
async function allInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const outcomes = await Promise.allSettled(promises);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Loads one task directory, validates it and computes its digest. */
export async function loadTask(dir: string, corpus: Corpus | null = null): Promise<LoadedTask> {
  const source = join(dir, 'task.json');
  const taskBytes = await readFile(source).catch(() => {
    throw new CrossoverError('not-found', `${source}: no task.json (expected a task directory)`);
  });
  const task = parseWith(TaskSchema, parseJsonText(taskBytes.toString('utf8'), source), source);
  await validateTask(task, dir, source, corpus);
  const promptPath = join(dir, 'prompt.md');
  const prompt = await readFile(promptPath, 'utf8').catch(() => {
    throw new CrossoverError('not-found', `${promptPath}: missing (every task needs the prompt the agent is given)`);
  });
  for (const part of ['workspace', 'checks', 'reference'] as const) {
    if (!(await exists(join(dir, part))))
      throw new CrossoverError('not-found', `${join(dir, part)}: missing (every task has ${part}/)`);
  }
  const decoys = await subdirectories(join(dir, 'decoys'));
  // The trees are read together; a fault is the first part's in this order, as read one by one.
  const [workspace, checks, reference, decoyTree, history] = await allInOrder([
    treeDigest(join(dir, 'workspace')),
    treeDigest(join(dir, 'checks')),
    treeDigest(join(dir, 'reference')),
    exists(join(dir, 'decoys')).then((present) => (present ? treeDigest(join(dir, 'decoys')) : digestOf([]))),
    task.repository?.history ? historyDigest(dir, source) : Promise.resolve(undefined),
  ]);
  const parts: TaskDigests = {
    taskJson: digestBytes(taskBytes),
    prompt: digestBytes(prompt),
    workspace,
    checks,
    reference,
    decoys: decoyTree,
    ...(history !== undefined ? { history } : {}),
  };
  const hidden = ['checks', 'reference', 'decoys'].map((part) => join(dir, part));
  const environment = task.environment && (await resolveEnvironment(task.environment, dir, source, hidden));
  return { task, dir, prompt, digest: digestOf(parts), parts, decoys, ...(environment ? { environment } : {}) };
}

/**
 * Loads corpus.json and every task under tasks/, in id order. A task that cannot be used (a tree
 * that is refused, a folder without task.json or prompt.md, a task.json that does not parse) is
 * listed with its reason and left out; the other tasks load. A fault of corpus.json, or one that
 * is not the task's (the disk), stops the load.
 */
export async function loadCorpus(dir: string): Promise<LoadedCorpus> {
  const source = join(dir, 'corpus.json');
  const corpusBytes = await readFile(source).catch(() => {
    throw new CrossoverError('not-found', `${source}: no corpus.json (expected a corpus directory)`);
  });
  const corpus = parseWith(CorpusSchema, parseJsonText(corpusBytes.toString('utf8'), source), source);
  const ids = await subdirectories(join(dir, 'tasks'));
  const tasks: LoadedTask[] = [];
  const refused: RefusedTask[] = [];
  // Tasks load a batch at a time (each is a few dozen small reads that wait on the disk, not the
  // CPU) and are taken in id order, so the fault reported is the first task's, as loaded one by one.
  for (let start = 0; start < ids.length; start += PARALLEL_TASKS) {
    const batch = ids.slice(start, start + PARALLEL_TASKS);
    const outcomes = await Promise.allSettled(batch.map((id) => loadTask(join(dir, 'tasks', id), corpus)));
    for (const [index, outcome] of outcomes.entries()) {
      const id = batch[index]!;
      if (outcome.status === 'fulfilled') tasks.push(outcome.value);
      else if (outcome.reason instanceof CrossoverError)
        refused.push({ id, reason: outcome.reason.message.split(join(dir, 'tasks', id)).join(`tasks/${id}`) });
      else throw outcome.reason;
    }
  }
  const digest = digestOf({ corpus: digestBytes(corpusBytes), tasks: tasks.map((t) => [t.task.id, t.digest]) });
  if (corpus.environment) {
    // The corpus's environment is every task's that declares none.
    const environment = await resolveEnvironment(corpus.environment, dir, source, [join(dir, 'tasks')]);
    for (const task of tasks) task.environment ??= environment;
  }
  return { corpus, dir, digest, tasks, refused };
}
