import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import { type RunSelection, selected } from '../contracts/run-filter.js';

function checked(flag: string, given: string[] | undefined, known: readonly string[], planId: string): string[] | null {
  if (given === undefined || given.length === 0) return null;
  for (const id of given)
    if (!known.includes(id))
      throw new CrossoverError(
        'invalid-input',
        `--${flag} ${id}: plan ${planId} holds no ${flag} "${id}" (${flag}s: ${known.join(', ')})`,
      );
  return [...new Set(given)].sort();
}

/**
 * The part of the plan `crossover run --task <id> --arm <id>` runs: each id must be one of the
 * plan's. Null when neither is given (the whole plan). The plan itself stays the preregistered one.
 */
export function runSelection(
  plan: Plan,
  planId: string,
  tasks: string[] | undefined,
  arms: string[] | undefined,
): RunSelection | null {
  const selection = {
    tasks: checked(
      'task',
      tasks,
      plan.tasks.map((t) => t.id),
      planId,
    ),
    arms: checked(
      'arm',
      arms,
      plan.arms.map((a) => a.id),
      planId,
    ),
  };
  return selection.tasks === null && selection.arms === null ? null : selection;
}

/** How many of the plan's scheduled trials a run takes. */
export function selectedTrials(plan: Plan, selection: RunSelection | null): number {
  return plan.schedule.trials.filter((trial) => selection === null || selected(selection, trial)).length;
}
