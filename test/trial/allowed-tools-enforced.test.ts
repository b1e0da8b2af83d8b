import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, type onTestFinished } from 'vitest';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { Evidence } from '../../src/contracts/evidence.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

const repo = join(import.meta.dirname, '../..');
const SERVER = join(repo, 'fixtures/providers/code-search/dist/server.mjs');
const codeSearch = { name: 'code-search', command: process.execPath, args: [SERVER], env: {} };

/**
 * An agent that knows the server's tools without asking: it writes what tools/list showed it into
 * notes.txt, then calls search_code and find_symbol, writing each answer (or error) there too.
 */
const CLIENT = `import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [server] = Object.values(JSON.parse(readFileSync(process.env.CROSSOVER_MCP_CONFIG, 'utf8')).mcpServers);
const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = new Map();
let buffered = '';
child.stdout.on('data', (chunk) => {
  buffered += chunk;
  for (let at = buffered.indexOf('\\n'); at !== -1; at = buffered.indexOf('\\n')) {
    const message = JSON.parse(buffered.slice(0, at));
    buffered = buffered.slice(at + 1);
    answers.get(message.id)?.(message);
  }
});
let id = 0;
const request = (method, params) =>
  new Promise((resolve) => {
    id += 1;
    answers.set(id, resolve);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\\n');
  });
await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\\n');
const listed = (await request('tools/list', {})).result.tools.map((tool) => tool.name);
const notes = ['listed: ' + listed.join(', ')];
for (const [name, args] of [['search_code', { query: 'export' }], ['find_symbol', { name: 'pageCount' }]]) {
  const answer = await request('tools/call', { name, arguments: args });
  notes.push(name + ': ' + (answer.error ? 'error ' + answer.error.message : 'answered'));
}
writeFileSync('notes.txt', notes.join('\\n') + '\\n');
child.stdin.end();
`;

function treatment(allowedTools: string[]): PlannedArm {
  const spec: Agent = {
    adapter: 'command',
    command: './agents/lister/agent.sh',
    version: '1',
    files: ['agents/lister'],
  };
  return {
    id: 'search',
    role: 'treatment',
    agent: { spec, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: {
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
    allowedTools,
    instructionFiles: [],
    skills: null,
  };
}

/** One sandboxed trial of the agent with `allowedTools`; what it wrote into notes.txt, and the receipt. */
async function trial(allowedTools: string[], onFinished: typeof onTestFinished) {
  const root = await tempDir(undefined, onFinished);
  await mkdir(join(root, 'agents/lister'), { recursive: true });
  await writeFile(join(root, 'agents/lister/client.mjs'), CLIENT);
  await writeFile(join(root, 'agents/lister/agent.sh'), '#!/bin/sh\nset -eu\nnode "$(dirname "$0")/client.mjs"\n');
  await chmod(join(root, 'agents/lister/agent.sh'), 0o755);
  const task = await loadTask(PAGES_TASK);
  const { body, evidence } = await executeTrial(
    trialSpec(task, treatment(allowedTools), {
      root,
      sandbox: 'bubblewrap',
      provider: servers([codeSearch]),
      readOnly: [],
      keepEvidence: true,
    }),
  );
  const patch = (evidence as Evidence).diff?.files.find((file) => file.path === 'notes.txt')?.patch ?? '';
  const notes = patch
    .split('\n')
    .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
    .map((line) => line.slice(1));
  return { receipt: body, notes };
}

describe.concurrent("the proxy holds an agent to its arm's allowed tools", () => {
  it('lists only the allowed tool, refuses a call of another and records it as contamination', async ({
    onTestFinished,
  }) => {
    const { receipt, notes } = await trial(['search_code'], onTestFinished);
    expect(notes).toEqual([
      'listed: search_code',
      'search_code: answered',
      'find_symbol: error Unknown tool: find_symbol (this arm may call search_code)',
    ]);
    expect(receipt.contextCalls?.map((call) => [call.tool, call.outcome])).toEqual([
      ['search_code', 'answer'],
      ['find_symbol', 'error'],
    ]);
    expect(receipt.status).toBe('contaminated');
    expect(receipt.findings.map((finding) => finding.detail)).toContain(
      'tools not allowed for arm search: find_symbol ×1',
    );
  });

  it("the control: with both tools allowed, the server's own list and answers reach the agent unchanged", async ({
    onTestFinished,
  }) => {
    const { receipt, notes } = await trial(['search_code', 'find_symbol'], onTestFinished);
    expect(notes).toEqual(['listed: search_code, find_symbol', 'search_code: answered', 'find_symbol: answered']);
    expect(receipt.contextCalls?.map((call) => [call.tool, call.outcome])).toEqual([
      ['search_code', 'answer'],
      ['find_symbol', 'answer'],
    ]);
    expect(receipt.status).not.toBe('contaminated');
  });
});
