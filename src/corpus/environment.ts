import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { digestBytes, digestOf } from '../contracts/canonical.js';
import type { BrowserPlace, TaskEnvironment } from '../contracts/environment.js';
import { CrossoverError } from '../contracts/errors.js';
import type { ContainerPlace } from '../io/container.js';
import { type ContainerEngine, resolveContainerEngine } from '../io/container-engine.js';
import { containerPlace } from '../io/container-host.js';
import { imageId } from '../io/container-image.js';
import { treeDigest } from '../io/tree.js';

/**
 * A task's environment as it lies on disk: a Dockerfile and its context (absolute), or an image by
 * digest; and where its browser checks run (host when it does not say).
 */
export type ResolvedEnvironment = (
  | { dockerfile: string; context: string; declaredIn: string }
  | { image: string; declaredIn: string }
) & { browser: BrowserPlace };

/**
 * The image a task that declares no environment runs in under the container sandbox: Debian
 * bookworm built here from Debian's archive (scripts/base-image.sh), which task Dockerfiles may
 * start FROM too.
 */
export const BASE_IMAGE = 'crossover/bookworm:base';
/** How the image of one Dockerfile environment is tagged: by the digest of its Dockerfile and context. */
export const ENVIRONMENT_REPOSITORY = 'crossover-env';
export const ENVIRONMENT_LABEL = 'org.crossover.environment';

async function kind(path: string): Promise<'file' | 'directory' | null> {
  const found = await stat(path).catch(() => null);
  return found === null ? null : found.isFile() ? 'file' : found.isDirectory() ? 'directory' : null;
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/**
 * Resolves a declared environment against the directory of the document that declares it
 * (`source`, a task.json or corpus.json). A build context holding any of `hidden` (the task's
 * checks, reference and decoys, or the corpus's tasks) is refused: an image built from it would
 * carry what the agent must never see.
 */
export async function resolveEnvironment(
  declared: TaskEnvironment,
  ownerDir: string,
  source: string,
  hidden: readonly string[],
): Promise<ResolvedEnvironment> {
  const browser = declared.browser ?? 'host';
  if ('image' in declared) return { image: declared.image, declaredIn: source, browser };
  const dockerfile = join(ownerDir, declared.dockerfile);
  if ((await kind(dockerfile)) !== 'file')
    throw new CrossoverError(
      'invalid-input',
      `${source}: $.environment.dockerfile: expected a file, "${declared.dockerfile}" is not one`,
    );
  const context = declared.context === undefined ? dirname(dockerfile) : join(ownerDir, declared.context);
  const field = declared.context === undefined ? '$.environment.dockerfile' : '$.environment.context';
  if ((await kind(context)) !== 'directory')
    throw new CrossoverError(
      'invalid-input',
      `${source}: ${field}: expected a build context directory, "${declared.context}" is not one`,
    );
  const leaked = hidden.find((path) => inside(path, context));
  if (leaked !== undefined)
    throw new CrossoverError(
      'invalid-input',
      `${source}: ${field}: the build context ${relative(ownerDir, context) || '.'} holds ${relative(ownerDir, leaked)}, which the agent must never see: put the Dockerfile in a folder of its own (environment/Dockerfile)`,
    );
  return { dockerfile, context, declaredIn: source, browser };
}

/** What names a Dockerfile environment's image: the Dockerfile's bytes and its context's tree. */
export async function environmentKey(
  environment: Extract<ResolvedEnvironment, { dockerfile: string }>,
): Promise<string> {
  return digestOf({
    dockerfile: digestBytes(await readFile(environment.dockerfile)),
    context: await treeDigest(environment.context),
  });
}

export function environmentTag(key: string): string {
  return `${ENVIRONMENT_REPOSITORY}:${key.replace(/^sha256:/, '')}`;
}

/** The image a task's containers start from, by id; or why it is not on this machine. */
export type TaskImage = { id: string } | { missing: string };

/**
 * The image of a task under the container sandbox: its Dockerfile's build (found by the digest of
 * the file and its context), its image by digest, or the base image when it declares none. An
 * image by digest is found by its registry digest, or by its id (a local build has no registry
 * digest; its id is the digest of its configuration, as immutable). Never pulled.
 */
export async function taskImage(
  engine: ContainerEngine,
  environment: ResolvedEnvironment | undefined,
  buildCommand: string,
): Promise<TaskImage> {
  if (environment === undefined) {
    const id = await imageId(engine, BASE_IMAGE);
    return id
      ? { id }
      : {
          missing: `the base image ${BASE_IMAGE} is not built: run scripts/base-image.sh (npm run setup as root does)`,
        };
  }
  if ('image' in environment) {
    const digest = environment.image.slice(environment.image.lastIndexOf('@') + 1);
    const id = (await imageId(engine, environment.image)) ?? (await imageId(engine, digest));
    return id
      ? { id }
      : {
          missing: `${environment.image} is not on this machine and is never pulled: load it (docker pull or load) first`,
        };
  }
  const key = await environmentKey(environment);
  const id = await imageId(engine, environmentTag(key));
  return id ? { id } : { missing: `its Dockerfile's image is not built: run ${buildCommand}` };
}

/**
 * Where a task's checks run when it is graded outside a trial (corpus verify): a container of its
 * environment's image, or null (the host, in bubblewrap) when it declares none. A task whose image
 * is not here blocks, naming the command that builds it.
 */
export async function gradingPlaceOf(
  task: { task: { id: string }; environment?: ResolvedEnvironment | undefined },
  buildCommand: string,
): Promise<ContainerPlace | null> {
  if (task.environment === undefined) return null;
  const engine = await resolveContainerEngine();
  if ('reason' in engine)
    throw new CrossoverError('blocked', `task ${task.task.id} needs a container: ${engine.reason}`);
  const image = await taskImage(engine, task.environment, buildCommand);
  if ('missing' in image) throw new CrossoverError('blocked', `task ${task.task.id}: ${image.missing}`);
  const place = await containerPlace(image.id);
  if ('reason' in place) throw new CrossoverError('blocked', `task ${task.task.id}: ${place.reason}`);
  return place;
}
