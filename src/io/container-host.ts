import { randomBytes } from 'node:crypto';
import { clip } from '../contracts/redaction.js';
import { CONTAINER_NODE, type ContainerPlace, containerArgv, containerPath, endContainer } from './container.js';
import { engineCommand, resolveContainerEngine } from './container-engine.js';
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
  const place = { engine, image, path };
  const refused = await cannotRun(place);
  return refused === null ? place : { reason: refused };
}

/** Places known to run a container, by engine and image: asked once per process. */
const runs = new Set<string>();

/**
 * Why the engine cannot run a container of the image here, in its own words, or null. An engine
 * that answers but cannot start one (a runtime that refuses this host's cgroups, say) would fail
 * every agent command and every check: that is the machine's failure, so it blocks here instead
 * of reaching a trial as the agent's error.
 */
async function cannotRun(place: ContainerPlace): Promise<string | null> {
  const key = `${place.engine.path}\0${place.image}`;
  if (runs.has(key)) return null;
  const name = `crossover-preflight-${randomBytes(6).toString('hex')}`;
  const argv = containerArgv(place, {
    name,
    labels: {},
    layout: { writable: [], readOnly: [], shareNetwork: false },
    cwd: '/',
    argv: [CONTAINER_NODE, '-e', ''],
    identity: containerIdentity(),
    limits: { pids: 64, memoryBytes: 512 * 1024 ** 2, cpus: 1 },
    passed: [],
    set: {},
  });
  const result = await engineCommand(place.engine, argv, { timeoutMs: 120_000 });
  if (result.code === 0) {
    runs.add(key);
    return null;
  }
  // A run that timed out may have left its container behind; the engine's words below already say why.
  await endContainer(place.engine, name).catch(() => undefined);
  const said = clip(result.stderr.trim().split('\n').pop() ?? '', 300);
  return `${place.engine.path} cannot run a container of ${place.image} here (exit ${result.code ?? 'none'}: ${said}): fix the engine (npm run setup installs and starts Docker)`;
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
