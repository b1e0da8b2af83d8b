import { z } from 'zod';
import { IdSchema } from './common.js';

/** What `crossover run --task <id> --arm <id>` ran of the plan: the plan itself stays the preregistered one. */
export const RunFilterSchema = z
  .object({
    tasks: z.array(IdSchema).nullable().describe('The tasks the run was limited to; null: every task.'),
    arms: z.array(IdSchema).nullable().describe('The arms the run was limited to; null: every arm.'),
    leftOut: z
      .number()
      .int()
      .nonnegative()
      .describe("The plan's scheduled trials outside the filter: not run by this run."),
    leftOutMissing: z
      .number()
      .int()
      .nonnegative()
      .describe('Of those, the ones with no receipt (from an earlier run): missing from this scorecard.'),
  })
  .strict()
  .describe(
    'The scorecard was written by a run limited to some tasks or arms (--task, --arm): what it left out. Absent for a whole run and for `crossover score`.',
  );

export type RunFilter = z.infer<typeof RunFilterSchema>;
/** The filter as a run is given it, before the scorecard counts what it left out. */
export type RunSelection = Pick<RunFilter, 'tasks' | 'arms'>;

/** Whether a scheduled trial lies inside a run's selection. */
export function selected(selection: RunSelection, trial: { taskId: string; arm: string }): boolean {
  return (
    (selection.tasks === null || selection.tasks.includes(trial.taskId)) &&
    (selection.arms === null || selection.arms.includes(trial.arm))
  );
}
