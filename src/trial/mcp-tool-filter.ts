import type { PlannedArm } from '../contracts/plan.js';

/**
 * The provider tools an arm may call: its own `allowedTools`, else its provider's declared ones;
 * empty when neither names any (every tool the server lists).
 */
export function armTools(arm: PlannedArm): readonly string[] {
  return arm.allowedTools.length > 0 ? arm.allowedTools : (arm.provider?.tools ?? []);
}

type Message = Record<string, unknown>;

/** JSON-RPC's "invalid params", which MCP servers answer for a tool they do not have. */
const UNKNOWN_TOOL = -32602;

/**
 * What the MCP proxy lets through between an agent and a provider's server, for one session: the
 * server's tools/list answers show only the arm's tools, and a tools/call of any other tool never
 * reaches the server but is answered with an error here (the proxy still records it: it is
 * contamination, whatever the agent believed it could call). With no tools named it changes nothing.
 */
export interface ToolFilter {
  /** whether it changes anything: false when the arm may call every tool */
  readonly active: boolean;
  /** one message from the agent: null to forward it, else the error answer the agent gets instead */
  refusal(message: Message): Message | null;
  /** one message from the server: itself, or a tools/list answer without the tools the arm may not call */
  toAgent(message: Message): Message;
}

export function toolFilter(allowed: readonly string[]): ToolFilter {
  const listIds = new Set<string>();
  const active = allowed.length > 0;
  return {
    active,
    refusal(message) {
      if (!active) return null;
      if (message.method === 'tools/list' && message.id !== undefined) listIds.add(JSON.stringify(message.id));
      if (message.method !== 'tools/call' || message.id === undefined) return null;
      const name = (message.params as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string' && allowed.includes(name)) return null;
      const error = {
        code: UNKNOWN_TOOL,
        message: `Unknown tool: ${String(name)} (this arm may call ${allowed.join(', ')})`,
      };
      return { jsonrpc: '2.0', id: message.id, error };
    },
    toAgent(message) {
      if (!active || !listIds.delete(JSON.stringify(message.id))) return message;
      const result = message.result as { tools?: unknown } | undefined;
      if (typeof result !== 'object' || result === null || !Array.isArray(result.tools)) return message;
      const tools = (result.tools as { name?: unknown }[]).filter(
        (tool) => typeof tool?.name === 'string' && allowed.includes(tool.name),
      );
      return { ...message, result: { ...result, tools } };
    },
  };
}

/** What becomes of one line the agent sent: the line the server gets (null: none) and the answers sent back here. */
export interface AgentLine {
  forward: string | null;
  answers: Message[];
}

/**
 * One line from the agent through the filter: unchanged (byte for byte) unless it holds a refused
 * call, which is taken out of it and answered instead. `messages` is the line parsed (a batch is
 * an array); a line that did not parse is forwarded as it is, for the server to answer.
 */
export function agentLine(line: string, messages: Message[], batch: boolean, filter: ToolFilter): AgentLine {
  const answers: Message[] = [];
  const kept = messages.filter((message) => {
    const refused = filter.refusal(message);
    if (refused !== null) answers.push(refused);
    return refused === null;
  });
  if (answers.length === 0) return { forward: line, answers };
  if (kept.length === 0) return { forward: null, answers };
  return { forward: JSON.stringify(batch ? kept : kept[0]), answers };
}

/** One line from the server through the filter: unchanged (byte for byte) unless a tools/list answer lost tools. */
export function serverLine(line: string, messages: Message[], batch: boolean, filter: ToolFilter): string {
  const shown = messages.map((message) => filter.toAgent(message));
  if (shown.every((message, index) => message === messages[index])) return line;
  return JSON.stringify(batch ? shown : shown[0]);
}
