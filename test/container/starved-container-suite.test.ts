import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradingPlaceOf } from '../../src/corpus/environment.js';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureWorkspace } from '../grading/fixtures.js';
import { builtCli } from '../helpers/cli.js';
import { SLUG_FIXED, writeFiles } from '../helpers/repository-task.js';
import {
  defaultContainerWeight,
  topGroupWeight,
  watchProcesses,
  withFavoured,
  withThrottled,
} from '../helpers/starve.js';
import {
  expectSuiteStarvedTwice,
  expectSuiteTimedOut,
  LOOPING_SLUG,
  SLOW_FIX,
  starvedSuiteTask,
} from '../helpers/starved-task.js';
import { tempDir } from '../helpers/temp.js';

/** The compact test's image (task-images.test.ts): the Debian base, so one build serves them all. */
const COMPACT_DOCKERFILE = 'FROM crossover/bookworm:base\nLABEL org.crossover.test=compact\n';

/**
 * The starved-suite slug task (test/helpers/starved-task.ts) declaring the compact image, with it
 * built, and a workspace of its reference with `slug` as the fix.
 */
async function containerSuiteTask(parent: string, slug: string) {
  const dir = await starvedSuiteTask(join(parent, 'slug'));
  const file = join(dir, 'task.json');
  const task = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...task, environment: { dockerfile: 'environment/Dockerfile' } }));
  await writeFiles(dir, { 'environment/Dockerfile': COMPACT_DOCKERFILE });
  const built = await builtCli(parent, ['env', 'build', '--task', dir]);
  expect(built.code, built.out + built.err).toBe(0);
  const loaded = await loadTask(dir);
  const container = await gradingPlaceOf(loaded, 'crossover env build');
  expect(container).not.toBeNull();
  const workspace = await fixtureWorkspace(loaded, ['reference'], parent);
  await writeFiles(workspace, { 'src/slug.js': slug });
  return { task: loaded, workspace, container };
}

/**
 * A repository suite in a container is timed on the container's own processes (suite-clock.ts),
 * not on the engine's CLI that waits for them: the machine's starving is no agent's failure there
 * either, and a suite that loops still fails on its own time.
 */
describe("a container suite's time limit measures the suite, not the machine", () => {
  it('a correct suite in its container kept from the CPU on every run (5% of a core) is check-starved, never failed', async ({
    onTestFinished,
  }) => {
    const parent = await tempDir('crossover-starved-container-suite-', onTestFinished);
    const { task, workspace, container } = await containerSuiteTask(parent, SLOW_FIX);
    // Every Node process of the suite in the container, as the host sees it: the runner and each test file's.
    const { result, caught } = await withThrottled(workspace, () => gradeWorkspace({ task, workspace, container }));
    // Caught on the first run and on the lone re-run (and any test-file process it forked).
    expect(caught).toBeGreaterThanOrEqual(2);
    expectSuiteStarvedTwice(result);
  }, 120_000);

  it('the same CPU-bound fix passes in its container when the machine lets it run', async ({ onTestFinished }) => {
    const parent = await tempDir('crossover-slow-container-suite-', onTestFinished);
    const { task, workspace, container } = await containerSuiteTask(parent, SLOW_FIX);
    // However busy the machine, the suite gets a check's CPU: it is let run.
    const result = await withFavoured(workspace, () => gradeWorkspace({ task, workspace, container }));
    expect(result).toMatchObject({ status: 'passed', checksRun: 4 });
  }, 120_000);

  it('a suite whose workspace code loops still fails on its own time in its container', async ({ onTestFinished }) => {
    const parent = await tempDir('crossover-looping-container-suite-', onTestFinished);
    const { task, workspace, container } = await containerSuiteTask(parent, LOOPING_SLUG);
    // Given a check's CPU, however busy the machine: starved, its outcome would be no verdict at all.
    const result = await withFavoured(workspace, () => gradeWorkspace({ task, workspace, container }));
    expectSuiteTimedOut(result);
  }, 120_000);

  // The same suite in bubblewrap is its own session to the kernel, at niceness 0. Under the engine's
  // group a container suite shared one such weight with every other container: with two host loops
  // and two looping containers, a suite that loops was judged starved every time, on the host never.
  it("runs in a group of its own at the top, weighed against the host's sessions as a suite in bubblewrap is", async ({
    onTestFinished,
  }) => {
    const parent = await tempDir('crossover-weighed-container-suite-', onTestFinished);
    const { task, workspace, container } = await containerSuiteTask(parent, SLUG_FIXED);
    const seen: { group: string; shares: number }[] = [];
    const watcher = watchProcesses(null, (pid) => seen.push(topGroupWeight(pid)), workspace);
    try {
      expect(await gradeWorkspace({ task, workspace, container })).toMatchObject({ status: 'passed' });
    } finally {
      watcher.stop();
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const weight of seen) expect(weight).toEqual({ group: expect.stringMatching(/^[0-9a-f]{64}$/), shares: 1024 });

    // The control: a container the engine starts as it does by default sits under the engine's group.
    const engine = container?.engine as NonNullable<typeof container>['engine'];
    expect((await defaultContainerWeight(engine, container?.image as string, [])).group).toBe('docker');
  }, 120_000);
});
