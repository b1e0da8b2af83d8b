import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSpec } from '../agents/adapter.js';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { ContextCall } from '../contracts/receipt.js';
import { redact } from '../contracts/redaction.js';
import type { ServerCommand, ServerLauncher } from '../io/server-launch.js';
import { handshakeMcp, type McpTarget } from '../provider-runtime/mcp.js';
import { lineReader, lineRelay, messagesOf } from './json-lines.js';
import { agentLine, serverLine, type ToolFilter, toolFilter } from './mcp-tool-filter.js';

type HttpClientModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');

/** An MCP server the proxy reaches over Streamable HTTP, sending its headers upstream itself. */
export interface McpHttpUpstream {
  name: string;
  url: string;
  /** request headers, credentials filled in: they stay in this process, never in the agent's config */
  headers: Record<string, string>;
  /** the credential values inside `headers`: kept out of every message the agent or a receipt reads */
  secrets: string[];
}

/** What the proxy puts behind one relay: a server it starts, or one it reaches over HTTP. */
export type McpUpstream = ServerCommand | McpHttpUpstream;

export function isHttp(server: McpUpstream): server is McpHttpUpstream {
  return 'url' in server;
}

/** The relay the agent starts in place of each MCP server (plain Node, bound read-only into the sandbox). */
export const RELAY_PATH = fileURLToPath(new URL('./mcp-relay.mjs', import.meta.url));

/** Linux refuses Unix socket paths longer than this (sun_path is 108 bytes with its terminator). */
const SOCKET_PATH_LIMIT = 107;
export interface McpProxy {
  /** what the agent is given as its MCP servers: the relay, one socket per declared server */
  servers: McpServerSpec[];
  /** what the agent's sandbox binds read-only so it can start the relay and reach the sockets */
  readOnly: string[];
  /** the calls recorded so far, in the order the agent made them */
  records(): ContextCall[];
  /**
   * Starts each real server once, exactly as an agent's session would (through `launch`, under the
   * trial's sandbox), and requires that it answers the handshake and lists one of `allowed` (any
   * tool when empty). The one place that decides whether a provider is reachable in the trial.
   */
  check(allowed: readonly string[], timeoutMs: number): Promise<void>;
  /** stops every real server and socket; the records stay readable */
  close(): Promise<void>;
}

interface Pending {
  record: ContextCall;
  started: number;
}

/** The bytes of what the agent reads in a tools/call result: its text parts, other parts as JSON. */
function answerBytes(result: Record<string, unknown>): number {
  const content = Array.isArray(result.content) ? result.content : [];
  let bytes = 0;
  for (const part of content as Record<string, unknown>[]) {
    if (typeof part?.text === 'string') bytes += Buffer.byteLength(part.text.trim());
    else bytes += Buffer.byteLength(JSON.stringify(part ?? null));
  }
  if (result.structuredContent !== undefined && bytes === 0)
    bytes += Buffer.byteLength(JSON.stringify(result.structuredContent));
  return bytes;
}

function settle(pending: Pending, message: Record<string, unknown>): void {
  const { record } = pending;
  record.latencyMs = Math.max(0, Math.round(performance.now() - pending.started));
  const result = message.result as Record<string, unknown> | undefined;
  if (message.error !== undefined || typeof result !== 'object' || result === null || result.isError === true) {
    record.outcome = 'error';
    return;
  }
  record.answerBytes = answerBytes(result);
  record.outcome = record.answerBytes === 0 ? 'empty' : 'answer';
}

/** Records each tools/call of one session as the agent sends it, and settles it with the server's answer. */
function callRecorder(server: string, calls: ContextCall[]) {
  const pending = new Map<string, Pending>();
  return {
    fromAgent(message: Record<string, unknown>): void {
      if (message.method !== 'tools/call' || message.id === undefined) return;
      const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
      const record: ContextCall = {
        server,
        tool: typeof params.name === 'string' ? params.name : String(params.name),
        argumentsDigest: digestOf(params.arguments ?? {}),
        answerBytes: 0,
        outcome: 'unanswered',
        latencyMs: null,
      };
      calls.push(record);
      pending.set(JSON.stringify(message.id), { record, started: performance.now() });
    },
    fromServer(message: Record<string, unknown>): void {
      const key = JSON.stringify(message.id);
      const call = pending.get(key);
      if (call === undefined || (message.result === undefined && message.error === undefined)) return;
      pending.delete(key);
      settle(call, message);
    },
  };
}

/** One live session between the agent and an upstream server; ending it ends the upstream side. */
interface Session {
  end(): void;
}

/**
 * One agent session with a server the proxy starts: relays JSON-RPC lines both ways, each unchanged
 * unless the arm's tool filter takes something out, and records each tools/call (a refused one too).
 */
function stdioSession(
  socket: Socket,
  server: ServerCommand,
  launch: ServerLauncher,
  calls: ContextCall[],
  filter: ToolFilter,
): Session {
  const { file, args, env, cwd } = launch(server);
  const child = spawn(file, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
  const recorder = callRecorder(server.name, calls);
  const toAgent = (bytes: Buffer | string): void => void (socket.destroyed || socket.write(bytes));
  const fromServer = lineRelay(
    (line) => {
      const { messages, batch } = messagesOf(line);
      messages.forEach(recorder.fromServer);
      return serverLine(line, messages, batch, filter);
    },
    toAgent,
    'pass',
  );
  // A line too long to read cannot be checked against the arm's tools: with a filter, it never reaches the server.
  const fromAgent = lineRelay(
    (line) => {
      const { messages, batch } = messagesOf(line);
      messages.forEach(recorder.fromAgent);
      const { forward, answers } = agentLine(line, messages, batch, filter);
      for (const answer of answers) {
        recorder.fromServer(answer);
        fromServer.between(() => toAgent(`${JSON.stringify(answer)}\n`));
      }
      return forward;
    },
    (bytes) => child.stdin?.write(bytes),
    filter.active ? 'drop' : 'pass',
  );
  socket.on('data', (chunk: Buffer) => fromAgent.push(chunk));
  child.stdout?.on('data', (chunk: Buffer) => fromServer.push(chunk));
  const end = (): void => {
    child.stdin?.end();
    if (!socket.destroyed) socket.end();
  };
  socket.on('end', end);
  socket.on('error', end);
  child.stdin?.on('error', () => undefined);
  child.on('exit', end);
  child.on('error', end);
  return { end: () => killGroup(child) };
}

/** `text` with every credential value of `server` replaced: what the agent or a receipt may read of an upstream error. */
function withoutSecrets(text: string, server: McpHttpUpstream): string {
  return redact(text, { secrets: server.secrets, paths: {} });
}

/**
 * One agent session with a server over Streamable HTTP: each JSON-RPC message the agent writes is
 * sent upstream with the declared headers (its credentials filled in here, never in the agent's
 * config or environment), each message the server sends is written back as one line, and every
 * tools/call is recorded as for a stdio server. A request the server cannot be reached for is
 * answered with a JSON-RPC error, so the agent is never left waiting.
 */
function httpSession(
  socket: Socket,
  server: McpHttpUpstream,
  sdk: HttpClientModule,
  calls: ContextCall[],
  filter: ToolFilter,
): Session {
  const transport = new sdk.StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: server.headers },
  });
  const recorder = callRecorder(server.name, calls);
  const initializeIds = new Set<string>();
  const toAgent = (message: Record<string, unknown>): void => {
    const result = message.result as { protocolVersion?: unknown } | undefined;
    // The SDK's client does this after initialize: later requests then name the negotiated version.
    if (initializeIds.delete(JSON.stringify(message.id)) && typeof result?.protocolVersion === 'string')
      transport.setProtocolVersion(result.protocolVersion);
    recorder.fromServer(message);
    if (!socket.destroyed) socket.write(`${JSON.stringify(filter.toAgent(message))}\n`);
  };
  transport.onmessage = (message) => toAgent(message as Record<string, unknown>);
  const started = transport.start();
  const fromAgent = lineReader((line) => {
    for (const message of messagesOf(line).messages) {
      recorder.fromAgent(message);
      const refused = filter.refusal(message);
      if (refused !== null) {
        toAgent(refused);
        continue;
      }
      if (message.method === 'initialize') initializeIds.add(JSON.stringify(message.id));
      started
        .then(() => transport.send(message as JSONRPCMessage))
        .catch((error: unknown) => {
          if (message.id === undefined || typeof message.method !== 'string') return;
          const reason = withoutSecrets((error as Error).message ?? String(error), server);
          toAgent({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `${server.name}: ${reason}` } });
        });
    }
  });
  socket.on('data', fromAgent);
  const end = (): void => {
    void transport.close();
    if (!socket.destroyed) socket.end();
  };
  socket.on('end', end);
  socket.on('error', end);
  return { end };
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

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
}

/**
 * Crossover's MCP proxy for one trial (DESIGN §6 step 3). Each declared server gets a Unix socket
 * in a short directory of its own under the system's temp directory (a socket path below a deep
 * project root would pass Linux's 107-byte limit); the agent starts the relay, which joins the
 * socket, so every server reaches the agent as stdio. Each session starts the real server through
 * `launch` (or reaches an HTTP one with its headers) and relays JSON-RPC both ways, recording every
 * tools/call in this process, where nothing the agent runs can rewrite it. These records are the
 * authority for context-tool counts and contamination, whatever the agent's transcript says.
 */
export async function startMcpProxy(
  servers: readonly McpUpstream[],
  launch: ServerLauncher,
  allowed: readonly string[] = [],
): Promise<McpProxy> {
  const calls: ContextCall[] = [];
  const sessions = new Set<Session>();
  const sockets = new Set<Socket>();
  const listeners: Server[] = [];
  const socketDir = servers.length > 0 ? await mkdtemp(join(tmpdir(), 'crossover-mcp-')) : null;
  // Loaded only for a trial that reaches a server over HTTP.
  const sdk = servers.some(isHttp) ? await import('@modelcontextprotocol/sdk/client/streamableHttp.js') : null;
  // The agent's unprivileged uid must reach the sockets inside.
  if (socketDir !== null) await chmod(socketDir, 0o755);
  const proxied: McpServerSpec[] = [];
  for (const [index, server] of servers.entries()) {
    const path = join(socketDir as string, `${index}.sock`);
    if (Buffer.byteLength(path) > SOCKET_PATH_LIMIT) {
      throw new CrossoverError(
        'infrastructure',
        `MCP proxy: the socket path ${path} is longer than ${SOCKET_PATH_LIMIT} bytes; set TMPDIR to a shorter directory`,
      );
    }
    const listener = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      sessions.add(
        isHttp(server)
          ? httpSession(socket, server, sdk as HttpClientModule, calls, toolFilter(allowed))
          : stdioSession(socket, server, launch, calls, toolFilter(allowed)),
      );
    });
    await listen(listener, path);
    // Connecting takes write permission on the socket: the agent's unprivileged uid must have it.
    await chmod(path, 0o666);
    listeners.push(listener);
    proxied.push({ name: server.name, command: process.execPath, args: [RELAY_PATH, path], env: {} });
  }
  return {
    servers: proxied,
    readOnly: socketDir === null ? [] : [RELAY_PATH, socketDir],
    records: () => calls.map((call) => ({ ...call })),
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
