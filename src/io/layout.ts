import { join } from 'node:path';

/**
 * Where a run's files live, below the project root:
 * .crossover/<experiment>/probes/<provider>.json
 * .crossover/<experiment>/<plan>/plan.json, receipts/<trial>.json, scorecard.{json,md,html}
 */
export interface RunLayout {
  experimentDir: string;
  probesDir: string;
  planDir: string;
  planFile: string;
  receiptsDir: string;
  scorecardDir: string;
}

export const STATE_DIR = '.crossover';

/** The first 16 hex digits of a plan id name its directory. */
export function planKey(planId: string): string {
  return planId.replace(/^sha256:/, '').slice(0, 16);
}

export function experimentLayout(root: string, experimentId: string): Pick<RunLayout, 'experimentDir' | 'probesDir'> {
  const experimentDir = join(root, STATE_DIR, experimentId);
  return { experimentDir, probesDir: join(experimentDir, 'probes') };
}

export function runLayout(root: string, experimentId: string, planId: string): RunLayout {
  const base = experimentLayout(root, experimentId);
  const planDir = join(base.experimentDir, planKey(planId));
  return {
    ...base,
    planDir,
    planFile: join(planDir, 'plan.json'),
    receiptsDir: join(planDir, 'receipts'),
    scorecardDir: planDir,
  };
}
