import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { withoutInheritedFds } from './close-fds.js';
import { type ContainerPlace, containerArgv, containerProcess, endContainer } from './container.js';
import { engineEnvironment } from './container-engine.js';
import { containerIdentity } from './container-host.js';
import { sessionGroup } from './grading-group.js';
import { bubblewrapArgv, handOver, type SandboxLayout, sandboxHost } from './sandbox.js';

/** Each output stream keeps at most its last this many bytes. */
const TAIL_BYTES = 16 * 1024;

export interface SandboxedCommand {
  /** run with `sh -c` */
  script: string;
  cwd: string;
  env: Record<string, string>;
  /** bound read-write at the same path, handed to the sandbox's uid first */
  writable: string[];
  /**
   * bound read-write at the same path but not handed over: their owner and mode decide what the
   * command may do with them (the grader's result file, which the runner may write but not replace)
   */
  writableAsOwned?: string[];
  /** bound read-only at the same path */
  readOnly: string[];
  /** read-only binds at another path (setup outputs over the graded tree) */
  mounts: { source: string; dest: string }[];
  /** read-write binds at another path (a Harbor task's tree at its WORKDIR), handed to the sandbox's uid first */
  writableMounts?: { source: string; dest: string }[];
  /** share the host's network (setup only): bubblewrap cannot filter hosts */
  network: boolean;
  timeoutMs: number;
  /** what ends the command for taking too long; by default `timeoutMs` of wall time */
  deadline?: Deadline;
  signal?: AbortSignal;
  /** a fresh container of the task's image instead of bubblewrap: a container task's runner and setup */
  container?: ContainerPlace | null;
}

/** The command as started: its process, and in a container a way to name the container's own first process. */
export interface StartedCommand {
  pid: number;
  containerProcess: (() => Promise<number | null>) | null;
}

/**
 * Ends a command that ran too long: calls `expire` when its time is up (the whole tree is then
 * killed), and is stopped when the command ends first.
 */
export type Deadline = (started: StartedCommand, expire: () => void) => { stop(): void };

/** The default deadline: `timeoutMs` of wall time. */
function wallDeadline(timeoutMs: number): Deadline {
  return (_started, expire) => {
    const timer = setTimeout(expire, timeoutMs);
    return { stop: () => clearTimeout(timer) };
  };
}

export interface SandboxedResult {
  exitCode: number | null;
  timedOut: boolean;
  /** the last bytes of stdout and stderr, interleaved */
  tail: string;
  /** the sandbox is missing or bwrap itself could not start */
  startError: string | null;
}

/** PATH of a sandboxed command: `binDirs`, then the host's toolchain (bubblewrap) or the image's (a container). */
export function toolchainPath(binDirs: readonly string[], container: ContainerPlace | null | undefined): string {
  const toolchain = container ? container.path : `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;
  return [...binDirs, toolchain].join(':');
}

/** Every host path the command may write: its writable paths and the sources of its writable mounts. */
function writableSources(command: SandboxedCommand): string[] {
  return [...command.writable, ...(command.writableMounts ?? []).map((mount) => mount.source)];
}

/** Limits of a runner's or a setup's container: a whole test suite, its workers and builds. */
const COMMAND_LIMITS = { pids: 2048, memoryBytes: 4 * 1024 ** 3, cpus: 2 };

/** The command in a fresh container of its image, as the container's user; removed (and checked gone) after. */
async function inContainer(
  place: ContainerPlace,
  layout: SandboxLayout,
  command: SandboxedCommand,
): Promise<SandboxedResult> {
  const identity = containerIdentity();
  await handOver(writableSources(command), identity);
  const name = `crossover-command-${randomBytes(8).toString('hex')}`;
  const argv = containerArgv(place, {
    name,
    labels: {},
    layout,
    cwd: command.cwd,
    argv: ['/bin/sh', '-c', command.script],
    identity,
    limits: { ...COMMAND_LIMITS, cpuGroup: await sessionGroup(place.engine) },
    passed: [],
    // A runner's and a setup's variables are Crossover's own (PATH, HOME, the results directory): none is secret.
    set: command.env,
    network: command.network ? 'host' : 'none',
  });
  const result = await spawnBounded(
    withoutInheritedFds(place.engine.path, argv),
    { ...command, env: engineEnvironment(place.engine) },
    () => containerProcess(place.engine, name),
  );
  try {
    await endContainer(place.engine, name);
  } catch (error) {
    return { ...result, startError: result.startError ?? (error as Error).message };
  }
  return result;
}

/**
 * Runs a shell command (a repository's setup or test runner) in the agent's sandbox (sandbox.ts)
 * or, for a container task, in a fresh container of its image: as root it drops to the agent's
 * unprivileged uid with no capabilities and no_new_privs, so workspace code run by a test suite
 * holds no more than the agent did. Bounded by a deadline and an output tail; at the deadline or on
 * abort the whole tree is killed (bwrap's PID namespace ends with it; a container is removed). The
 * environment is exactly `env`: nothing of the grader's reaches the command.
 */
export async function runSandboxed(command: SandboxedCommand): Promise<SandboxedResult> {
  const layout = {
    writable: [...command.writable, ...(command.writableAsOwned ?? [])],
    readOnly: command.readOnly,
    shareNetwork: command.network,
    mounts: command.mounts,
    writableMounts: command.writableMounts ?? [],
  };
  if (command.container) return inContainer(command.container, layout, command);
  const host = await sandboxHost();
  if ('reason' in host) return { exitCode: null, timedOut: false, tail: '', startError: host.reason };
  await handOver(writableSources(command), host.identity);
  const argv = bubblewrapArgv(layout, command.cwd, ['/bin/sh', '-c', command.script], host.identity);
  return spawnBounded(withoutInheritedFds(host.bwrap.path, argv), command);
}

function spawnBounded(
  bwrap: { file: string; args: string[] },
  command: SandboxedCommand,
  ownProcess: StartedCommand['containerProcess'] = null,
): Promise<SandboxedResult> {
  return new Promise((resolve) => {
    const child = spawn(bwrap.file, bwrap.args, {
      cwd: '/',
      env: command.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    let timedOut = false;
    let startError: string | null = null;
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const kill = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    // A command that did not start has no processes to time: it ends at once with its error.
    const timing = child.pid === undefined ? wallDeadline(command.timeoutMs) : command.deadline;
    const deadline = (timing ?? wallDeadline(command.timeoutMs))(
      { pid: child.pid ?? 0, containerProcess: ownProcess },
      () => {
        timedOut = true;
        kill();
      },
    );
    const onAbort = () => kill();
    command.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code) => {
      deadline.stop();
      command.signal?.removeEventListener('abort', onAbort);
      kill();
      resolve({ exitCode: code, timedOut, tail, startError });
    });
  });
}
