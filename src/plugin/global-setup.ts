import type { TestProject } from 'vitest/node';
import { RUN_CONTEXT_KEY } from './run-context.js';

/** Stops the project before any trial when the plan could not be prepared (blocked, drifted, invalid). */
export default function stopUnpreparedRun(project: TestProject): void {
  const context = project.getProvidedContext()[RUN_CONTEXT_KEY];
  if (context?.stopReason) throw new Error(`crossover: ${context.stopReason}`);
}
