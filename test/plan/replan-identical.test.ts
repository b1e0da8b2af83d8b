import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import { PlanSchema } from '../../src/contracts/plan.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

describe('re-planning cannot silently change a registration', () => {
  it('gives byte-identical plan JSON twice, with root-relative paths only', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', syntheticExperiment());
    const first = await crossover(root, ['plan', 'experiments/exp.ts', '--json']);
    const second = await crossover(root, ['plan', 'experiments/exp.ts', '--json']);
    expect(first.code, first.err).toBe(0);
    expect(second.out).toBe(first.out);
    expect(first.out).not.toContain(root);
    const plan = PlanSchema.parse(JSON.parse(first.out));
    expect(plan.experiment.file).toBe('experiments/exp.ts');
    expect(plan.corpus.path).toBe('corpus');
    expect(plan.prompt.template).toBe('experiments/prompts/default.md');
    expect(plan.tasks.map((t) => t.id)).toEqual(SMALL_CORPUS.map((t) => t.id).sort());
    expect(plan.schedule.trials).toHaveLength(SMALL_CORPUS.length * 2 * 2);
  });

  it('prints a summary with trial counts, balance, budget, cost and the plan id, and --out writes the same plan', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', syntheticExperiment());
    const result = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    expect(result.code, result.err).toBe(0);
    const plan = PlanSchema.parse(JSON.parse(await readFile(join(root, 'plan.json'), 'utf8')));
    expect(result.out).toContain(`plan ${digestOf(plan)}`);
    expect(result.out).toContain('trials: 36 in total');
    expect(result.out).toContain('baseline (baseline): 18 trials');
    expect(result.out).toContain('Williams design, 2 arms, 2 rows over 18 blocks');
    expect(result.out).toContain('budget: 300 trials, deadline 3600 s, per-trial timeout 300 s');
    expect(result.out).toContain('cost: none');
    expect(result.out).toContain('RUNNABLE');
  });
});
