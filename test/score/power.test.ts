import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import { main } from '../../src/cli/main.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { scorecardModel } from '../../src/score/method.js';
import { type PowerModel, powerTable, simulateScenario } from '../../src/score/power.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { tempDir } from '../helpers/temp.js';

const uniform: PowerModel = {
  baselineRates: Array.from({ length: 81 }, (_, i) => (10 + i) / 100),
  regressionRate: 0,
  treatments: 3,
  policy: { alpha: 0.05, minTasks: 30, minRepeats: 3 },
};

async function run(args: string[], cwd: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (out += t), cwd });
  return { code, out };
}

describe('the power simulation judges simulated experiments as the scorer judges real ones', () => {
  it('a corpus smaller than the tasks gate is never called better, however large the effect', () => {
    const result = simulateScenario(uniform, { tasks: 20, repeats: 3, effect: 0.5, aaShift: 0 }, 40, 'gate');
    expect(result.better).toBe(0);
    expect(simulateScenario(uniform, { tasks: 30, repeats: 3, effect: 0.5, aaShift: 0 }, 40, 'gate').better).toBe(1);
  });

  it('a large real A/A shift blocks the A/A gate, and so every claim', () => {
    const result = simulateScenario(uniform, { tasks: 40, repeats: 3, effect: 0.5, aaShift: -0.6 }, 30, 'aa');
    expect(result.aaBlocks).toBe(1);
    expect(result.better).toBe(0);
  });

  it('a 3% regression rate shared by every arm rarely blocks the one-sided regression gate', () => {
    const shared = simulateScenario(
      { ...uniform, regressionRate: 0.03 },
      { tasks: 30, repeats: 3, effect: 0, aaShift: 0 },
      60,
      'r',
    );
    expect(shared.regressionBlocks).toBeLessThanOrEqual(0.15);
  });

  it('the same model, grid and seed give the same table, and no grid point below the target is called enough', () => {
    const grid = { effects: [0.15], tasks: [30], repeats: [3] };
    const first = powerTable(uniform, grid, 40, 'seed-a', 'assumed');
    expect(powerTable(uniform, grid, 40, 'seed-a', 'assumed')).toEqual(first);
    expect(first.rows).toHaveLength(1);
    expect(first.needed).toEqual([{ effect: 0.15, tasks: null, repeats: null }]);
  });
});

describe('crossover power', () => {
  it('prints the same table byte for byte on a second run with the same seed, from a scorecard', async () => {
    const root = await tempDir();
    const scorecard = ScorecardSchema.parse(buildScorecard(showcaseRun()));
    await writeFile(join(root, 'scorecard.json'), prettyJson(scorecard));
    const args = [
      'power',
      'scorecard.json',
      '--effect',
      '0.15,0.3',
      '--tasks',
      '30,60',
      '--repeats',
      '3',
      '--simulations',
      '40',
    ];
    const first = await run(args, root);
    const second = await run(args, root);
    expect(first.code).toBe(0);
    expect(second.out).toBe(first.out);
    expect(first.out).toContain(`seeded by ${scorecard.planId}/power`);
    expect(first.out).toContain(
      `observed: the baseline's rates on ${scorecardModel(scorecard).baselineRates.length} tasks`,
    );
    expect(
      first.out.split('\n').filter((line) => /^\s*\+0\.(150|300)\s+(30|60)\s+3\s+[01]\.\d{3}$/.test(line)),
    ).toHaveLength(4);
    expect(first.out).toMatch(/needed for 0\.8 power:\n {2}\+0\.150: /);
  });

  it('sizes a plan from the declared assumption when there are no outcomes yet', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'p'));
    await writeFile(join(root, 'p', 'plan.json'), prettyJson(fixturePlan({ stage: 2, tasks: 4, treatments: 3 })));
    const result = await run(
      ['power', 'p/plan.json', '--effect', '0.3', '--tasks', '30', '--repeats', '3', '--simulations', '30'],
      root,
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('assumed: per-task baseline rates uniform on [0.1, 0.9]');
    expect(result.out).toContain('m = 3');
  });

  it('refuses a bad grid naming the option and what it expected', async () => {
    const root = await tempDir();
    const plan = fixturePlan({ stage: 2, tasks: 4 });
    const { receipts, planId } = fixtureReceipts(plan, () => ({ status: 'passed' }));
    await writeFile(join(root, 'scorecard.json'), prettyJson(buildScorecard({ plan, planId, receipts })));
    const result = await run(['power', 'scorecard.json', '--tasks', '30,abc'], root);
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('--tasks 30,abc: expected a comma-separated list of positive integers');
  });
});
