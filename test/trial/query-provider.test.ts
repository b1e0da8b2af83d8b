import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

const server = join(import.meta.dirname, '../../fixtures/providers/code-search/dist/server.mjs');
const codeSearch = { name: 'code-search', command: process.execPath, args: [server], env: {} };

function arm(role: PlannedArm['role'], withProvider: boolean): PlannedArm {
  const spec: Agent = { adapter: 'synthetic', behavior: 'noop', queryProvider: true };
  const provider: PlannedArm['provider'] = {
    id: 'code-search',
    kind: 'search',
    mode: 'local',
    interface: 'mcp-stdio',
    version: '1.0.0',
    configDigest: digestOf('code-search'),
    launch: { command: 'node', args: ['./fixtures/providers/code-search/dist/server.mjs'] },
    url: null,
    index: null,
    files: [],
    install: null,
    probeDigest: null,
    eligibility: null,
    eligibilityReasons: [],
    tools: ['search_code', 'find_symbol'],
    sendsSource: false,
  };
  return {
    id: role,
    role,
    agent: { spec, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: withProvider ? provider : null,
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

async function trialWith(planned: PlannedArm) {
  const outcome = await executeTrial(
    trialSpec(await loadTask(PAGES_TASK), planned, {
      root: await tempDir(),
      provider: servers([codeSearch]),
      referenceAllowed: true,
    }),
  );
  return outcome.body;
}

describe('the synthetic agent that queries its MCP provider before acting', () => {
  it('makes real MCP tool calls that the receipt counts as context-tool calls', async () => {
    const receipt = await trialWith(arm('treatment', true));
    expect(receipt.status).toBe('failed');
    expect(receipt.diagnostics).toMatchObject({
      toolCalls: 2,
      contextToolCalls: 2,
      tools: { search_code: 1, find_symbol: 1 },
    });
    // asked about the task itself (the file its fix touches), each call found something
    expect(receipt.contextCalls?.map((call) => [call.tool, call.outcome])).toEqual([
      ['search_code', 'answer'],
      ['find_symbol', 'answer'],
    ]);
  });

  it('makes a baseline that queries a context provider contaminated', async () => {
    const receipt = await trialWith(arm('baseline', false));
    expect(receipt.status).toBe('contaminated');
    expect(receipt.findings.find((f) => f.kind === 'contamination')?.detail).toContain('search_code ×1');
  });
});
