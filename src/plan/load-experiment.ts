import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkedAgent } from '../agents/registry.js';
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
 * `import … from 'crossover'` inside an experiment resolves to this package's public entry as the
 * package exports it (dist/bundled/index.js: from dist/plan, the bundle and src/plan alike), so
 * the experiment's helpers and the loader agree, also for experiment files outside an installed
 * package, and the CLI's bundle shares its modules with it. Run from source (Crossover's own tests,
 * which import the build through the package's self-reference too) it is still the build:
 * src/index.ts, TypeScript, would be bundled into every experiment whole and evaluated afresh on
 * each load. src/index.ts only before the first build.
 */
function ownEntry(): string {
  const built = fileURLToPath(new URL('../../dist/bundled/index.js', import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL('../index.ts', import.meta.url));
}

/** SGR escapes (colours, bold): the bundler colours its syntax errors whatever its output is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const SGR = /\u001b\[[0-9;]*m/g;

/** The bundler's message as plain text unless stderr is a terminal, where its colours help. */
function plainUnlessTty(message: string): string {
  return process.stderr.isTTY ? message : message.replace(SGR, '');
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
    throw new CrossoverError(
      'invalid-input',
      `${absolute}: could not be loaded (${plainUnlessTty((error as Error).message)})`,
      {
        cause: error,
      },
    );
  }
  if (module.default === undefined) {
    throw new CrossoverError(
      'invalid-input',
      `${absolute}: expected a default export: export default defineExperiment({ ... })`,
    );
  }
  const experiment = withCheckedAgents(parseWith(ExperimentSchema, module.default, absolute), absolute);
  return { experiment, file: absolute, dir: dirname(absolute) };
}

/** Every agent declaration as its adapter reads it (agents/registry.ts `checkedAgent`): an unknown adapter is refused here. */
function withCheckedAgents(experiment: Experiment, file: string): Experiment {
  return {
    ...experiment,
    agent: checkedAgent(experiment.agent, file, ['agent']),
    arms: experiment.arms.map((arm, index) =>
      arm.agent === undefined ? arm : { ...arm, agent: checkedAgent(arm.agent, file, ['arms', index, 'agent']) },
    ),
  };
}
