import { mkdir, readFile, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAnthropicMock } from '../../fixtures/mock-models/anthropic.js';
import { startOpenAIMock } from '../../fixtures/mock-models/openai.js';
import type { MockServer, Script } from '../../fixtures/mock-models/script.js';
import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import type { ReceiptBody } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { agentPrefix } from '../../src/io/agent-install.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { trialSpec } from '../helpers/trial-spec.js';
import { type InstallableAdapter, installOnce, REPO } from './project.js';

const TIMEOUT = 600_000;
/** valid-node: its reference rewrites src/pages.js, which its node checks grade. */
const TASK = join(REPO, 'fixtures/tasks/valid-node');

interface RealAgent {
  adapter: InstallableAdapter;
  version: string;
  credential: string;
  startMock: (script: Script) => Promise<MockServer>;
  agent: (baseUrl: string) => Agent;
}

const AGENTS: RealAgent[] = [
  {
    adapter: 'claude-code',
    version: '2.1.332',
    credential: 'ANTHROPIC_API_KEY',
    startMock: startAnthropicMock,
    agent: (baseUrl) => ({
      adapter: 'claude-code',
      version: '2.1.332',
      model: 'claude-sonnet-4-5',
      maxTurns: 6,
      baseUrl,
    }),
  },
  {
    adapter: 'codex',
    version: '0.171.0',
    credential: 'OPENAI_API_KEY',
    startMock: startOpenAIMock,
    agent: (baseUrl) => ({ adapter: 'codex', version: '0.171.0', model: 'gpt-5-codex', baseUrl: `${baseUrl}/v1` }),
  },
];

function baseline(agent: Agent): PlannedArm {
  return {
    id: 'baseline',
    role: 'baseline',
    agent: { spec: agent, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: null,
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

const details = (receipt: ReceiptBody) => receipt.findings.map((f) => `${f.kind}: ${f.detail}`).join('\n');

describe.each(AGENTS)('$adapter in the container backend against a scripted model', (real) => {
  const saved = process.env[real.credential];
  afterAll(() => {
    if (saved === undefined) delete process.env[real.credential];
    else process.env[real.credential] = saved;
  });

  it(
    'runs its shell and file tools in the task image and fixes the task: passed, its calls observed',
    async () => {
      await installOnce(real.adapter, real.version);
      const fixed = await readFile(join(TASK, 'reference/src/pages.js'), 'utf8');
      const mock = await real.startMock(() => ({
        actions: [
          { kind: 'shell', command: 'ls src' },
          { kind: 'read', path: 'src/pages.js' },
          { kind: 'write', path: 'src/pages.js', content: fixed },
        ],
      }));
      try {
        process.env[real.credential] = 'mock-key';
        const root = await tempDir('in-container-');
        const prefix = agentPrefix(REPO, real.adapter, real.version);
        const linked = join(root, prefix.slice(REPO.length + 1));
        await mkdir(dirname(linked), { recursive: true });
        await symlink(prefix, linked);
        const task = await loadTask(TASK);
        const { body } = await executeTrial(
          trialSpec(task, baseline(real.agent(mock.url)), {
            root,
            sandbox: 'container',
            credentials: [real.credential],
            loopback: true,
            timeoutMs: 300_000,
          }),
        );
        expect(body.status, details(body)).toBe('passed');
        expect(body.sandbox.kind).toBe('container');
        expect(body.diagnostics.toolCalls).toBeGreaterThanOrEqual(3);
      } finally {
        await mock.close();
      }
    },
    TIMEOUT,
  );
});
