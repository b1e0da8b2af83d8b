import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, type onTestFinished } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type Receipt, ReceiptSchema } from '../../src/contracts/receipt.js';
import { tempDir } from '../helpers/temp.js';
import { PAGES_TASK } from './hostile.js';

const repo = join(import.meta.dirname, '../..');

/** A project of a user's: their command agent (calls search_code twice) and the code-search provider's declaration. */
async function project(onFinished: typeof onTestFinished): Promise<string> {
  const root = await tempDir(undefined, onFinished);
  await cp(join(repo, 'fixtures/agents/command-mcp'), join(root, 'agents/mine'), { recursive: true });
  await cp(join(repo, 'agents/my-agent/mcp-client.mjs'), join(root, 'agents/mine/mcp-client.mjs'));
  await cp(join(repo, 'fixtures/providers/code-search'), join(root, 'providers/code-search'), { recursive: true });
  return root;
}

async function trial(root: string, extra: string[]): Promise<Receipt> {
  let out = '';
  const argv = [
    'trial',
    PAGES_TASK,
    '--agent',
    './agents/mine/agent.sh search',
    '--agent-dir',
    'agents/mine',
    '--json',
  ];
  await main([...argv, ...extra], { cwd: root, out: (text) => (out += text), err: () => undefined });
  return ReceiptSchema.parse(JSON.parse(out));
}

describe.concurrent('crossover trial --provider: a treatment trial through the same entry as a planned one', () => {
  it('runs the agent with the declared provider behind the proxy and records its context calls', async ({
    onTestFinished,
  }) => {
    const receipt = await trial(await project(onTestFinished), ['--provider', 'providers/code-search/provider.json']);
    expect(receipt.trial.role).toBe('treatment');
    expect(receipt.findings.filter((f) => f.kind === 'agent' || f.kind === 'sandbox')).toEqual([]);
    expect(receipt.status).toBe('failed'); // it changes nothing, so the hidden checks fail
    expect(receipt.contextCalls?.map((call) => [call.server, call.tool, call.outcome])).toEqual([
      ['code-search', 'search_code', 'answer'],
      ['code-search', 'search_code', 'answer'],
    ]);
    expect(receipt.diagnostics.contextToolCalls).toBe(2);
  });

  it('positive control: the same agent without --provider is a baseline that reaches no provider', async ({
    onTestFinished,
  }) => {
    const receipt = await trial(await project(onTestFinished), []);
    expect(receipt.trial.role).toBe('baseline');
    expect(receipt.contextCalls ?? []).toEqual([]);
    expect(receipt.status).toBe('agent-error');
  });
});
