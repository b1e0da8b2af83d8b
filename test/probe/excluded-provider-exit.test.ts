import { describe, expect, it } from 'vitest';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from '../plan/helpers.js';

/** A treatment whose server command has a typo: the probe excludes the provider (setup-failed). */
function typoExperiment(mayBeExcluded?: boolean): ExperimentInput {
  return syntheticExperiment({
    providers: [
      {
        id: 'my-search',
        kind: 'search',
        mode: 'local',
        version: '1.0.0',
        interface: { type: 'mcp-stdio', command: 'nodee', args: [] },
      },
    ],
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'search', role: 'treatment', provider: 'my-search', ...(mayBeExcluded ? { mayBeExcluded } : {}) },
    ],
  });
}

describe('crossover probe says when an arm cannot run', () => {
  it.concurrent('exits 5 naming the arm, the provider and the fix when a provider an arm needs is excluded', async ({
    onTestFinished,
  }) => {
    const root = await tempDir(undefined, onTestFinished);
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', typoExperiment());
    const probe = await crossover(root, ['probe', 'experiments/exp.ts', '--sandbox', 'none']);
    expect(probe.code).toBe(5);
    expect(probe.out).toContain('my-search: excluded');
    expect(probe.err).toContain(
      'arm search needs provider my-search, which the probe excluded (setup-failed: command "nodee" not found on PATH',
    );
    expect(probe.err).toContain(
      'fix its declaration in experiments/exp.ts and probe again, or declare $.arms[1].mayBeExcluded: true',
    );
  });

  it.concurrent('exits 0 when the arm declares that it may be excluded (the control)', async ({ onTestFinished }) => {
    const root = await tempDir(undefined, onTestFinished);
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', typoExperiment(true));
    const probe = await crossover(root, ['probe', 'experiments/exp.ts', '--sandbox', 'none']);
    expect(probe.err).toBe('');
    expect(probe.code).toBe(0);
    expect(probe.out).toContain('my-search: excluded');
  });
});
