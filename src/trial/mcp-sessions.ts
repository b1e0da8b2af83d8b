import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../contracts/redaction.js';
import type { ServerCommand, ServerLauncher } from '../io/server-launch.js';
import {
  type AgentAction,
  type GuardOptions,
  type Message,
  type ProxyLog,
  parseLine,
  SessionGuard,
} from './mcp-guard.js';

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

/** One live session between the agent and an upstream server; ending it ends the upstream side. */
export interface Session {
  end(): void;
}

/** What every session of one proxy shares: the trial's log and how lines are read. */
export interface SessionContext {
  log: ProxyLog;
  guard: GuardOptions;
  /** the longest line read; a longer one is refused */
  lineLimit: number;
  /** the positive controls only: bytes relayed unread, each message recorded as sent (the old proxy) */
  unguarded: boolean;
}

/**
 * Calls `onLine` with each complete line of a byte stream and `onOversized` once for each line
 * longer than `limit`, whose bytes are dropped: never more than `limit` bytes are held.
 */
export function lineReader(
  limit: number,
  onLine: (line: string) => void,
  onOversized: () => void,
): (chunk: Buffer) => void {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  return (chunk) => {
    let rest = chunk;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      if (!skipping && size + newline > limit) onOversized();
      else if (!skipping) onLine(Buffer.concat([...parts, rest.subarray(0, newline)]).toString('utf8'));
      parts = [];
      size = 0;
      skipping = false;
      rest = rest.subarray(newline + 1);
    }
    if (skipping || rest.length === 0) return;
    size += rest.length;
    if (size > limit) {
      skipping = true;
      parts = [];
      onOversized();
    } else parts.push(rest);
  };
}

function line(message: Message): string {
  return `${JSON.stringify(message)}\n`;
}

/** The agent's side of a guarded session: each line read, then relayed, answered or refused. */
function agentReader(
  context: SessionContext,
  guard: SessionGuard,
  relay: (message: Message) => void,
  toAgent: (message: Message) => void,
): (chunk: Buffer) => void {
  const act = (action: AgentAction) => {
    if ('forward' in action) relay(action.forward);
    else toAgent('answer' in action ? action.answer : action.reply);
  };
  return lineReader(
    context.lineLimit,
    (text) => act(guard.fromAgent(text)),
    () => {
      context.log.refuse(`a line longer than ${context.lineLimit} bytes from the agent`);
      toAgent({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'crossover MCP proxy: line too long' } });
    },
  );
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** One agent session with a server the proxy starts, each line read before it is relayed either way. */
export function stdioSession(
  socket: Socket,
  server: ServerCommand,
  launch: ServerLauncher,
  context: SessionContext,
): Session {
  const { file, args, env, cwd } = launch(server);
  const child = spawn(file, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
  const toAgent = (message: Message) => {
    if (!socket.destroyed) socket.write(line(message));
  };
  if (context.unguarded) rawRelay(socket, child, server.name, context);
  else {
    const guard = new SessionGuard(server.name, context.log, context.guard);
    socket.on(
      'data',
      agentReader(context, guard, (message) => child.stdin?.write(line(message)), toAgent),
    );
    const fromServer = lineReader(
      context.lineLimit,
      (text) => {
        const message = guard.fromServerLine(text);
        if (message !== null) toAgent(message);
      },
      () => context.log.refuse(`a line longer than ${context.lineLimit} bytes from server ${server.name}`),
    );
    child.stdout?.on('data', fromServer);
  }
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

/**
 * The proxy as it was before lines were read first (the positive controls only): bytes relayed
 * both ways unchanged, every message of a line (a batch's too) recorded when it is sent, and a
 * line over the limit relayed without being read.
 */
function rawRelay(socket: Socket, child: ChildProcess, server: string, context: SessionContext): void {
  const guard = new SessionGuard(server, context.log, { allowedTools: null });
  const each = (text: string, take: (message: Message) => void) => {
    const parsed = parseLine(text);
    if ('message' in parsed) take(parsed.message);
    else if (parsed.batch !== undefined)
      for (const message of JSON.parse(text) as unknown[]) if (typeof message === 'object') take(message as Message);
  };
  const fromAgent = lineReader(
    context.lineLimit,
    (text) => each(text, (m) => guard.fromAgent(JSON.stringify(m))),
    noop,
  );
  const fromServer = lineReader(context.lineLimit, (text) => each(text, (m) => guard.fromServer(m)), noop);
  socket.on('data', (chunk: Buffer) => {
    fromAgent(chunk);
    child.stdin?.write(chunk);
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    fromServer(chunk);
    if (!socket.destroyed) socket.write(chunk);
  });
}

function noop(): void {}

/** `text` with every credential value of `server` replaced: what the agent or a receipt may read of an upstream error. */
export function withoutSecrets(text: string, server: McpHttpUpstream): string {
  return redact(text, { secrets: server.secrets, paths: {} });
}

/**
 * One agent session with a server over Streamable HTTP: each JSON-RPC message the agent writes is
 * read as for a stdio server and sent upstream with the declared headers (its credentials filled
 * in here, never in the agent's config or environment); each message the server sends is written
 * back as one line. A request the server cannot be reached for is answered with a JSON-RPC error,
 * so the agent is never left waiting.
 */
export function httpSession(
  socket: Socket,
  server: McpHttpUpstream,
  sdk: HttpClientModule,
  context: SessionContext,
): Session {
  const transport = new sdk.StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: server.headers },
  });
  const guard = new SessionGuard(server.name, context.log, context.guard);
  const initializeIds = new Set<string>();
  const toAgent = (message: Message): void => {
    if (!socket.destroyed) socket.write(line(message));
  };
  transport.onmessage = (received) => {
    const message = received as Message;
    const result = message.result as { protocolVersion?: unknown } | undefined;
    // The SDK's client does this after initialize: later requests then name the negotiated version.
    if (initializeIds.delete(JSON.stringify(message.id)) && typeof result?.protocolVersion === 'string')
      transport.setProtocolVersion(result.protocolVersion);
    toAgent(guard.fromServer(message));
  };
  const started = transport.start();
  const relay = (message: Message): void => {
    if (message.method === 'initialize') initializeIds.add(JSON.stringify(message.id));
    started
      .then(() => transport.send(message as JSONRPCMessage))
      .catch((error: unknown) => {
        if (message.id === undefined || typeof message.method !== 'string') return;
        const reason = withoutSecrets((error as Error).message ?? String(error), server);
        const reply = { jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `${server.name}: ${reason}` } };
        toAgent(guard.fromServer(reply));
      });
  };
  socket.on('data', agentReader(context, guard, relay, toAgent));
  const end = (): void => {
    void transport.close();
    if (!socket.destroyed) socket.end();
  };
  socket.on('end', end);
  socket.on('error', end);
  return { end };
}
