import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, trialDraw } from '../../fixtures/score/build.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { tempDir } from '../helpers/temp.js';

const bin = join(import.meta.dirname, '../..', 'bin/crossover.js');

/**
 * The scorecard of a run shaped as experiments/demo.ts: 30 tasks, one repeat, a baseline and the
 * A/A control at 0.5, a treatment at 0.75 and a null treatment at 0.5, stage 0, synthetic agents.
 */
function demoShapedScorecard() {
  const plan = fixturePlan({ id: 'demo', stage: 0, tasks: 30, repeats: 1, treatments: 2, synthetic: true });
  const chance: Record<string, number> = {
    baseline: 0.5,
    'treatment-a': 0.75,
    'treatment-b': 0.5,
    'aa-control': 0.5,
  };
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
    status: trialDraw(trial) < chance[trial.arm]! ? 'passed' : 'failed',
  }));
  return ScorecardSchema.parse(buildScorecard({ plan, planId, receipts }));
}

describe('crossover power on the demo-shaped scorecard', () => {
  it('prints a table that a second process with the same seed reproduces byte for byte', async () => {
    const cwd = await tempDir();
    const scorecard = demoShapedScorecard();
    await writeFile(join(cwd, 'scorecard.json'), prettyJson(scorecard));
    const args = [bin, 'power', 'scorecard.json', '--effect', '0.15,0.3', '--tasks', '30,60', '--simulations', '30'];
    // Two processes side by side: each simulates on its own, so neither can reuse the other's figures.
    const [first, second] = await Promise.all([execa('node', args, { cwd }), execa('node', args, { cwd })]);
    expect(first.exitCode).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toContain(`seeded by ${scorecard.planId}/power`);
    // One row per effect × tasks × repeats (the default repeats 3,5), each with a power figure.
    const rows = first.stdout
      .split('\n')
      .filter((line) =>
        /^\s*\+0\.(150|300)\s+(30|60)\s+[35]\s+[01]\.\d{2}( ± 0\.\d{2}| \([≤≥] [01]\.\d{3}\))$/.test(line),
      );
    expect(rows).toHaveLength(8);
    // Figures that move with the effect: the table is simulated, not constant.
    const powers = rows.map((line) => Number(line.trim().split(/\s+/)[3]));
    expect(Math.max(...powers)).toBeGreaterThan(Math.min(...powers));
  });
});
