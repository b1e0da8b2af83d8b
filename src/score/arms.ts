import type { PlannedArm } from '../contracts/plan.js';
import { attemptOf, type TrialStatus } from '../contracts/receipt.js';
import type { ArmSummary, Eligibility, TrialCounts } from '../contracts/scorecard.js';
import type { TaskCell } from './cells.js';
import { summarizeContextCalls } from './context-calls.js';
import { type DiagnosticsResult, summarizeDiagnostics } from './diagnostics.js';
import { countInfrastructure } from './infrastructure.js';
import { passAtK } from './pass-at-k.js';
import { perSolved } from './per-solved.js';
import { BOOTSTRAP_RESAMPLES, taskBootstrapInterval } from './task-bootstrap.js';

export interface ArmFacts {
  summary: ArmSummary;
  /** Kept beside the summary for the evidence gaps. */
  diagnostics: DiagnosticsResult;
}

function countTrials(cells: readonly TaskCell[]): {
  trials: TrialCounts;
  invalidByStatus: Partial<Record<TrialStatus, number>>;
  synthetic: boolean;
} {
  const trials: TrialCounts = {
    scheduled: 0,
    success: 0,
    failure: 0,
    agentError: 0,
    timeout: 0,
    invalid: 0,
    missing: 0,
    excluded: 0,
    contaminated: 0,
    unsupportedPass: 0,
    setupFailed: 0,
    reattempts: 0,
  };
  const invalidByStatus: Partial<Record<TrialStatus, number>> = {};
  let synthetic = false;
  for (const cell of cells) {
    for (const outcome of cell.outcomes) {
      trials.scheduled += 1;
      trials[outcome.class] += 1;
      if (outcome.unsupportedPass) trials.unsupportedPass += 1;
      const receipt = outcome.receipt;
      if (!receipt) continue;
      synthetic ||= receipt.synthetic;
      trials.reattempts += attemptOf(receipt) - 1;
      if (receipt.status === 'setup-failed') trials.setupFailed += 1;
      if (receipt.status === 'agent-error') trials.agentError += 1;
      if (receipt.status === 'timeout') trials.timeout += 1;
      if (receipt.status === 'contaminated') trials.contaminated += 1;
      if (outcome.class === 'invalid' && !outcome.unsupportedPass)
        invalidByStatus[receipt.status] = (invalidByStatus[receipt.status] ?? 0) + 1;
    }
  }
  return { trials, invalidByStatus, synthetic };
}

/** Mean of s(t, a) over tasks with a valid trial: repeats are averaged inside a task first. */
function taskRates(cells: readonly TaskCell[]): number[] {
  return cells.flatMap((cell) => (cell.rate === null ? [] : [cell.rate]));
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function summarizeArm(
  arm: PlannedArm,
  cells: ReadonlyMap<string, TaskCell>,
  recallTasks: ReadonlySet<string>,
  eligibility: Eligibility | null,
  seed: string,
  repeats: number,
): ArmFacts {
  const list = [...cells.values()];
  const { trials, invalidByStatus, synthetic } = countTrials(list);
  const rates = taskRates(list);
  const outcomes = list.flatMap((cell) => cell.outcomes);
  const diagnostics = summarizeDiagnostics(outcomes, recallTasks);
  const regressionFailures = list.reduce(
    (sum, cell) => sum + cell.outcomes.filter((outcome) => outcome.regressionFailed).length,
    0,
  );
  return {
    summary: {
      id: arm.id,
      role: arm.role,
      adapter: arm.agent.spec.adapter,
      provider: arm.provider?.id ?? null,
      synthetic: synthetic || arm.agent.spec.adapter === 'synthetic',
      eligibility,
      trials,
      invalidByStatus,
      successRate: rates.length === 0 ? null : mean(rates),
      tasksWithValidTrials: rates.length,
      interval:
        rates.length === 0
          ? null
          : {
              method: 'task-bootstrap',
              level: 0.95,
              resamples: BOOTSTRAP_RESAMPLES,
              ...taskBootstrapInterval(rates, `${seed}/${arm.id}`),
            },
      regressionFailures,
      diagnostics: diagnostics.summary,
      contextCalls: summarizeContextCalls(outcomes),
      infrastructure: countInfrastructure(outcomes),
      passAtK: passAtK(
        list.map((cell) => ({ successes: cell.success, valid: cell.success + cell.failure })),
        repeats,
      ),
      perSolved: perSolved(outcomes),
    },
    diagnostics,
  };
}
