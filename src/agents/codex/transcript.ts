import type { TranscriptEntry } from '../../contracts/evidence.js';
import type { AgentObservation, ToolCall } from '../adapter.js';
import { count, jsonLines, mcpToolName, record, skillOfPath, uniqueSorted } from '../jsonl.js';

/** How a `codex exec --json` run ended, from its events. */
export interface CodexEnd {
  completed: boolean;
  /** the first turn.failed or error event's message (a retry's "Reconnecting…" is none); null when none */
  failure: string | null;
  /** the last event's message when it is a retry ("Reconnecting... 2/4 (…)"): the run ended waiting out a failing API */
  retrying: string | null;
}

/** Codex's error event for a model request it is about to send again (stream_max_retries). */
const RECONNECTING = /^Reconnecting\.\.\. \d+\/\d+ /;

export interface CodexEvents {
  observation: AgentObservation;
  end: CodexEnd;
  /** messages, tool calls and their results in order, their texts whole */
  entries: TranscriptEntry[];
}

const PATCH_HEADER = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm;

/** Paths an apply_patch input adds, updates, deletes or moves to. */
export function patchedPaths(patch: string): string[] {
  return [...patch.matchAll(PATCH_HEADER)]
    .map((match) => (match[1] ?? match[2] ?? '').trim())
    .filter((path) => path !== '');
}

/** A function call; an MCP tool (namespace `mcp__<server>`, or a `mcp__<server>__<tool>` name) counts under its own name. */
function functionCall(name: string, namespace: unknown): ToolCall {
  if (typeof namespace === 'string' && namespace.startsWith('mcp__')) return { name, context: true };
  const tool = mcpToolName(name);
  return tool === null ? { name, context: false } : { name: tool, context: true };
}

function eventsToolCall(item: Record<string, unknown>): ToolCall | null {
  switch (item.type) {
    case 'command_execution':
      return { name: 'exec_command', context: false };
    case 'file_change':
      return { name: 'apply_patch', context: false };
    case 'mcp_tool_call':
      return { name: String(item.tool), context: true };
    case 'web_search':
      return { name: 'web_search', context: false };
    default:
      return null;
  }
}

/** The steps one completed item shows: the agent's message, or a call and what it gave back. */
function itemEntries(item: Record<string, unknown>): TranscriptEntry[] {
  const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
  switch (item.type) {
    case 'agent_message':
      return [{ kind: 'message', role: 'assistant', text: text(item.text) }];
    case 'command_execution':
      return [
        { kind: 'tool-call', tool: 'exec_command', input: JSON.stringify({ command: item.command ?? null }) },
        { kind: 'tool-result', error: item.exit_code !== 0, text: text(item.aggregated_output ?? '') },
      ];
    case 'file_change':
      return [{ kind: 'tool-call', tool: 'apply_patch', input: JSON.stringify({ changes: item.changes ?? [] }) }];
    case 'mcp_tool_call':
      return [
        { kind: 'tool-call', tool: text(item.tool).slice(0, 200), input: JSON.stringify(item.arguments ?? {}) },
        { kind: 'tool-result', error: item.error != null, text: text(item.result ?? item.error ?? '') },
      ];
    default:
      return [];
  }
}

/**
 * Reads `codex exec --json` events: how the run ended, and the calls the stream shows. The stream
 * omits some calls (failed sandboxed commands, unsupported and tool_search calls) and never names
 * the files a command read, so the rollout is preferred; here files inspected are unknown.
 * Usage missing from the API shows as zeros here, so zero input tokens means unknown.
 */
export function parseCodexEvents(text: string): CodexEvents {
  const toolCalls: ToolCall[] = [];
  const modified: string[] = [];
  let input = 0;
  let output = 0;
  const end: CodexEnd = { completed: false, failure: null, retrying: null };
  const entries: TranscriptEntry[] = [];
  for (const event of jsonLines(text)) {
    const message = String(event.message ?? 'no message');
    const retry = event.type === 'error' && RECONNECTING.test(message);
    end.retrying = retry ? message : null;
    if (event.type === 'turn.completed') {
      end.completed = true;
      const usage = record(event.usage);
      input += count(usage.input_tokens) ?? 0;
      output += count(usage.output_tokens) ?? 0;
    }
    if (event.type === 'turn.failed')
      end.failure ??= `turn.failed: ${String(record(event.error).message ?? 'no message')}`;
    if (event.type === 'error' && !retry) end.failure ??= `error: ${message}`;
    if (event.type !== 'item.completed') continue;
    const item = record(event.item);
    const call = eventsToolCall(item);
    if (call !== null) toolCalls.push(call);
    entries.push(...itemEntries(item));
    if (item.type === 'file_change' && Array.isArray(item.changes)) {
      for (const change of item.changes.map(record)) if (typeof change.path === 'string') modified.push(change.path);
    }
  }
  const known = input > 0;
  return {
    observation: {
      toolCalls,
      filesInspected: null,
      filesModified: [...new Set(modified)],
      inputTokens: known ? input : null,
      outputTokens: known ? output : null,
      costUsd: null,
      skillsAvailable: null,
      skillsUsed: null,
    },
    end,
    entries,
  };
}

/** The tool call of one rollout response item, with the files an apply_patch touched. */
function rolloutCall(payload: Record<string, unknown>): { call: ToolCall; modified: string[] } | null {
  switch (payload.type) {
    case 'function_call':
      return { call: functionCall(String(payload.name), payload.namespace), modified: [] };
    case 'custom_tool_call':
      return {
        call: { name: String(payload.name), context: false },
        modified: payload.name === 'apply_patch' ? patchedPaths(String(payload.input ?? '')) : [],
      };
    case 'local_shell_call':
      return { call: { name: 'local_shell', context: false }, modified: [] };
    case 'tool_search_call':
      return { call: { name: 'tool_search', context: false }, modified: [] };
    case 'web_search_call':
      return { call: { name: 'web_search', context: false }, modified: [] };
    default:
      return null;
  }
}

/** The parts of a completed command, as Codex itself parsed it. */
function parsedCommands(payload: Record<string, unknown>): Record<string, unknown>[] {
  const item = record(payload.item);
  if (payload.type !== 'item_completed' || item.type !== 'CommandExecution' || !Array.isArray(item.parsed_cmd))
    return [];
  return item.parsed_cmd.map(record);
}

/** Files a completed command read. */
function commandReads(parsed: Record<string, unknown>[]): string[] {
  return parsed.flatMap((part) => (part.type === 'read' && typeof part.path === 'string' ? [part.path] : []));
}

const SKILL_FILE = /(?:^|[\s"'/])skills\/([a-z0-9][a-z0-9-]*)\/SKILL\.md\b/g;

/**
 * Skills a command loaded: Codex loads a skill by reading its SKILL.md (its instructions say so),
 * and a command Codex could not parse as a plain read (a quoted variable, a pipe) still names it.
 */
function commandSkills(parsed: Record<string, unknown>[]): string[] {
  const fromReads = commandReads(parsed).flatMap((path) => skillOfPath(path) ?? []);
  const fromText = parsed.flatMap((part) =>
    typeof part.cmd === 'string' ? [...part.cmd.matchAll(SKILL_FILE)].map((match) => match[1] as string) : [],
  );
  return [...fromReads, ...fromText];
}

/**
 * Reads a Codex session rollout (`$CODEX_HOME/sessions/…/rollout-*.jsonl`), the authoritative tool
 * log: every call the model made, including those `--json` omits. Tokens come from the last
 * token_count; an `info: null` there means the API reported no usage, so tokens are unknown.
 * Codex reports no cost.
 */
export function parseCodexRollout(text: string): AgentObservation {
  const toolCalls: ToolCall[] = [];
  const inspected: string[] = [];
  const modified: string[] = [];
  const skills: string[] = [];
  let usage: Record<string, unknown> | null = null;
  let usageMissing = false;
  for (const line of jsonLines(text)) {
    const payload = record(line.payload);
    if (line.type === 'response_item') {
      const found = rolloutCall(payload);
      if (found !== null) {
        toolCalls.push(found.call);
        modified.push(...found.modified);
      }
    }
    if (line.type !== 'event_msg') continue;
    const parsed = parsedCommands(payload);
    inspected.push(...commandReads(parsed));
    skills.push(...commandSkills(parsed));
    if (payload.type === 'token_count') {
      if (payload.info === null || payload.info === undefined) usageMissing = true;
      else usage = record(record(payload.info).total_token_usage);
    }
  }
  const known = usage !== null && !usageMissing;
  return {
    toolCalls,
    filesInspected: [...new Set(inspected)],
    filesModified: [...new Set(modified)],
    inputTokens: known ? count(usage?.input_tokens) : null,
    outputTokens: known ? count(usage?.output_tokens) : null,
    costUsd: null,
    skillsAvailable: null,
    skillsUsed: uniqueSorted(skills),
  };
}

/** A rollout is a JSON-lines file of `{ timestamp, type, payload }` records, starting with session_meta. */
export function isCodexRollout(text: string): boolean {
  return jsonLines(text.slice(0, 100_000)).some((line) => line.type === 'session_meta');
}
