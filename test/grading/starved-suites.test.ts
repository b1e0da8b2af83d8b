import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureWorkspace } from '../grading/fixtures.js';
import { writeFiles } from '../helpers/repository-task.js';
import { withFavoured, withThrottled } from '../helpers/starve.js';
import {
  expectSuiteStarvedTwice,
  expectSuiteTimedOut,
  LOOPING_SLUG,
  SLOW_FIX,
  starvedSuiteTask,
} from '../helpers/starved-task.js';
import { tempDir } from '../helpers/temp.js';

async function task(parent: string) {
  return loadTask(await starvedSuiteTask(join(parent, 'slug')));
}

/**
 * A repository's test suite is timed as a check is (check-clock.ts): on its own time, not the
 * machine's. Before, its limit was wall time, and a suite the machine starved timed out and failed
 * every check: the machine's slowness scored as the agent's failure.
 */
describe("a repository suite's time limit measures the suite, not the machine", () => {
  it('a correct suite kept from the CPU on every run (5% of a core) is check-starved, never failed', async ({
    onTestFinished,
  }) => {
    const loaded = await task(await tempDir('crossover-starved-suite-', onTestFinished));
    const workspace = await fixtureWorkspace(loaded, ['reference']);
    await writeFiles(workspace, { 'src/slug.js': SLOW_FIX });
    // Every Node process of the suite, caught as it starts: the runner and each test file's process.
    const { result, caught } = await withThrottled(workspace, () => gradeWorkspace({ task: loaded, workspace }));
    // Caught on the first run and on the lone re-run.
    expect(caught).toBeGreaterThanOrEqual(2);
    expectSuiteStarvedTwice(result);
  }, 120_000);

  it('the same CPU-bound fix passes when the machine lets it run', async ({ onTestFinished }) => {
    const loaded = await task(await tempDir('crossover-slow-suite-', onTestFinished));
    const workspace = await fixtureWorkspace(loaded, ['reference']);
    await writeFiles(workspace, { 'src/slug.js': SLOW_FIX });
    // However busy the machine, the suite gets a check's CPU: it is let run.
    const result = await withFavoured(workspace, () => gradeWorkspace({ task: loaded, workspace }));
    expect(result).toMatchObject({ status: 'passed', checksRun: 4 });
  }, 120_000);

  it('a suite whose workspace code loops still fails on its own time', async ({ onTestFinished }) => {
    const loaded = await task(await tempDir('crossover-looping-suite-', onTestFinished));
    const workspace = await fixtureWorkspace(loaded, ['reference']);
    await writeFiles(workspace, { 'src/slug.js': LOOPING_SLUG });
    // Given a check's CPU, however busy the machine: starved, its outcome would be no verdict at all.
    const result = await withFavoured(workspace, () => gradeWorkspace({ task: loaded, workspace }));
    expectSuiteTimedOut(result);
  }, 120_000);
});
