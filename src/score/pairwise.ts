import type { PairedComparison } from '../contracts/scorecard.js';
import type { TaskCell } from './cells.js';
import { type Fraction, fraction, toNumber } from './fraction.js';
import { hoeffdingInterval } from './hoeffding.js';
import { type DroppedTask, droppableTasks } from './missing-data.js';
import { type CountPair, type PairedTests, pairedInterval, pairedTests } from './paired-test.js';
import { extraRegressionBound, regressionCounts, regressionGateHolds } from './regression-gate.js';
import { exactSignTest } from './sign-test.js';

export interface PairInput {
  arm: string;
  baseline: string;
  /** task id → cell, for the arm and for the baseline, both in plan task order. */
  armCells: ReadonlyMap<string, TaskCell>;
  baselineCells: ReadonlyMap<string, TaskCell>;
  policy: { alpha: number; maxDroppedShare: number; regressionTolerance: number };
  /** Seeds the Monte-Carlo draws, used only when there are too many tasks for the exact test. */
  seed: string;
}

/** The comparison as the scorecard shows it, and the exact facts every decision about it reads. */
export interface PairResult {
  /** Its interval and Hoeffding figure are null until `withInterval` sets them at a level. */
  comparison: PairedComparison;
  tests: PairedTests;
  pairs: CountPair[];
  /** Tasks whose trials are all present but some invalid: the missing-data rule drops them. */
  dropped: DroppedTask[];
  /** Tasks with a trial that has no receipt on either side: these make the comparison incomplete. */
  missing: number;
  regressionHolds: boolean;
  seed: string;
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

export function cellCount(cell: TaskCell): CountPair['arm'] {
  return {
    successes: cell.success,
    valid: cell.success + cell.failure,
    regressions: cell.outcomes.filter((outcome) => outcome.regressionFailed).length,
  };
}

function signTest(tests: PairedTests): PairedComparison['secondary']['signTest'] {
  const { values } = tests.differences;
  const wins = values.filter((v) => v > 0).length;
  const losses = values.filter((v) => v < 0).length;
  return { wins, losses, ties: values.length - wins - losses, p: exactSignTest(wins, losses) };
}

function testFigures(tests: PairedTests): PairedComparison['test'] {
  const p = toNumber(tests.test.p);
  const draws = tests.test.draws;
  return {
    method: tests.test.method,
    p,
    draws,
    standardError: draws === null ? null : Math.sqrt((p * (1 - p)) / draws),
  };
}

function regressionFigures(pairs: readonly CountPair[], input: PairInput): PairedComparison['regressions'] {
  const { arm, baseline } = regressionCounts(pairs);
  return {
    arm: arm.count,
    armTrials: arm.trials,
    baseline: baseline.count,
    baselineTrials: baseline.trials,
    extraBound: extraRegressionBound(pairs, input.policy.alpha),
    tolerance: input.policy.regressionTolerance,
  };
}

/** Splits the tasks into complete pairs, tasks dropped for invalid trials, and tasks with a missing trial. */
function sortTasks(input: PairInput) {
  const pairs: CountPair[] = [];
  const unpaired: string[] = [];
  const dropped: DroppedTask[] = [];
  const exclusive = { arm: 0, baseline: 0 };
  let missing = 0;
  for (const [taskId, armCell] of input.armCells) {
    const baselineCell = input.baselineCells.get(taskId)!;
    if (armCell.complete && baselineCell.complete) {
      pairs.push({ arm: cellCount(armCell), baseline: cellCount(baselineCell) });
      const wins = exclusiveWins(armCell, baselineCell);
      exclusive.arm += wins.arm;
      exclusive.baseline += wins.baseline;
      continue;
    }
    unpaired.push(taskId);
    const absent = (cell: TaskCell) => cell.missing + cell.excluded > 0;
    if (absent(armCell) || absent(baselineCell)) missing += 1;
    else dropped.push({ arm: armCell, baseline: baselineCell });
  }
  return { pairs, unpaired, dropped, exclusive, missing };
}

/**
 * An arm against the baseline over the tasks complete for both: d_t = s(t, arm) − s(t, baseline)
 * as exact rationals, the paired sign-flip test, and the regression bound. A task with any missing
 * or invalid repeat on either side is left out and listed, never silently dropped.
 */
export function pairArms(input: PairInput): PairResult {
  const { pairs, unpaired, dropped, exclusive, missing } = sortTasks(input);
  const tests = pairedTests(pairs, input.seed);
  const { sum, denominator } = tests.differences;
  const n = pairs.length;
  const scheduled = input.armCells.size;
  const comparison: PairedComparison = {
    arm: input.arm,
    baseline: input.baseline,
    tasks: { scheduled, paired: n, unpaired, droppable: droppableTasks(scheduled, input.policy.maxDroppedShare) },
    delta: n === 0 ? null : toNumber(fraction(sum, denominator * n)),
    exact: n === 0 ? null : { sum, denominator },
    test: testFigures(tests),
    interval: null,
    secondary: { signTest: signTest(tests), hoeffding: null },
    armOnlyWins: exclusive.arm,
    baselineOnlyWins: exclusive.baseline,
    regressions: regressionFigures(pairs, input),
  };
  const regressionHolds = regressionGateHolds(pairs, input.policy.regressionTolerance, input.policy.alpha);
  return { comparison, tests, pairs, dropped, missing, regressionHolds, seed: input.seed };
}

/** The inverted interval at α′ (exact ends), or null with no paired task. */
export function intervalAt(pair: PairResult, alpha: Fraction): { low: Fraction; high: Fraction } | null {
  return pair.pairs.length === 0 ? null : pairedInterval(pair.tests.differences, alpha, pair.seed);
}

/** The comparison with its interval, and the secondary Hoeffding interval, at level α′. */
export function withInterval(pair: PairResult, alpha: Fraction): PairedComparison {
  const interval = intervalAt(pair, alpha);
  if (interval === null) return pair.comparison;
  const level = toNumber(alpha);
  const { values, denominator } = pair.tests.differences;
  const hoeffding = hoeffdingInterval(
    values.map((v) => v / denominator),
    level,
  );
  return {
    ...pair.comparison,
    interval: {
      method: 'sign-flip-inversion',
      alpha: level,
      low: toNumber(interval.low),
      high: toNumber(interval.high),
    },
    secondary: {
      ...pair.comparison.secondary,
      hoeffding: { low: hoeffding.low, high: hoeffding.high, halfWidth: hoeffding.halfWidth },
    },
  };
}
