import { chmod, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { McpServerSpec } from '../../src/agents/adapter.js';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { STATE_DIR } from '../../src/io/layout.js';
import { handshakeMcp } from '../../src/provider-runtime/mcp.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

const REPO = join(import.meta.dirname, '../..');
const FIXTURE = join(REPO, 'fixtures/providers/code-search');

function treatment(tools: string[]): PlannedArm {
  const spec: Agent = { adapter: 'synthetic', behavior: 'noop', queryProvider: true };
  return {
    id: 'treatment',
    role: 'treatment',
    agent: { spec, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: {
      id: 'code-search',
      kind: 'search',
      mode: 'local',
      interface: 'mcp-stdio',
      version: '1.0.0',
      configDigest: digestOf('code-search'),
      launch: { command: 'node', args: ['./server.mjs'] },
      url: null,
      index: null,
      files: [],
      install: null,
      probeDigest: null,
      eligibility: null,
      eligibilityReasons: [],
      tools,
      sendsSource: false,
    },
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

/**
 * A copy of the bundled code-search server in a directory of its own (an "install"), below the
 * repository's state directory as a provider install is.
 */
async function installedServer(): Promise<McpServerSpec> {
  await mkdir(join(REPO, STATE_DIR), { recursive: true });
  const prefix = await mkdtemp(join(REPO, STATE_DIR, 'test-install-'));
  onTestFinished(() => rm(prefix, { recursive: true, force: true }));
  await chmod(prefix, 0o755);
  await cp(FIXTURE, prefix, { recursive: true });
  return { name: 'code-search', command: process.execPath, args: [join(prefix, 'dist/server.mjs')], env: {} };
}

async function trialWith(server: McpServerSpec, tools = ['search_code', 'find_symbol'], root?: string) {
  const outcome = await executeTrial(
    trialSpec(await loadTask(PAGES_TASK), treatment(tools), {
      root: root ?? (await tempDir()),
      provider: servers([server]),
      referenceAllowed: true,
    }),
  );
  return outcome.body;
}

function setupReason(receipt: Awaited<ReturnType<typeof trialWith>>): string {
  return receipt.findings.map((finding) => finding.detail).join(' | ');
}

describe('a treatment whose provider server cannot be reached in the trial is setup-failed, with the reason', () => {
  it('a server the host can start but the sandboxed server cannot read is setup-failed, never a silent baseline', async () => {
    const server = await installedServer();
    // The install readable by its owner (root) only: the agent's unprivileged uid cannot read it.
    await chmod(server.args[0] as string, 0o600);

    // Positive control: started on the host, outside the sandbox, the same server answers.
    const onHost = await handshakeMcp(
      { type: 'stdio', command: server.command, args: server.args, cwd: REPO, env: { PATH: process.env.PATH ?? '' } },
      30_000,
    );
    expect(onHost.tools.map((tool) => tool.name)).toContain('search_code');

    const receipt = await trialWith(server);
    expect(receipt.status).toBe('setup-failed');
    expect(receipt.contextCalls ?? []).toEqual([]);
    const reason = setupReason(receipt);
    expect(reason).toContain('provider server code-search did not start in the trial');
    expect(reason).toMatch(/EACCES|permission denied/i);
  });

  it('the same server, readable, is reached by the agent through the proxy and its calls are counted', async () => {
    const receipt = await trialWith(await installedServer());
    expect(receipt.status, setupReason(receipt)).not.toBe('setup-failed');
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
  });

  it('a project root deep enough that a socket below it would pass 107 bytes still reaches its server', async () => {
    const root = join(await tempDir('crossover-plugin-reference-'), 'a-project-directory-with-a-long-name');
    await mkdir(root);
    // Positive control: the socket the proxy once made below the trial directory would not fit.
    const trialSocket = join(root, '.crossover/trials', `${'0'.repeat(32)}-${'0'.repeat(16)}`, 'mcp/0.sock');
    expect(Buffer.byteLength(trialSocket)).toBeGreaterThan(107);
    const receipt = await trialWith(await installedServer(), undefined, root);
    expect(receipt.status, setupReason(receipt)).not.toBe('setup-failed');
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
  });

  it('a server that lists none of the arm’s tools is setup-failed, naming what it offers', async () => {
    const receipt = await trialWith(await installedServer(), ['codegraph_explore']);
    expect(receipt.status).toBe('setup-failed');
    expect(setupReason(receipt)).toContain(
      "provider server code-search lists none of the arm's tools (codegraph_explore); it offers find_symbol, search_code",
    );
  });
});
