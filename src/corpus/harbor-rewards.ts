import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import { applyHiddenTests, runTestSuite } from '../grading/repository-tests.js';
import { materializeTree } from './materialize.js';

/**
 * The names a Harbor task's reward.json gives: its tests run once on the reference (the starting
 * tree with the reference overlay), and each reward they write becomes a check.
 */
export async function harborRewardKeys(taskDir: string, task: Task): Promise<string[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-harbor-rewards-'));
  try {
    const tree = join(scratch, 'tree');
    await materializeTree(taskDir, [join(taskDir, 'reference')], tree);
    await applyHiddenTests(taskDir, tree);
    const run = await runTestSuite({ test: task.repository!.test, workspace: tree, setup: null });
    if (run.kind !== 'results' || run.results.size === 0)
      throw new CrossoverError(
        'invalid-input',
        `its tests wrote no rewards on the reference, so reward.json's names are unknown: ${run.kind === 'results' ? 'reward.json is empty' : run.message}`,
      );
    return [...run.results.keys()].sort();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
