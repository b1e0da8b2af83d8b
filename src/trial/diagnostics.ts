import type { AgentObservation, ToolCall } from '../agents/adapter.js';
import type { PlannedArm } from '../contracts/plan.js';
import type { ContextCall, Diagnostics } from '../contracts/receipt.js';
import type { TreeEntry } from '../contracts/tree.js';

/** Paths added, changed or removed between two trees: what the agent really modified. */
export function changedPaths(before: readonly TreeEntry[], after: readonly TreeEntry[]): string[] {
  const key = (e: TreeEntry): string => `${e.executable ? 'x' : '-'}${e.sha256}`;
  const old = new Map(before.map((e) => [e.path, key(e)]));
  const now = new Map(after.map((e) => [e.path, key(e)]));
  const changed = new Set<string>();
  for (const [path, value] of now) if (old.get(path) !== value) changed.add(path);
  for (const path of old.keys()) if (!now.has(path)) changed.add(path);
  return [...changed].sort();
}

/** A path as the agent reported it, relative to the workspace (agents report absolute paths too). */
function workspaceRelative(path: string, workspace: string): string {
  const prefix = workspace.endsWith('/') ? workspace : `${workspace}/`;
  const relative = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return relative.replace(/^\.\//, '');
}

/** Share of the preregistered relevant files the agent inspected; null where unknown or not preregistered. */
export function relevantFileRecall(
  relevant: readonly string[] | null,
  inspected: readonly string[] | null,
  workspace: string,
): number | null {
  if (relevant === null || relevant.length === 0 || inspected === null) return null;
  const seen = new Set(inspected.map((path) => workspaceRelative(path, workspace)));
  return relevant.filter((path) => seen.has(path)).length / relevant.length;
}

/** The tool calls a trial is judged by, each part null when unknown. */
export interface ObservedCalls {
  /** the agent's own tools (file, shell), from its transcript: null for an agent without a parser */
  builtin: ToolCall[] | null;
  /** context-tool calls */
  context: ToolCall[] | null;
}

/**
 * Context-tool calls come from Crossover's MCP proxy whenever the arm's context reaches the agent
 * as stdio MCP servers (or there is none): a transcript the agent can write never changes them, and
 * an MCP call the transcript claims but the proxy never saw did not happen. A provider of another
 * interface (an API whose adapter logs its calls) is still read from the transcript.
 */
export function observedCalls(
  arm: PlannedArm,
  observation: AgentObservation,
  proxied: readonly ContextCall[],
): ObservedCalls {
  const calls = observation.toolCalls;
  const builtin = calls === null ? null : calls.filter((call) => !call.context);
  if (arm.provider !== null && arm.provider.interface !== 'mcp-stdio')
    return { builtin, context: calls === null ? null : calls.filter((call) => call.context) };
  // A call the server never answered is counted apart (the receipt lists it as unanswered), never as made.
  const answered = proxied.filter((call) => call.outcome !== 'unanswered');
  return { builtin, context: answered.map((call) => ({ name: call.tool, context: true })) };
}

export interface DiagnosticsInput {
  observation: AgentObservation;
  calls: ObservedCalls;
  /** paths that differ between the snapshot and the workspace after the agent; null when unknown */
  modified: readonly string[] | null;
  relevantFiles: readonly string[] | null;
  workspace: string;
  elapsedMs: number | null;
}

/**
 * The receipt's diagnostics. Files modified come from the workspace itself (the diff is ground
 * truth, whatever a transcript claims), context-tool calls from the proxy (see observedCalls);
 * everything else from the agent's transcript, null when unknown.
 */
export function trialDiagnostics(input: DiagnosticsInput): Diagnostics {
  const { builtin, context } = input.calls;
  const calls = builtin === null || context === null ? null : [...builtin, ...context];
  let tools: Record<string, number> | null = null;
  if (calls !== null) {
    tools = {};
    for (const call of calls) tools[call.name] = (tools[call.name] ?? 0) + 1;
  }
  return {
    toolCalls: calls === null ? null : calls.length,
    contextToolCalls: context === null ? null : context.length,
    tools,
    filesInspected: input.observation.filesInspected === null ? null : new Set(input.observation.filesInspected).size,
    filesModified: input.modified === null ? (input.observation.filesModified?.length ?? null) : input.modified.length,
    inputTokens: input.observation.inputTokens,
    outputTokens: input.observation.outputTokens,
    costUsd: input.observation.costUsd,
    elapsedMs: input.elapsedMs,
    relevantFileRecall: relevantFileRecall(input.relevantFiles, input.observation.filesInspected, input.workspace),
    skillsUsed: input.observation.skillsUsed,
  };
}
