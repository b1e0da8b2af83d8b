import type { MatrixCell } from '../contracts/scorecard.js';
import type { OutcomeTable, TrialOutcome } from './outcomes.js';

/** One (task, arm) cell: its counts, s(t, a) over valid repeats, and whether every repeat is valid. */
export interface TaskCell extends Omit<MatrixCell, 'arm'> {
  /** Every scheduled repeat has a valid receipt: only such cells enter a pair. */
  complete: boolean;
  outcomes: readonly TrialOutcome[];
}

/** arm id → task id → cell, in the table's order. */
export type CellTable = Map<string, Map<string, TaskCell>>;

export function taskCell(outcomes: readonly TrialOutcome[]): TaskCell {
  const counts = { success: 0, failure: 0, invalid: 0, missing: 0, excluded: 0 };
  for (const outcome of outcomes) counts[outcome.class] += 1;
  const valid = counts.success + counts.failure;
  return {
    ...counts,
    rate: valid === 0 ? null : counts.success / valid,
    complete: valid > 0 && counts.invalid === 0 && counts.missing === 0 && counts.excluded === 0,
    outcomes,
  };
}

export function tabulateCells(table: OutcomeTable): CellTable {
  return new Map(
    [...table].map(([arm, tasks]) => [
      arm,
      new Map([...tasks].map(([taskId, outcomes]) => [taskId, taskCell(outcomes)])),
    ]),
  );
}
