import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError, parseWith } from '../contracts/errors.js';
import {
  type Observability,
  type ProbeIdentity,
  type ProbeInterface,
  type ProbeMeasurements,
  type ProbeRecord,
  ProbeRecordSchema,
  type ProbeStep,
} from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import type { LoadedTask } from '../corpus/load.js';
import { materializeTree } from '../corpus/materialize.js';
import { handshakeCli } from './cli.js';
import { resolveCommand } from './command.js';
import { buildTaskIndex, INDEX_DEFAULTS } from './context-index.js';
import { egressPosture, isLoopbackHost } from './egress.js';
import { decideEligibility } from './eligibility.js';
import { credentialAvailability, credentialValues, providerEnvironment } from './environment.js';
import { handshakeMcp } from './mcp.js';
import { boundText, redactDeep } from './redact.js';

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
}

/** Scratch directories of one probe; all below one temp dir removed at the end. */
interface Scratch {
  dir: string;
  snapshot: string;
  index: string;
  empty: string;
}

interface Context {
  provider: Provider;
  baseDir: string;
  env: NodeJS.ProcessEnv;
  limits: ProbeLimits;
  approved: boolean;
  scratch: Scratch;
}

interface IndexOutcome {
  step: ProbeIdentity['index'];
  measurement: ProbeMeasurements['index'];
}

interface SetupOutcome {
  step: ProbeStep;
  iface: ProbeInterface | null;
  setupMs: number | null;
}

const skipped = (detail: string): ProbeStep => ({ status: 'skipped', detail });

function messageOf(error: unknown): string {
  return boundText(error instanceof Error ? error.message : String(error));
}

/** Runs the index command on the sample task's own snapshot, unless that would send source without approval. */
async function probeIndex(ctx: Context, task: LoadedTask | undefined, shareSource: boolean): Promise<IndexOutcome> {
  const none = (detail: string): IndexOutcome => ({
    step: { ...skipped(detail), sampleTask: null, revision: null },
    measurement: null,
  });
  if (!ctx.provider.index) return none('no index command declared');
  if (ctx.provider.interface.type === 'none') return none('no agent-readable interface to serve an index');
  if (!task) return none('no sample task given');
  const sampleTask = task.task.id;
  if (!shareSource) {
    return {
      step: {
        ...skipped('not run: task source would leave the machine, and no approval names this provider'),
        sampleTask,
        revision: null,
      },
      measurement: null,
    };
  }
  const started = performance.now();
  try {
    const built = await buildTaskIndex(ctx.provider, ctx.scratch.snapshot, ctx.scratch.index, ctx.env, {
      baseDir: ctx.baseDir,
      approvedEgress: ctx.approved,
      timeoutMs: ctx.limits.indexTimeoutMs,
      storageLimitBytes: ctx.limits.storageLimitBytes,
    });
    return {
      step: { status: 'ok', detail: null, sampleTask, revision: built.revision },
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
      step: { status: 'failed', detail: messageOf(error), sampleTask, revision: null },
      measurement: { ms, outputDigest: null, storageBytes: 0, storageLimitBytes: ctx.limits.storageLimitBytes },
    };
  }
}

/** Starts the provider and talks to it through its declared interface. */
async function probeSetup(ctx: Context, cwd: string, indexBuilt: boolean): Promise<SetupOutcome> {
  const { provider } = ctx;
  const iface = provider.interface;
  const extra: Record<string, string> = indexBuilt ? { CROSSOVER_INDEX_DIR: ctx.scratch.index } : {};
  const env = providerEnvironment(provider, ctx.env, extra);
  const timeoutMs = ctx.limits.setupTimeoutMs;
  if (iface.type === 'none') return { step: skipped('no agent-readable interface'), iface: null, setupMs: null };
  if (iface.type === 'api')
    return {
      step: skipped('api: no generic handshake; tools and observability are as declared'),
      iface: { type: 'api' },
      setupMs: null,
    };
  if (iface.type === 'mcp-http' && !isLoopbackHost(new URL(iface.url).host) && !ctx.approved) {
    return {
      step: skipped('not contacted: a non-loopback server needs an approval naming this provider'),
      iface: null,
      setupMs: null,
    };
  }
  const started = performance.now();
  try {
    let seen: ProbeInterface;
    if (iface.type === 'mcp-http') seen = await handshakeMcp({ type: 'http', url: iface.url }, timeoutMs);
    else if (iface.type === 'mcp-stdio') {
      const { command, args } = resolveCommand(iface.command, iface.args, ctx.baseDir);
      seen = await handshakeMcp({ type: 'stdio', command, args, cwd, env }, timeoutMs);
    } else {
      const { command } = resolveCommand(iface.command, [], ctx.baseDir);
      seen = await handshakeCli(command, iface.versionArgs, iface.helpArgs, { cwd, env, timeoutMs });
    }
    return { step: { status: 'ok', detail: null }, iface: seen, setupMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      step: { status: 'failed', detail: messageOf(error) },
      iface: null,
      setupMs: Math.round(performance.now() - started),
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

async function makeScratch(): Promise<Scratch> {
  const dir = await mkdtemp(join(tmpdir(), 'crossover-probe-'));
  const scratch = { dir, snapshot: join(dir, 'snapshot'), index: join(dir, 'index'), empty: join(dir, 'empty') };
  await mkdir(scratch.empty);
  return scratch;
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
  const ctx: Context = {
    provider,
    baseDir: options.baseDir ?? options.root,
    env,
    limits: { ...PROBE_LIMITS, ...options.limits },
    approved,
    scratch,
  };
  try {
    const task = options.sampleTask;
    const materialized = task !== undefined && shareSource && provider.interface.type !== 'none';
    // A fresh copy of the task's own starting tree: the provider may read and cache, never touch the corpus.
    if (materialized) await materializeTree(task.dir, [], scratch.snapshot);
    const index = await probeIndex(ctx, task, shareSource);
    const setup = await probeSetup(ctx, materialized ? scratch.snapshot : scratch.empty, index.step.status === 'ok');
    const redaction = {
      secrets: credentialValues(provider, env),
      paths: {
        [scratch.snapshot]: '<snapshot>',
        [scratch.index]: '<index>',
        [scratch.dir]: '<scratch>',
        [options.root]: '<root>',
      },
    };
    const identity = redactDeep<ProbeIdentity>(
      {
        declaration: provider,
        setup: setup.step,
        interface: setup.iface,
        tools: usableTools(provider, setup.iface),
        index: index.step,
        observability: observabilityOf(provider),
        egress,
        credentials: credentialAvailability(provider, env),
        limitations: limitationsOf(provider, setup.iface, index.step),
      },
      redaction,
    );
    const record = {
      schema: 'crossover.probe/1',
      provider: provider.id,
      digest: digestOf(identity),
      identity,
      measurements: { setupMs: setup.setupMs, index: index.measurement },
      eligibility: decideEligibility(identity),
    };
    return parseWith(ProbeRecordSchema, record, `probe of provider "${provider.id}"`);
  } catch (error) {
    if (error instanceof CrossoverError) throw error;
    throw new CrossoverError('infrastructure', `probe of provider "${provider.id}": ${messageOf(error)}`, {
      cause: error,
    });
  } finally {
    await rm(scratch.dir, { recursive: true, force: true });
  }
}
