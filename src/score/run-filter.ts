import type { Plan } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import { type RunFilter, type RunSelection, selected } from '../contracts/run-filter.js';

/**
 * What a run limited to some tasks or arms left out of the plan: its scheduled trials outside the
 * selection, and how many of those have no receipt (they show as missing). Pure.
 */
export function runFilter(plan: Plan, selection: RunSelection, byTrial: ReadonlyMap<string, Receipt>): RunFilter {
  const outside = plan.schedule.trials.filter((trial) => !selected(selection, trial));
  return {
    tasks: selection.tasks,
    arms: selection.arms,
    leftOut: outside.length,
    leftOutMissing: outside.filter((trial) => !byTrial.has(trial.id)).length,
  };
}
