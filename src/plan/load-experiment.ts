import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CrossoverError, parseWith } from '../contracts/errors.js';
import { type Experiment, ExperimentSchema } from '../contracts/experiment.js';
import { importTypeScript } from './import-typescript.js';

export interface LoadedExperiment {
  experiment: Experiment;
  /** absolute path of the experiment file */
  file: string;
  /** its directory: the experiment's relative paths start here */
  dir: string;
}

/**
 * `import … from 'crossover'` inside an experiment resolves to the Crossover that loads it (its
 * built dist/index.js, or src/index.ts when run from source), so the experiment's helpers and the
 * loader always agree, also for experiment files outside an installed package.
 */
function ownEntry(): string {
  const built = fileURLToPath(new URL('../index.js', import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL('../index.ts', import.meta.url));
}

/**
 * Loads `experiments/*.ts` (bundled with its relative helpers: Node 20 cannot strip types) and
 * validates its default export. Each call evaluates the file afresh, so an edited experiment is seen.
 */
export async function loadExperiment(file: string): Promise<LoadedExperiment> {
  const absolute = resolve(file);
  if (!existsSync(absolute)) throw new CrossoverError('not-found', `${absolute}: no such experiment file`);
  let module: Record<string, unknown>;
  try {
    module = await importTypeScript(absolute, { crossover: ownEntry() });
  } catch (error) {
    throw new CrossoverError('invalid-input', `${absolute}: could not be loaded (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (module.default === undefined) {
    throw new CrossoverError(
      'invalid-input',
      `${absolute}: expected a default export: export default defineExperiment({ ... })`,
    );
  }
  return { experiment: parseWith(ExperimentSchema, module.default, absolute), file: absolute, dir: dirname(absolute) };
}
