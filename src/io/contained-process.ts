import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { killTree, type ProcessMarker } from './process-tree.js';

/** What one contained command printed and how it ended. */
export interface ExecResult {
  exitCode: number | null;
  /** bounded: at most a fixed number of bytes, with a marker where it was cut */
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** true when the output went past its bound */
  truncated: boolean;
  /** the last bytes of each stream (a bounded tail, marked where earlier output was left out), for the evidence */
  tails?: { stdout: string; stderr: string };
}

/** Each output stream keeps at most this many bytes. */
export const OUTPUT_LIMIT = 1024 * 1024;
/** Each output stream also keeps its last this many bytes: what a trial's evidence shows. */
export const TAIL_LIMIT = 16 * 1024;
/** Past its bound a stream may go on this many bytes more before the process tree is killed. */
const FLOOD_ALLOWANCE = 4 * OUTPUT_LIMIT;
/** After the main process exits, how long leftover writers may keep its pipes open. */
const PIPE_GRACE_MS = 2000;

export interface ContainedCommand {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
}

export interface ContainedRun {
  timeoutMs: number;
  /** ends the run as timed out before `timeoutMs`: an agent's own time is up (trial/agent-clock.ts) */
  timeUp?: AbortSignal;
  signal: AbortSignal;
  marker: ProcessMarker;
  outputLimit?: number;
  /** called once the main process has exited, before what is left of its tree is killed */
  onExit?: (leader: number | undefined) => Promise<void> | void;
}

export interface ContainedResult extends ExecResult {
  /** the signal aborted the run */
  cancelled: boolean;
  /** the output kept coming after its bound, so the tree was killed */
  flooded: boolean;
}

class BoundedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private last: Buffer = Buffer.alloc(0);
  private total = 0;
  overflow = 0;
  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    this.last = Buffer.concat([this.last, chunk.subarray(Math.max(0, chunk.length - TAIL_LIMIT))]);
    if (this.last.length > TAIL_LIMIT) this.last = this.last.subarray(this.last.length - TAIL_LIMIT);
    const room = this.limit - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    this.overflow += Math.max(0, chunk.length - Math.max(room, 0));
  }

  text(): string {
    const body = Buffer.concat(this.chunks).toString('utf8');
    return this.overflow > 0 ? `${body}\n[crossover: output cut after ${this.limit} bytes]\n` : body;
  }

  /** The last TAIL_LIMIT bytes, marked when earlier output was left out. */
  tail(): string {
    const text = this.last.toString('utf8');
    return this.total > this.last.length
      ? `[crossover: truncated, ${this.total - this.last.length} earlier bytes left out]\n${text}`
      : text;
  }
}

function collect(stream: Readable, buffer: BoundedBuffer, onFlood: () => void, allowance: number): void {
  stream.on('data', (chunk: Buffer) => {
    buffer.push(chunk);
    if (buffer.overflow > allowance) onFlood();
  });
  stream.on('error', () => undefined);
}

function closed(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.readableEnded) resolve();
    else stream.once('close', () => resolve());
  });
}

/**
 * Runs one command in its own process group with a deadline, bounded output and cancellation,
 * then kills whatever is left of its tree (also after a normal exit: an agent's daemon must not
 * outlive its trial).
 */
export async function runContained(command: ContainedCommand, run: ContainedRun): Promise<ContainedResult> {
  const limit = run.outputLimit ?? OUTPUT_LIMIT;
  const stdout = new BoundedBuffer(limit);
  const stderr = new BoundedBuffer(limit);
  let timedOut = false;
  let cancelled = false;
  let flooded = false;

  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    env: command.env,
    detached: true, // its own process group (and session), so one signal reaches the whole group
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; error: Error | null }>((resolve) => {
    child.once('exit', (code) => resolve({ code, error: null }));
    child.once('error', (error) => resolve({ code: null, error }));
  });
  const stop = (): void => {
    void killTree(child.pid, run.marker);
  };
  const onFlood = (): void => {
    if (flooded) return;
    flooded = true;
    stop();
  };
  collect(child.stdout, stdout, onFlood, FLOOD_ALLOWANCE);
  collect(child.stderr, stderr, onFlood, FLOOD_ALLOWANCE);
  child.stdin.on('error', () => undefined); // an agent that never reads its prompt closes the pipe early
  child.stdin.end(command.stdin ?? '');

  const onTimeout = (): void => {
    timedOut = true;
    stop();
  };
  const timer = setTimeout(onTimeout, run.timeoutMs);
  const onAbort = (): void => {
    cancelled = true;
    stop();
  };
  if (run.signal.aborted) onAbort();
  else run.signal.addEventListener('abort', onAbort, { once: true });
  if (run.timeUp?.aborted) onTimeout();
  else run.timeUp?.addEventListener('abort', onTimeout, { once: true });

  const { code, error } = await exited;
  clearTimeout(timer);
  run.signal.removeEventListener('abort', onAbort);
  run.timeUp?.removeEventListener('abort', onTimeout);
  await run.onExit?.(child.pid);
  await killTree(child.pid, run.marker);
  const drained = Promise.all([closed(child.stdout), closed(child.stderr)]);
  const grace = new Promise<'grace'>((resolve) => setTimeout(resolve, PIPE_GRACE_MS, 'grace').unref());
  if ((await Promise.race([drained, grace])) === 'grace') {
    child.stdout.destroy();
    child.stderr.destroy();
  }
  const spawnError = error ? `\n[crossover: could not start ${command.file}: ${error.message}]\n` : '';
  return {
    exitCode: code,
    stdout: stdout.text(),
    stderr: stderr.text() + spawnError,
    timedOut,
    truncated: stdout.overflow > 0 || stderr.overflow > 0,
    tails: { stdout: stdout.tail(), stderr: stderr.tail() },
    cancelled,
    flooded,
  };
}
