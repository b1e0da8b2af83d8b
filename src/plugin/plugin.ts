import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type {} from 'vitest/config';
import { CorpusSchema, TaskSchema } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { RunSelection } from '../contracts/run-filter.js';
import { gradingBoundMs } from '../grading/grading-bound.js';
import { readArtifact } from '../io/json.js';
import { liveRunLock, lockRefusal, RUN_LOCK_FILE } from '../io/run-lock.js';
import { latestAttempts, type ReattemptSelection, selectReattempts } from '../receipts/attempts.js';
import { agentWallBoundMs } from '../trial/agent-clock.js';
import { writeTestFiles } from './generate.js';
import { type PreparedRun, prepareRun } from './prepare.js';
import type { RunContext } from './run-context.js';
import { stoppedRun } from './stackless.js';

export interface CrossoverPluginOptions {
  /** experiments/*.ts, relative to the Vitest root */
  experiment: string;
  /** a registered plan.json to hold the run to: any drift stops it */
  plan?: string;
  /** agents at once (1: one trial at a time); default from the experiment, else sized to the machine */
  concurrency?: number;
  /** a run `crossover run` already prepared, so the plan is not derived twice */
  prepared?: PreparedRun;
  /** the token of the run lock `crossover run` holds for the prepared plan */
  runLockToken?: string;
  /** run the re-attempts the plan's policy preregisters for trials whose latest attempt ended invalid */
  reattempt?: boolean;
  /** the re-attempts `crossover run --reattempt` already chose (and printed) */
  reattempts?: ReattemptSelection;
  /** run only these tasks and arms of the plan (`crossover run --task --arm`); the plan stays whole */
  selection?: RunSelection;
}

const HERE = fileURLToPath(import.meta.url);
/** Crossover's own sources, which only its own tests run; otherwise the built dist/. */
const FROM_SOURCE = HERE.endsWith('.ts');
/**
 * Built, the global setup's bundle (scripts/bundle.mjs): Vitest imports it in the process that
 * started it, where the CLI's bundle has already loaded the chunks it shares, zod's among them.
 */
const SETUP_FILE = FROM_SOURCE
  ? join(HERE, '..', 'global-setup.ts')
  : join(HERE, '..', '..', 'bundled', 'global-setup.js');

/**
 * Built Crossover is imported by Node in a test worker, as an installed package would be, not
 * fetched and transformed module by module through Vite (which made the first trial start about
 * half a second later). Its TypeScript sources need the transform.
 */
function importedByNode(): RegExp[] {
  if (FROM_SOURCE) return [];
  const built = `${join(HERE, '..', '..')}${sep}`;
  return [new RegExp(`^${built.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)];
}

/**
 * Agents mostly wait on a model API, so several trials share a core; and since a task file holds
 * only its own task's trials, the bound must cover a file per core for every core to take part.
 */
export function defaultConcurrency(): number {
  return Math.max(2, availableParallelism() * 8);
}

/**
 * Peak agents at once is workers × agents at once per file, and one file holds one task's trials.
 * A worker starts its next file only when the last trial of its current file has been graded and
 * cleaned up, so a file whose agents all run at once leaves its slots idle while they grade. A file
 * runs its agents in at least two turns, so the second turn's agents start while the first turn
 * grades; more workers side by side then make up the bound (each imports the harness once).
 */
export function spreadConcurrency(
  concurrency: number,
  trialsPerTask: readonly number[],
): { maxWorkers: number; agentsPerFile: number } {
  const largest = Math.max(1, ...trialsPerTask);
  const inTwoTurns = Math.max(1, Math.min(concurrency, Math.ceil(largest / 2)));
  const maxWorkers = Math.max(1, Math.min(trialsPerTask.length, Math.floor(concurrency / inTwoTurns)));
  // Fewer files than the bound can use: each runs more of its agents at once instead.
  return { maxWorkers, agentsPerFile: Math.min(largest, Math.floor(concurrency / maxWorkers)) };
}

/** The re-attempts a run makes, from the receipts stored so far (none unless requested). */
export async function chooseReattempts(run: PreparedRun, requested: boolean): Promise<ReattemptSelection> {
  const latest = requested ? await latestAttempts(run.plan, run.layout.receiptsDir) : new Map();
  return selectReattempts(run.plan, run.planId, latest, requested);
}

/** A run Vitest started itself says what it re-attempts; `crossover run` chooses and prints its own. */
async function reattemptsOfRun(options: CrossoverPluginOptions, run: PreparedRun): Promise<ReattemptSelection> {
  if (options.reattempts) return options.reattempts;
  const selection = await chooseReattempts(run, options.reattempt ?? false);
  for (const note of selection.notes) process.stdout.write(`crossover: ${note}\n`);
  return selection;
}

/**
 * What every experiment project sets, whatever its plan. Not isolated: every generated file imports
 * the same harness, and a worker that re-imports it (the schemas, the trial machinery) for each task
 * file spends that CPU again per file. Trials share no module state (the grading slots are files).
 */
function baseTestConfig() {
  return {
    retry: 0,
    bail: 0,
    isolate: false,
    globalSetup: [SETUP_FILE],
    passWithNoTests: false,
    include: [],
    server: { deps: { external: importedByNode() } },
  };
}

const escaped = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The test files and names a run takes: every task's file, or only the selected tasks' files and,
 * inside them, the selected arms' trials (a test is named "<task> <arm> #<repeat>").
 */
function selectedTests(testsDir: string, files: readonly string[], plan: Plan, selection: RunSelection | undefined) {
  if (selection === undefined) return { include: [join(testsDir, '*.test.ts')] };
  const include = files.filter((_, index) => selection.tasks?.includes(plan.tasks[index]!.id) ?? true);
  if (selection.arms === null) return { include };
  return { include, testNamePattern: new RegExp(`^\\S+ (${selection.arms.map(escaped).join('|')}) #`) };
}

/**
 * The longest grading of any of the plan's tasks (grading-bound.ts): a trial's test allows it on top
 * of the agent's time, so a grading the machine starves still ends in a receipt, not a test timeout.
 */
async function longestGradingMs(root: string, run: PreparedRun): Promise<number> {
  const corpusDir = join(root, run.plan.corpus.path);
  const corpus = await readArtifact(join(corpusDir, 'corpus.json'), CorpusSchema);
  const tasks = run.plan.tasks.map(({ id }) => join(corpusDir, 'tasks', id, 'task.json'));
  const bounds = await Promise.all(
    tasks.map(async (file) => {
      const task = await readArtifact(file, TaskSchema);
      // A task's own environment replaces its corpus's whole (corpus/load.ts).
      return gradingBoundMs(task, (task.environment ?? corpus.environment)?.browser);
    }),
  );
  return Math.max(0, ...bounds);
}

/** The project settings of a prepared run: its generated test files, the run context and the concurrency. */
async function runSettings(options: CrossoverPluginOptions, root: string, run: PreparedRun) {
  const reattempts = await reattemptsOfRun(options, run);
  const testsDir = join(run.layout.planDir, 'tests');
  const files = await writeTestFiles(testsDir, run.plan);
  const concurrency = options.concurrency ?? run.experiment.experiment.concurrency ?? defaultConcurrency();
  const trialsPerTask = run.plan.tasks.map(
    (task) => run.plan.schedule.trials.filter((t) => t.taskId === task.id).length,
  );
  const { maxWorkers, agentsPerFile } = spreadConcurrency(concurrency, trialsPerTask);
  const largest = Math.max(1, ...trialsPerTask);
  const context: RunContext = {
    state: 'ready',
    root,
    experimentId: run.experiment.experiment.id,
    planId: run.planId,
    planFile: run.layout.planFile,
    receiptsDir: run.layout.receiptsDir,
    providers: run.experiment.experiment.providers,
    experimentDir: run.experiment.dir,
    agentsPerFile,
    deadlineAt: Date.now() + run.plan.budget.deadlineSec * 1000,
    authHome: run.authHome,
    runLockToken: options.runLockToken ?? null,
    reattempts: reattempts.attempts,
  };
  return {
    context,
    config: {
      ...selectedTests(testsDir, files, run.plan, options.selection),
      maxWorkers,
      // Every trial of a file is a running test at once, and the harness's agent slots bound
      // the agents: a trial may wait for turns ahead of it before its own. A bound of one asks
      // for one trial at a time, grading included.
      maxConcurrency: concurrency === 1 ? 1 : largest,
      // An agent's limit is of its own time: the machine may stretch it to agentWallBoundMs in wall time.
      testTimeout:
        (agentWallBoundMs(run.plan.budget.trialTimeoutSec * 1000) + 60_000 + (await longestGradingMs(root, run))) *
        Math.ceil(largest / agentsPerFile),
      hookTimeout: 60_000,
    },
  };
}

/**
 * The settings of a project whose plan cannot run, when Vitest's own filter did not name it: no
 * trials, and nothing else the run does is held up by it.
 */
function stoppedSettings(options: CrossoverPluginOptions, root: string, reason: string) {
  const context: RunContext = { state: 'stopped', root, experimentId: options.experiment, stopReason: reason };
  return { context, config: { include: [] as string[] } };
}

/** Another live run of the same plan (its lock not handed to this run): this one would only be refused later. */
async function heldElsewhere(run: PreparedRun, token: string | undefined): Promise<void> {
  const lock = await liveRunLock(run.layout.planDir);
  if (lock !== null && lock.token !== token) throw lockRefusal(join(run.layout.planDir, RUN_LOCK_FILE), lock);
}

/** Derives (or takes) the run and returns its project settings; a plan that cannot run gives stopped settings. */
async function projectSettings(options: CrossoverPluginOptions, root: string, chosen: boolean) {
  try {
    const run =
      options.prepared ??
      (await prepareRun({
        experimentFile: options.experiment,
        root,
        ...(options.plan ? { planFile: options.plan } : {}),
      }));
    await heldElsewhere(run, options.runLockToken);
    return await runSettings(options, root, run);
  } catch (error) {
    if (!(error instanceof CrossoverError)) throw error;
    // Named by the filter: its reason is the first and only thing the run says, with no stack.
    if (chosen) throw stoppedRun(`crossover: ${error.message}`);
    return stoppedSettings(options, root, error.message);
  }
}

/**
 * The Crossover Vitest plugin: one project per experiment. Its `config` hook only sets what every
 * experiment project shares, because Vite runs it for projects the --project filter leaves out too.
 * The plan is derived in `configureVitest`, which Vitest calls only for the projects its own filter
 * selected (wildcards and `!` negations as Vitest documents them): it writes one generated test file
 * per task and provides the run context. A plan that cannot run does not throw; its global setup
 * stops the project with the reason.
 */
export function crossover(options: CrossoverPluginOptions): Plugin {
  return {
    name: 'crossover',
    config() {
      return { test: baseTestConfig() };
    },
    async configureVitest({ project, vitest }) {
      const chosen = vitest.config.project.length > 0;
      const settings = await projectSettings(options, project.config.root, chosen);
      // The resolved config is what Vitest reads when it globs, schedules and serializes the project.
      Object.assign(project.config, settings.config);
      project.provide('crossover', settings.context);
    },
  };
}
