import { randomBytes } from 'node:crypto';
import { type ContainerPlace, containerPath } from './container.js';
import { resolveContainerEngine } from './container-engine.js';
import { AGENT_GID, AGENT_UID, type SandboxHost, type SandboxIdentity, sandboxHost } from './sandbox.js';

/** The label every container of a trial carries: its run marker's value, which the survivor check looks for. */
export const TRIAL_LABEL = 'org.crossover.trial';

/**
 * A trial's container sandbox: where its agent's commands run. The arm's MCP servers are not the
 * task's: they run on the host in bubblewrap behind Crossover's proxy, as in a bubblewrap trial,
 * and the relay inside the container reaches the proxy's socket through a bind mount.
 */
export interface ContainerHost extends ContainerPlace {
  kind: 'container';
  identity: SandboxIdentity;
  /** the bubblewrap the proxy starts the arm's servers in */
  servers: SandboxHost | { reason: string };
}

/** Who runs inside: as root an unprivileged uid (given the trial's writable directories), else the caller's own. */
export function containerIdentity(): SandboxIdentity {
  return process.getuid?.() === 0 ? { kind: 'unprivileged', uid: AGENT_UID, gid: AGENT_GID } : { kind: 'caller' };
}

/** Where containers of `image` (an id) run here, or why they cannot: never pulled. */
export async function containerPlace(image: string): Promise<ContainerPlace | { reason: string }> {
  const engine = await resolveContainerEngine();
  if ('reason' in engine) return engine;
  const path = await containerPath(engine, image);
  if (path === null)
    return {
      reason: `the image ${image} is not on this machine (nothing is pulled at trial time): build it with crossover env build`,
    };
  return { engine, image, path };
}

/** The container sandbox of a trial, or why it cannot be had. */
export async function containerHost(image: string): Promise<ContainerHost | { reason: string }> {
  const place = await containerPlace(image);
  if ('reason' in place) return place;
  return { kind: 'container', ...place, identity: containerIdentity(), servers: await sandboxHost() };
}

/** A fresh container name for one command of the trial marked `trial` (or of grading when null). */
export function containerName(trial: string | null): string {
  return `crossover-${trial ?? 'grading'}-${randomBytes(6).toString('hex')}`;
}
