import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError, parseWith } from '../contracts/errors.js';
import { type ProbeIdentity, type ProbeRecord, ProbeRecordBodySchema, sealProbeRecord } from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { type Redaction, redactDeep } from '../contracts/redaction.js';
import { materializeTree } from '../corpus/materialize.js';
import { placedDeclarationDigest } from '../provider-runtime/command.js';
import { closeContainment, openContainment } from '../provider-runtime/contain.js';
import { overlayInTree } from '../provider-runtime/context-index.js';
import { egressHosts, egressPosture } from '../provider-runtime/egress.js';
import { credentialAvailability, credentialValues } from '../provider-runtime/environment.js';
import { decideEligibility } from './eligibility.js';
import { probeIndex, probeProviderSetup } from './index-steps.js';
import { type Context, messageOf, PROBE_LIMITS, type ProbeOptions, type Scratch } from './probe-context.js';
import { containmentNotes, containmentOf, limitationsOf, observabilityOf, usableTools } from './record-facts.js';
import { probeSetup, probeVersion } from './session-steps.js';

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

/** What a probe record never holds: the provider's credential values, and the scratch and root paths under placeholders. */
function probeRedaction(ctx: Context): Redaction {
  const { scratch } = ctx;
  return {
    secrets: credentialValues(ctx.provider, ctx.env),
    paths: {
      [scratch.snapshot]: '<snapshot>',
      [scratch.workspace]: '<workspace>',
      [scratch.home]: '<home>',
      [scratch.index]: '<index>',
      [scratch.dir]: '<scratch>',
      ...(ctx.setupDir === null ? {} : { [ctx.setupDir]: '<setup>' }),
      [ctx.root]: '<root>',
    },
  };
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
      probeRedaction(ctx),
    );
    const record = {
      schema: 'crossover.probe/1' as const,
      provider: provider.id,
      digest: digestOf(identity),
      declarationDigest: placedDeclarationDigest(provider, ctx.baseDir, options.root),
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
