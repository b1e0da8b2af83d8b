import { spawn } from 'node:child_process';
import { withoutInheritedFds } from './close-fds.js';
import { bubblewrapArgv, handOver, sandboxHost } from './sandbox.js';

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
  signal?: AbortSignal;
}

export interface SandboxedResult {
  exitCode: number | null;
  timedOut: boolean;
  /** the last bytes of stdout and stderr, interleaved */
  tail: string;
  /** the sandbox is missing or bwrap itself could not start */
  startError: string | null;
}

/**
 * Runs a shell command (a repository's setup or test runner) in the agent's sandbox (sandbox.ts):
 * as root it drops to the agent's unprivileged uid with no capabilities and no_new_privs, so
 * workspace code run by a test suite holds no more than the agent did. Bounded by a deadline and
 * an output tail; at the deadline or on abort the whole tree is killed (bwrap's PID namespace ends
 * with it). The environment is exactly `env`: nothing of the grader's reaches the command.
 */
export async function runSandboxed(command: SandboxedCommand): Promise<SandboxedResult> {
  const host = await sandboxHost();
  if ('reason' in host) return { exitCode: null, timedOut: false, tail: '', startError: host.reason };
  await handOver([...command.writable, ...(command.writableMounts ?? []).map((mount) => mount.source)], host.identity);
  const layout = {
    writable: [...command.writable, ...(command.writableAsOwned ?? [])],
    readOnly: command.readOnly,
    shareNetwork: command.network,
    mounts: command.mounts,
    writableMounts: command.writableMounts ?? [],
  };
  const argv = bubblewrapArgv(layout, command.cwd, ['/bin/sh', '-c', command.script], host.identity);
  return spawnBounded(withoutInheritedFds(host.bwrap.path, argv), command);
}

function spawnBounded(bwrap: { file: string; args: string[] }, command: SandboxedCommand): Promise<SandboxedResult> {
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
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, command.timeoutMs);
    const onAbort = () => kill();
    command.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      command.signal?.removeEventListener('abort', onAbort);
      kill();
      resolve({ exitCode: code, timedOut, tail, startError });
    });
  });
}
