import { z } from 'zod';
import { IdSchema, RelativePathSchema } from './common.js';
import { TaskEnvironmentSchema } from './environment.js';

export const CorpusSchema = z
  .object({
    schema: z.literal('crossover.corpus/1').describe('Format and version of this document.'),
    id: IdSchema.describe('Corpus id; bound into every plan.'),
    version: z.string().min(1).describe('Corpus version; bound into every plan.'),
    title: z.string().optional().describe('Human-readable name of the corpus.'),
    qualificationRules: z
      .enum(['bundled', 'imported'])
      .default('bundled')
      .describe(
        'bundled: 2–5 required checks, a regression, relevant files, a decoy caught by a required check; imported: the fail-to-pass tests are the required checks, decoys optional (noted when absent), a decoy caught by any check.',
      ),
    environment: TaskEnvironmentSchema.optional().describe(
      'The environment of every task that declares none; absent: such tasks use the host toolchain in bubblewrap.',
    ),
    categories: z
      .array(
        z
          .object({
            id: IdSchema.describe('Category id that tasks name in their category field.'),
            title: z.string().min(1).describe('Human-readable name of the category.'),
          })
          .strict(),
      )
      .min(1)
      .describe('The categories tasks are filed under.'),
  })
  .strict()
  .describe('corpus/corpus.json');

export const SurfaceSchema = z
  .enum(['api', 'browser', 'cli', 'library'])
  .describe('Where the behaviour is observed: api, browser, cli or library.');

export const CheckSchema = z
  .object({
    id: IdSchema.describe('Name of the check, unique within the task.'),
    file: RelativePathSchema.describe("Check module, relative to the task's checks/ directory."),
    runner: z
      .enum(['node', 'browser'])
      .describe("node: runs under Node's permission model; browser: trusted code drives headless Chromium."),
    timeoutMs: z
      .number()
      .int()
      .positive()
      .max(120_000)
      .default(20_000)
      .describe(
        "Time limit of this check's own time: wall time less the time the machine kept it from running. A check that runs over fails; one the machine starves has no verdict (check-starved). Never a pass.",
      ),
  })
  .strict();

/**
 * A test identifier as the result file names it: the enclosing suite names and the test's name
 * joined by " > " (JUnit, TAP, Jest/Vitest JSON); pytest's node id ("tests/test_x.py::TestA::test_b");
 * tape's "<test> > assertion <n>: <message>"; a repeated name suffixed " #2", " #3", … .
 */
export const TestIdSchema = z
  .string()
  .min(1)
  .max(400)
  .refine(
    (id) => ![...id].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    'expected a test id without control characters',
  )
  .describe(
    'A test of the repository\'s own suite, as its result file names it (suites and name joined by " > "; pytest: its node id).',
  );

export const TestResultFormatSchema = z
  .enum(['junit', 'tap', 'jest-json', 'harbor-reward'])
  .describe(
    "junit: JUnit XML (node --test-reporter=junit, Vitest/Jest junit reporters, pytest --junitxml, Mocha); tap: TAP 13/14 (node --test-reporter=tap, tape, Mocha tap); jest-json: Jest or Vitest --reporter=json; harbor-reward: a Harbor verifier's reward (reward.txt, a number: the check 'reward'; reward.json, names to numbers: a check each), 1 passes, anything else fails, run in Harbor's layout (the tree at workdir, the hidden tests at /tests, the reward written to /logs/verifier).",
  );

export const HistorySchema = z
  .object({
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'expected a full git commit id: 40 lower-case hex digits')
      .describe('The commit the workspace is: HEAD of the rebuilt .git; history.bundle must hold it.'),
    branch: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected a branch name of letters, digits, ".", "_" and "-"')
      .default('main')
      .describe('The branch HEAD names, pointing at the commit.'),
  })
  .strict()
  .describe(
    'The task needs history: a .git holding the commit and its ancestors is rebuilt in every materialized tree from history.bundle (a git bundle in the task directory, bound by the task digest), byte for byte the same each time.',
  );

export const RepositorySetupSchema = z
  .object({
    command: z
      .string()
      .min(1)
      .describe(
        'Shell command run once per (task, command, environment) in a copy of the workspace, with network (npm ci --ignore-scripts).',
      ),
    outputs: z
      .array(RelativePathSchema)
      .min(1)
      .describe(
        'Workspace paths the command produces (node_modules): kept content-addressed and given to trials read-only.',
      ),
    timeoutSec: z.number().int().positive().max(3600).default(600).describe('Time limit of the setup command.'),
    inputs: z
      .array(RelativePathSchema)
      .min(1)
      .optional()
      .describe(
        'The workspace files the setup reads (package.json, package-lock.json): it runs once per their content, and tasks whose inputs match share its outputs; absent: once per whole workspace. Outputs must depend on nothing else.',
      ),
  })
  .strict()
  .describe('Installs dependencies.');

export const RepositoryTestSchema = z
  .object({
    command: z
      .string()
      .min(1)
      .describe(
        "Shell command running the repository's own tests with no network; it writes its result file into $CROSSOVER_RESULTS.",
      ),
    format: TestResultFormatSchema,
    resultFile: RelativePathSchema.describe(
      'The result file the command writes, relative to $CROSSOVER_RESULTS: made empty by the grader, the only file there the runner may write (it cannot be replaced or renamed).',
    ),
    timeoutSec: z
      .number()
      .int()
      .positive()
      .max(3600)
      .default(900)
      .describe(
        "Time limit of one test run in its own time, as a check's: a run over it fails every check; one the machine starves runs again alone, and starved again has no verdict (check-starved).",
      ),
    workdir: z
      .string()
      .regex(/^\/[A-Za-z0-9._/-]*[A-Za-z0-9._-]$/, 'expected an absolute path below /, e.g. /app')
      .optional()
      .describe(
        "Where the graded tree is mounted and the command runs, a Harbor task's WORKDIR (harbor-reward only; /app by default).",
      ),
  })
  .strict()
  .describe("The repository's test runner.");

export const RepositorySchema = z
  .object({
    setup: RepositorySetupSchema.optional().describe('Installs dependencies; absent: the repository needs none.'),
    test: RepositoryTestSchema,
    failToPass: z
      .array(TestIdSchema)
      .min(1)
      .describe('Tests that fail on the starting tree and must pass: the required checks.'),
    passToPass: z
      .array(TestIdSchema)
      .describe('Tests that pass on the starting tree and must keep passing: the regressions.'),
    excluded: z
      .array(
        z
          .object({
            id: TestIdSchema,
            reason: z
              .string()
              .min(1)
              .describe(
                'Why it is no check: flaky (its result differed across runs of one tree), failing with the fix, …',
              ),
          })
          .strict(),
      )
      .optional()
      .describe(
        'Tests of the suite that are neither a required nor a regression check, each with the reason the import left it out; grading ignores them.',
      ),
    history: HistorySchema.optional(),
    editable: z
      .array(RelativePathSchema)
      .optional()
      .describe(
        'Test-infrastructure files (or directories) the agent may change: a task whose fix is in conftest.py, a runner config or package.json scripts. Any other such change is tampering.',
      ),
  })
  .strict()
  .describe(
    "A repository task: its checks are tests of the repository's own suite; checks/ holds the hidden test files at their repository paths, put over the graded tree only at grading.",
  );

export const TaskSourceSchema = z
  .object({
    kind: z
      .enum(['git', 'swe-bench', 'harbor'])
      .describe(
        "What the task was imported from: a git repository's base and fix commits, a SWE-bench instance, a Harbor task directory.",
      ),
    repository: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The repository: owner/name of a SWE-bench instance, the directory name of a local git repository.'),
    instance: z.string().min(1).max(200).optional().describe("The SWE-bench instance_id, or the Harbor task's name."),
    base: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'expected a full git commit id')
      .optional()
      .describe('The commit the starting tree is.'),
    overrides: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Declared overrides the import applied to the starting tree, one a line (a dependency replaced, a lockfile resolved).',
      ),
  })
  .strict()
  .describe('Where the task came from, as its import recorded it; the corpus card counts repositories by it.');

export const TaskSchema = z
  .object({
    schema: z.literal('crossover.task/1').describe('Format and version of this document.'),
    id: IdSchema.describe('Task id; the name of its directory under corpus/tasks/.'),
    title: z.string().min(1).describe('One-line summary of the defect or feature.'),
    category: IdSchema.describe('One of the corpus categories.'),
    surface: SurfaceSchema,
    timeoutSec: z
      .number()
      .int()
      .positive()
      .max(600)
      .describe(
        "Agent time limit for one trial, of the agent's own time: wall time less the time the machine kept its processes from a CPU. An agent over it times out; one the machine starves has no verdict (agent-starved).",
      ),
    checks: z
      .object({
        required: z.array(CheckSchema).min(1).describe('Must all pass for success; all fail on the starting tree.'),
        regressions: z.array(CheckSchema).describe('Pass on the starting tree and must keep passing.'),
      })
      .strict()
      .optional()
      .describe(
        'Hidden executable checks that grade a trial: check modules of a compact task; a repository task has `repository` instead.',
      ),
    repository: RepositorySchema.optional(),
    environment: TaskEnvironmentSchema.optional(),
    relevantFiles: z
      .array(RelativePathSchema)
      .min(1)
      .optional()
      .describe('Preregistered files a solver needs to look at; recall is computed only where present.'),
    protectedPaths: z
      .array(RelativePathSchema)
      .default([])
      .describe('Workspace files the grader relies on; an agent that changes one fails.'),
    source: TaskSourceSchema.optional(),
  })
  .strict()
  .superRefine((task, context) => {
    if ((task.checks === undefined) === (task.repository === undefined))
      context.addIssue({
        code: 'custom',
        path: task.checks ? ['repository'] : ['checks'],
        message: "expected exactly one of checks (check modules) or repository (the repository's own tests)",
      });
  })
  .describe('corpus/tasks/<id>/task.json');

export type Corpus = z.infer<typeof CorpusSchema>;
export type Task = z.infer<typeof TaskSchema>;
export type Check = z.infer<typeof CheckSchema>;
export type Surface = z.infer<typeof SurfaceSchema>;
export type Repository = z.infer<typeof RepositorySchema>;
export type RepositorySetup = z.infer<typeof RepositorySetupSchema>;
export type RepositoryTest = z.infer<typeof RepositoryTestSchema>;
export type History = z.infer<typeof HistorySchema>;
export type TaskSource = z.infer<typeof TaskSourceSchema>;
export type TestResultFormat = z.infer<typeof TestResultFormatSchema>;
