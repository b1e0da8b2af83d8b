import { digestOf } from '../contracts/canonical.js';
import { boundedFinding, type ContextCall, type Finding } from '../contracts/receipt.js';

/** A JSON-RPC message as the proxy parsed it: what it relays is always this, serialized again. */
export type Message = Record<string, unknown>;

/** JSON-RPC's "invalid params", which MCP servers answer for a tool they do not have. */
const UNKNOWN_TOOL = -32602;

/** The longest line the proxy reads; a longer one is refused, never relayed unread. */
export const LINE_LIMIT = 32 * 1024 * 1024;

/** What the proxy does with one line the agent sent. */
export type AgentAction =
  /** relay it to the server */
  | { forward: Message }
  /** answer it itself (a call to a tool the arm may not use): nothing reaches the server */
  | { answer: Message }
  /** refuse it (a finding names why): nothing reaches the server; the agent is told when it can be */
  | { refused: string; reply: Message };

/** One call the agent made, as the proxy records it: settled in place when its answer comes. */
interface CallEntry {
  record: ContextCall;
  started: number;
}

/**
 * What the proxy saw over one trial, across its sessions: every tools/call in the order the agent
 * made it (unanswered until its answer comes), and what it refused, counted by reason.
 */
export class ProxyLog {
  readonly calls: CallEntry[] = [];
  private readonly refusals = new Map<string, number>();

  refuse(reason: string): void {
    this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
  }

  records(): ContextCall[] {
    return this.calls.map((entry) => ({ ...entry.record }));
  }

  /** One finding naming everything refused, with counts; none when nothing was. */
  findings(): Finding[] {
    if (this.refusals.size === 0) return [];
    const counted = [...this.refusals].map(([reason, count]) => `${reason} ×${count}`).join('; ');
    return [boundedFinding('sandbox', `the MCP proxy refused and relayed none of: ${counted}`)];
  }
}

/** The bytes of what the agent reads in a tools/call result: its text parts, other parts as JSON. */
function answerBytes(result: Message): number {
  const content = Array.isArray(result.content) ? result.content : [];
  let bytes = 0;
  for (const part of content as Message[]) {
    if (typeof part?.text === 'string') bytes += Buffer.byteLength(part.text.trim());
    else bytes += Buffer.byteLength(JSON.stringify(part ?? null));
  }
  if (result.structuredContent !== undefined && bytes === 0)
    bytes += Buffer.byteLength(JSON.stringify(result.structuredContent));
  return bytes;
}

function settle(entry: CallEntry, message: Message): void {
  const { record } = entry;
  record.latencyMs = Math.max(0, Math.round(performance.now() - entry.started));
  const result = message.result as Message | undefined;
  if (message.error !== undefined || typeof result !== 'object' || result === null || result.isError === true) {
    record.outcome = 'error';
    return;
  }
  record.answerBytes = answerBytes(result);
  record.outcome = record.answerBytes === 0 ? 'empty' : 'answer';
}

/** A JSON-RPC error answer; `id` null when the request it answers could not be read. */
export function errorReply(id: unknown, message: string): Message {
  return { jsonrpc: '2.0', id: id ?? null, error: { code: -32600, message: `crossover MCP proxy: ${message}` } };
}

/** A line's one JSON-RPC message, or why it is none. */
export function parseLine(line: string): { message: Message } | { invalid: string; batch?: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { invalid: 'a line that is not JSON' };
  }
  if (Array.isArray(parsed)) return { invalid: 'a JSON-RPC batch', batch: parsed.length };
  if (typeof parsed !== 'object' || parsed === null) return { invalid: 'a line that is not a JSON-RPC message' };
  return { message: parsed as Message };
}

/** A request id JSON-RPC allows (a string or a finite number), as a key; null for anything else. */
function idKey(id: unknown): string | null {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return JSON.stringify(id);
  return null;
}

export interface GuardOptions {
  /** the tools the agent may see and call; null: every tool the server lists */
  allowedTools: readonly string[] | null;
}

/**
 * The proxy's reading of one agent session with one server. Every line is parsed before anything
 * is relayed, and what is relayed is what was parsed: a batch, a line that is not one JSON-RPC
 * message, a tools/call without a usable id or reusing a pending one never reaches the server, so
 * the server can run nothing the proxy did not record. A call is settled by its answer; one still
 * waiting when the session ends stays unanswered. A call to a tool outside `allowedTools` is
 * answered by the proxy itself (recorded, an error), and tools/list answers are narrowed to them.
 */
export class SessionGuard {
  /** request ids the server still owes an answer, with the call each tools/call opened */
  private readonly pending = new Map<string, CallEntry | 'list' | 'other'>();

  constructor(
    private readonly server: string,
    private readonly log: ProxyLog,
    private readonly options: GuardOptions,
  ) {}

  /** What to do with one line from the agent. */
  fromAgent(line: string): AgentAction {
    const parsed = parseLine(line);
    if ('invalid' in parsed) {
      const reason = `${parsed.invalid} from the agent${parsed.batch === undefined ? '' : ` (${parsed.batch} messages)`}`;
      return this.refused(reason, null, `refused ${parsed.invalid}: send one JSON-RPC message a line`);
    }
    const message = parsed.message;
    if (!('method' in message)) return { forward: message };
    if (typeof message.method !== 'string') return this.refused('a message whose method is not a string', null);
    if (!('id' in message)) {
      // A notification is never answered: one the server would run as a call would go unrecorded.
      if (message.method === 'tools/call') return this.refused('a tools/call sent as a notification', null);
      return { forward: message };
    }
    const key = idKey(message.id);
    if (key === null) return this.refused('a request whose id is not a string or a number', null);
    if (this.pending.has(key)) return this.refused('a request reusing the id of one not yet answered', message.id);
    if (message.method === 'tools/call') return this.call(message, key);
    this.pending.set(key, message.method === 'tools/list' ? 'list' : 'other');
    return { forward: message };
  }

  /** Counts the refusal and answers the agent with an error (`id` null when it has none usable). */
  private refused(reason: string, id: unknown, told = `refused ${reason}`): AgentAction {
    this.log.refuse(reason);
    return { refused: reason, reply: errorReply(id, told) };
  }

  private call(message: Message, key: string): AgentAction {
    const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof params.name !== 'string')
      return this.refused('a tools/call whose tool name is not a string', message.id);
    const entry: CallEntry = {
      record: {
        server: this.server,
        tool: params.name,
        argumentsDigest: digestOf(params.arguments ?? {}),
        answerBytes: 0,
        outcome: 'unanswered',
        latencyMs: null,
      },
      started: performance.now(),
    };
    this.log.calls.push(entry);
    const allowed = this.options.allowedTools;
    if (allowed !== null && !allowed.includes(params.name)) {
      // As a server answers a tool it does not have, so the agent takes it as one it cannot call.
      const detail = `Unknown tool: ${params.name} (this arm may call ${allowed.join(', ')})`;
      const answer = { jsonrpc: '2.0', id: message.id, error: { code: UNKNOWN_TOOL, message: detail } };
      settle(entry, answer);
      return { answer };
    }
    this.pending.set(key, entry);
    return { forward: message };
  }

  /** The server's message as the agent gets it: a tools/list answer narrowed, an answer settling its call. */
  fromServer(message: Message): Message {
    if ('method' in message || !('id' in message)) return message;
    const key = idKey(message.id);
    const opened = key === null ? undefined : this.pending.get(key);
    if (opened === undefined || (message.result === undefined && message.error === undefined)) return message;
    this.pending.delete(key as string);
    if (opened === 'list') return this.narrowed(message);
    if (opened !== 'other') settle(opened, message);
    return message;
  }

  /** A server's line: its message as the agent gets it, or null (counted) when it is not one message. */
  fromServerLine(line: string): Message | null {
    const parsed = parseLine(line);
    if ('invalid' in parsed) {
      this.log.refuse(`${parsed.invalid} from server ${this.server}`);
      return null;
    }
    return this.fromServer(parsed.message);
  }

  private narrowed(message: Message): Message {
    const allowed = this.options.allowedTools;
    const result = message.result as { tools?: unknown } | undefined;
    if (allowed === null || !Array.isArray(result?.tools)) return message;
    const tools = result.tools.filter((tool: { name?: unknown }) => allowed.includes(String(tool?.name)));
    return { ...message, result: { ...result, tools } };
  }
}
