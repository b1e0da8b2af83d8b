import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerSpec } from '../agents/adapter.js';
import { CrossoverError } from '../contracts/errors.js';
import type { ContextCall, Finding } from '../contracts/receipt.js';
import type { SandboxIdentity } from '../io/sandbox.js';
import type { ServerCommand, ServerLauncher } from '../io/server-launch.js';
import { handshakeMcp, type McpTarget } from '../provider-runtime/mcp.js';
import { LINE_LIMIT, ProxyLog } from './mcp-guard.js';
import {
  httpSession,
  type McpHttpUpstream,
  type Session,
  type SessionContext,
  stdioSession,
  withoutSecrets,
} from './mcp-sessions.js';

export type { McpHttpUpstream } from './mcp-sessions.js';

/** What the proxy puts behind one relay: a server it starts, or one it reaches over HTTP. */
export type McpUpstream = ServerCommand | McpHttpUpstream;

export function isHttp(server: McpUpstream): server is McpHttpUpstream {
  return 'url' in server;
}

/** The relay the agent starts in place of each MCP server (plain Node, bound read-only into the sandbox). */
export const RELAY_PATH = fileURLToPath(new URL('./mcp-relay.mjs', import.meta.url));

/** Linux refuses Unix socket paths longer than this (sun_path is 108 bytes with its terminator). */
const SOCKET_PATH_LIMIT = 107;
/**
 * Sessions one trial may open with each server: each starts a server process, so an agent that
 * connects again and again cannot start servers without bound. Agents start a server once a session.
 */
export const SESSION_LIMIT = 8;

export interface McpProxy {
  /** what the agent is given as its MCP servers: the relay, one socket per declared server */
  servers: McpServerSpec[];
  /** what the agent's sandbox binds read-only so it can start the relay and reach the sockets */
  readOnly: string[];
  /** the calls recorded so far, in the order the agent made them; one not answered yet is unanswered */
  records(): ContextCall[];
  /** what the proxy refused (batches, unreadable or oversized lines, sessions past the limit) */
  findings(): Finding[];
  /**
   * Starts each real server once, exactly as an agent's session would (through `launch`, under the
   * trial's sandbox), and requires that it answers the handshake and lists one of `allowed` (any
   * tool when empty). The one place that decides whether a provider is reachable in the trial.
   */
  check(allowed: readonly string[], timeoutMs: number): Promise<void>;
  /** stops every real server and socket; the records stay readable */
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** who connects: the sockets and their directory are that uid's alone (the agent's, as root); absent: this process's */
  owner?: SandboxIdentity;
  /** the tools the agent may see and call (the arm's); null or absent: every tool the server lists */
  allowedTools?: readonly string[] | null;
  /** the positive controls only: the proxy as it was, relaying lines unread, sockets open to every user, no session limit */
  unguarded?: boolean;
}

/** Throws, naming the server and why, unless it answers the handshake and lists one of `allowed`. */
async function checkServer(
  server: McpUpstream,
  launch: ServerLauncher,
  allowed: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const target = isHttp(server)
    ? { type: 'http' as const, url: server.url, headers: server.headers }
    : stdioTarget(server, launch);
  const seen = await handshakeMcp(target, timeoutMs).catch((error: unknown) => {
    const reason = (error as Error).message;
    throw new CrossoverError(
      'infrastructure',
      `provider server ${server.name} did not start in the trial: ${isHttp(server) ? withoutSecrets(reason, server) : reason}`,
    );
  });
  const offered = seen.tools.map((tool) => tool.name);
  if (allowed.length > 0 && !offered.some((name) => allowed.includes(name))) {
    throw new CrossoverError(
      'infrastructure',
      `provider server ${server.name} lists none of the arm's tools (${allowed.join(', ')}); it offers ${offered.join(', ') || 'none'}`,
    );
  }
}

function stdioTarget(server: ServerCommand, launch: ServerLauncher): McpTarget {
  const { file, args, env, cwd } = launch(server);
  return { type: 'stdio', command: file, args, cwd, env };
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
}

/**
 * The private directory of one trial's sockets, under the system's temp directory (a socket path
 * below a deep project root would pass Linux's 107-byte limit): mode 0700, and as root owned by
 * the agent's uid, so no other local user can reach a socket and write into the trial's records.
 */
async function socketDirectory(options: ProxyOptions): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'crossover-mcp-'));
  await own(dir, options, options.unguarded ? 0o755 : 0o700);
  return dir;
}

/** Gives a socket or its directory to the uid that connects (the agent's, as root), with `mode`. */
async function own(path: string, options: ProxyOptions, mode: number): Promise<void> {
  const owner = options.owner;
  if (owner?.kind === 'unprivileged' && !options.unguarded) await chown(path, owner.uid, owner.gid);
  await chmod(path, mode);
}

function socketPath(dir: string, index: number): string {
  const path = join(dir, `${index}.sock`);
  if (Buffer.byteLength(path) > SOCKET_PATH_LIMIT) {
    throw new CrossoverError(
      'infrastructure',
      `MCP proxy: the socket path ${path} is longer than ${SOCKET_PATH_LIMIT} bytes; set TMPDIR to a shorter directory`,
    );
  }
  return path;
}

/**
 * Crossover's MCP proxy for one trial (DESIGN §6 step 3). Each declared server gets a Unix socket
 * in the trial's private socket directory; the agent starts the relay, which joins the socket, so
 * every server reaches the agent as stdio. Each session starts the real server through `launch`
 * (or reaches an HTTP one with its headers), at most SESSION_LIMIT a server, and reads every
 * JSON-RPC line before relaying it (mcp-guard.ts), recording each tools/call with its answer in
 * this process, where nothing the agent runs can rewrite it. These records are the authority for
 * context-tool counts and contamination, whatever the agent's transcript says.
 */
export async function startMcpProxy(
  servers: readonly McpUpstream[],
  launch: ServerLauncher,
  options: ProxyOptions = {},
): Promise<McpProxy> {
  const log = new ProxyLog();
  const context: SessionContext = {
    log,
    guard: { allowedTools: options.unguarded ? null : (options.allowedTools ?? null) },
    lineLimit: LINE_LIMIT,
    unguarded: options.unguarded === true,
  };
  const sessions = new Set<Session>();
  const sockets = new Set<Socket>();
  const listeners: Server[] = [];
  const socketDir = servers.length > 0 ? await socketDirectory(options) : null;
  // Loaded only for a trial that reaches a server over HTTP.
  const sdk = servers.some(isHttp) ? await import('@modelcontextprotocol/sdk/client/streamableHttp.js') : null;
  const proxied: McpServerSpec[] = [];
  for (const [index, server] of servers.entries()) {
    const path = socketPath(socketDir as string, index);
    let opened = 0;
    const listener = createServer((socket) => {
      opened += 1;
      if (opened > SESSION_LIMIT && !context.unguarded) {
        log.refuse(`a session with ${server.name} past the ${SESSION_LIMIT} one trial may open`);
        socket.destroy();
        return;
      }
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      sessions.add(
        isHttp(server) ? httpSession(socket, server, sdk!, context) : stdioSession(socket, server, launch, context),
      );
    });
    await listen(listener, path);
    // Connecting takes write permission on the socket: the agent's uid has it, no other user does.
    await own(path, options, options.unguarded ? 0o666 : 0o600);
    listeners.push(listener);
    proxied.push({ name: server.name, command: process.execPath, args: [RELAY_PATH, path], env: {} });
  }
  return {
    servers: proxied,
    readOnly: socketDir === null ? [] : [RELAY_PATH, socketDir],
    records: () => log.records(),
    findings: () => log.findings(),
    async check(allowed, timeoutMs) {
      for (const server of servers) await checkServer(server, launch, allowed, timeoutMs);
    },
    async close() {
      for (const session of sessions) session.end();
      for (const socket of sockets) socket.destroy();
      await Promise.all(listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
      if (socketDir !== null) await rm(socketDir, { recursive: true, force: true });
    },
  };
}
