import { CrossoverError } from '../contracts/errors.js';
import type { PlannedSetup } from '../contracts/plan.js';
import type { LoadedTask } from '../corpus/load.js';
import { ensureSetup } from '../corpus/setup.js';
import { containerPlace } from '../io/container-host.js';

/** How long a task's setup command ran when it last ran: shown by the plan summary, never bound. */
export interface SetupDuration {
  taskId: string;
  durationMs: number;
}

export interface BoundSetups {
  /** by task id, for the tasks with a setup */
  setups: Map<string, PlannedSetup>;
  durations: SetupDuration[];
  /** why the plan may not run: a setup that could not run */
  blocked: string[];
}

/**
 * Runs each repository task's setup, or finds it in the cache (it runs once per workspace,
 * command and environment), so the plan binds what it produced by digest: a setup that produces
 * other files on a later run, or a cached tree changed on disk, is drift. A setup that fails
 * blocks the plan with its reason. Durations vary from run to run and are kept out of the plan.
 */
export async function bindSetups(
  root: string,
  tasks: readonly LoadedTask[],
  images: ReadonlyMap<string, string | null> = new Map(),
): Promise<BoundSetups> {
  const bound: BoundSetups = { setups: new Map(), durations: [], blocked: [] };
  for (const task of tasks) {
    const setup = task.task.repository?.setup;
    if (!setup) continue;
    const planned = { command: setup.command, outputs: [...setup.outputs] };
    const image = images.get(task.task.id);
    // A container task's setup runs in its image; one whose image is missing cannot run (the image blocks the plan).
    if (image === null) {
      bound.setups.set(task.task.id, { ...planned, digest: null });
      continue;
    }
    try {
      const place = image === undefined ? null : await containerPlace(image);
      if (place && 'reason' in place) throw new CrossoverError('infrastructure', place.reason);
      const ran = await ensureSetup(root, task, { verify: true, container: place });
      bound.setups.set(task.task.id, { ...planned, digest: ran!.record.digest });
      bound.durations.push({ taskId: task.task.id, durationMs: ran!.record.durationMs });
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      bound.setups.set(task.task.id, { ...planned, digest: null });
      bound.blocked.push(`task ${task.task.id}: its setup could not run: ${error.message}`);
    }
  }
  return bound;
}
