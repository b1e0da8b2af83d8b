import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError, parseWith } from '../contracts/errors.js';
import {
  type Observability,
  PROBE_TEXT_LIMIT,
  type ProbeContainment,
  type ProbeIdentity,
  type ProbeInterface,
  type ProbeMeasurements,
  type ProbeRecord,
  ProbeRecordBodySchema,
  type ProbeStep,
  sealProbeRecord,
} from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { clip, redactDeep } from '../contracts/redaction.js';
import type { LoadedTask } from '../corpus/load.js';
import { materializeTree } from '../corpus/materialize.js';
import { providerPrefix } from '../io/provider-install.js';
import type { SandboxHost } from '../io/sandbox.js';
import { readTreeModel } from '../io/tree.js';
import {
  type ContainedStep,
  type Containment,
  closeContainment,
  containedLaunch,
  noteDetached,
  openContainment,
  type ProviderCommand,
  runProviderCommand,
  type StepAttempt,
  survivorDetail,
} from '../provider-runtime/contain.js';
import { buildTaskIndex, INDEX_DEFAULTS, indexFreshness, overlayInTree } from '../provider-runtime/context-index.js';
import { egressHosts, egressPosture, isLoopbackHost } from '../provider-runtime/egress.js';
import {
  credentialAvailability,
  credentialValues,
  providerEnvironment,
  providerHeaders,
} from '../provider-runtime/environment.js';
import { launchCommand } from '../provider-runtime/launch.js';
import { handshakeMcp, type SampleAnswer } from '../provider-runtime/mcp.js';
import { ensureProviderSetup } from '../provider-runtime/provider-setup.js';
import { handshakeCli } from './cli.js';
import { decideEligibility } from './eligibility.js';

export interface ProbeLimits {
  setupTimeoutMs: number;
  indexTimeoutMs: number;
  storageLimitBytes: number;
}

export const PROBE_LIMITS: ProbeLimits = {
  setupTimeoutMs: 30_000,
  indexTimeoutMs: INDEX_DEFAULTS.timeoutMs,
  storageLimitBytes: INDEX_DEFAULTS.storageLimitBytes,
};

export interface ProbeOptions {
  /** the project root: never named in a record */
  root: string;
  /** directory the declaration's "./" and "../" command paths are relative to; default root */
  baseDir?: string;
  /** the task whose own snapshot the index command runs on */
  sampleTask?: LoadedTask;
  /** an approval names this provider: task source may be sent to it */
  approvedEgress?: boolean;
  env?: NodeJS.ProcessEnv;
  limits?: Partial<ProbeLimits>;
  /**
   * The trial's sandbox every provider process runs in (fresh HOME, no network unless the declared
   * egress is allowed, the whole tree ended); null runs them bare, which only `--sandbox none` asks for.
   */
  sandbox: SandboxHost | null;
}

/** Scratch directories of one probe; all below one temp dir removed at the end. */
interface Scratch {
  dir: string;
  snapshot: string;
  index: string;
  empty: string;
  /** the fresh HOME every provider process of the probe gets (never the caller's) */
  home: string;
  /** a copy of the snapshot with the in-tree index overlaid: where the server runs */
  workspace: string;
}

interface Context {
  provider: Provider;
  root: string;
  baseDir: string;
  env: NodeJS.ProcessEnv;
  limits: ProbeLimits;
  approved: boolean;
  /** task source and sample calls may reach the provider: no approval is needed, or one names it */
  shareSource: boolean;
  scratch: Scratch;
  containment: Containment;
  /** the one-time setup's directory, once it ran or was reused; null when none is declared or it did not run */
  setupDir: string | null;
}

interface ProviderSetupOutcome {
  step: ProbeIdentity['providerSetup'];
  measurement: ProbeMeasurements['providerSetup'];
}

interface IndexOutcome {
  step: ProbeIdentity['index'];
  measurement: ProbeMeasurements['index'];
}

interface SetupOutcome {
  step: ProbeStep;
  iface: ProbeInterface | null;
  setupMs: number | null;
  sample: { step: ProbeIdentity['sample']; measurement: ProbeMeasurements['sample'] };
}

const skipped = (detail: string): ProbeStep => ({ status: 'skipped', detail });

function messageOf(error: unknown): string {
  return clip(error instanceof Error ? error.message : String(error), PROBE_TEXT_LIMIT);
}

/**
 * Runs the declared one-time setup, or reuses the run that already happened on this machine for
 * this install and declaration. Its egress, when it needs approval, waits for one naming the provider.
 */
async function probeProviderSetup(ctx: Context): Promise<ProviderSetupOutcome> {
  const none = (detail: string): ProviderSetupOutcome => ({
    step: { ...skipped(detail), digest: null },
    measurement: null,
  });
  if (!ctx.provider.setup) return none('no setup step declared');
  if (egressPosture(ctx.provider, ctx.approved).needsApproval && !ctx.approved)
    return none('not run: its egress needs an approval naming this provider');
  const started = performance.now();
  try {
    const setup = await ensureProviderSetup(ctx.provider, {
      root: ctx.root,
      baseDir: ctx.baseDir,
      env: ctx.env,
      containment: ctx.containment,
    });
    ctx.setupDir = setup.dir;
    return {
      step: { status: 'ok', detail: null, digest: setup.digest },
      measurement: { ms: Math.round(performance.now() - started), built: setup.built },
    };
  } catch (error) {
    return { step: { status: 'failed', detail: messageOf(error), digest: null }, measurement: null };
  }
}

/** Why a step that needs the declared one-time setup is not run: it did not complete; null when it did or none is declared. */
function withoutSetup(ctx: Context): string | null {
  return ctx.provider.setup && ctx.setupDir === null ? 'not run: the one-time setup did not complete' : null;
}

/** The places and variables of the one-time setup's directory, when there is one. */
function setupPlace(ctx: Context): { places: { setupDir?: string }; env: Record<string, string> } {
  return ctx.setupDir === null
    ? { places: {}, env: {} }
    : { places: { setupDir: ctx.setupDir }, env: { CROSSOVER_SETUP_DIR: ctx.setupDir } };
}

/** The declared freshness check of the probe's freshly built index against the snapshot it was built from. */
async function probeFreshness(ctx: Context): Promise<ProbeStep> {
  const checked = await indexFreshness(ctx.provider, ctx.scratch.index, await readTreeModel(ctx.scratch.snapshot));
  if (checked === null) return skipped('no freshness check declared');
  return checked.fresh
    ? { status: 'ok', detail: null }
    : { status: 'failed', detail: clip(checked.detail, PROBE_TEXT_LIMIT) };
}

/** Runs the index command on the sample task's own snapshot, unless that would send source without approval. */
async function probeIndex(ctx: Context, task: LoadedTask | undefined, shareSource: boolean): Promise<IndexOutcome> {
  const none = (detail: string, sampleTask: string | null = null): IndexOutcome => ({
    step: { ...skipped(detail), sampleTask, revision: null, freshness: skipped('no index was built') },
    measurement: null,
  });
  if (!ctx.provider.index) return none('no index command declared');
  if (ctx.provider.interface.type === 'none') return none('no agent-readable interface to serve an index');
  if (!task) return none('no sample task given');
  const sampleTask = task.task.id;
  const missing = withoutSetup(ctx);
  if (missing !== null) return none(missing, sampleTask);
  if (!shareSource)
    return none('not run: task source would leave the machine, and no approval names this provider', sampleTask);
  const started = performance.now();
  try {
    const built = await buildTaskIndex(ctx.provider, ctx.scratch.snapshot, ctx.scratch.index, ctx.env, {
      baseDir: ctx.baseDir,
      root: ctx.root,
      approvedEgress: ctx.approved,
      timeoutMs: ctx.limits.indexTimeoutMs,
      storageLimitBytes: ctx.limits.storageLimitBytes,
      containment: ctx.containment,
      ...(ctx.setupDir === null ? {} : { setupDir: ctx.setupDir }),
    });
    return {
      step: {
        status: 'ok',
        detail: null,
        sampleTask,
        revision: built.revision,
        freshness: await probeFreshness(ctx),
      },
      measurement: {
        ms: built.ms,
        outputDigest: built.outputDigest,
        storageBytes: built.storageBytes,
        storageLimitBytes: ctx.limits.storageLimitBytes,
      },
    };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return {
      step: {
        status: 'failed',
        detail: messageOf(error),
        sampleTask,
        revision: null,
        freshness: skipped('no index was built'),
      },
      measurement: { ms, outputDigest: null, storageBytes: 0, storageLimitBytes: ctx.limits.storageLimitBytes },
    };
  }
}

/** The declared sample call's outcome, from what the server answered. */
function sampleOutcome(provider: Provider, answer: SampleAnswer | null, why: string | null): SetupOutcome['sample'] {
  const declared = provider.probe.sample;
  const tool = declared?.tool ?? null;
  if (!declared) return { step: { ...skipped('no sample call declared'), tool }, measurement: null };
  if (answer === null) return { step: { ...skipped(why ?? 'the server was not reached'), tool }, measurement: null };
  const measurement = { bytes: answer.bytes, ms: answer.ms, isError: answer.isError, empty: answer.empty };
  const missing = declared.expect.filter((text) => !answer.text.includes(text));
  let detail: string | null = null;
  if (answer.failure !== null) detail = `the call failed: ${answer.failure}`;
  else if (answer.isError) detail = `the answer is an error: ${clip(answer.text, 200)}`;
  else if (answer.empty) detail = 'the answer is empty';
  else if (missing.length > 0)
    detail = `the answer does not contain ${missing.map((m) => JSON.stringify(m)).join(', ')}`;
  return { step: { status: detail === null ? 'ok' : 'failed', detail, tool }, measurement };
}

/** How one step's provider command runs in the probe: the server's workspace, a fresh HOME, its install read-only. */
function stepCommand(
  ctx: Context,
  step: ContainedStep,
  launched: { command: string; args: string[] },
  cwd: string,
  env: Record<string, string>,
): ProviderCommand {
  const install = ctx.provider.install ? [providerPrefix(ctx.root, ctx.provider.install)] : [];
  const inTree = cwd === ctx.scratch.workspace ? (ctx.provider.index?.inTree ?? []).map((p) => join(cwd, p)) : [];
  return {
    step,
    ...launched,
    cwd,
    env,
    homeBase: ctx.scratch.home,
    readOnly: [
      ...install,
      ...(existsSync(ctx.scratch.index) ? [ctx.scratch.index] : []),
      ...(ctx.setupDir === null ? [] : [ctx.setupDir]),
    ],
    writable: inTree.filter((path) => existsSync(path)),
  };
}

/** Runs the declared version command; its output must name the declared version. */
async function probeVersion(ctx: Context, cwd: string): Promise<ProbeStep> {
  const iface = ctx.provider.interface;
  if (iface.type !== 'mcp-stdio' || iface.versionArgs === undefined) return skipped('no version command declared');
  const missing = withoutSetup(ctx);
  if (missing !== null) return skipped(missing);
  try {
    const env = providerEnvironment(ctx.provider, ctx.env, setupPlace(ctx).env);
    const places = { workspace: cwd, ...setupPlace(ctx).places };
    const { command } = await launchCommand(ctx.provider, iface, ctx, places, '$.interface');
    const { stdout, stderr } = await runProviderCommand(ctx.containment, {
      ...stepCommand(ctx, 'version', { command, args: iface.versionArgs }, cwd, env),
      timeoutMs: ctx.limits.setupTimeoutMs,
    });
    const output = `${stdout}\n${stderr}`;
    if (output.includes(ctx.provider.version)) return { status: 'ok', detail: null };
    const line = clip(output.trim().split('\n')[0] ?? '', 200);
    return { status: 'failed', detail: `reports "${line}", declared "${ctx.provider.version}"` };
  } catch (error) {
    return { status: 'failed', detail: messageOf(error) };
  }
}

/** Starts the provider and talks to it through its declared interface, then makes the declared sample call. */
async function probeSetup(ctx: Context, cwd: string, indexBuilt: boolean): Promise<SetupOutcome> {
  const { provider } = ctx;
  const iface = provider.interface;
  const places = { workspace: cwd, ...(indexBuilt ? { indexDir: ctx.scratch.index } : {}), ...setupPlace(ctx).places };
  const extra: Record<string, string> = {
    CROSSOVER_WORKSPACE: cwd,
    ...(indexBuilt ? { CROSSOVER_INDEX_DIR: ctx.scratch.index } : {}),
    ...setupPlace(ctx).env,
  };
  const env = providerEnvironment(provider, ctx.env, extra);
  const timeoutMs = ctx.limits.setupTimeoutMs;
  const notReached = (step: ProbeStep, iface: ProbeInterface | null = null): SetupOutcome => ({
    step,
    iface,
    setupMs: null,
    sample: sampleOutcome(provider, null, step.detail),
  });
  if (iface.type === 'none') return notReached(skipped('no agent-readable interface'));
  const missing = withoutSetup(ctx);
  if (missing !== null) return notReached(skipped(missing));
  if (iface.type === 'api')
    return notReached(skipped('api: no generic handshake; tools and observability are as declared'), { type: 'api' });
  if (iface.type === 'mcp-http' && !isLoopbackHost(new URL(iface.url).host) && !ctx.approved)
    return notReached(skipped('not contacted: a non-loopback server needs an approval naming this provider'));
  const headers = providerHeaders(provider, ctx.env);
  if ('missing' in headers) return notReached(skipped(`not contacted: credential ${headers.missing} is not set`));
  const started = performance.now();
  // A sample call to a provider that reaches out sends a query to its host: not before an approval.
  const sample = ctx.shareSource ? provider.probe.sample : undefined;
  try {
    let seen: ProbeInterface;
    let answer: SampleAnswer | null = null;
    if (iface.type === 'mcp-http') {
      const { sample: got, ...handshake } = await handshakeMcp(
        { type: 'http', url: iface.url, headers: headers.headers },
        timeoutMs,
        sample,
      );
      seen = handshake;
      answer = got;
    } else if (iface.type === 'mcp-stdio') {
      const launched = await launchCommand(provider, iface, ctx, places, '$.interface');
      const launch = await containedLaunch(ctx.containment, stepCommand(ctx, 'setup', launched, cwd, env));
      const { sample: got, ...handshake } = await handshakeMcp(
        {
          type: 'stdio',
          command: launch.file,
          args: launch.args,
          cwd: launch.cwd,
          env: launch.env,
          beforeClose: (leader) => noteDetached(ctx.containment, 'setup', leader),
        },
        timeoutMs,
        sample,
      );
      seen = handshake;
      answer = got;
    } else {
      const { command } = await launchCommand(
        provider,
        { command: iface.command, args: [] },
        ctx,
        places,
        '$.interface',
      );
      const run = (args: string[]) =>
        runProviderCommand(ctx.containment, { ...stepCommand(ctx, 'setup', { command, args }, cwd, env), timeoutMs });
      seen = await handshakeCli(iface.versionArgs, iface.helpArgs, run);
    }
    const setupMs = Math.round(performance.now() - started);
    const why = !ctx.shareSource
      ? 'not run: the call would reach a host that no approval names'
      : sample && iface.type === 'cli'
        ? 'a sample call needs an MCP interface'
        : null;
    return { step: { status: 'ok', detail: null }, iface: seen, setupMs, sample: sampleOutcome(provider, answer, why) };
  } catch (error) {
    return {
      step: { status: 'failed', detail: messageOf(error) },
      iface: null,
      setupMs: Math.round(performance.now() - started),
      sample: sampleOutcome(provider, null, 'the provider did not start'),
    };
  }
}

/** The tools an arm may call: what the provider offers (or, without a listing, declares), narrowed by allowedTools. */
function usableTools(provider: Provider, seen: ProbeInterface | null): string[] {
  const declared = provider.allowedTools;
  if (seen === null) return [];
  if (seen.type === 'mcp') {
    const offered = seen.tools.map((t) => t.name);
    return (declared.length > 0 ? offered.filter((name) => declared.includes(name)) : offered).sort();
  }
  if (seen.type === 'cli' && provider.interface.type === 'cli') {
    return declared.length > 0 ? [...declared].sort() : [basename(provider.interface.command)];
  }
  return [...declared].sort();
}

function observabilityOf(provider: Provider): Observability {
  const iface = provider.interface;
  if (iface.type === 'mcp-stdio' || iface.type === 'mcp-http') return 'mcp-protocol';
  if (iface.type === 'cli') return 'command-log';
  if (iface.type === 'api' && iface.observableCalls) return 'declared';
  return 'unobservable';
}

/** What a reader should know that does not by itself decide eligibility. */
function limitationsOf(provider: Provider, seen: ProbeInterface | null, index: ProbeIdentity['index']): string[] {
  const notes: string[] = [];
  if (!provider.index)
    notes.push('no index command: the provider builds no per-task index, so index freshness cannot be checked');
  else if (index.status === 'skipped' && index.detail) notes.push(`index command not exercised: ${index.detail}`);
  if (seen?.type === 'mcp') {
    if (seen.serverInfo.version !== provider.version) {
      notes.push(`server reports version "${seen.serverInfo.version}", declared "${provider.version}"`);
    }
    const offered = new Set(seen.tools.map((t) => t.name));
    for (const tool of provider.allowedTools)
      if (!offered.has(tool)) notes.push(`allowed tool "${tool}" is not offered by the server`);
  }
  if (seen?.type === 'cli' && !seen.versionLine.includes(provider.version)) {
    notes.push(`version output "${seen.versionLine}" does not mention the declared version "${provider.version}"`);
  }
  if (seen?.type === 'api') notes.push('api: not contacted by the probe; tools and observability are as declared');
  return notes;
}

/** A declared host's name, without its port, as a lookup asks for it. */
function declaredName(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '');
}

/**
 * The attempts the declaration does not account for: with no network, every one; with the
 * declared egress shared, lookups of other names (an address connected to cannot be told apart
 * from a declared host's, so connects are not judged there).
 */
function undeclaredAttempts(ctx: Context, attempts: readonly StepAttempt[]): StepAttempt[] {
  if (!ctx.containment.shareNetwork) return [...attempts];
  const declared = new Set(egressHosts(ctx.provider).map(declaredName));
  return attempts.filter((attempt) => attempt.kind === 'dns' && !declared.has(attempt.destination));
}

function containmentOf(ctx: Context, attempts: readonly StepAttempt[]): ProbeContainment {
  const c = ctx.containment;
  const detail = survivorDetail(c.survivors);
  const seen = new Map<string, StepAttempt>();
  for (const a of undeclaredAttempts(ctx, attempts)) seen.set(`${a.step} ${a.kind} ${a.destination}`, a);
  const networkAttempts = [...seen.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { step, kind, destination }]) => ({ step, kind, destination }));
  return {
    sandbox: c.sandbox === null ? 'none' : 'bubblewrap',
    network: c.shareNetwork ? 'shared' : 'none',
    survivors: detail === null ? { status: 'ok', detail: null } : { status: 'failed', detail },
    networkObserved: c.traced,
    networkAttempts,
  };
}

/** The findings of the containment a reader should see beside the reasons: undeclared network attempts. */
function containmentNotes(contained: ProbeContainment): string[] {
  const notes = contained.networkAttempts.map(
    (a) =>
      `undeclared network attempt during ${a.step}: ${a.kind === 'dns' ? 'looked up' : 'connected to'} ${a.destination}${contained.network === 'none' ? ' (stopped by the sandbox)' : ''}`,
  );
  if (contained.sandbox === 'none')
    notes.push('probed bare (sandbox none): provider processes had the host network and filesystem, as no trial does');
  else if (!contained.networkObserved) notes.push('network attempts not recorded: strace is not installed');
  return notes;
}

async function makeScratch(): Promise<Scratch> {
  const dir = await mkdtemp(join(tmpdir(), 'crossover-probe-'));
  const scratch = {
    dir,
    snapshot: join(dir, 'snapshot'),
    index: join(dir, 'index'),
    empty: join(dir, 'empty'),
    home: join(dir, 'home'),
    workspace: join(dir, 'workspace'),
  };
  await mkdir(scratch.empty);
  await mkdir(scratch.home);
  return scratch;
}

/** Where the server runs: a fresh copy of the snapshot with the in-tree index overlaid, as a trial's workspace is. */
async function serverDirectory(ctx: Context, materialized: boolean, indexBuilt: boolean): Promise<string> {
  if (!materialized) return ctx.scratch.empty;
  await cp(ctx.scratch.snapshot, ctx.scratch.workspace, { recursive: true });
  if (indexBuilt) await overlayInTree(ctx.scratch.index, ctx.provider.index?.inTree ?? [], ctx.scratch.workspace);
  return ctx.scratch.workspace;
}

/**
 * A bounded, live capability probe of one provider. Provider failures are recorded, never thrown.
 * Task source reaches the provider only when no approval is needed or one names it; the identity
 * (what a plan binds) holds only stable facts, timings and sizes sit beside it; credential values
 * and scratch paths never enter the record.
 */
export async function probeProvider(provider: Provider, options: ProbeOptions): Promise<ProbeRecord> {
  const env = options.env ?? process.env;
  const approved = options.approvedEgress ?? false;
  const egress = egressPosture(provider, approved);
  const shareSource = !egress.needsApproval || egress.approved;
  const scratch = await makeScratch();
  // The declared egress, once allowed, shares the host's network as a trial's sandbox would.
  const shareNetwork = shareSource && egressHosts(provider).length > 0;
  const containment = await openContainment(scratch.dir, options.sandbox, shareNetwork);
  const ctx: Context = {
    provider,
    root: options.root,
    baseDir: options.baseDir ?? options.root,
    env,
    limits: { ...PROBE_LIMITS, ...options.limits },
    approved,
    shareSource,
    scratch,
    containment,
    setupDir: null,
  };
  try {
    // Before anything that may read what it writes: the index command, the server, the version command.
    const providerSetup = await probeProviderSetup(ctx);
    const task = options.sampleTask;
    const materialized = task !== undefined && shareSource && provider.interface.type !== 'none';
    // A fresh copy of the task's own starting tree: the provider may read and cache, never touch the corpus.
    if (materialized) await materializeTree(task.dir, [], scratch.snapshot);
    const index = await probeIndex(ctx, task, shareSource);
    const indexBuilt = index.step.status === 'ok';
    const cwd = await serverDirectory(ctx, materialized, indexBuilt);
    const setup = await probeSetup(ctx, cwd, indexBuilt);
    const version = await probeVersion(ctx, cwd);
    const contained = containmentOf(ctx, await closeContainment(containment));
    const redaction = {
      secrets: credentialValues(provider, env),
      paths: {
        [scratch.snapshot]: '<snapshot>',
        [scratch.workspace]: '<workspace>',
        [scratch.home]: '<home>',
        [scratch.index]: '<index>',
        [scratch.dir]: '<scratch>',
        ...(ctx.setupDir === null ? {} : { [ctx.setupDir]: '<setup>' }),
        [options.root]: '<root>',
      },
    };
    const identity = redactDeep<ProbeIdentity>(
      {
        declaration: provider,
        providerSetup: providerSetup.step,
        setup: setup.step,
        interface: setup.iface,
        tools: usableTools(provider, setup.iface),
        index: index.step,
        version,
        sample: setup.sample.step,
        observability: observabilityOf(provider),
        egress,
        credentials: credentialAvailability(provider, env),
        limitations: [...limitationsOf(provider, setup.iface, index.step), ...containmentNotes(contained)],
        containment: contained,
      },
      redaction,
    );
    const record = {
      schema: 'crossover.probe/1' as const,
      provider: provider.id,
      digest: digestOf(identity),
      identity,
      measurements: {
        providerSetup: providerSetup.measurement,
        setupMs: setup.setupMs,
        index: index.measurement,
        sample: setup.sample.measurement,
      },
      eligibility: decideEligibility(identity),
    };
    return sealProbeRecord(parseWith(ProbeRecordBodySchema, record, `probe of provider "${provider.id}"`));
  } catch (error) {
    if (error instanceof CrossoverError) throw error;
    throw new CrossoverError('infrastructure', `probe of provider "${provider.id}": ${messageOf(error)}`, {
      cause: error,
    });
  } finally {
    await closeContainment(containment);
    await rm(scratch.dir, { recursive: true, force: true });
  }
}
