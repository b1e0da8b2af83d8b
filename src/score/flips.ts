import type { Flip, PairedComparison } from '../contracts/scorecard.js';
import type { CellTable } from './cells.js';

/**
 * The paired tasks where a treatment and the baseline disagree (d_t ≠ 0), in plan order: the
 * place to see why an arm won. Only complete pairs count, so both sides ran every repeat.
 */
export function flipsOf(
  comparisons: readonly Pick<PairedComparison, 'arm' | 'tasks'>[],
  cells: CellTable,
  baseline: string,
): Flip[] {
  return comparisons.flatMap((comparison) => {
    const unpaired = new Set(comparison.tasks.unpaired);
    const armCells = cells.get(comparison.arm)!;
    const baselineCells = cells.get(baseline)!;
    return [...armCells].flatMap(([taskId, arm]) => {
      const base = baselineCells.get(taskId)!;
      if (unpaired.has(taskId) || arm.success === base.success) return [];
      const repeats = arm.success + arm.failure;
      return [
        {
          arm: comparison.arm,
          taskId,
          armSuccesses: arm.success,
          baselineSuccesses: base.success,
          repeats,
          difference: (arm.success - base.success) / repeats,
        },
      ];
    });
  });
}
