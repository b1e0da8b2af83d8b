import { describe, expect, it } from 'vitest';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { derivePlan } from '../../src/plan/derive.js';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

const paidCommand = { adapter: 'command', command: 'my-agent' } as const;
const env = { PATH: process.env.PATH };
const arms: ExperimentInput['arms'] = [
  { id: 'baseline', role: 'baseline' },
  { id: 'other', role: 'treatment', allowedTools: ['x'] },
];

describe('reproducibility re-runs are agent runs the budget and the cost bound count', () => {
  it('blocks a plan whose schedule fits maxTrials but whose re-runs do not', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    // 9 tasks × 2 arms × 2 repeats = 36 scheduled trials, and 3 tasks × 2 arms = 6 re-runs.
    const experiment = syntheticExperiment({ arms: arms, reproducibility: { tasksPerArm: 3 } });
    const fits = await derivePlan({
      experimentFile: await writeExperiment(root, 'fits', { ...experiment, budget: { maxTrials: 42 } }),
      root,
      env,
    });
    expect(fits.plan.schedule.trials).toHaveLength(36);
    expect(fits.plan.reproducibility?.reruns).toHaveLength(6);
    expect(fits.blocked).toEqual([]);
    const over = await derivePlan({
      experimentFile: await writeExperiment(root, 'over', { ...experiment, id: 'over', budget: { maxTrials: 41 } }),
      root,
      env,
    });
    expect(over.blocked).toEqual([
      'the schedule holds 36 trials and 6 reproducibility re-runs but the budget allows 41: raise $.budget.maxTrials (limit 2000) or shrink the slice',
    ]);
  });

  it('prices the re-runs of a paid agent in the conservative cost bound', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const experiment = syntheticExperiment({
      stage: 1,
      agent: paidCommand,
      arms: arms,
      pricing: { currency: 'USD', inputPerMillionTokens: 3, outputPerMillionTokens: 15 },
      worstCaseTokens: { input: 100_000, output: 10_000 },
    });
    const without = await derivePlan({ experimentFile: await writeExperiment(root, 'exp', experiment), root, env });
    const withReruns = await derivePlan({
      experimentFile: await writeExperiment(root, 'exp', { ...experiment, reproducibility: { tasksPerArm: 2 } }),
      root,
      env,
    });
    // 16 scheduled trials + 2 tasks × 2 arms re-run, each up to (0.1 M × $3 + 0.01 M × $15) = $0.45.
    expect(without.plan.cost).toMatchObject({ pricedTrials: 16, boundUsd: 7.2 });
    expect(withReruns.plan.cost).toMatchObject({ pricedTrials: 20, boundUsd: 9 });
    expect(withReruns.plan.approval.reasons).toEqual([
      'may cost money: up to $9.00 for 20 trials at the declared price',
    ]);
  });
});
