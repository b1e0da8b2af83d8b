import { spawn } from 'node:child_process';
import { systemBinds } from './system-binds.js';

/** Each output stream keeps at most its last this many bytes. */
const TAIL_BYTES = 16 * 1024;

export interface SandboxedCommand {
  /** run with `sh -c` */
  script: string;
  cwd: string;
  env: Record<string, string>;
  /** bound read-write at the same path */
  writable: string[];
  /** bound read-only at the same path */
  readOnly: string[];
  /** read-only binds at another path (setup outputs over the graded tree) */
  mounts: { source: string; dest: string }[];
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
  /** bwrap itself could not start */
  startError: string | null;
}

/**
 * The bwrap argv: nothing visible but the system paths and what the command is given, every
 * capability dropped (as root, a process keeping CAP_SYS_ADMIN could remount the read-only binds).
 */
export function sandboxedArgv(command: SandboxedCommand): string[] {
  return [
    '--unshare-all',
    ...(command.network ? ['--share-net'] : []),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    ...systemBinds(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...command.readOnly.flatMap((path) => ['--ro-bind', path, path]),
    ...command.writable.flatMap((path) => ['--bind', path, path]),
    ...command.mounts.flatMap((mount) => ['--ro-bind', mount.source, mount.dest]),
    '--remount-ro',
    '/',
    '--chdir',
    command.cwd,
    '--',
    '/bin/sh',
    '-c',
    command.script,
  ];
}

/**
 * Runs a shell command under bubblewrap with a deadline and a bounded output tail; at the deadline
 * or on abort the whole tree is killed (bwrap's PID namespace ends with it). The environment is
 * exactly `env`: nothing of the grader's reaches the command.
 */
export function runSandboxed(command: SandboxedCommand): Promise<SandboxedResult> {
  return new Promise((resolve) => {
    const child = spawn('bwrap', sandboxedArgv(command), {
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
