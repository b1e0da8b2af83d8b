import { BASE_IMAGE } from '../../src/corpus/environment.js';
import { resolveContainerEngine } from '../../src/io/container-engine.js';
import { type ContainerHost, containerHost } from '../../src/io/container-host.js';
import { imageId } from '../../src/io/container-image.js';
import { requireSandbox, type SandboxHost } from '../../src/io/sandbox.js';

export type Contained = 'bubblewrap' | 'container';

/**
 * The sandbox backends every containment test runs against (`none`, where a test has it, is the
 * positive control): both, unless CROSSOVER_TEST_BACKENDS names fewer (scripts/test-as-user.sh runs
 * as a user the engine's daemon does not serve, so there only bubblewrap is under test).
 */
export const CONTAINED: readonly Contained[] = (process.env.CROSSOVER_TEST_BACKENDS ?? 'bubblewrap,container')
  .split(',')
  .filter((name): name is Contained => name === 'bubblewrap' || name === 'container');

/** The base image's id: what a task without an environment runs in under sandbox container (setup builds it). */
export async function baseImageId(): Promise<string> {
  const engine = await resolveContainerEngine();
  if ('reason' in engine) throw new Error(engine.reason);
  const id = await imageId(engine, BASE_IMAGE);
  if (id === null) throw new Error(`${BASE_IMAGE} is not built: run scripts/base-image.sh (npm run setup does)`);
  return id;
}

/** The sandbox agent commands run in under `backend`: bubblewrap, or fresh containers of the base image. */
export async function agentSandbox(backend: Contained): Promise<SandboxHost | ContainerHost> {
  if (backend === 'bubblewrap') return requireSandbox();
  const host = await containerHost(await baseImageId());
  if ('reason' in host) throw new Error(host.reason);
  return host;
}
