import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/contracts/agent.js';
import { loadTask } from '../../src/corpus/load.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { baselineArm, servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

/** A command agent that writes `usage` (verbatim) to $CROSSOVER_USAGE_FILE, or nothing when null. */
async function trialWithUsage(usage: string | null, onFinished: Parameters<typeof tempDir>[1]) {
  const root = await tempDir(undefined, onFinished);
  await mkdir(join(root, 'agents/mine'), { recursive: true });
  const write = usage === null ? ':' : `cat > "$CROSSOVER_USAGE_FILE" <<'USAGE'\n${usage}\nUSAGE`;
  await writeFile(join(root, 'agents/mine/agent.sh'), `#!/bin/sh\nset -eu\ncat > /dev/null\n${write}\n`);
  await chmod(join(root, 'agents/mine/agent.sh'), 0o755);
  const spec: Agent = { adapter: 'command', command: './agents/mine/agent.sh', version: '1', files: ['agents/mine'] };
  const task = await loadTask(PAGES_TASK);
  const trial = trialSpec(task, baselineArm(spec), {
    root,
    sandbox: 'bubblewrap',
    provider: servers([]),
    readOnly: [],
  });
  return (await executeTrial(trial)).body;
}

// Each test is a trial of its own in its sandbox: they overlap.
describe.concurrent('a command agent reports its tokens, cost and model in $CROSSOVER_USAGE_FILE', () => {
  it('takes a valid file into the diagnostics and the receipt, from inside the sandbox', async ({ onTestFinished }) => {
    const usage = {
      schema: 'crossover.agent-usage/1',
      model: 'my-model-1',
      inputTokens: 1200,
      outputTokens: 80,
      costUsd: 0.0042,
    };
    const receipt = await trialWithUsage(JSON.stringify(usage), onTestFinished);
    expect(receipt.diagnostics).toMatchObject({ inputTokens: 1200, outputTokens: 80, costUsd: 0.0042 });
    expect(receipt.agent).toEqual({ adapter: 'command', version: '1', model: 'my-model-1' });
    expect(receipt.findings.filter((f) => f.kind === 'agent')).toEqual([]);
  });

  it('leaves every figure unknown without a file (the control)', async ({ onTestFinished }) => {
    const receipt = await trialWithUsage(null, onTestFinished);
    expect(receipt.diagnostics).toMatchObject({ inputTokens: null, outputTokens: null, costUsd: null });
    expect(receipt.agent).toEqual({ adapter: 'command', version: '1' });
  });

  it('refuses a malformed file naming it, the field and what was expected; the status is untouched', async ({
    onTestFinished,
  }) => {
    const usage = { schema: 'crossover.agent-usage/1', inputTokens: -3, tokens: 5 };
    const receipt = await trialWithUsage(JSON.stringify(usage), onTestFinished);
    expect(receipt.diagnostics).toMatchObject({ inputTokens: null, outputTokens: null, costUsd: null });
    const [finding] = receipt.findings.filter((f) => f.kind === 'agent');
    expect(finding?.detail).toContain('$CROSSOVER_USAGE_FILE ($HOME/crossover-usage.json): invalid');
    expect(finding?.detail).toContain('$.inputTokens');
    expect(finding?.detail).toContain('tokens');
    expect(finding?.detail).toContain('its figures are left unknown');
    expect(receipt.status).toBe('failed');
    const broken = await trialWithUsage('{"schema": ', onTestFinished);
    expect(broken.findings.map((f) => f.detail).join('\n')).toContain('not valid JSON');
  });
});
