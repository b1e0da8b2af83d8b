import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { type Plan, plannedTrials } from '../contracts/plan.js';
import type { RunLayout } from '../io/layout.js';
import { killDescendantsSync } from '../io/process-tree.js';
import { removeTrialTreeSync, trialDirectoryPrefix, trialsDirectory } from '../trial/workspace.js';
import type { CliIo } from './command.js';

/** The exit code of a run a signal stopped: 128 + SIGINT's 2, as a shell reports one. */
export const EXIT_INTERRUPTED = 130;

/** The run a signal may stop: its plan, where its files are, and the scratch directory its workers' sockets live in. */
export interface InterruptedRun {
  root: string;
  experimentFile: string;
  plan: Plan;
  planId: string;
  layout: Pick<RunLayout, 'planDir' | 'receiptsDir'>;
  /** the run's own temp directory (its workers' TMPDIR): the MCP proxies' sockets */
  scratch: string;
}

/** A temp directory of the run's own, which its workers take as TMPDIR; others may pass through, not list it. */
export async function runScratch(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'crossover-run-'));
  // The agent's unprivileged uid reaches the sockets below it (they are bound into its sandbox).
  await chmod(dir, 0o711);
  return dir;
}

/** The trial directories of this plan's attempts: its trials' prefixes, none of another plan's. */
function trialDirectories(run: InterruptedRun): string[] {
  const prefixes = new Set(plannedTrials(run.plan).map(({ trial }) => trialDirectoryPrefix(run.planId, trial.id)));
  const base = trialsDirectory(run.root);
  return entries(base, false)
    .filter((name) => prefixes.has(name.split('-')[0] ?? ''))
    .map((name) => join(base, name));
}

function entries(dir: string, recursive: boolean): string[] {
  try {
    return readdirSync(dir, { recursive, encoding: 'utf8' });
  } catch {
    return [];
  }
}

/** The plan's receipts, and its half-written temp files (an atomic write cut off: receipts, evidence, scorecards). */
function planFilesNow(layout: InterruptedRun['layout']): { receipts: number; partial: string[] } {
  const receipts = entries(layout.receiptsDir, false).filter((name) =>
    /^[0-9a-f]{24}(\.attempt-\d+)?\.json$/.test(name),
  );
  const partial = entries(layout.planDir, true).filter((name) => /^\..*\.[0-9a-f]{12}\.tmp$/.test(basename(name)));
  return { receipts: receipts.length, partial: partial.map((name) => join(layout.planDir, name)) };
}

/**
 * Ends a run a signal stopped, synchronously (the process exits right after): every process of the
 * run killed (workers, agents in their sandboxes, servers, and any that left the tree from a trial
 * directory), the trials in progress removed with their workspaces and homes, the run's sockets and
 * any half-written file removed. The receipts are kept as they are; the report says how to resume.
 */
export function stopRun(run: InterruptedRun, signal: string): string {
  const dirs = trialDirectories(run);
  const owned = (cwd: string) => dirs.some((dir) => cwd === dir || cwd.startsWith(`${dir}/`));
  killDescendantsSync(process.pid, owned);
  const left = dirs.filter((dir) => !removeTrialTreeSync(dir));
  rmSync(run.scratch, { recursive: true, force: true });
  const files = planFilesNow(run.layout);
  for (const file of files.partial) rmSync(file, { force: true });
  const total = plannedTrials(run.plan).length;
  const receipts = relative(run.root, run.layout.receiptsDir);
  return [
    `crossover run: interrupted (${signal}): ${dirs.length} trial(s) in progress were stopped; they left no receipt, and their directories and sockets were removed`,
    ...left.map((dir) => `  could not remove ${relative(run.root, dir)}: remove it by hand`),
    `  kept: ${files.receipts} receipt(s) in ${receipts}, as they were written`,
    `  resume: crossover run ${run.experimentFile} (runs the ${Math.max(0, total - files.receipts)} trial(s) without a receipt)`,
    '',
  ].join('\n');
}

/**
 * While `work` runs, SIGINT and SIGTERM stop the run (`stopRun`), print what was kept and how to
 * resume, and exit 130. Before the plan is known, nothing ran: it says so and exits.
 */
export async function interruptible<T>(
  io: CliIo,
  current: () => InterruptedRun | null,
  work: () => Promise<T>,
): Promise<T> {
  const onSignal = (signal: NodeJS.Signals) => {
    const run = current();
    io.err(run === null ? `crossover run: interrupted (${signal}) before any trial\n` : stopRun(run, signal));
    process.exit(EXIT_INTERRUPTED);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
