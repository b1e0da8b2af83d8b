import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { Evidence } from '../../src/contracts/evidence.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { executeTrial } from '../../src/trial/execute.js';
import type { TrialSpec } from '../../src/trial/spec.js';
import { loopbackHttpMcp } from '../helpers/http-mcp.js';
import { tempDir } from '../helpers/temp.js';
import { servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

const repo = join(import.meta.dirname, '../..');
const SERVER = join(repo, 'fixtures/providers/code-search/dist/server.mjs');
const codeSearch = { name: 'code-search', command: process.execPath, args: [SERVER], env: {} };

function commandArm(role: PlannedArm['role'], mode: string, extra = ''): PlannedArm {
  const spec: Agent = {
    adapter: 'command',
    command: `./agents/mine/agent.sh ${mode}${extra}`,
    version: '1',
    files: ['agents/mine'],
  };
  return {
    id: role,
    role,
    agent: { spec, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider:
      role === 'baseline'
        ? null
        : {
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
          },
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

/** A project root holding the agent in its own directory, as a user's would, with the README example's MCP client. */
async function projectRoot(onFinished: typeof onTestFinished): Promise<string> {
  const root = await tempDir(undefined, onFinished);
  await cp(join(repo, 'fixtures/agents/command-mcp'), join(root, 'agents/mine'), { recursive: true });
  await cp(join(repo, 'agents/my-agent/mcp-client.mjs'), join(root, 'agents/mine/mcp-client.mjs'));
  return root;
}

/** One trial of `arm` in a project of its own; a concurrent test passes its context's onTestFinished. */
async function run(arm: PlannedArm, extra: Partial<TrialSpec> = {}, onFinished = onTestFinished) {
  const root = await projectRoot(onFinished);
  const task = await loadTask(PAGES_TASK);
  const provider = servers(arm.provider ? [codeSearch] : []);
  return executeTrial(trialSpec(task, arm, { root, sandbox: 'bubblewrap', provider, readOnly: [], ...extra }));
}

// Each test is a trial of its own, mostly waiting on its sandbox's processes: they overlap.
describe.concurrent('a command agent whose MCP server reaches it through Crossover’s proxy', () => {
  it('runs its own script under bubblewrap and has its context-tool calls counted by the proxy', async ({
    onTestFinished,
  }) => {
    const { body: receipt } = await run(commandArm('treatment', 'search'), {}, onTestFinished);
    expect(receipt.sandbox.kind).toBe('bubblewrap');
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
    expect(receipt.status).toBe('failed'); // it changes nothing, so the hidden checks fail
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
    // Its own tools are not observable: unknown, never zero.
    expect(receipt.diagnostics.toolCalls).toBeNull();
    expect(receipt.contextCalls?.map((c) => [c.server, c.tool, c.outcome])).toEqual([
      ['code-search', 'search_code', 'answer'],
      ['code-search', 'search_code', 'answer'],
    ]);
    expect(receipt.contextCalls?.[0]?.answerBytes).toBeGreaterThan(0);
    expect(receipt.contextCalls?.[0]?.argumentsDigest).toBe(digestOf({ query: 'export' }));
    expect(receipt.contextCalls?.[1]?.argumentsDigest).toBe(digestOf({ query: 'zz-no-such-text' }));
  });

  it('runs in a container with its relay reaching the proxy through the bind-mounted socket', async ({
    onTestFinished,
  }) => {
    const { body: receipt } = await run(commandArm('treatment', 'search'), { sandbox: 'container' }, onTestFinished);
    expect(receipt.sandbox.kind).toBe('container');
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
    expect(receipt.contextCalls?.map((c) => [c.server, c.tool, c.outcome])).toEqual([
      ['code-search', 'search_code', 'answer'],
      ['code-search', 'search_code', 'answer'],
    ]);
  });

  it('makes a call of a provider tool outside the arm’s allowedTools contamination (issue 35)', async ({
    onTestFinished,
  }) => {
    const arm = { ...commandArm('treatment', 'search'), allowedTools: ['find_symbol'] };
    const { body: receipt } = await run(arm, {}, onTestFinished);
    expect(receipt.status).toBe('contaminated');
    expect(receipt.findings).toContainEqual({
      kind: 'contamination',
      detail: 'tools not allowed for arm treatment: search_code ×2',
    });
    // The proxy answered both itself: the server never ran them.
    expect(receipt.contextCalls?.map((c) => [c.tool, c.outcome, c.answerBytes])).toEqual([
      ['search_code', 'error', 0],
      ['search_code', 'error', 0],
    ]);
  });

  it('keeps the proxy’s count when the agent writes transcripts claiming 50 calls', async ({ onTestFinished }) => {
    const { body: receipt } = await run(commandArm('treatment', 'fake-log'), {}, onTestFinished);
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
    expect(receipt.contextCalls).toHaveLength(2);
  });

  it('gives a baseline that starts the provider’s server by hand nothing to start inside the sandbox', async ({
    onTestFinished,
  }) => {
    const { body: receipt } = await run(commandArm('baseline', 'by-hand', ` ${SERVER}`), {}, onTestFinished);
    expect(receipt.status).toBe('agent-error');
    expect(receipt.diagnostics.contextToolCalls).toBe(0);
    expect(receipt.findings.find((f) => f.kind === 'agent')?.detail).toMatch(/exited with code/);
  });

  it('positive control: without the sandbox the same baseline does reach the provider by hand', async ({
    onTestFinished,
  }) => {
    const { body: receipt } = await run(
      commandArm('baseline', 'by-hand', ` ${SERVER}`),
      { sandbox: 'none' },
      onTestFinished,
    );
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
    expect(receipt.status).toBe('failed');
  });

  it('says where the command was not found inside the sandbox and how to fix it', async ({ onTestFinished }) => {
    const arm = commandArm('baseline', 'search');
    const spec = { ...arm.agent.spec, files: [] } as Agent;
    const { body: receipt } = await run({ ...arm, agent: { ...arm.agent, spec } }, {}, onTestFinished);
    expect(receipt.status).toBe('agent-error');
    const detail = receipt.findings.find((f) => f.kind === 'agent')?.detail ?? '';
    expect(detail).toContain('<root>/agents/mine/agent.sh');
    expect(detail).toContain('was not found inside the sandbox');
    expect(detail).toContain('agent.files');
  });
});

const TOKEN_NAME = 'CROSSOVER_HTTP_MCP_TOKEN';
const TOKEN = 'sgp_canary_c0ffee5eed4b1d9e';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The treatment arm with an mcp-http provider; the agent (`search-env`) reports whether it sees the token. */
function httpArm(): PlannedArm {
  const arm = commandArm('treatment', 'search-env', ` ${TOKEN_NAME}`);
  return { ...arm, provider: { ...arm.provider!, interface: 'mcp-http', launch: null, tools: ['search_code'] } };
}

/** One trial whose provider is `url`, reached by the proxy with the token as its Authorization header. */
async function httpTrial(url: string) {
  vi.stubEnv(TOKEN_NAME, TOKEN);
  const server = { name: 'code-search', url, headers: { Authorization: `token ${TOKEN}` }, secrets: [TOKEN] };
  const { body, evidence } = await run(httpArm(), {
    provider: servers([server], [TOKEN_NAME]),
    credentials: [TOKEN_NAME],
    keepEvidence: true,
  });
  return { receipt: body, evidence: evidence as Evidence };
}

describe('an mcp-http provider reaches a command agent through the proxy, which adds its credential header', () => {
  it('the call reaches the server with the header; the agent sees neither the token nor the header', async () => {
    const server = await loopbackHttpMcp({ authorization: `token ${TOKEN}` });
    const { receipt, evidence } = await httpTrial(server.url);
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
    // Positive control: the proxy's check and the agent's session both carried the token.
    expect(server.queries).toEqual(['export']);
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((sent) => sent === `token ${TOKEN}`)).toBe(true);
    expect(receipt.contextCalls?.map((c) => [c.server, c.tool, c.outcome])).toEqual([
      ['code-search', 'search_code', 'answer'],
    ]);
    // What the agent had: no such variable, and an MCP config naming only the relay.
    const notes = evidence.diff?.files.find((file) => file.path === 'notes.txt')?.patch ?? '';
    expect(notes).toContain(`+${TOKEN_NAME} is absent`);
    expect(notes).toContain('mcp-relay.mjs');
    expect(notes).not.toContain('<redacted>');
    expect(notes).not.toContain('Authorization');
    expect(JSON.stringify({ receipt, evidence })).not.toContain(TOKEN);
  });

  it('a server that refuses the header makes the treatment setup-failed, its echo of the token redacted', async () => {
    const server = await loopbackHttpMcp({ authorization: 'token another-value' });
    const { receipt } = await httpTrial(server.url);
    expect(server.authorizations).toContain(`token ${TOKEN}`);
    expect(receipt.status).toBe('setup-failed');
    const detail = receipt.findings.map((f) => f.detail).join('\n');
    expect(detail).toContain('provider server code-search did not start in the trial');
    expect(detail).toContain('rejected authorization "token <redacted>"');
    expect(JSON.stringify(receipt)).not.toContain(TOKEN);
  });
});
