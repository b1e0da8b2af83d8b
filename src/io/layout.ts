import { dirname, join } from 'node:path';

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
  return { ...base, ...planFiles(join(base.experimentDir, planKey(planId))) };
}

/** Where one plan's files are, below its plan directory. */
export function planFiles(planDir: string): Pick<RunLayout, 'planDir' | 'planFile' | 'receiptsDir' | 'scorecardDir'> {
  return {
    planDir,
    planFile: join(planDir, 'plan.json'),
    receiptsDir: join(planDir, 'receipts'),
    scorecardDir: planDir,
  };
}

/** The plan's files, from its receipts directory as a run's test meta names it. */
export function planFilesOfReceipts(receiptsDir: string): ReturnType<typeof planFiles> {
  return planFiles(dirname(receiptsDir));
}

/**
 * A provider's one-time setup, keyed by the digest of what determines it:
 * .crossover/cache/provider-setups/<provider>/<key>/ with the record provider-setup.json and dir/.
 */
export function providerSetupLayout(root: string, providerId: string, key: string) {
  const entry = join(root, STATE_DIR, 'cache', 'provider-setups', providerId, key.replace(/^sha256:/, '').slice(0, 16));
  return { entry, record: join(entry, 'provider-setup.json'), dir: join(entry, 'dir') };
}
