import { readFile } from 'node:fs/promises';
import { prettyJson } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import { writeNewFileAtomic } from '../io/atomic.js';
import { runLayout } from '../io/layout.js';

/**
 * Writes the plan where its run keeps it, .crossover/<experiment>/<plan key>/plan.json, runnable or
 * blocked (`crossover approve` reads it), and returns that path. The file is immutable: written
 * once, and any later write must be the same bytes.
 */
export async function registerPlan(root: string, plan: Plan, id: string): Promise<string> {
  const { planFile } = runLayout(root, plan.experiment.id, id);
  const bytes = prettyJson(plan);
  if (await writeNewFileAtomic(planFile, bytes)) return planFile;
  const existing = await readFile(planFile, 'utf8');
  if (existing !== bytes) {
    throw new CrossoverError(
      'conflict',
      `${planFile}: holds other bytes than the plan it is named after; it was edited, remove the directory to start over`,
    );
  }
  return planFile;
}
