import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { acquireRunLock } from '../io/run-lock.js';
import { RUN_CONTEXT_KEY } from './run-context.js';
import { stoppedRun } from './stackless.js';

/**
 * Stops the project before any trial when the plan could not be prepared (blocked, drifted,
 * invalid), or when another process is running the same plan: one run of a plan at a time holds
 * its run lock until the run ends (the teardown).
 */
export default async function guardRun(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const context = project.getProvidedContext()[RUN_CONTEXT_KEY];
  if (context === undefined) return undefined;
  if (context.state === 'stopped') throw stoppedRun(`crossover: ${context.stopReason}`);
  const lock = await acquireRunLock(dirname(context.planFile), context.runLockToken ?? undefined).catch(
    (error: Error) => {
      throw stoppedRun(`crossover: ${error.message}`);
    },
  );
  return () => lock.release();
}
