import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { clipEnd } from '../contracts/redaction.js';
import { runContained } from '../io/contained-process.js';
import { type NetworkAttempt, readNetworkAttempts, STRACE, traceAvailable, tracedArgv } from '../io/network-trace.js';
import { killTree, type ProcessMarker, survivingProcesses } from '../io/process-tree.js';
import { handOver, providerIdentity, type SandboxHost } from '../io/sandbox.js';
import { type Launch, serverLauncher } from '../io/server-launch.js';

/** The probe's steps that start provider processes. */
export type ContainedStep = 'provider-setup' | 'index' | 'setup' | 'version';

/** A provider process left running where it should have ended, by step. */
export interface StepSurvivor {
  step: ContainedStep;
  command: string;
}

/** A network attempt of a provider process, by step. */
export interface StepAttempt extends NetworkAttempt {
  step: ContainedStep;
}

/**
 * How a probe contains the provider: the trial's sandbox (its launcher, bwrap layout and uid),
 * one marker every provider process inherits, strace outside the sandbox recording network
 * attempts, and the survivors each step left. One per probe; `close` ends whatever is left.
 */
export interface Containment {
  /** null: run bare (sandbox none was asked for) */
  sandbox: SandboxHost | null;
  /** the declared egress is allowed: the sandbox shares the host's network, as a trial's would */
  shareNetwork: boolean;
  marker: ProcessMarker;
  /** where traces and the sandbox's resolver file live: never bound into the sandbox */
  dir: string;
  /** strace records each step's network attempts (only inside the sandbox, which stops them) */
  traced: boolean;
  traces: { step: ContainedStep; log: string }[];
  survivors: StepSurvivor[];
}

/** One provider command: where it runs, what it may read and write, and for how long. */
export interface ProviderCommand {
  step: ContainedStep;
  command: string;
  args: string[];
  /** the working directory; read-only unless also writable */
  cwd: string;
  env: Record<string, string>;
  /** the fresh HOME the command gets is made below this directory */
  homeBase: string;
  readOnly: string[];
  writable: string[];
}

const MARKER_NAME = 'CROSSOVER_PROBE';
/** A run-to-completion command's leftovers may take a moment to go (a shell's child still exiting). */
const LEFTOVER_POLLS = 10;
const LEFTOVER_POLL_MS = 50;

/** Opens the containment of one probe, below `dir` (the probe's scratch directory). */
export async function openContainment(
  dir: string,
  sandbox: SandboxHost | null,
  shareNetwork: boolean,
): Promise<Containment> {
  const own = join(dir, 'containment');
  await mkdir(own, { recursive: true });
  // Inside a network namespace of its own, a lookup asks the namespace's loopback, which stops it
  // there: the query (and the name it asks for) reaches strace, not a resolver.
  if (sandbox !== null && !shareNetwork) await writeFile(join(own, 'resolv.conf'), 'nameserver 127.0.0.1\n');
  return {
    sandbox,
    shareNetwork,
    marker: { variable: `${MARKER_NAME}=${randomUUID()}`, directory: dir },
    dir: own,
    traced: sandbox !== null && traceAvailable(),
    traces: [],
    survivors: [],
  };
}

/** An executable named on PATH, made absolute (so the sandbox can bind its directory), or a clear error. */
function onPath(command: string, path: string): string {
  if (isAbsolute(command)) return command;
  for (const dir of path.split(delimiter).filter((d) => isAbsolute(d))) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new CrossoverError('infrastructure', `command "${command}" not found on PATH (ENOENT)`);
}

/** The process that runs one provider command under the containment: sandboxed, marked and traced. */
export async function containedLaunch(c: Containment, run: ProviderCommand): Promise<Launch> {
  const { HOME: _home, TMPDIR: _tmp, ...env } = run.env;
  const path = env.PATH ?? '/usr/bin:/bin';
  const command = onPath(run.command, path);
  if (c.sandbox !== null) await handOver(run.writable, providerIdentity(c.sandbox.identity));
  const resolver = join(c.dir, 'resolv.conf');
  const launch = serverLauncher({
    sandbox: c.sandbox,
    workspace: run.cwd,
    home: run.homeBase,
    path,
    shareNetwork: c.shareNetwork,
    readOnly: run.readOnly,
    writable: run.writable,
    mounts: c.sandbox !== null && !c.shareNetwork ? [{ source: resolver, dest: '/etc/resolv.conf' }] : [],
    // The probe's own files (traces, the resolver) beside what the command is given.
    hidden: [c.marker.directory],
  })({ name: run.step, command, args: run.args, env: { ...env, [MARKER_NAME]: markerValue(c) } });
  if (!c.traced) return launch;
  const log = join(c.dir, `${run.step}-${c.traces.length}.strace`);
  c.traces.push({ step: run.step, log });
  return { ...launch, ...tracedArgv(launch.file, launch.args, log) };
}

function markerValue(c: Containment): string {
  return c.marker.variable.slice(MARKER_NAME.length + 1);
}

function wrappers(c: Containment): string[] {
  return [STRACE, ...(c.sandbox === null ? [] : [c.sandbox.bwrap.path])];
}

/**
 * Notes the provider processes that would outlive the step: once the main process ended, any left
 * (polled briefly, for one still exiting); while it runs, any that left its session (a daemon).
 */
export async function noteSurvivors(
  c: Containment,
  step: ContainedStep,
  leader: number | undefined,
  mainEnded: boolean,
): Promise<void> {
  let found = survivingProcesses(leader, c.marker, { mainEnded, wrappers: wrappers(c) });
  for (let poll = 0; mainEnded && found.length > 0 && poll < LEFTOVER_POLLS; poll += 1) {
    await new Promise((resolve) => setTimeout(resolve, LEFTOVER_POLL_MS));
    found = survivingProcesses(leader, c.marker, { mainEnded, wrappers: wrappers(c) });
  }
  for (const survivor of found) c.survivors.push({ step, command: survivor.command });
}

/** The session-based survivor check, synchronous: for an MCP session about to be closed. */
export function noteDetached(c: Containment, step: ContainedStep, leader: number | undefined): void {
  const found = survivingProcesses(leader, c.marker, { mainEnded: false, wrappers: wrappers(c) });
  for (const survivor of found) c.survivors.push({ step, command: survivor.command });
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
}

const TAIL = 300;

function tail(text: string): string {
  return clipEnd(text.trim(), TAIL);
}

/**
 * Runs one provider command to completion under the containment, with a deadline and bounded
 * output; then its whole tree is ended. Throws a CrossoverError ('infrastructure') saying how it
 * failed, with a stderr tail.
 */
export async function runProviderCommand(
  c: Containment,
  run: ProviderCommand & { timeoutMs: number; maxBytes?: number },
): Promise<CommandOutput> {
  const launch = await containedLaunch(c, run);
  const limit = run.maxBytes ?? 1024 * 1024;
  const result = await runContained(
    { file: launch.file, args: launch.args, cwd: launch.cwd, env: launch.env },
    {
      timeoutMs: run.timeoutMs,
      signal: new AbortController().signal,
      marker: c.marker,
      outputLimit: limit,
      onExit: (leader) => noteSurvivors(c, run.step, leader, true),
    },
  );
  const ok = result.exitCode === 0 && !result.timedOut && !result.truncated;
  if (ok) return { stdout: result.stdout, stderr: result.stderr };
  const name = run.command.split('/').at(-1) ?? run.command;
  let how: string;
  if (result.timedOut) how = `"${name}" timed out after ${run.timeoutMs} ms`;
  else if (result.truncated) how = `"${name}" wrote more output than the ${limit}-byte bound`;
  else if (result.exitCode === null) how = `"${name}" was killed by a signal`;
  // 126 and 127: the shell or setpriv could not execute it.
  else if (result.exitCode === 127 || result.exitCode === 126) how = `"${name}" could not be executed`;
  else how = `"${name}" exited with code ${result.exitCode}`;
  const stderr = tail(result.stderr);
  throw new CrossoverError('infrastructure', stderr ? `${how}: ${stderr}` : how);
}

/** Ends every process the probe's provider left (the marker's sweep) and reads what the traces recorded. */
export async function closeContainment(c: Containment): Promise<StepAttempt[]> {
  await killTree(undefined, c.marker);
  const attempts: StepAttempt[] = [];
  for (const trace of c.traces) {
    for (const attempt of await readNetworkAttempts(trace.log)) attempts.push({ step: trace.step, ...attempt });
  }
  return attempts;
}

/** What the survivors were, one entry per step and command, sorted; null when there were none. */
export function survivorDetail(survivors: readonly StepSurvivor[]): string | null {
  if (survivors.length === 0) return null;
  const named = [...new Set(survivors.map((s) => `${s.step}: ${s.command}`))].sort();
  return `left provider processes running after their step ended (${named.join('; ')}); a provider process must end with the command or session that started it`;
}
