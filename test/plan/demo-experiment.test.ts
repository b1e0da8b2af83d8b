import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlanSchema } from '../../src/contracts/plan.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, writeCorpus } from './helpers.js';

const repo = join(import.meta.dirname, '../..');

/** The committed experiments and provider fixture over a small corpus: the real corpus may still be in progress. */
async function project(): Promise<string> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await mkdir(join(root, 'experiments'));
  for (const name of ['demo.ts', 'shared.ts', 'stage1.ts', 'prompts'])
    await cp(join(repo, 'experiments', name), join(root, 'experiments', name), { recursive: true });
  await cp(join(repo, 'fixtures/providers/code-search'), join(root, 'fixtures/providers/code-search'), {
    recursive: true,
  });
  return root;
}

describe('the committed experiments plan as declared', () => {
  it('plans experiments/demo.ts to identical bytes twice: synthetic, four arms, every task, 1 repeat, the code-search provider', async () => {
    const root = await project();
    const first = await crossover(root, ['plan', 'experiments/demo.ts', '--json']);
    const second = await crossover(root, ['plan', 'experiments/demo.ts', '--json']);
    // not probed yet: the plan is printed, and the exit code says it may not run
    expect(first.code, first.err).toBe(5);
    expect(first.err).toContain('provider code-search not probed');
    expect(second.out).toBe(first.out);
    const plan = PlanSchema.parse(JSON.parse(first.out));
    expect(plan.synthetic).toBe(true);
    expect(plan.arms.map((a) => [a.id, a.role])).toEqual([
      ['baseline', 'baseline'],
      ['context-search', 'treatment'],
      ['prompt-only', 'treatment'],
      ['aa-control', 'aa-control'],
    ]);
    expect(plan.tasks).toHaveLength(SMALL_CORPUS.length);
    expect(plan.repeats).toBe(1);
    expect(plan.cost.mayCostMoney).toBe(false);
    expect(plan.approval.required).toBe(false);
    expect(plan.arms[1]?.provider?.launch).toEqual({
      command: 'node',
      args: ['./fixtures/providers/code-search/dist/server.mjs'],
    });
  });

  it('blocks experiments/stage1.ts with a clear message when the agent binary or its credential is missing', async () => {
    const root = await project();
    const saved = { agent: process.env.CROSSOVER_AGENT, key: process.env.OPENAI_API_KEY };
    process.env.CROSSOVER_AGENT = 'codex';
    delete process.env.OPENAI_API_KEY;
    try {
      const result = await crossover(root, ['plan', 'experiments/stage1.ts']);
      expect(result.code, result.err).toBe(5);
      expect(result.out).toContain('tasks 4 × repeats 2');
      expect(result.out).toContain('agent executable not installed: run crossover agents install codex@0.171.0');
      expect(result.out).toContain('credential OPENAI_API_KEY is not set in the environment');
      expect(result.out).toContain('needs approval (cost unknown');
    } finally {
      if (saved.agent === undefined) delete process.env.CROSSOVER_AGENT;
      else process.env.CROSSOVER_AGENT = saved.agent;
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
    }
  });
});
