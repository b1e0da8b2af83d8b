import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestBytes, digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { executeTrial } from '../../src/trial/execute.js';
import type { TrialSpec } from '../../src/trial/spec.js';
import { tempDir } from '../helpers/temp.js';
import { servers, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

function noopArm(instructionFiles: PlannedArm['instructionFiles'] = []): PlannedArm {
  return {
    id: 'baseline',
    role: 'baseline',
    agent: {
      spec: { adapter: 'synthetic', behavior: 'noop', queryProvider: false },
      executableDigest: null,
      promptTemplateDigest: digestOf('p'),
    },
    provider: null,
    allowedTools: [],
    instructionFiles,
    skills: null,
  };
}

async function spec(root: string, overrides: Partial<TrialSpec> = {}): Promise<TrialSpec> {
  return trialSpec(await loadTask(PAGES_TASK), overrides.arm ?? noopArm(), { root, ...overrides });
}

describe('trial setup', () => {
  it('runs nothing when an instruction file no longer has the digest the plan bound: drift', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'instructions'));
    await writeFile(join(root, 'instructions/CLAUDE.md'), 'edited after planning\n');
    const arm = noopArm([
      { source: 'instructions/CLAUDE.md', target: '.claude/CLAUDE.md', digest: digestBytes('as planned\n') },
    ]);
    const { body: receipt } = await executeTrial(await spec(root, { arm }));
    expect(receipt.status).toBe('drift');
    expect(receipt.checksRun).toBe(0);
    expect(JSON.stringify(receipt)).not.toContain(root);
  });

  it("marks a trial whose provider index was not built from this task's snapshot stale-context", async () => {
    const root = await tempDir();
    const indexDir = await tempDir();
    const provider = servers([
      { name: 'code-search', command: process.execPath, args: ['server.mjs'], env: { CROSSOVER_INDEX_DIR: indexDir } },
    ]);
    const { body: receipt } = await executeTrial(await spec(root, { provider }));
    expect(receipt.status).toBe('stale-context');
    expect(receipt.findings).toContainEqual({
      kind: 'stale-context',
      detail: "the index of MCP server code-search was not built from this task's snapshot",
    });
  });

  it('refuses the reference to a synthetic agent outside a labelled self-test', async () => {
    const root = await tempDir();
    const arm = {
      ...noopArm(),
      agent: {
        ...noopArm().agent,
        spec: { adapter: 'synthetic' as const, behavior: 'reference' as const, queryProvider: false },
      },
    };
    const { body: receipt } = await executeTrial(await spec(root, { arm, referenceAllowed: false }));
    expect(receipt.status).toBe('agent-error');
    expect(receipt.synthetic).toBe(true);
  });
});
