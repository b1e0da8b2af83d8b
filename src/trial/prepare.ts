import { join } from 'node:path';
import type { AgentAdapter, AgentRunContext } from '../agents/adapter.js';
import { adapterFor, agentSandboxNeeds } from '../agents/registry.js';
import { CrossoverError, errorReason } from '../contracts/errors.js';
import { ensureSetup, type SetupOutputs } from '../corpus/setup.js';
import type { Snapshot } from '../corpus/snapshot.js';
import type { ProcessMarker } from '../io/process-tree.js';
import { handOver, providerIdentity, type SandboxHost, type SandboxIdentity } from '../io/sandbox.js';
import { serverLauncher } from '../io/server-launch.js';
import { overlayInTree } from '../provider-runtime/context-index.js';
import { type AgentClock, startAgentClock } from './agent-clock.js';
import { agentExec } from './agent-exec.js';
import { armContextTools } from './arm-tools.js';
import { agentEnvironment, DEFAULT_PATH } from './environment.js';
import type { LoginLease } from './login-lease.js';
import { type McpProxy, startMcpProxy } from './mcp-proxy.js';
import { OutputTails } from './output-tails.js';
import type { ProviderLaunch } from './provider-launch.js';
import { createRunHome } from './run-home.js';
import { installSkills, preloadTaskSkill } from './skills.js';
import { networkFinding, type TrialClock, type TrialSpec } from './spec.js';
import {
  agentServers,
  copyOnWriteOwner,
  gradingPlace,
  sandboxVersionOf,
  serverSandbox,
  type TrialSandbox,
  trialSandbox,
} from './trial-sandbox.js';
import { attemptWorkspace } from './workspace.js';

/** Everything the agent phase starts from: the fresh workspace and run home, the proxy, the agent's context. */
export interface Prepared {
  adapter: AgentAdapter;
  sandboxVersion: string | null;
  /** the task's starting tree the workspace was copied from, and its model */
  snapshot: Snapshot;
  workspace: string;
  /** a repository task's setup outputs: read-only over the workspace in the sandbox and at grading */
  setup: SetupOutputs | null;
  /** how this trial reaches the arm's provider (its servers, in-tree index, withheld credentials) */
  launch: ProviderLaunch;
  context: AgentRunContext;
  proxy: McpProxy;
  /** the tails of what the agent's processes printed, recorded by the exec every adapter gets */
  output: OutputTails;
  /** the agent's clock (agent-clock.ts): its time limit, stopped when it ends, and whether the machine starved it */
  agentClock: AgentClock;
  /** the trial's sandbox: a container trial's checks and runner run in fresh containers of its image */
  sandbox: TrialSandbox;
}

/** The setup outputs a trial may use: what the plan bound, or drift (the cache was rebuilt with other files). */
function boundSetup(spec: TrialSpec, setup: SetupOutputs | null): SetupOutputs | null {
  if (spec.setupDigest === undefined || setup?.record.digest === spec.setupDigest) return setup;
  throw new CrossoverError(
    'drift',
    `the task's setup produced ${setup?.record.digest ?? 'nothing'}, the plan bound ${spec.setupDigest ?? 'none'}`,
  );
}

/** The trial's own copy of each in-tree index, in its workspace (CodeGraph writes its pid and journal beside its database). */
function overlayPaths(launch: ProviderLaunch, workspace: string): string[] {
  return launch.overlays.flatMap((overlay) => overlay.paths.map((path) => join(workspace, path)));
}

/**
 * The arm's MCP servers behind Crossover's proxy, each started outside the agent's sandbox and
 * never shown the trial directory beyond the workspace; the proxy's sockets are the agent's
 * (`agent`: its identity) and offer it only the arm's tools.
 */
function proxyServers(
  spec: TrialSpec,
  launch: ProviderLaunch,
  place: { trialDir: string; workspace: string; agent: SandboxIdentity | null },
  sandbox: SandboxHost | null,
): Promise<McpProxy> {
  const servers = serverLauncher({
    sandbox,
    workspace: place.workspace,
    home: join(place.trialDir, 'mcp-home'),
    path: process.env.PATH ?? DEFAULT_PATH,
    shareNetwork: networkFinding(spec) !== null,
    readOnly: [...spec.readOnly, ...launch.readOnly],
    writable: overlayPaths(launch, place.workspace),
    hidden: [place.trialDir],
  });
  return startMcpProxy(launch.mcpServers, servers, {
    ...(place.agent ? { owner: place.agent } : {}),
    allowedTools: armContextTools(spec.arm),
  });
}

/** The agent's identity in its sandbox (bubblewrap's or a container's); null without one. */
function agentIdentity(sandbox: TrialSandbox): SandboxIdentity | null {
  return sandbox !== null && 'identity' in sandbox ? sandbox.identity : null;
}

/**
 * The trial's fresh workspace and the arm's provider reaching it: the sandbox host, the task's
 * snapshot copied, a provider's in-tree index laid over it, the task's setup outputs, the servers
 * behind the proxy. Then the agent's run home and context; a failure on the way closes the proxy.
 */
export async function prepare(spec: TrialSpec, place: AgentPlace): Promise<Prepared> {
  const { trialDir } = place;
  const adapter = adapterFor(spec.arm.agent.spec, { root: spec.root });
  // A synthetic agent runs in-process: it may do without the sandbox, but any command it starts is refused.
  const sandbox = await trialSandbox({ ...spec, environment: spec.task.environment, taskDir: spec.task.dir });
  if (sandbox && 'reason' in sandbox && !adapter.synthetic) throw new CrossoverError('infrastructure', sandbox.reason);
  const { snapshot, workspace } = await attemptWorkspace(spec.root, spec.task, trialDir, copyOnWriteOwner(sandbox));
  const launch = await spec.provider(workspace).catch((error: unknown) => {
    throw new CrossoverError('infrastructure', `provider ${spec.arm.provider?.id}: ${errorReason(error)}`, {
      cause: error,
    });
  });
  for (const overlay of launch.overlays) await overlayInTree(overlay.indexDir, overlay.paths, workspace);
  const setup = boundSetup(spec, await ensureSetup(spec.root, spec.task, { container: gradingPlace(sandbox) }));
  // Where the proxy starts the arm's real servers: under a bubblewrap of their own when there is one.
  const host = serverSandbox(sandbox, launch.mcpServers.length);
  const proxy = await proxyServers(spec, launch, { trialDir, workspace, agent: agentIdentity(sandbox) }, host);
  const sandboxVersion = sandboxVersionOf(sandbox);
  const partial = { adapter, sandboxVersion, snapshot, workspace, setup, launch, proxy, sandbox };
  try {
    return { ...partial, ...(await prepareAgent(spec, partial, place)) };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

type Ready = Omit<Prepared, 'context' | 'output' | 'agentClock'>;

/** Where and under what the agent runs: its trial directory, the marker its processes carry, its clock, its lease. */
export interface AgentPlace {
  trialDir: string;
  marker: ProcessMarker;
  /** the marker's value, set in the agent's environment */
  markerValue: string;
  clock: TrialClock;
  lease: LoginLease | null;
}

/** The agent's run home (skills, the leased login) and the context its adapter starts it with. */
async function prepareAgent(
  spec: TrialSpec,
  ready: Ready,
  place: AgentPlace,
): Promise<Pick<Prepared, 'context' | 'output' | 'agentClock'>> {
  const { trialDir } = place;
  const { workspace, proxy, sandbox } = ready;
  const servers = agentServers(proxy.servers, sandbox);
  const { home, tmp } = await createRunHome(trialDir, spec.root, spec.arm, servers);
  await installSkills(home, spec.root, spec.arm, spec.arm.agent.spec.adapter);
  // Before the hand-over, so the copy belongs to the agent's uid like the rest of its home.
  await place.lease?.install(home);
  const prompt = await preloadTaskSkill(spec.prompt, spec.root, spec.arm, spec.expectedSkill);
  if (sandbox && 'identity' in sandbox) {
    // The index copy is its server's to write, and its server runs as a uid of its own: handed over
    // first, so the agent's hand-over (of what root owns) leaves it alone.
    await handOver(overlayPaths(ready.launch, workspace), providerIdentity(sandbox.identity));
    await handOver([workspace, home, tmp], sandbox.identity);
  }
  // A treatment whose provider cannot be reached would silently be a second baseline: setup-failed instead.
  if (spec.arm.role === 'treatment') await proxy.check(armContextTools(spec.arm) ?? [], spec.timeoutMs);
  // The agent's own signal also fires when its time is up: in-process (synthetic) agents stop there too.
  const agentClock = startAgentClock(spec.timeoutMs, place.marker);
  const output = new OutputTails();
  const exec = output.recording(agentExec(execSettings(spec, ready, place, agentClock, [home, tmp])));
  const context: AgentRunContext = {
    trialId: spec.trial.id,
    workspace,
    home,
    tmp,
    prompt,
    agent: spec.arm.agent.spec,
    arm: spec.arm,
    mcpServers: servers,
    contextTools: armContextTools(spec.arm) ?? [],
    env: agentEnvironment({
      host: process.env,
      home,
      tmp,
      trialDir,
      credentials: spec.credentials.filter((name) => !ready.launch.withheld.includes(name)),
      marker: place.markerValue,
    }),
    signal: AbortSignal.any([place.clock.signal, agentClock.timeUp]),
    sandbox: spec.sandbox,
    exec,
    referenceDir: ready.adapter.synthetic && spec.referenceAllowed ? join(spec.task.dir, 'reference') : null,
  };
  return { context, output, agentClock };
}

/** How the agent's commands run: its sandbox's layout (what it may write and read), its marker, its time limit. */
function execSettings(spec: TrialSpec, ready: Ready, place: AgentPlace, agentClock: AgentClock, agentDirs: string[]) {
  const { workspace, setup, proxy, launch } = ready;
  const layout = {
    writable: [workspace, ...agentDirs],
    readOnly: [
      ...spec.readOnly,
      ...launch.readOnly,
      ...agentSandboxNeeds(spec.arm.agent.spec, spec.root).readOnly,
      ...proxy.readOnly,
    ],
    shareNetwork: networkFinding(spec) !== null,
    // Setup outputs are bound, never copied: outside the agent's diff, scan and modified count.
    mounts: (setup?.outputs ?? []).map((output) => ({
      source: join(setup!.dir, output),
      dest: join(workspace, output),
    })),
  };
  return {
    sandbox: ready.sandbox,
    layout,
    agentDirs,
    marker: place.marker,
    // The clock decides when the agent's time is up; this bound, a second past the clock's own, only
    // backs it up, so the command is never cut before the clock can say whether the machine starved it.
    deadline: agentClock.deadline + 1000,
    timeUp: agentClock.timeUp,
    signal: place.clock.signal,
  };
}
