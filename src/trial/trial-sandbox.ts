import type { McpServerSpec } from '../agents/adapter.js';
import { CrossoverError } from '../contracts/errors.js';
import { type ResolvedEnvironment, taskImage } from '../corpus/environment.js';
import type { SnapshotOwner } from '../corpus/snapshot.js';
import { resolveBubblewrap } from '../io/bubblewrap.js';
import { CONTAINER_NODE, type ContainerPlace } from '../io/container.js';
import { resolveContainerEngine } from '../io/container-engine.js';
import { type ContainerHost, containerHost } from '../io/container-host.js';
import { type SandboxHost, sandboxHost } from '../io/sandbox.js';

/** How a trial is contained: the experiment's (or `crossover trial`'s) `sandbox`. */
export type SandboxKind = 'bubblewrap' | 'container' | 'none';

/** A trial's sandbox: bubblewrap, a container of the task's image, why neither can be had, or none (asked for). */
export type TrialSandbox = SandboxHost | ContainerHost | { reason: string } | null;

/**
 * The sandbox a trial's agent runs in. A container trial runs the image its plan bound (by id);
 * an ad-hoc one the image its task's environment names now (or the base image), never pulled.
 */
export async function trialSandbox(input: {
  sandbox: SandboxKind;
  image?: string;
  environment: ResolvedEnvironment | undefined;
  taskDir: string;
}): Promise<TrialSandbox> {
  if (input.sandbox === 'none') return null;
  if (input.sandbox === 'bubblewrap') return sandboxHost();
  let image = input.image;
  if (image === undefined) {
    const engine = await resolveContainerEngine();
    if ('reason' in engine) return engine;
    const found = await taskImage(engine, input.environment, `crossover env build --task ${input.taskDir}`);
    if ('missing' in found) return { reason: `the task's image: ${found.missing}` };
    image = found.id;
  }
  return containerHost(image);
}

/** The version a receipt records: bubblewrap's, or the container engine's with its name. */
export function sandboxVersionOf(sandbox: TrialSandbox): string | null {
  if (sandbox === null || 'reason' in sandbox) return null;
  return 'engine' in sandbox ? `${sandbox.engine.kind} ${sandbox.engine.version}` : sandbox.bwrap.version;
}

/** The version a receipt of a trial that never started records, found without starting anything. */
export async function sandboxVersionFor(kind: SandboxKind): Promise<string | null> {
  if (kind === 'bubblewrap') return (await resolveBubblewrap())?.version ?? null;
  if (kind === 'none') return null;
  const engine = await resolveContainerEngine();
  return 'reason' in engine ? null : `${engine.kind} ${engine.version}`;
}

/**
 * Where the proxy starts the arm's MCP servers: the trial's bubblewrap, or, in a container trial,
 * a bubblewrap on the host (the servers are the provider's, not the task's). A container trial with
 * servers and no bubblewrap is refused: they would otherwise run bare.
 */
export function serverSandbox(sandbox: TrialSandbox, servers: number): SandboxHost | null {
  if (sandbox === null || 'reason' in sandbox) return null;
  if (!('engine' in sandbox)) return sandbox;
  if (!('reason' in sandbox.servers)) return sandbox.servers;
  if (servers > 0) throw new CrossoverError('infrastructure', `the MCP servers' sandbox: ${sandbox.servers.reason}`);
  return null;
}

/** The agent-owned snapshot copy-on-write workspaces need: a container trial of a root harness. */
export function copyOnWriteOwner(sandbox: TrialSandbox): SnapshotOwner | null {
  if (sandbox === null || 'reason' in sandbox || !('engine' in sandbox)) return null;
  const { identity } = sandbox;
  return identity.kind === 'unprivileged' ? { uid: identity.uid, gid: identity.gid } : null;
}

/** Where a container trial's checks and test runner run: fresh containers of the same image. */
export function gradingPlace(sandbox: TrialSandbox): ContainerPlace | null {
  if (sandbox === null || 'reason' in sandbox || !('engine' in sandbox)) return null;
  return { engine: sandbox.engine, image: sandbox.image, path: sandbox.path };
}

/** The relays the agent is given: started by Crossover's node, which a container has at its own path. */
export function agentServers(servers: McpServerSpec[], sandbox: TrialSandbox): McpServerSpec[] {
  if (sandbox === null || 'reason' in sandbox || !('engine' in sandbox)) return servers;
  return servers.map((server) =>
    server.command === process.execPath ? { ...server, command: CONTAINER_NODE } : server,
  );
}
