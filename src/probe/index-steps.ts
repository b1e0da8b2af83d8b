/** The probe's steps before the provider serves: its one-time setup, and its index of the sample task. */
import { PROBE_TEXT_LIMIT, type ProbeStep } from '../contracts/probe.js';
import { clip } from '../contracts/redaction.js';
import type { LoadedTask } from '../corpus/load.js';
import { readTreeModel } from '../io/tree.js';
import { buildTaskIndex, indexFreshness } from '../provider-runtime/context-index.js';
import { egressPosture } from '../provider-runtime/egress.js';
import { ensureProviderSetup } from '../provider-runtime/provider-setup.js';

import { type Context, type IndexOutcome, messageOf, type ProviderSetupOutcome, skipped } from './probe-context.js';

/**
 * Runs the declared one-time setup, or reuses the run that already happened on this machine for
 * this install and declaration. Its egress, when it needs approval, waits for one naming the provider.
 */
export async function probeProviderSetup(ctx: Context): Promise<ProviderSetupOutcome> {
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
export function withoutSetup(ctx: Context): string | null {
  return ctx.provider.setup && ctx.setupDir === null ? 'not run: the one-time setup did not complete' : null;
}

/** The places and variables of the one-time setup's directory, when there is one. */
export function setupPlace(ctx: Context): { places: { setupDir?: string }; env: Record<string, string> } {
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
export async function probeIndex(
  ctx: Context,
  task: LoadedTask | undefined,
  shareSource: boolean,
): Promise<IndexOutcome> {
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
