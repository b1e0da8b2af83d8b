import { cp } from 'node:fs/promises';
import type { Agent } from '../../contracts/agent.js';
import { sha256Hex } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import { readTree } from '../../io/tree.js';
import type { AgentAdapter, AgentObservation, AgentRunContext, AgentRunResult, ToolCall } from '../adapter.js';
import { queryMcpServers } from '../mcp-query.js';

type SyntheticAgent = Extract<Agent, { adapter: 'synthetic' }>;

/** A number in [0, 1) fixed by the trial id: the first 8 hex digits of sha256(trialId) / 2^32. */
export function seededDraw(trialId: string): number {
  return Number.parseInt(sha256Hex(trialId).slice(0, 8), 16) / 2 ** 32;
}

/** Whether this synthetic agent applies the reference in this trial. */
export function appliesReference(agent: SyntheticAgent, trialId: string): boolean {
  if (agent.behavior === 'reference') return true;
  if (agent.behavior === 'noop') return false;
  return seededDraw(trialId) < (agent.successProbability ?? 0);
}

/** What a synthetic agent did: its MCP calls and the files it wrote; no model, so tokens and cost are null. */
function observed(toolCalls: ToolCall[], filesModified: string[]): AgentObservation {
  return {
    toolCalls,
    filesInspected: [],
    filesModified,
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
    skillsAvailable: null,
    skillsUsed: null,
  };
}

function failure(error: string, toolCalls: ToolCall[]): AgentRunResult {
  return { outcome: 'agent-error', error, observation: observed(toolCalls, []) };
}

/**
 * Deterministic agents for the project's own tests and the demo. They act in-process, never
 * through the sandbox, because `reference` and `seeded` read the hidden reference overlay, which a
 * real agent must never see; their receipts say `synthetic: true`.
 */
export function syntheticAdapter(agent: SyntheticAgent): AgentAdapter {
  if (agent.behavior === 'seeded' && agent.successProbability === undefined) {
    throw new CrossoverError(
      'invalid-input',
      'agent: $.successProbability: a seeded synthetic agent needs its declared probability (0 to 1)',
    );
  }
  return {
    adapter: 'synthetic',
    synthetic: true,
    builtinTools: [],
    builtinSkills: [],
    async run(context: AgentRunContext): Promise<AgentRunResult> {
      const toolCalls: ToolCall[] = [];
      if (agent.queryProvider) {
        if (context.mcpServers.length === 0)
          return failure('queryProvider: the arm declares no MCP server to query', toolCalls);
        toolCalls.push(...(await queryMcpServers(context)));
      }
      if (!appliesReference(agent, context.trialId)) {
        return { outcome: 'completed', error: null, observation: observed(toolCalls, []) };
      }
      if (context.referenceDir === null)
        return failure('the reference overlay is only given to labelled synthetic self-tests', toolCalls);
      const applied = (await readTree(context.referenceDir)).map((entry) => entry.path);
      await cp(context.referenceDir, context.workspace, { recursive: true, force: true });
      return { outcome: 'completed', error: null, observation: observed(toolCalls, applied) };
    },
  };
}
