import type { Agent } from '../contracts/agent.js';
import type { EvidenceTranscript, TranscriptEntry } from '../contracts/evidence.js';
import type { SandboxKind } from '../contracts/experiment.js';
import type { PlannedArm } from '../contracts/plan.js';
import type { ExecResult } from '../io/contained-process.js';

/** Where the run home holds the arm's MCP servers, in the `{ mcpServers: { name: … } }` form agent CLIs read. */
export const MCP_CONFIG_PATH = '.config/crossover/mcp.json';

/** An MCP server the arm declares, as the agent should start it (stdio). */
export interface McpServerSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface ExecOptions {
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
}

export type { ExecResult } from '../io/contained-process.js';

/**
 * Everything one agent run may use. Adapters never spawn processes themselves: `exec` runs a
 * command inside the trial's sandbox, kills its whole process tree at the deadline and bounds its
 * output.
 */
export interface AgentRunContext {
  trialId: string;
  /** absolute path of the fresh workspace, the agent's working directory */
  workspace: string;
  /** absolute path of the run home: HOME, the agent's config dir and TMPDIR live below it */
  home: string;
  tmp: string;
  prompt: string;
  agent: Agent;
  arm: PlannedArm;
  /** the arm's declared MCP servers (empty for a baseline) */
  mcpServers: McpServerSpec[];
  /** the provider tool names that count as context-tool calls */
  contextTools: string[];
  /** allowlisted environment plus the experiment's declared credentials */
  env: Record<string, string>;
  signal: AbortSignal;
  /** what `exec` runs commands in: bubblewrap, a container of the task's image, or bare (`none`, asked for explicitly) */
  sandbox: SandboxKind;
  exec(argv: string[], options: ExecOptions): Promise<ExecResult>;
  /** synthetic agents only: the task's hidden reference overlay, for labelled self-tests */
  referenceDir: string | null;
}

export interface ToolCall {
  name: string;
  /** a call to one of the arm's provider tools */
  context: boolean;
}

/** What an agent did, read from its transcript. Unknown is null, never zero. */
export interface AgentObservation {
  toolCalls: ToolCall[] | null;
  filesInspected: string[] | null;
  filesModified: string[] | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  /** skills the agent reported it could discover (Claude Code's system/init list); null when it does not say */
  skillsAvailable: string[] | null;
  /** skills the agent loaded or invoked (a Skill tool call, a read of a SKILL.md); null when unobservable */
  skillsUsed: string[] | null;
}

/** The transcript as its adapter's parser normalized it; texts are still whole: the evidence bounds and redacts them. */
export interface TranscriptSteps {
  format: EvidenceTranscript['format'];
  entries: TranscriptEntry[];
}

export interface AgentRunResult {
  /** api-fault: the model API kept failing (429, 5xx, no answer) after the agent's own retries (api-fault.ts) */
  outcome: 'completed' | 'agent-error' | 'api-fault' | 'timeout';
  /** short, bounded reason for agent-error and api-fault */
  error: string | null;
  observation: AgentObservation;
  /** the normalized transcript; absent when the adapter has no transcript parser */
  transcript?: TranscriptSteps;
  /** the model the agent said it called (a command agent's usage file); absent when it did not say */
  model?: string;
  /** what a reader of the receipt must know about the run, short and bounded (a refused usage file) */
  notes?: string[];
}

export interface AgentAdapter {
  readonly adapter: Agent['adapter'];
  readonly synthetic: boolean;
  /** Tools the agent itself provides (file, shell): always allowed; any other call must be allowed by the arm. */
  readonly builtinTools: readonly string[];
  /** Skills the agent ships with (never the arm's): listing or invoking one is not contamination. */
  readonly builtinSkills: readonly string[];
  run(context: AgentRunContext): Promise<AgentRunResult>;
}

export const UNOBSERVED: AgentObservation = {
  toolCalls: null,
  filesInspected: null,
  filesModified: null,
  inputTokens: null,
  outputTokens: null,
  costUsd: null,
  skillsAvailable: null,
  skillsUsed: null,
};
