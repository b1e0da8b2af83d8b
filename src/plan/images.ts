import type { z } from 'zod';
import type { SandboxKindSchema } from '../contracts/experiment.js';
import { taskImage } from '../corpus/environment.js';
import type { LoadedTask } from '../corpus/load.js';
import { resolveContainerEngine } from '../io/container-engine.js';

export interface BoundImages {
  /** by task id, under sandbox container: the image's id, or null when it is not on this machine */
  images: Map<string, string | null>;
  /** why the plan may not run: an image missing, or an environment declared outside sandbox container */
  blocked: string[];
}

/**
 * The image of every task of the slice, by id, so the plan binds exactly what its trials run: a
 * rebuilt image is drift. Under bubblewrap (or none) a task that declares an environment is
 * blocked: it needs its own toolchain, which only a container gives it.
 */
export async function bindImages(
  sandbox: z.infer<typeof SandboxKindSchema>,
  tasks: readonly LoadedTask[],
  experimentFile: string,
): Promise<BoundImages> {
  const bound: BoundImages = { images: new Map(), blocked: [] };
  if (sandbox !== 'container') {
    for (const task of tasks.filter((t) => t.environment !== undefined))
      bound.blocked.push(
        `task ${task.task.id} declares a container environment: it runs only under sandbox 'container' (set sandbox: 'container' in ${experimentFile})`,
      );
    return bound;
  }
  const engine = await resolveContainerEngine();
  for (const task of tasks) {
    // No engine: the environment's blocker already says so, once.
    const found =
      'reason' in engine ? null : await taskImage(engine, task.environment, `crossover env build ${experimentFile}`);
    bound.images.set(task.task.id, found && 'id' in found ? found.id : null);
    if (found && 'missing' in found) bound.blocked.push(`task ${task.task.id}: ${found.missing}`);
  }
  return bound;
}
