import { describe, expect, it } from 'vitest';
import type { AgentObservation } from '../../src/agents/adapter.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import type { ContextCall } from '../../src/contracts/receipt.js';
import { observedCalls, trialDiagnostics } from '../../src/trial/diagnostics.js';

function arm(providerInterface: 'mcp-stdio' | 'api' | null): PlannedArm {
  return {
    id: 't',
    role: 'treatment',
    agent: {
      spec: { adapter: 'claude-code', version: '2.1.332', model: 'm', maxTurns: 4 },
      executableDigest: null,
      promptTemplateDigest: digestOf('p'),
    },
    provider:
      providerInterface === null
        ? null
        : {
            id: 'code-search',
            kind: 'search',
            mode: 'local',
            interface: providerInterface,
            version: '1',
            configDigest: digestOf('c'),
            launch: null,
            url: null,
            index: null,
            files: [],
            install: null,
            probeDigest: null,
            eligibility: null,
            eligibilityReasons: [],
            tools: ['search_code'],
            sendsSource: false,
          },
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

/** A transcript, which the agent can write, claiming 50 provider calls beside 3 of its own tools. */
const forged: AgentObservation = {
  toolCalls: [
    ...Array.from({ length: 50 }, () => ({ name: 'search_code', context: true })),
    { name: 'Read', context: false },
    { name: 'Edit', context: false },
    { name: 'Bash', context: false },
  ],
  filesInspected: [],
  filesModified: [],
  inputTokens: null,
  outputTokens: null,
  costUsd: null,
  skillsAvailable: null,
  skillsUsed: null,
};

const proxied: ContextCall[] = [1, 2].map((n) => ({
  server: 'code-search',
  tool: 'search_code',
  argumentsDigest: digestOf({ n }),
  answerBytes: 10,
  outcome: 'answer',
  latencyMs: 3,
}));

function diagnostics(a: PlannedArm, observation: AgentObservation, records: ContextCall[]) {
  return trialDiagnostics({
    observation,
    calls: observedCalls(a, observation, records),
    modified: [],
    relevantFiles: null,
    workspace: '/ws',
    elapsedMs: 1,
  });
}

describe('the MCP proxy’s records are the authority for context-tool calls', () => {
  it('a forged transcript claiming 50 provider calls cannot change the count the proxy recorded', () => {
    const d = diagnostics(arm('mcp-stdio'), forged, proxied);
    expect(d.contextToolCalls).toBe(2);
    expect(d.toolCalls).toBe(5);
    expect(d.tools).toEqual({ Read: 1, Edit: 1, Bash: 1, search_code: 2 });
  });

  it('a baseline with no provider has its transcript’s MCP claims replaced by the proxy’s (none)', () => {
    expect(diagnostics(arm(null), forged, []).contextToolCalls).toBe(0);
  });

  it('an agent without a transcript parser has unknown built-in counts but known context calls', () => {
    const unobserved = { ...forged, toolCalls: null };
    const d = diagnostics(arm('mcp-stdio'), unobserved, proxied);
    expect(d).toMatchObject({ toolCalls: null, tools: null, contextToolCalls: 2 });
  });

  it('a provider of another interface (an API its adapter logs) is still read from the transcript', () => {
    expect(diagnostics(arm('api'), forged, []).contextToolCalls).toBe(50);
  });
});
