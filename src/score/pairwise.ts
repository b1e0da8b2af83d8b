import type { PairedComparison } from '../contracts/scorecard.js';
import type { TaskCell } from './cells.js';
import { hoeffdingInterval } from './hoeffding.js';
import { exactSignTest } from './sign-test.js';

export interface PairInput {
  arm: string;
  baseline: string;
  /** task id → cell, for the arm and for the baseline, both in plan task order. */
  armCells: ReadonlyMap<string, TaskCell>;
  baselineCells: ReadonlyMap<string, TaskCell>;
  /** α′ of the interval. */
  alpha: number;
  regressionFailures: { arm: number; baseline: number };
}

/** (task, repeat) pairs where exactly one side succeeded. */
function exclusiveWins(arm: TaskCell, baseline: TaskCell): { arm: number; baseline: number } {
  const baselineByRepeat = new Map(baseline.outcomes.map((outcome) => [outcome.trial.repeat, outcome.class]));
  const wins = { arm: 0, baseline: 0 };
  for (const outcome of arm.outcomes) {
    const other = baselineByRepeat.get(outcome.trial.repeat);
    if (outcome.class === 'success' && other === 'failure') wins.arm += 1;
    if (outcome.class === 'failure' && other === 'success') wins.baseline += 1;
  }
  return wins;
}

/**
 * An arm against the baseline over the tasks complete for both: d_t = s(t, arm) − s(t, baseline),
 * Δ with its Hoeffding interval at α′, and the exact sign test on the tasks with d_t ≠ 0. A task
 * with any missing or invalid repeat on either side is left out and listed, never silently dropped.
 */
export function pairArms(input: PairInput): PairedComparison {
  const differences: number[] = [];
  const unpaired: string[] = [];
  const sign = { wins: 0, losses: 0, ties: 0 };
  const exclusive = { arm: 0, baseline: 0 };
  for (const [taskId, armCell] of input.armCells) {
    const baselineCell = input.baselineCells.get(taskId);
    if (!baselineCell || !armCell.complete || !baselineCell.complete) {
      unpaired.push(taskId);
      continue;
    }
    const d = armCell.rate! - baselineCell.rate!;
    differences.push(d);
    if (d > 0) sign.wins += 1;
    else if (d < 0) sign.losses += 1;
    else sign.ties += 1;
    const wins = exclusiveWins(armCell, baselineCell);
    exclusive.arm += wins.arm;
    exclusive.baseline += wins.baseline;
  }
  const interval = differences.length === 0 ? null : hoeffdingInterval(differences, input.alpha);
  return {
    arm: input.arm,
    baseline: input.baseline,
    tasks: { scheduled: input.armCells.size, paired: differences.length, unpaired },
    delta: interval === null ? null : interval.mean,
    interval:
      interval === null
        ? null
        : { alpha: input.alpha, low: interval.low, high: interval.high, halfWidth: interval.halfWidth },
    signTest: { ...sign, p: exactSignTest(sign.wins, sign.losses) },
    armOnlyWins: exclusive.arm,
    baselineOnlyWins: exclusive.baseline,
    regressionFailures: input.regressionFailures,
  };
}
