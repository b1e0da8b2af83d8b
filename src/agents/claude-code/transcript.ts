import type { TranscriptEntry } from '../../contracts/evidence.js';
import type { AgentObservation, ToolCall } from '../adapter.js';
import { count, jsonLines, mcpToolName, record, skillOfPath, uniqueSorted } from '../jsonl.js';

/** The `result` event of a Claude Code run: how it ended. */
export interface ClaudeResult {
  isError: boolean;
  subtype: string | null;
  terminalReason: string | null;
  apiErrorStatus: number | null;
  numTurns: number | null;
}

/** A `system/api_retry` event: Claude Code waiting to send a failed model request again. */
export interface ClaudeRetry {
  /** the failed request's HTTP status; null when it got no answer (a connection error) */
  status: number | null;
}

export interface ClaudeTranscript {
  observation: AgentObservation;
  /** null when the run printed no result event (it crashed or was killed) */
  result: ClaudeResult | null;
  /** the last event when it is an api_retry: the run ended (was killed) while waiting out a failing API */
  retrying: ClaudeRetry | null;
  /** messages, tool calls and tool results in order, their texts whole */
  entries: TranscriptEntry[];
}

const INSPECTING_TOOLS: Record<string, string> = { Read: 'file_path', Grep: 'path', NotebookRead: 'notebook_path' };
const MODIFYING_TOOLS: Record<string, string> = {
  Edit: 'file_path',
  MultiEdit: 'file_path',
  Write: 'file_path',
  NotebookEdit: 'notebook_path',
};

/** One tool call; an MCP tool counts under its own name, as the arm's provider declares it. */
function toolCallOf(name: string): ToolCall {
  const tool = mcpToolName(name);
  return tool === null ? { name, context: false } : { name: tool, context: true };
}

function pathInput(input: Record<string, unknown>, field: string | undefined): string | null {
  const value = field === undefined ? undefined : input[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The skill a tool call loads: the Skill tool's `skill` input (a leading "/" or plugin prefix dropped), or a read SKILL.md. */
function skillUsed(tool: string, input: Record<string, unknown>, read: string | null): string | null {
  if (tool === 'Skill' && typeof input.skill === 'string' && input.skill !== '')
    return input.skill.replace(/^\//, '').split(':').at(-1) as string;
  return read === null ? null : skillOfPath(read);
}

function resultOf(event: Record<string, unknown>): ClaudeResult {
  return {
    isError: event.is_error !== false,
    subtype: typeof event.subtype === 'string' ? event.subtype : null,
    terminalReason: typeof event.terminal_reason === 'string' ? event.terminal_reason : null,
    apiErrorStatus: typeof event.api_error_status === 'number' ? event.api_error_status : null,
    numTurns: count(event.num_turns),
  };
}

/**
 * Tokens of the whole run from the result event, but only when the API reported usage: Claude
 * Code writes zeros when it got none, which shows as assistant events without `message.usage`.
 * Input counts every token sent: fresh, cache reads and cache writes.
 */
function tokensOf(
  result: Record<string, unknown> | null,
  usageReported: boolean,
): { input: number | null; output: number | null } {
  if (result === null || !usageReported) return { input: null, output: null };
  const usage = record(result.usage);
  const parts = [usage.input_tokens, usage.cache_read_input_tokens ?? 0, usage.cache_creation_input_tokens ?? 0].map(
    count,
  );
  const input = parts.some((part) => part === null) ? null : (parts as number[]).reduce((a, b) => a + b, 0);
  return { input, output: count(usage.output_tokens) };
}

/** The run's cost only when every model's cost basis is a list price; Claude Code's own estimate otherwise means unknown. */
function costOf(result: Record<string, unknown> | null, tokensKnown: boolean): number | null {
  if (result === null || !tokensKnown) return null;
  const models = Object.values(record(result.modelUsage)).map(record);
  if (models.length === 0 || models.some((model) => model.costBasis !== 'list')) return null;
  return count(result.total_cost_usd);
}

/** A tool result's content as text: a string, or the text blocks of an array. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map(record)
    .map((block) => (typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

/** The steps one assistant or user event adds: its text, its tool calls, the tool results it carries. */
function entriesOf(event: Record<string, unknown>): TranscriptEntry[] {
  const role = event.type === 'assistant' ? 'assistant' : 'user';
  const content = record(event.message).content;
  if (typeof content === 'string') return content === '' ? [] : [{ kind: 'message', role, text: content }];
  const entries: TranscriptEntry[] = [];
  for (const block of Array.isArray(content) ? content.map(record) : []) {
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '')
      entries.push({ kind: 'message', role, text: block.text });
    else if (block.type === 'tool_use' && typeof block.name === 'string')
      entries.push({ kind: 'tool-call', tool: block.name.slice(0, 200), input: JSON.stringify(block.input ?? {}) });
    else if (block.type === 'tool_result')
      entries.push({ kind: 'tool-result', error: block.is_error === true, text: resultText(block.content) });
  }
  return entries;
}

/**
 * Reads a Claude Code `--output-format stream-json --verbose` transcript: every tool call by name
 * (MCP calls marked as context-tool calls), files inspected and modified from tool inputs, tokens
 * and cost where reported. Pure: text in, observation out.
 */
export function parseClaudeTranscript(text: string): ClaudeTranscript {
  const toolCalls: ToolCall[] = [];
  const inspected: string[] = [];
  const modified: string[] = [];
  let assistantEvents = 0;
  let usageReported = true;
  let result: Record<string, unknown> | null = null;
  let skillsAvailable: string[] | null = null;
  const skillsUsed: string[] = [];
  const entries: TranscriptEntry[] = [];
  let retrying: ClaudeRetry | null = null;
  for (const event of jsonLines(text)) {
    retrying =
      event.type === 'system' && event.subtype === 'api_retry'
        ? { status: typeof event.error_status === 'number' ? event.error_status : null }
        : null;
    if (event.type === 'result') result = event;
    if (event.type === 'assistant' || event.type === 'user') entries.push(...entriesOf(event));
    if (event.type === 'system' && event.subtype === 'init' && Array.isArray(event.skills))
      skillsAvailable = uniqueSorted(event.skills.filter((name): name is string => typeof name === 'string'));
    if (event.type !== 'assistant') continue;
    const message = record(event.message);
    assistantEvents += 1;
    if (message.usage === undefined || message.usage === null) usageReported = false;
    for (const block of Array.isArray(message.content) ? message.content.map(record) : []) {
      if (block.type !== 'tool_use' || typeof block.name !== 'string') continue;
      toolCalls.push(toolCallOf(block.name));
      const input = record(block.input);
      const read = pathInput(input, INSPECTING_TOOLS[block.name]);
      const written = pathInput(input, MODIFYING_TOOLS[block.name]);
      if (read !== null) inspected.push(read);
      const skill = skillUsed(block.name, input, read);
      if (skill !== null) skillsUsed.push(skill);
      if (written !== null) modified.push(written);
    }
  }
  const tokens = tokensOf(result, usageReported && assistantEvents > 0);
  const tokensKnown = tokens.input !== null && tokens.output !== null;
  return {
    observation: {
      toolCalls,
      filesInspected: [...new Set(inspected)],
      filesModified: [...new Set(modified)],
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      costUsd: costOf(result, tokensKnown),
      skillsAvailable,
      skillsUsed: uniqueSorted(skillsUsed),
    },
    result: result === null ? null : resultOf(result),
    retrying,
    entries,
  };
}
