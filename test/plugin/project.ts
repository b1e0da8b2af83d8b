import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { BUILT, builtCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

export const REPO = resolve(import.meta.dirname, '../..');
const VITEST_BIN = join(REPO, 'node_modules/vitest/vitest.mjs');
export const REPORTER = BUILT.reporter;
/** Where each Vitest run in a project leaves its JSON report (test states and meta). */
export const JSON_REPORT = 'vitest-report.json';

/** The two grader tasks the small experiment runs: one library task, one browser task. */
const TASKS = ['valid-node', 'browser-counter'];
/**
 * The library task alone: half the trials, and none needs Chromium (a browser task's run launches
 * it before any trial and again to grade each trial). For a claim that is not about browser grading.
 */
export const LIBRARY_TASKS = ['valid-node'];

const CORPUS = {
  schema: 'crossover.corpus/1',
  id: 'small',
  version: '1.0.0',
  categories: [
    { id: 'boundary-logic', title: 'Boundary logic' },
    { id: 'dom-rendering', title: 'DOM rendering' },
  ],
};

export interface ProjectOptions {
  /** the experiment file the plugin runs; experiments/small.ts unless given */
  experiment?: string;
  /** the crossover() plugin's `plan` option */
  plan?: string;
  /** trials at once (kept small: the machine is shared) */
  concurrency?: number;
}

/** The project's own vitest.config.ts: one `small` project from Crossover's sources, its reporter at the root. */
function vitestConfig(options: ProjectOptions): string {
  const plugin = {
    experiment: options.experiment ?? 'experiments/small.ts',
    concurrency: options.concurrency ?? 4,
    ...(options.plan ? { plan: options.plan } : {}),
  };
  return [
    `import { defineConfig } from 'vitest/config';`,
    `import { crossover } from ${JSON.stringify(BUILT.plugin)};`,
    '',
    'export default defineConfig({',
    '  test: {',
    `    projects: [{ plugins: [crossover(${JSON.stringify(plugin)})], test: { name: 'small' } }],`,
    `    reporters: ['default', ${JSON.stringify(REPORTER)}, 'json'],`,
    `    outputFile: { json: ${JSON.stringify(JSON_REPORT)} },`,
    '  },',
    '});',
    '',
  ].join('\n');
}

/** Rewrites the project's vitest.config.ts, e.g. to hold the run to a registered plan. */
export async function configure(root: string, options: ProjectOptions): Promise<void> {
  await writeFile(join(root, 'vitest.config.ts'), vitestConfig(options));
}

/**
 * A temp project laid out like this repository: experiments/small.ts (the demo's shape), a corpus of
 * the grader's tiny tasks, links to Crossover's fixtures and node_modules, and a vitest.config.ts.
 * The experiment's provider is probed, so its arm is eligible and the plan runnable. `tasks` picks
 * the corpus's tasks (the experiment runs every one), both unless given. Outside a test
 * (in a beforeAll) pass `root`: tempDir cleans up when a test ends.
 */
export async function smallProject(
  options: ProjectOptions & { probe?: boolean; root?: string; tasks?: readonly string[] } = {},
): Promise<string> {
  const root = options.root ?? (await tempDir('crossover-plugin-'));
  await mkdir(join(root, 'experiments/prompts'), { recursive: true });
  await cp(join(REPO, 'fixtures/experiments/small.ts'), join(root, 'experiments/small.ts'));
  await cp(join(REPO, 'experiments/prompts/default.md'), join(root, 'experiments/prompts/default.md'));
  await mkdir(join(root, 'corpus/tasks'), { recursive: true });
  await writeFile(join(root, 'corpus/corpus.json'), JSON.stringify(CORPUS, null, 2));
  for (const task of options.tasks ?? TASKS)
    await cp(join(REPO, 'fixtures/tasks', task), join(root, 'corpus/tasks', task), { recursive: true });
  await symlink(join(REPO, 'fixtures'), join(root, 'fixtures'));
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'small-project', private: true, type: 'module' }));
  await configure(root, options);
  if (options.probe !== false) {
    const probed = await cli(root, ['probe', 'experiments/small.ts']);
    if (probed.code !== 0) throw new Error(`crossover probe failed: ${probed.err}`);
  }
  return root;
}

/** `crossover <argv>` in-process, in `root`, from the built package. */
export const cli = builtCli;

/**
 * A fresh copy of a project made once per file (smallProject in a beforeAll), its probe records and
 * links included: a test that needs a project of its own without paying for another probe. Removed
 * when the test ends (a concurrent test passes its context's onTestFinished, as to tempDir).
 */
export async function copyProject(template: string, onFinished?: Parameters<typeof tempDir>[1]): Promise<string> {
  const root = await tempDir('crossover-plugin-', onFinished);
  await cp(template, root, { recursive: true, verbatimSymlinks: true });
  return root;
}

/**
 * A small project's browser task swapped for a second copy of its library task, for a claim not about
 * browser grading: still two tasks (two test files, to shard) and 16 trials, and no Chromium (a run of
 * the small experiment took 6 CPU-s so, 14 with the browser task).
 */
export async function twoLibraryTasks(root: string): Promise<void> {
  const tasks = join(root, 'corpus/tasks');
  await rm(join(tasks, 'browser-counter'), { recursive: true });
  await cp(join(tasks, 'valid-node'), join(tasks, 'valid-node-again'), { recursive: true });
  const file = join(tasks, 'valid-node-again/task.json');
  const task = JSON.parse(await readFile(file, 'utf8')) as object;
  await writeFile(file, JSON.stringify({ ...task, id: 'valid-node-again' }, null, 2));
}

/** This process's environment without the markers of the Vitest running these tests, so the child is a fresh Vitest. */
function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith('VITEST') || name === 'TEST' || name === 'NODE_ENV') continue;
    env[name] = value;
  }
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0' };
}

type ChildRun = ResultPromise<{
  cwd: string;
  env: Record<string, string>;
  extendEnv: false;
  reject: false;
  all: true;
  detached: true;
}>;

/** `node <script> <args>` as its own process in `root`, in its own process group. */
function child(root: string, script: string, args: string[], env: Record<string, string> = {}): ChildRun {
  return execa(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...childEnv(), ...env },
    extendEnv: false,
    reject: false,
    all: true,
    detached: true,
  });
}

/**
 * `vitest <args>` as its own process in `root`, in its own process group (so a test can SIGKILL the
 * whole run, workers included). Resolves with the exit code whatever it is.
 */
export function vitest(root: string, args: string[]): ChildRun {
  return child(root, VITEST_BIN, args);
}

/** `crossover <args>` (the built CLI) as its own process in `root`, in its own process group, like `vitest`. */
export function crossoverProcess(root: string, args: string[], env: Record<string, string> = {}): ChildRun {
  return child(root, BUILT.bin, args, env);
}

/**
 * The plan directory of an experiment that ran, the small one unless named (a registered plan and
 * its receipts): the one holding receipts, else the only one. A blocked plan's directory holds its
 * plan.json alone (`plan` and `run` write it for `approve`).
 */
export async function planDir(root: string, experiment = 'small'): Promise<string> {
  const base = join(root, '.crossover', experiment);
  const dirs = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  const ran = dirs.filter((name) => existsSync(join(base, name, 'receipts')));
  const found = ran.length > 0 ? ran : dirs;
  if (found.length !== 1) throw new Error(`${base}: expected one plan directory, found ${dirs.join(', ') || 'none'}`);
  return join(base, found[0] as string);
}

/** Receipt file names (`<trialId>.json`) stored for the plan; empty when there is no receipts directory. */
export async function receiptNames(dir: string): Promise<string[]> {
  const names = await readdir(join(dir, 'receipts')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json')).sort();
}

/**
 * Resolves once `enough` holds of the receipt names of the experiment's plan (its directory appears
 * only once the run prepared it); throws if the run ends first.
 */
export async function receiptsAppear(
  root: string,
  running: Promise<unknown>,
  enough: (dir: string, names: string[]) => boolean | Promise<boolean>,
  experiment = 'small',
): Promise<void> {
  let ended = false;
  void running.finally(() => (ended = true));
  for (;;) {
    const dir = await planDir(root, experiment).catch(() => null);
    if (dir && (await enough(dir, await receiptNames(dir)))) return;
    if (ended) throw new Error('the run ended before it could be killed half-way');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Timing figures, which differ between runs by nature: elapsed, check and context-call milliseconds. */
const TIMING = new Set(['elapsedMs', 'durationMs', 'latencyMs', 'medianLatencyMs']);

/** Drops every timing figure. */
function withoutTiming(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTiming);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TIMING.has(key))
      .map(([key, inner]) => [key, withoutTiming(inner)]),
  );
}

/** The plan's scorecard.json with timing diagnostics removed: outcomes, statistics and verdicts. */
export async function scorecardWithoutTiming(dir: string): Promise<unknown> {
  return withoutTiming(JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')));
}

/** Each trial's outcome by trial id: status and every check's status, from the stored receipts. */
export async function outcomes(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of await receiptNames(dir)) {
    const receipt = JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as {
      status: string;
      checks: { id: string; status: string }[];
    };
    result[name] = `${receipt.status}: ${receipt.checks.map((c) => `${c.id}=${c.status}`).join(' ')}`;
  }
  return result;
}

export interface ReportedTest {
  name: string;
  status: string;
  trialId: string | undefined;
  resumed: string | undefined;
}

/** The tests of the last run in `root`, from Vitest's JSON reporter. */
export async function reportedTests(root: string, file = JSON_REPORT): Promise<ReportedTest[]> {
  const report = JSON.parse(await readFile(join(root, file), 'utf8')) as {
    testResults: {
      assertionResults: {
        fullName: string;
        status: string;
        meta?: { crossover?: { trialId: string; resumed?: string } };
      }[];
    }[];
  };
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: test.fullName,
      status: test.status,
      trialId: test.meta?.crossover?.trialId,
      resumed: test.meta?.crossover?.resumed,
    })),
  );
}
