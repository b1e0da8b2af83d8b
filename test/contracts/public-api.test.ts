import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

describe('package entry', () => {
  it('is importable as "crossover" from the repository root on Node 20', async () => {
    const result = await execa(
      'node',
      ['-e', "import('crossover').then(m => console.log(JSON.stringify(Object.keys(m))))"],
      {
        cwd: `${import.meta.dirname}/../..`,
      },
    );
    const names: string[] = JSON.parse(result.stdout);
    expect(names).toEqual(
      expect.arrayContaining([
        'digestOf',
        'canonicalJson',
        'defineExperiment',
        'buildScorecard',
        'PlanSchema',
        'ReceiptSchema',
      ]),
    );
  });
});
