import { rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { acquireRunLock } from '../../io/run-lock.js';
import { chooseReattempts, crossover } from '../../plugin/plugin.js';
import { type PreparedRun, prepareRun } from '../../plugin/prepare.js';
import type { ReattemptSelection } from '../../receipts/attempts.js';
import CrossoverReporter from '../../reporters/crossover-reporter.js';
import ProgressReporter from '../../reporters/progress.js';
import type { CliIo, Command } from '../command.js';
import { type InterruptedRun, interruptible, runScratch } from '../run-interrupt.js';

/**
 * Wraps Vitest's Node API. Trial failures are data, so a run that completed validly exits 0 whatever
 * the trials did; an infrastructure error, a drifted or a blocked plan does not. SIGINT and SIGTERM
 * stop it cleanly (run-interrupt.ts): receipts kept, trials in progress removed, exit 130.
 */
export const runCommand: Command = {
  usage: 'run <experiment.ts> [--plan <plan.json>] [--concurrency <n>] [--auth-home <dir>] [--reattempt] [--verbose]',
  async run(argv, io) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        plan: { type: 'string' },
        concurrency: { type: 'string' },
        'auth-home': { type: 'string' },
        reattempt: { type: 'boolean' },
        verbose: { type: 'boolean', default: false },
      },
    });
    const [experiment] = positionals;
    if (!experiment) throw new CrossoverError('invalid-input', 'expected an experiment file, e.g. experiments/demo.ts');
    const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
    if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) {
      throw new CrossoverError(
        'invalid-input',
        `--concurrency: expected a positive whole number, got "${values.concurrency}"`,
      );
    }
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
        // One run of a plan at a time: a second one refuses here, before Vitest starts.
        const lock = await acquireRunLock(prepared.layout.planDir);
        const scratch = await runScratch();
        const { plan, planId, layout } = prepared;
        stoppable = { root: io.cwd, experimentFile, plan, planId, layout, scratch };
        try {
          io.out(`crossover: plan ${planId} (${plan.schedule.trials.length} trials)\n`);
          // Chosen under the lock, from the receipts as they are now: no other run adds any meanwhile.
          const reattempts = await chooseReattempts(prepared, values.reattempt ?? false);
          for (const note of reattempts.notes) io.out(`crossover: ${note}\n`);
          return await runVitest(io, experimentFile, prepared, {
            runLockToken: lock.token,
            reattempts,
            concurrency,
            verbose: values.verbose,
            scratch,
          });
        } finally {
          stoppable = null;
          await rm(scratch, { recursive: true, force: true });
          await lock.release();
        }
      },
    );
  },
};

async function runVitest(
  io: CliIo,
  experimentFile: string,
  prepared: PreparedRun,
  run: {
    runLockToken: string;
    reattempts: ReattemptSelection;
    concurrency: number | undefined;
    verbose: boolean;
    /** the run's own temp directory: its workers' TMPDIR, so a signal can remove their sockets */
    scratch: string;
  },
): Promise<number> {
  // Vitest loads only for this command, so every other command starts fast.
  const { startVitest } = await import('vitest/node');
  const reporter = new CrossoverReporter();
  // Vitest's own view dumps every failed trial's assertions and stack: only when asked for.
  const view = run.verbose ? 'default' : new ProgressReporter(prepared.plan.schedule.trials.length);
  const plugin = crossover({
    experiment: experimentFile,
    prepared,
    runLockToken: run.runLockToken,
    reattempts: run.reattempts,
    ...(run.concurrency ? { concurrency: run.concurrency } : {}),
  });
  const vitest = await startVitest(
    'test',
    [],
    { config: false, root: io.cwd, run: true, watch: false, reporters: [view, reporter], env: { TMPDIR: run.scratch } },
    { plugins: [plugin] },
  );
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
