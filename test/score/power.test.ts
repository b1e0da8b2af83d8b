import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import { main } from '../../src/cli/main.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { scorecardModel } from '../../src/score/method.js';
import { type Scenario, simulateScenario } from '../../src/score/power.js';
import type { PowerModel } from '../../src/score/power-model.js';
import { powerTable } from '../../src/score/power-table.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { tempDir } from '../helpers/temp.js';

const policy = { alpha: 0.05, minTasks: 30, minRepeats: 3, maxDroppedShare: 0.2, regressionTolerance: 0.1 };
const uniform: PowerModel = {
  rates: { kind: 'grid', rates: Array.from({ length: 81 }, (_, i) => (10 + i) / 100) },
  regressionRate: 0,
  invalidRate: 0,
  treatments: 3,
  policy,
};
const scenario = (tasks: number, effect: number, extra: Partial<Scenario> = {}): Scenario => ({
  tasks,
  repeats: 3,
  effect,
  aaShift: 0,
  extraRegression: 0,
  ...extra,
});

async function run(args: string[], cwd: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (out += t), cwd });
  return { code, out };
}

describe('the power simulation judges simulated experiments as the scorer judges real ones', () => {
  it('a corpus smaller than the tasks gate is never called better, however large the effect', () => {
    expect(simulateScenario(uniform, scenario(20, 0.5), 40, 'gate').detected).toBe(0);
    expect(simulateScenario(uniform, scenario(30, 0.5), 40, 'gate').detected).toBe(1);
    expect(simulateScenario(uniform, scenario(30, -0.5), 40, 'gate').detected).toBeGreaterThan(0.9);
  });

  it('a large real A/A shift blocks the A/A gate, and so every claim', () => {
    const result = simulateScenario(uniform, scenario(40, 0.5, { aaShift: -0.6 }), 30, 'aa');
    expect(result.aaBlocks).toBe(1);
    expect(result.detected).toBe(0);
  });

  it('the regression gate passes a treatment whose extra regression share is the tolerance at most about α of the time', () => {
    // 400 experiments: a true false-pass rate of 0.05 would exceed 0.08 with probability below 0.3%.
    const atTolerance = simulateScenario(uniform, scenario(30, 0, { extraRegression: 0.1 }), 400, 'tolerance');
    expect(atTolerance.regressionHolds).toBeLessThanOrEqual(0.08);
    // With no regressions anywhere, 90 trials a side bound the extra share by 1 − 0.025^(1/90) = 0.040 < 0.1.
    expect(simulateScenario(uniform, scenario(30, 0), 40, 'clean').regressionBlocks).toBe(0);
  });

  it('invalid trials drop tasks under the missing-data rule instead of sinking every verdict', () => {
    // 1% invalid trials leave a task's pair with probability 1 − 0.99^6 ≈ 6%: about 1.8 of 30 tasks,
    // rarely more than the 6 allowed; the old all-or-nothing rule called this power 0.05.
    const clean = simulateScenario(uniform, scenario(30, 0.3), 200, 'invalid').detected;
    const power = simulateScenario({ ...uniform, invalidRate: 0.01 }, scenario(30, 0.3), 200, 'invalid').detected;
    expect(clean).toBeGreaterThan(0.85);
    expect(power).toBeGreaterThan(clean - 0.1);
    // At 10% invalid nearly half of each pair's tasks go: incomplete, so almost never called better.
    expect(simulateScenario({ ...uniform, invalidRate: 0.1 }, scenario(30, 0.3), 100, 'invalid').detected).toBeLessThan(
      0.1,
    );
  });

  it('the same model, grid and seed give the same table; a size the approximation cannot reach is null', () => {
    const grid = { effects: [0.15, 0.01], tasks: [30], repeats: [3] };
    const first = powerTable(uniform, grid, 40, 'seed-a', 'assumed');
    expect(powerTable(uniform, grid, 40, 'seed-a', 'assumed')).toEqual(first);
    expect(first.rows).toHaveLength(2);
    const [fifteen, two] = first.needed;
    expect(fifteen).toMatchObject({ effect: 0.15, repeats: 3, simulated: { simulations: 40 } });
    expect(fifteen!.tasks!).toBeGreaterThan(30);
    expect(two).toEqual({ effect: 0.01, repeats: 3, tasks: null, simulated: null });
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
    const model = scorecardModel(scorecard);
    expect(model.rates.kind).toBe('posterior');
    expect(first.out).toContain(`observed: the baseline's counts on ${scorecard.matrix.length} tasks of showcase`);
    expect(first.out).toMatch(/beta-binomial fit Beta\(\d+\.\d{2}, \d+\.\d{2}\)/);
    expect(
      first.out
        .split('\n')
        .filter((line) =>
          /^\s*\+0\.(150|300)\s+(30|60)\s+3\s+[01]\.\d{2}( ± 0\.\d{2}| \([≤≥] [01]\.\d{3}\))$/.test(line),
        ),
    ).toHaveLength(4);
    expect(first.out).toMatch(
      /tasks needed for 0\.8 power:\n\s*effect\s+repeats\s+tasks needed\s+simulated power there\n\s*\+0\.150\s+3\s+\d+\s/,
    );
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
