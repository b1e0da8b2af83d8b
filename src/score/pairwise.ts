import type { PairedComparison } from '../contracts/scorecard.js';
import type { TaskCell } from './cells.js';
import { type Fraction, fraction, toNumber } from './fraction.js';
import { hoeffdingInterval } from './hoeffding.js';
import { type CountPair, type PairedTests, pairedInterval, pairedTests } from './paired-test.js';
import { exactSignTest } from './sign-test.js';

export interface PairInput {
  arm: string;
  baseline: string;
  /** task id → cell, for the arm and for the baseline, both in plan task order. */
  armCells: ReadonlyMap<string, TaskCell>;
  baselineCells: ReadonlyMap<string, TaskCell>;
  /** α′ of the interval, exactly. */
  alpha: Fraction;
  regressionFailures: { arm: number; baseline: number };
  /** Seeds the Monte-Carlo draws, used only when there are too many tasks for the exact test. */
  seed: string;
}

/** The comparison as the scorecard shows it, and the exact facts every decision about it reads. */
export interface PairResult {
  comparison: PairedComparison;
  tests: PairedTests;
  /** The inverted interval's exact ends; null with no paired task. */
  interval: { low: Fraction; high: Fraction } | null;
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

function secondary(tests: PairedTests, alpha: number): PairedComparison['secondary'] {
  const { values, denominator } = tests.differences;
  const wins = values.filter((v) => v > 0).length;
  const losses = values.filter((v) => v < 0).length;
  const hoeffding =
    values.length === 0
      ? null
      : hoeffdingInterval(
          values.map((v) => v / denominator),
          alpha,
        );
  return {
    signTest: { wins, losses, ties: values.length - wins - losses, p: exactSignTest(wins, losses) },
    hoeffding: hoeffding === null ? null : { low: hoeffding.low, high: hoeffding.high, halfWidth: hoeffding.halfWidth },
  };
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

/**
 * An arm against the baseline over the tasks complete for both: d_t = s(t, arm) − s(t, baseline)
 * as exact rationals, the paired sign-flip test, its inverted interval at α′ and the one-sided
 * regression test. A task with any missing or invalid repeat on either side is left out and
 * listed, never silently dropped.
 */
export function pairArms(input: PairInput): PairResult {
  const pairs: CountPair[] = [];
  const unpaired: string[] = [];
  const exclusive = { arm: 0, baseline: 0 };
  for (const [taskId, armCell] of input.armCells) {
    const baselineCell = input.baselineCells.get(taskId);
    if (!baselineCell || !armCell.complete || !baselineCell.complete) {
      unpaired.push(taskId);
      continue;
    }
    pairs.push({ arm: cellCount(armCell), baseline: cellCount(baselineCell) });
    const wins = exclusiveWins(armCell, baselineCell);
    exclusive.arm += wins.arm;
    exclusive.baseline += wins.baseline;
  }
  const tests = pairedTests(pairs, input.seed);
  const { sum, denominator } = tests.differences;
  const n = pairs.length;
  const interval = n === 0 ? null : pairedInterval(tests.differences, input.alpha, input.seed);
  const alpha = toNumber(input.alpha);
  return {
    comparison: {
      arm: input.arm,
      baseline: input.baseline,
      tasks: { scheduled: input.armCells.size, paired: n, unpaired },
      delta: n === 0 ? null : toNumber(fraction(sum, denominator * n)),
      exact: n === 0 ? null : { sum, denominator },
      test: testFigures(tests),
      interval:
        interval === null
          ? null
          : {
              method: 'sign-flip-inversion',
              alpha,
              low: toNumber(interval.low),
              high: toNumber(interval.high),
            },
      secondary: secondary(tests, alpha),
      armOnlyWins: exclusive.arm,
      baselineOnlyWins: exclusive.baseline,
      regressionFailures: { ...input.regressionFailures, p: toNumber(tests.regression.p) },
    },
    tests,
    interval,
  };
}
