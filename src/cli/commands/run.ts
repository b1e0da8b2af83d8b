import { rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import type { RunSelection } from '../../contracts/run-filter.js';
import { acquireRunLock } from '../../io/run-lock.js';
import { chooseReattempts, crossover } from '../../plugin/plugin.js';
import { type PreparedRun, prepareRun } from '../../plugin/prepare.js';
import type { ReattemptSelection } from '../../receipts/attempts.js';
import CrossoverReporter from '../../reporters/crossover-reporter.js';
import ProgressReporter from '../../reporters/progress.js';
import type { CliIo, Command } from '../command.js';
import { type InterruptedRun, interruptible, runScratch } from '../run-interrupt.js';
import { runSelection, selectedTrials } from '../run-selection.js';

const OPTIONS = {
  plan: { type: 'string' },
  concurrency: { type: 'string' },
  'auth-home': { type: 'string' },
  reattempt: { type: 'boolean' },
  verbose: { type: 'boolean', default: false },
  task: { type: 'string', multiple: true },
  arm: { type: 'string', multiple: true },
} as const;

function concurrencyOf(value: string | undefined): number | undefined {
  const concurrency = value === undefined ? undefined : Number(value);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0))
    throw new CrossoverError('invalid-input', `--concurrency: expected a positive whole number, got "${value}"`);
  return concurrency;
}

/** What one Vitest run of a prepared plan is given. */
interface VitestRun {
  runLockToken: string;
  reattempts: ReattemptSelection;
  concurrency: number | undefined;
  verbose: boolean;
  /** the run's own temp directory: its workers' TMPDIR, so a signal can remove their sockets */
  scratch: string;
  selection: RunSelection | null;
}

/**
 * Wraps Vitest's Node API. Trial failures are data, so a run that completed validly exits 0 whatever
 * the trials did; an infrastructure error, a drifted or a blocked plan does not. SIGINT and SIGTERM
 * stop it cleanly (run-interrupt.ts): receipts kept, trials in progress removed, exit 130. `--task`
 * and `--arm` run part of the plan; the plan stays whole and the scorecard says what was left out.
 */
export const runCommand: Command = {
  usage:
    'run <experiment.ts> [--plan <plan.json>] [--task <id>]... [--arm <id>]... [--concurrency <n>] [--auth-home <dir>] [--reattempt] [--verbose]',
  async run(argv, io) {
    const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    const [experiment] = positionals;
    if (!experiment) throw new CrossoverError('invalid-input', 'expected an experiment file, e.g. experiments/demo.ts');
    const concurrency = concurrencyOf(values.concurrency);
    const experimentFile = relative(io.cwd, resolve(io.cwd, experiment));
    let stoppable: InterruptedRun | null = null;
    return interruptible(
      io,
      () => stoppable,
      async () => {
        const prepared = await prepareRun({
          experimentFile,
          root: io.cwd,
          ...(values.plan ? { planFile: values.plan } : {}),
          ...(values['auth-home'] ? { authHome: values['auth-home'] } : {}),
        });
        const { plan, planId, layout } = prepared;
        const selection = runSelection(plan, planId, values.task, values.arm);
        // One run of a plan at a time: a second one refuses here, before Vitest starts.
        const lock = await acquireRunLock(layout.planDir);
        const scratch = await runScratch();
        stoppable = { root: io.cwd, experimentFile, plan, planId, layout, scratch };
        try {
          const trials = selectedTrials(plan, selection);
          io.out(
            `crossover: plan ${planId} (${selection === null ? `${trials} trials` : `${trials} of its ${plan.schedule.trials.length} trials`})\n`,
          );
          // Chosen under the lock, from the receipts as they are now: no other run adds any meanwhile.
          const reattempts = await chooseReattempts(prepared, values.reattempt ?? false);
          for (const note of reattempts.notes) io.out(`crossover: ${note}\n`);
          const run = {
            runLockToken: lock.token,
            reattempts,
            concurrency,
            verbose: values.verbose,
            scratch,
            selection,
          };
          return await runVitest(io, experimentFile, prepared, run);
        } finally {
          stoppable = null;
          await rm(scratch, { recursive: true, force: true });
          await lock.release();
        }
      },
    );
  },
};

async function runVitest(io: CliIo, experimentFile: string, prepared: PreparedRun, run: VitestRun): Promise<number> {
  // Vitest loads only for this command, so every other command starts fast.
  const { startVitest } = await import('vitest/node');
  const selection = run.selection === null ? {} : { selection: run.selection };
  const reporter = new CrossoverReporter(selection);
  // Vitest's own view dumps every failed trial's assertions and stack: only when asked for.
  const view = run.verbose ? 'default' : new ProgressReporter(selectedTrials(prepared.plan, run.selection));
  const plugin = crossover({
    experiment: experimentFile,
    prepared,
    runLockToken: run.runLockToken,
    reattempts: run.reattempts,
    ...selection,
    ...(run.concurrency ? { concurrency: run.concurrency } : {}),
  });
  const options = { config: false as const, root: io.cwd, run: true, watch: false, env: { TMPDIR: run.scratch } };
  const vitest = await startVitest('test', [], { ...options, reporters: [view, reporter] }, { plugins: [plugin] });
  const unhandled = vitest.state.getUnhandledErrors().length;
  await vitest.close();
  process.exitCode = 0;
  const problems = [...reporter.problems, ...(unhandled > 0 ? [`${unhandled} unhandled error(s)`] : [])];
  if (problems.length > 0 || reporter.scorecards.length === 0) {
    io.err(
      `crossover run: the run did not complete validly\n  - ${problems.join('\n  - ') || 'no scorecard was written'}\n`,
    );
    return 1;
  }
  return 0;
}
