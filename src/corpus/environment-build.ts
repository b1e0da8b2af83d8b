import { relative } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type ContainerEngine, resolveContainerEngine } from '../io/container-engine.js';
import { baseImages, buildImage, imageId } from '../io/container-image.js';
import {
  BASE_IMAGE,
  ENVIRONMENT_LABEL,
  environmentKey,
  environmentTag,
  type ResolvedEnvironment,
  taskImage,
} from './environment.js';
import type { LoadedTask } from './load.js';

/** One image a set of tasks needs: a Dockerfile's build, an image by digest, or the base image. */
interface Needed {
  label: string;
  environment: ResolvedEnvironment | undefined;
  tasks: string[];
}

export interface BuildOutcome {
  /** images already here, images built now */
  present: number;
  built: number;
  /** one line per image that is missing and could not be built */
  failed: string[];
}

/** The images `tasks` need, each once: tasks sharing a Dockerfile (a corpus's environment) share its image. */
async function neededImages(tasks: readonly LoadedTask[], withBase: boolean, root: string): Promise<Needed[]> {
  const byKey = new Map<string, Needed>();
  for (const task of tasks) {
    const environment = task.environment;
    if (environment === undefined && !withBase) continue;
    const key =
      environment === undefined
        ? BASE_IMAGE
        : 'image' in environment
          ? environment.image
          : environmentTag(await environmentKey(environment));
    const label =
      environment === undefined || 'image' in environment
        ? key
        : `${relative(root, environment.dockerfile) || environment.dockerfile} (${key.slice(0, 26)}…)`;
    const found = byKey.get(key) ?? { label, environment, tasks: [] };
    found.tasks.push(task.task.id);
    byKey.set(key, found);
  }
  return [...byKey.values()];
}

/** Why a Dockerfile cannot be built here, or null: every image it starts FROM must be on this machine. */
async function missingBase(engine: ContainerEngine, dockerfile: string): Promise<string | null> {
  for (const base of await baseImages(dockerfile)) {
    if ((await imageId(engine, base)) !== null) continue;
    const hint =
      base === BASE_IMAGE ? ': run scripts/base-image.sh (npm run setup as root does)' : ', and nothing is pulled';
    return `it starts FROM ${base}, which is not on this machine${hint}`;
  }
  return null;
}

/** Builds one Dockerfile environment's image, printing the builder's steps; the reason when it failed. */
async function build(
  engine: ContainerEngine,
  environment: Extract<ResolvedEnvironment, { dockerfile: string }>,
  progress: (line: string) => void,
): Promise<string | null> {
  const missing = await missingBase(engine, environment.dockerfile);
  if (missing !== null) return missing;
  const key = await environmentKey(environment);
  const started = performance.now();
  const result = await buildImage(
    engine,
    {
      dockerfile: environment.dockerfile,
      context: environment.context,
      tag: environmentTag(key),
      labels: { [ENVIRONMENT_LABEL]: key },
    },
    (line) => {
      if (/^(Step \d+\/\d+|STEP \d+\/\d+)/.test(line)) progress(`      ${line.slice(0, 160)}`);
    },
  );
  if (result.code !== 0) return `the build failed (exit ${result.code}):\n${result.tail}`;
  const id = await imageId(engine, environmentTag(key));
  progress(`      built ${id?.slice(0, 19) ?? '?'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return null;
}

/**
 * Builds every image `tasks` need that is not on this machine yet (each Dockerfile once per digest
 * of the file and its context), checks that every image named by digest is here, and, with
 * `withBase`, the base image tasks without an environment run in. One progress line per image,
 * then the builder's steps. Never pulls.
 */
export async function buildEnvironments(
  tasks: readonly LoadedTask[],
  options: { withBase: boolean; root: string; progress: (line: string) => void },
): Promise<BuildOutcome> {
  const engine = await resolveContainerEngine();
  if ('reason' in engine) throw new CrossoverError('infrastructure', engine.reason);
  const needed = await neededImages(tasks, options.withBase, options.root);
  const outcome: BuildOutcome = { present: 0, built: 0, failed: [] };
  for (const [index, image] of needed.entries()) {
    const head = `[${index + 1}/${needed.length}] ${image.label} for ${image.tasks.join(', ')}`;
    const found = await taskImage(engine, image.environment, 'crossover env build');
    if ('id' in found) {
      outcome.present += 1;
      options.progress(`${head}: present (${found.id.slice(0, 19)})`);
      continue;
    }
    if (image.environment === undefined || 'image' in image.environment) {
      outcome.failed.push(`${image.label}: ${found.missing}`);
      options.progress(`${head}: missing`);
      continue;
    }
    options.progress(`${head}: building`);
    const failure = await build(engine, image.environment, options.progress);
    if (failure === null) outcome.built += 1;
    else outcome.failed.push(`${image.label}: ${failure}`);
  }
  return outcome;
}
