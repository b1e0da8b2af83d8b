import { type ChildProcess, spawn } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Kept of a server's stderr: its first bytes (where Node puts the error) and its last. */
const STDERR_HEAD = 300;
const STDERR_TAIL = 300;
/** How long a killed server's pipes may take to close before close() returns anyway. */
const CLOSE_WAIT_MS = 2_000;

export interface ServerProcess {
  command: string;
  args: string[];
  cwd: string;
  /** the whole environment: nothing of the caller's is added */
  env: Record<string, string>;
}

/**
 * The MCP SDK's stdio transport, with what a probe and a trial need beyond it: the server leads a
 * process group of its own, which close() ends whole (SIGKILL to the group, then waits for its
 * pipes), so a child it forked does not outlive the session; the environment is exactly the one
 * given; the tail of its stderr is kept for the reason when it fails.
 */
export class ServerProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  setProtocolVersion?: (version: string) => void;
  private child: ChildProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private head = '';
  private tail = '';
  private dropped = false;
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly server: ServerProcess) {}

  /** The server's pid while it runs. */
  leader(): number | undefined {
    return this.child?.pid;
  }

  /** The first and last bytes the server wrote to stderr, trimmed. */
  stderr(): string {
    return `${this.head}${this.dropped ? ' … ' : ''}${this.tail}`.trim();
  }

  private keepStderr(text: string): void {
    const room = STDERR_HEAD - this.head.length;
    this.head += text.slice(0, Math.max(0, room));
    const rest = text.slice(Math.max(0, room));
    const joined = this.tail + rest;
    if (joined.length > STDERR_TAIL) this.dropped = true;
    this.tail = joined.slice(-STDERR_TAIL);
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const { command, args, cwd, env } = this.server;
      const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      this.child = child;
      this.exited = new Promise((done) => child.once('close', () => done()));
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('close', () => {
        this.child = null;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.on('data', (chunk: Buffer) => this.keepStderr(chunk.toString('utf8')));
    });
  }

  private read(chunk: Buffer): void {
    this.buffer.append(chunk);
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      const stdin = this.child?.stdin;
      if (!stdin) throw new Error('the MCP server is not running');
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const pid = this.child?.pid;
    if (pid !== undefined) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    }
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    this.buffer.clear();
  }
}
