import { BASE_IMAGE } from '../../src/corpus/environment.js';
import { resolveContainerEngine } from '../../src/io/container-engine.js';
import { type ContainerHost, containerHost } from '../../src/io/container-host.js';
import { imageId } from '../../src/io/container-image.js';
import { requireSandbox, type SandboxHost } from '../../src/io/sandbox.js';

/** The sandbox backends every containment test runs against (`none`, where a test has it, is the positive control). */
export const CONTAINED = ['bubblewrap', 'container'] as const;
export type Contained = (typeof CONTAINED)[number];

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
