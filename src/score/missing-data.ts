import type { Sensitivity } from '../contracts/scorecard.js';
import type { TaskCell } from './cells.js';
import { claim } from './decisions.js';
import { type Fraction, fraction, fromDecimal, toNumber } from './fraction.js';
import { holmAdjustExact } from './holm.js';
import { type CountPair, pairedTests } from './paired-test.js';

/**
 * The preregistered missing-data rule: invalid trials (after re-attempts) take their task out of a
 * comparison's pairs, up to ⌊maxDroppedShare × scheduled tasks⌋ tasks, exactly in rationals; beyond
 * that, or with any trial missing, the comparison is incomplete.
 */
export function droppableTasks(scheduled: number, maxDroppedShare: number): number {
  const share = fromDecimal(maxDroppedShare);
  return Number((share.num * BigInt(scheduled)) / share.den);
}

/** A task left out of a pair by invalid trials: both cells, with their valid and invalid repeats. */
export interface DroppedTask {
  arm: TaskCell;
  baseline: TaskCell;
}

/** A dropped task counted with its invalid repeats imputed: the arm's as `armImputed`, the baseline's as the opposite. */
function imputed(task: DroppedTask, worst: boolean): CountPair {
  const side = (cell: TaskCell, succeed: boolean) => ({
    successes: cell.success + (succeed ? cell.invalid : 0),
    valid: cell.success + cell.failure + cell.invalid,
    regressions: 0,
  });
  return { arm: side(task.arm, !worst), baseline: side(task.baseline, worst) };
}

export interface SensitivityInput {
  paired: readonly CountPair[];
  dropped: readonly DroppedTask[];
  /** Raw p of every treatment, this one's at `index`. */
  pValues: readonly Fraction[];
  index: number;
  alpha: Fraction;
  seed: string;
}

function imputedCase(input: SensitivityInput, worst: boolean): Sensitivity['worst'] {
  const pairs = [...input.paired, ...input.dropped.map((task) => imputed(task, worst))];
  const tests = pairedTests(pairs, `${input.seed}/${worst ? 'worst' : 'best'}`);
  const pValues = input.pValues.map((p, i) => (i === input.index ? tests.test.p : p));
  const pAdjusted = holmAdjustExact(pValues)[input.index]!;
  const { sum, denominator } = tests.differences;
  return {
    delta: toNumber(fraction(sum, denominator * pairs.length)),
    p: toNumber(tests.test.p),
    pAdjusted: toNumber(pAdjusted),
    claim: claim(pAdjusted, sum, input.alpha) ?? 'none',
  };
}

/**
 * How the verdict would move if the dropped tasks had counted at either extreme: their invalid
 * repeats as the arm's failures and the baseline's successes (worst), or the other way (best).
 * The other treatments' p-values are held as observed. Null when no task was dropped.
 */
export function sensitivity(input: SensitivityInput): Sensitivity | null {
  if (input.dropped.length === 0) return null;
  return { dropped: input.dropped.length, worst: imputedCase(input, true), best: imputedCase(input, false) };
}
