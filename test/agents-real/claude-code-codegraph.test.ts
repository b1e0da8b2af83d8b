import { execFileSync } from 'node:child_process';
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicMock } from '../../fixtures/mock-models/anthropic.js';
import type { MockServer } from '../../fixtures/mock-models/script.js';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { type Provider, ProviderSchema } from '../../src/contracts/provider.js';
import type { ReceiptBody } from '../../src/contracts/receipt.js';
import { type LoadedTask, loadTask } from '../../src/corpus/load.js';
import { agentPrefix } from '../../src/io/agent-install.js';
import { providerPrefix } from '../../src/io/provider-install.js';
import { RECIPES } from '../../src/providers/recipes.js';
import { executeTrial } from '../../src/trial/execute.js';
import { plannedLauncher } from '../../src/trial/provider-launch.js';
import { tempDir } from '../helpers/temp.js';
import { trialSpec } from '../helpers/trial-spec.js';
import { installProviderOnce, processesMentioning } from '../providers/support.js';
import { installOnce, REPO } from './project.js';

const VERSION = '2.1.332';
const TIMEOUT = 600_000;
/** valid-node's workspace defines pageCount in src/pages.js: what CodeGraph's answer must show. */
const TASK = join(REPO, 'fixtures/tasks/valid-node');
const EXPLORE = { kind: 'mcp', server: 'codegraph', tool: 'codegraph_explore', args: { query: 'pageCount' } } as const;

const declaration: Provider = ProviderSchema.parse(RECIPES.codegraph!.declaration);

function treatment(agent: Agent): PlannedArm {
  return {
    id: 'codegraph',
    role: 'treatment',
    agent: { spec: agent, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: {
      id: 'codegraph',
      kind: 'graph',
      mode: 'local',
      interface: 'mcp-stdio',
      version: declaration.version,
      configDigest: digestOf(declaration),
      launch: null,
      url: null,
      index: null,
      files: [],
      install: null,
      probeDigest: null,
      eligibility: null,
      eligibilityReasons: [],
      tools: ['codegraph_explore'],
      sendsSource: false,
    },
    allowedTools: ['codegraph_explore'],
    instructionFiles: [],
    skills: null,
  };
}

/**
 * Links a prefix of the repository's install cache into `root`, as a project's own .crossover/ would
 * hold it; returns where. `copy`: a copy of its own instead (new directories, hard links to the same
 * files), whose permissions a test may change without touching the install other test files use.
 */
async function linkInstall(root: string, prefix: string, copy = false): Promise<string> {
  const linked = join(root, prefix.slice(REPO.length + 1));
  await mkdir(dirname(linked), { recursive: true });
  if (copy) execFileSync('cp', ['-al', prefix, linked]);
  else await symlink(prefix, linked);
  return linked;
}

describe('Claude Code under bubblewrap with the real CodeGraph as its provider', () => {
  let mock: MockServer;
  let task: LoadedTask;
  let prefix: string;
  const key = process.env.ANTHROPIC_API_KEY;

  beforeAll(async () => {
    await installOnce('claude-code', VERSION);
    await installProviderOnce('@colbymchenry/codegraph@1.6.1');
    prefix = providerPrefix(REPO, declaration.install!);
    task = await loadTask(TASK);
    // The treatment asks CodeGraph first; without its tool offered the mock refuses (a routing mistake shows).
    mock = await startAnthropicMock((request) =>
      request.tools.includes('mcp__codegraph__codegraph_explore')
        ? { actions: [EXPLORE] }
        : { actions: [{ kind: 'fail', status: 400 }] },
    );
    process.env.ANTHROPIC_API_KEY = 'mock-key';
  }, TIMEOUT);

  afterAll(async () => {
    await mock?.close();
    if (key === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = key;
  });

  /**
   * One treatment trial of valid-node, its CodeGraph index built from that task's own snapshot, and
   * the install prefix its processes ran from. `unreadable`: the trial's own copy of the CodeGraph
   * install, readable by root (the host) only.
   */
  async function trial(unreadable = false): Promise<{ receipt: ReceiptBody; provider: string }> {
    const root = await tempDir('cg-');
    await linkInstall(root, agentPrefix(REPO, 'claude-code', VERSION));
    const provider = await linkInstall(root, prefix, unreadable);
    // The sandboxed server's unprivileged uid cannot enter it.
    if (unreadable) await chmod(provider, 0o700);
    const agent: Agent = {
      adapter: 'claude-code',
      version: VERSION,
      model: 'claude-sonnet-4-5',
      maxTurns: 6,
      baseUrl: mock.url,
    };
    const arm = treatment(agent);
    const context = { root, providers: [declaration], experimentDir: root, sandbox: 'bubblewrap' as const };
    // As a planned trial does: a provider that cannot be launched (its index fails to build) makes it setup-failed.
    const { body } = await executeTrial(
      trialSpec(task, arm, {
        root,
        provider: plannedLauncher(arm, context, task),
        credentials: ['ANTHROPIC_API_KEY'],
        loopback: true,
        timeoutMs: 300_000,
      }),
    );
    return { receipt: body, provider };
  }

  /**
   * This test's processes left running from CodeGraph's install: its launcher runs from the trial's
   * own path to it, what the launcher starts from the path it resolves to, the repository's.
   */
  const survivors = (provider: string) => [...processesMentioning(provider), ...processesMentioning(prefix)];

  const details = (receipt: ReceiptBody) => receipt.findings.map((f) => `${f.kind}: ${f.detail}`).join('\n');

  it(
    'calls codegraph_explore in the sandbox and gets a non-empty answer from the task’s own index, counted with its bytes',
    async () => {
      const before = mock.requests.length;
      const { receipt, provider } = await trial();
      expect(receipt.status, details(receipt)).not.toBe('setup-failed');
      expect(receipt.contextCalls).toHaveLength(1);
      const [call] = receipt.contextCalls ?? [];
      expect(call).toMatchObject({ server: 'codegraph', tool: 'codegraph_explore', outcome: 'answer' });
      expect(call?.answerBytes).toBeGreaterThan(100);
      expect(receipt.diagnostics.contextToolCalls).toBe(1);
      // What the model read back: the task's own symbol and file, from the index of its own snapshot.
      const answered = mock.requests.slice(before).find((request) => request.body.includes('tool_result'));
      expect(answered?.body).toContain('pageCount');
      expect(answered?.body).toContain('src/pages.js');
      expect(answered?.body).toContain('Math.floor(total / perPage)');
      expect(survivors(provider)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the same trial with the provider’s install unreadable to the sandbox ends setup-failed, not passed or failed',
    async () => {
      const { receipt, provider } = await trial(true);
      expect(receipt.status, details(receipt)).toBe('setup-failed');
      // The index command now runs in the trial's sandbox too, so it is the first to find the install unreadable.
      expect(details(receipt)).toMatch(/provider codegraph: .*"codegraph" could not be executed: .*Permission denied/);
      expect(survivors(provider)).toEqual([]);
    },
    TIMEOUT,
  );
});
