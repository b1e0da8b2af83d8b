import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { serverLauncher } from '../../src/io/server-launch.js';
import { type McpProxy, type ProxyOptions, startMcpProxy } from '../../src/trial/mcp-proxy.js';
import { tempDir } from './temp.js';

const REPO = join(import.meta.dirname, '../..');
/** fixtures/providers/bare: an MCP server with no line limit that logs each call it runs. */
export const BARE_SERVER = join(REPO, 'fixtures/providers/bare/server.mjs');

export type Message = Record<string, unknown>;

/** A proxy in front of the bare server (started bare, no sandbox), and the log of what the server ran. */
export async function bareProxy(
  options: ProxyOptions = {},
): Promise<{ proxy: McpProxy; ran: () => Promise<string[]> }> {
  const dir = await tempDir();
  const log = join(dir, 'server.log');
  const launch = serverLauncher({
    sandbox: null,
    workspace: dir,
    home: join(dir, 'mcp-home'),
    path: process.env.PATH ?? '/usr/bin:/bin',
    shareNetwork: false,
    readOnly: [],
    writable: [],
  });
  const server = { name: 'bare', command: process.execPath, args: [BARE_SERVER, log], env: {} };
  const proxy = await startMcpProxy([server], launch, options);
  const ran = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');
  return { proxy, ran };
}

/** The socket the proxy gave the agent for its `index`th server. */
export function socketOf(proxy: McpProxy, index = 0): string {
  return proxy.servers[index]!.args[1]!;
}

/** An agent's raw session on a proxy socket: lines written as given, every line read back parsed. */
export interface RawSession {
  socket: Socket;
  received: Message[];
  send(line: string | Message): void;
  /** waits until a received message satisfies `test`, or fails after `ms` */
  until(test: (message: Message) => boolean, ms?: number): Promise<Message>;
  close(): Promise<void>;
}

export async function rawSession(path: string): Promise<RawSession> {
  const socket = connect(path);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  // The proxy may close a session it refuses while the test still writes to it.
  socket.on('error', () => undefined);
  const received: Message[] = [];
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at !== -1; at = buffered.indexOf('\n')) {
      received.push(JSON.parse(buffered.slice(0, at)) as Message);
      buffered = buffered.slice(at + 1);
    }
  });
  return {
    socket,
    received,
    send: (line) => socket.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`),
    async until(test, ms = 20_000) {
      for (let waited = 0; waited < ms; waited += 20) {
        const found = received.find(test);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no such message in ${ms} ms; received: ${JSON.stringify(received).slice(0, 2000)}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        socket.end(() => resolve());
      }),
  };
}

/** A session that has done the MCP handshake. */
export async function initialized(path: string): Promise<RawSession> {
  const session = await rawSession(path);
  session.send({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await session.until((message) => message.id === 'init');
  session.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return session;
}

export function call(id: number | string, name: string): Message {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } };
}
