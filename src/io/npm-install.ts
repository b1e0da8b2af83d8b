import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, delimiter, dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { resolveBubblewrap } from './bubblewrap.js';
import { runContained } from './contained-process.js';
import type { ProcessMarker } from './process-tree.js';
import { bubblewrapArgv, handOver, providerIdentity, type SandboxHost, sandboxHost } from './sandbox.js';
import { ownTree } from './tree-commands.js';

/** A hung registry must not hold an install (and the trials waiting on it) forever; optave's native build takes minutes. */
export const NPM_INSTALL_TIMEOUT_MS = 30 * 60_000;

export interface NpmInstallOptions {
  /**
   * The package (or one it depends on) needs its install scripts (a native build, a binary put in
   * place): they run in bubblewrap, only the install writable, the registry reachable. Absent: no
   * package script runs at all.
   */
  scripts?: boolean;
  timeoutMs?: number;
}

/** Variables an install passes on from this process: where the registry is and how to reach it. */
const PASSED = /^(npm_config_(registry|cache|update_notifier|fetch_.*|strict_ssl|cafile)|https?_proxy|no_proxy)$/i;

function passedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => PASSED.test(entry[0]) && !!entry[1]),
  );
}

/** npm's own script (npm-cli.js), found as `npm` is on PATH: run with this node, inside or outside the sandbox. */
function npmCli(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'npm');
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new CrossoverError('infrastructure', 'npm was not found on PATH: it installs agent and provider packages');
}

/** Partial installs an interrupted run left beside `prefix`: never a prefix, removed before the next try. */
async function sweepStaging(prefix: string): Promise<void> {
  const name = `${basename(prefix)}.partial-`;
  for (const entry of await readdir(dirname(prefix)).catch(() => []))
    if (entry.startsWith(name)) await rm(join(dirname(prefix), entry), { recursive: true, force: true });
}

/** While `run` runs, SIGINT and SIGTERM first end the install's processes and remove its partial tree. */
async function removedIfInterrupted<T>(staging: string, stop: AbortController, run: () => Promise<T>): Promise<T> {
  const onSignal = (signal: NodeJS.Signals) => {
    stop.abort(new Error(`interrupted by ${signal}`));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await run();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

interface Step {
  what: string;
  spec: string;
  staging: string;
  /** every process of the install carries it (also inside the sandbox): what is left of the tree is found by it */
  marker: ProcessMarker & { name: string; value: string };
  deadline: number;
  signal: AbortSignal;
}

/** Runs one step of the install, its whole process tree ended when it ends, times out or is cancelled. */
async function runStep(step: Step, file: string, args: string[], env: Record<string, string>): Promise<void> {
  const timeoutMs = Math.max(1, step.deadline - performance.now());
  const result = await runContained(
    { file, args, cwd: step.staging, env: { ...env, [step.marker.name]: step.marker.value } },
    { timeoutMs, signal: step.signal, marker: step.marker, outputLimit: 64 * 1024 },
  );
  const tail = `${result.stdout}\n${result.stderr}`.trim().slice(-400);
  if (result.timedOut)
    throw new CrossoverError(
      'infrastructure',
      `npm install ${step.spec} timed out after ${Math.round(timeoutMs)} ms (a registry that stopped answering?)`,
    );
  if (result.cancelled) throw new CrossoverError('infrastructure', `npm install ${step.spec} was interrupted`);
  if (result.exitCode !== 0)
    throw new CrossoverError('infrastructure', `${step.what} ${step.spec} failed (exit ${result.exitCode}): ${tail}`);
}

/**
 * The bwrap argv that runs `argv` seeing this machine as it is, in a PID namespace of its own that
 * dies with this process: npm fetching packages runs no package code, and however this process
 * ends (SIGKILL included), nothing it started outlives it.
 */
function dyingWithUs(bwrap: string, argv: string[]): string[] {
  const user = process.getuid?.() === 0 ? [] : ['--unshare-user'];
  return [
    bwrap,
    ...user,
    '--dev-bind',
    '/',
    '/',
    '--unshare-pid',
    '--proc',
    '/proc',
    '--die-with-parent',
    '--',
    ...argv,
  ];
}

/** Fetches and unpacks the package and its dependencies into `staging`: no package script runs. */
async function fetchPackages(step: Step, bwrap: string | null): Promise<void> {
  const npm = [process.execPath, npmCli(), 'install', '--prefix', step.staging, '--no-save', '-E'];
  const argv = [...npm, '--no-audit', '--no-fund', '--ignore-scripts', step.spec];
  const [file, ...args] = bwrap === null ? argv : dyingWithUs(bwrap, argv);
  await runStep({ ...step, what: 'npm install' }, file as string, args, { ...process.env } as Record<string, string>);
}

/**
 * Runs every install script of what `staging` holds (`npm rebuild`) in bubblewrap, as a uid of
 * its own when root: only `staging` writable, the network shared (a script may fetch from the
 * registry), the system and node's installation read-only, a fresh HOME inside `staging`.
 */
async function runScripts(step: Step, host: SandboxHost): Promise<void> {
  const cli = npmCli();
  const nodePrefix = dirname(dirname(realpathSync(process.execPath)));
  const home = join(step.staging, '.crossover-build-home');
  await mkdir(home, { recursive: true });
  const identity = providerIdentity(host.identity);
  await handOver([step.staging], identity);
  const layout = { writable: [step.staging], readOnly: [nodePrefix, dirname(dirname(cli))], shareNetwork: true };
  const argv = [process.execPath, cli, 'rebuild', '--ignore-scripts=false', '--no-audit', '--no-fund'];
  const env = {
    ...passedEnv(),
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    TMPDIR: home,
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_update_notifier: 'false',
    // node-gyp builds against this node's own headers when it has them, instead of downloading them.
    ...(existsSync(join(nodePrefix, 'include/node/common.gypi')) ? { npm_config_nodedir: nodePrefix } : {}),
  };
  try {
    await runStep(
      { ...step, what: 'the install scripts of' },
      host.bwrap.path,
      bubblewrapArgv(layout, step.staging, argv, identity),
      env,
    );
  } finally {
    // Back to this process: nothing of the install belongs to the uid its scripts ran as.
    if (identity.kind === 'unprivileged' && process.getuid && process.getgid)
      await ownTree([step.staging], process.getuid(), process.getgid(), identity.uid);
    await rm(home, { recursive: true, force: true });
  }
}

function installMarker(staging: string): Step['marker'] {
  const value = randomBytes(8).toString('hex');
  return { name: 'CROSSOVER_INSTALL', value, variable: `CROSSOVER_INSTALL=${value}`, directory: staging };
}

/**
 * `npm install <spec>` into its own `prefix`, exact and without touching any package.json: the one
 * way Crossover installs an agent CLI or a provider package. Packages are fetched with no script
 * run; the scripts a package needs (`options.scripts`) then run in bubblewrap, never outside it.
 * It is built beside `prefix` and put in place whole once it is complete: an install that fails,
 * times out or is interrupted (its whole process tree ended) leaves no prefix behind, partial or old.
 * Throws naming the spec and npm's tail.
 */
export async function npmInstallInto(prefix: string, spec: string, options: NpmInstallOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? NPM_INSTALL_TIMEOUT_MS;
  await sweepStaging(prefix);
  // Whatever was there is being replaced: a failed install leaves neither it nor a partial one.
  await rm(prefix, { recursive: true, force: true });
  const staging = `${prefix}.partial-${randomBytes(6).toString('hex')}`;
  await mkdir(staging, { recursive: true });
  const stop = new AbortController();
  const step: Step = {
    what: 'npm install',
    spec,
    staging,
    marker: installMarker(staging),
    deadline: performance.now() + timeoutMs,
    signal: stop.signal,
  };
  try {
    await removedIfInterrupted(staging, stop, async () => {
      const host = await sandboxHost();
      if (options.scripts && 'reason' in host)
        throw new CrossoverError(
          'infrastructure',
          `${spec} needs its install scripts, which run only in bubblewrap: ${host.reason}`,
        );
      await fetchPackages(step, 'bwrap' in host ? host.bwrap.path : ((await resolveBubblewrap())?.path ?? null));
      if (options.scripts) await runScripts(step, host as SandboxHost);
    });
    await rename(staging, prefix);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
