/** What a probe record states beside its steps: usable tools, observability, limitations, containment. */
import { basename } from 'node:path';
import type { Observability, ProbeContainment, ProbeIdentity, ProbeInterface } from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { type StepAttempt, survivorDetail } from '../provider-runtime/contain.js';
import { egressHosts } from '../provider-runtime/egress.js';

import type { Context } from './probe-context.js';

/** The tools an arm may call: what the provider offers (or, without a listing, declares), narrowed by allowedTools. */
export function usableTools(provider: Provider, seen: ProbeInterface | null): string[] {
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

export function observabilityOf(provider: Provider): Observability {
  const iface = provider.interface;
  if (iface.type === 'mcp-stdio' || iface.type === 'mcp-http') return 'mcp-protocol';
  if (iface.type === 'cli') return 'command-log';
  if (iface.type === 'api' && iface.observableCalls) return 'declared';
  return 'unobservable';
}

/** What a reader should know that does not by itself decide eligibility. */
export function limitationsOf(
  provider: Provider,
  seen: ProbeInterface | null,
  index: ProbeIdentity['index'],
): string[] {
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

export function containmentOf(ctx: Context, attempts: readonly StepAttempt[]): ProbeContainment {
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
export function containmentNotes(contained: ProbeContainment): string[] {
  const notes = contained.networkAttempts.map(
    (a) =>
      `undeclared network attempt during ${a.step}: ${a.kind === 'dns' ? 'looked up' : 'connected to'} ${a.destination}${contained.network === 'none' ? ' (stopped by the sandbox)' : ''}`,
  );
  if (contained.sandbox === 'none')
    notes.push('probed bare (sandbox none): provider processes had the host network and filesystem, as no trial does');
  else if (!contained.networkObserved) notes.push('network attempts not recorded: strace is not installed');
  return notes;
}
