/** The probe's steps with the provider running: its version, its handshake and a sample call. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ProbeInterface, ProbeStep } from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { clip } from '../contracts/redaction.js';
import { providerPrefix } from '../io/provider-install.js';
import {
  type ContainedStep,
  containedLaunch,
  noteDetached,
  type ProviderCommand,
  runProviderCommand,
} from '../provider-runtime/contain.js';
import { isLoopbackHost } from '../provider-runtime/egress.js';
import { providerEnvironment, providerHeaders } from '../provider-runtime/environment.js';
import { launchCommand } from '../provider-runtime/launch.js';
import { handshakeMcp, type SampleAnswer, type SampleCall } from '../provider-runtime/mcp.js';
import { handshakeCli } from './cli.js';
import { setupPlace, withoutSetup } from './index-steps.js';
import { type Context, messageOf, type SetupOutcome, skipped } from './probe-context.js';

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
export async function probeVersion(ctx: Context, cwd: string): Promise<ProbeStep> {
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

/** The declared sample call, with how the provider words an answer that found nothing. */
function sampleCall(provider: Provider): SampleCall | undefined {
  const declared = provider.probe.sample;
  return declared ? { ...declared, noResult: provider.noResult } : undefined;
}

/** Where and how the provider's interface is reached: the places and environment it sees, its headers, the sample call. */
interface Reach {
  places: Record<string, string>;
  cwd: string;
  env: Record<string, string>;
  headers: Record<string, string>;
  sample: SampleCall | undefined;
}

/** The handshake through the declared interface (an MCP server over HTTP or stdio, or a CLI), with the sample call's answer. */
async function handshake(ctx: Context, reach: Reach): Promise<{ seen: ProbeInterface; answer: SampleAnswer | null }> {
  const { provider } = ctx;
  const iface = provider.interface;
  const timeoutMs = ctx.limits.setupTimeoutMs;
  if (iface.type === 'mcp-http') {
    const { sample, ...seen } = await handshakeMcp(
      { type: 'http', url: iface.url, headers: reach.headers },
      timeoutMs,
      reach.sample,
    );
    return { seen, answer: sample };
  }
  if (iface.type === 'mcp-stdio') {
    const launched = await launchCommand(provider, iface, ctx, reach.places, '$.interface');
    const launch = await containedLaunch(ctx.containment, stepCommand(ctx, 'setup', launched, reach.cwd, reach.env));
    const { sample, ...seen } = await handshakeMcp(
      {
        type: 'stdio',
        command: launch.file,
        args: launch.args,
        cwd: launch.cwd,
        env: launch.env,
        beforeClose: (leader) => noteDetached(ctx.containment, 'setup', leader),
      },
      timeoutMs,
      reach.sample,
    );
    return { seen, answer: sample };
  }
  if (iface.type !== 'cli') throw new Error(`no handshake for a ${iface.type} interface`);
  const { command } = await launchCommand(
    provider,
    { command: iface.command, args: [] },
    ctx,
    reach.places,
    '$.interface',
  );
  const run = (args: string[]) =>
    runProviderCommand(ctx.containment, {
      ...stepCommand(ctx, 'setup', { command, args }, reach.cwd, reach.env),
      timeoutMs,
    });
  return { seen: await handshakeCli(iface.versionArgs, iface.helpArgs, run), answer: null };
}

/** Starts the provider and talks to it through its declared interface, then makes the declared sample call. */
export async function probeSetup(ctx: Context, cwd: string, indexBuilt: boolean): Promise<SetupOutcome> {
  const { provider } = ctx;
  const iface = provider.interface;
  const places = { workspace: cwd, ...(indexBuilt ? { indexDir: ctx.scratch.index } : {}), ...setupPlace(ctx).places };
  const extra: Record<string, string> = {
    CROSSOVER_WORKSPACE: cwd,
    ...(indexBuilt ? { CROSSOVER_INDEX_DIR: ctx.scratch.index } : {}),
    ...setupPlace(ctx).env,
  };
  const env = providerEnvironment(provider, ctx.env, extra);
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
  const sample = ctx.shareSource ? sampleCall(provider) : undefined;
  try {
    const { seen, answer } = await handshake(ctx, { places, cwd, env, headers: headers.headers, sample });
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
