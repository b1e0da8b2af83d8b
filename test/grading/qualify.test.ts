import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { type LoadedTask, loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { tempDir } from '../helpers/temp.js';
import { FIXTURE_TASKS, fixtureTask } from './fixtures.js';

/** A scratch copy of a fixture task, changed by `edit` before it is loaded; removed when the test ends. */
async function variant(
  id: string,
  onFinished: TestContext['onTestFinished'],
  edit: (dir: string) => Promise<void>,
): Promise<LoadedTask> {
  const dir = join(await tempDir(undefined, onFinished), id);
  await cp(join(FIXTURE_TASKS, id), dir, { recursive: true });
  await edit(dir);
  return loadTask(dir);
}

// Each test qualifies a task of its own, mostly waiting on its checks' processes: they overlap.
describe.concurrent('qualification proves the hidden checks discriminate', () => {
  it('qualifies a valid task and reports difficulty evidence', async () => {
    const task = await fixtureTask('valid-node');
    expect(await qualifyTask(task)).toEqual({
      id: 'valid-node',
      category: 'boundary-logic',
      surface: 'library',
      digest: task.digest,
      qualified: true,
      rules: 'bundled',
      reasons: [],
      notes: [],
      trees: [
        {
          tree: 'start',
          status: 'failed',
          checks: [
            { id: 'partial-last-page', kind: 'required', status: 'fail' },
            { id: 'fewer-items-than-a-page', kind: 'required', status: 'fail' },
            { id: 'slices-pages', kind: 'regression', status: 'pass' },
          ],
        },
        {
          tree: 'reference',
          status: 'passed',
          checks: [
            { id: 'partial-last-page', kind: 'required', status: 'pass' },
            { id: 'fewer-items-than-a-page', kind: 'required', status: 'pass' },
            { id: 'slices-pages', kind: 'regression', status: 'pass' },
          ],
        },
        {
          tree: 'decoy:round',
          status: 'failed',
          checks: [
            { id: 'partial-last-page', kind: 'required', status: 'fail' },
            { id: 'fewer-items-than-a-page', kind: 'required', status: 'fail' },
            { id: 'slices-pages', kind: 'regression', status: 'pass' },
          ],
        },
      ],
      runs: 1,
      nearTimeLimit: [],
      referenceChange: { files: 1, lines: 4 },
      tree: { files: 3, lines: 11 },
      languages: [{ language: 'JavaScript', files: 2 }],
    });
  });

  it('qualifies a browser task in real Chromium', async () => {
    const qualification = await qualifyTask(await fixtureTask('browser-counter'));
    expect(qualification).toMatchObject({ qualified: true, reasons: [], referenceChange: { files: 1, lines: 1 } });
  });

  it('reports a task whose reference fails a check as unqualified, with the reason', async () => {
    const qualification = await qualifyTask(await fixtureTask('reference-fails'));
    expect(qualification.qualified).toBe(false);
    expect(qualification.reasons).toEqual([
      // The first line of the failure only: the diff would quote the check's expected value.
      "check 'slices-pages' fails on the reference: AssertionError: Expected values to be strictly equal: (ERR_ASSERTION)",
    ]);
  });

  it('reports a decoy that passes every required check', async ({ onTestFinished }) => {
    const task = await variant('valid-node', onTestFinished, (dir) =>
      cp(join(dir, 'reference/src/pages.js'), join(dir, 'decoys/round/src/pages.js')),
    );
    expect((await qualifyTask(task)).reasons).toEqual(["decoy 'round' passes every required check"]);
  });

  it('reports a required check that already passes, and a regression that already fails, on the starting tree', async ({
    onTestFinished,
  }) => {
    const task = await variant('valid-node', onTestFinished, async (dir) => {
      await writeFile(
        join(dir, 'workspace/src/pages.js'),
        'export function pageCount(total, perPage) {\n  return total === 11 ? 3 : Math.floor(total / perPage) + 1;\n}\n',
      );
    });
    expect((await qualifyTask(task)).reasons).toEqual([
      "required check 'partial-last-page' passes on the starting tree",
      "required check 'fewer-items-than-a-page' passes on the starting tree",
      expect.stringMatching(/^regression check 'slices-pages' fails on the starting tree: /),
    ]);
  });

  it('holds tasks to the corpus quality rules and refuses hidden checks shipped in the starting tree', async ({
    onTestFinished,
  }) => {
    const task = await variant('valid-node', onTestFinished, async (dir) => {
      const taskJson = {
        schema: 'crossover.task/1',
        id: 'valid-node',
        title: 'Too thin',
        category: 'boundary-logic',
        surface: 'library',
        timeoutSec: 60,
        checks: {
          required: [{ id: 'partial-last-page', file: 'partial-last-page.mjs', runner: 'node' }],
          regressions: [],
        },
      };
      await writeFile(join(dir, 'task.json'), JSON.stringify(taskJson));
      await rm(join(dir, 'decoys'), { recursive: true });
      await mkdir(join(dir, 'workspace/checks'));
      await cp(join(dir, 'checks/partial-last-page.mjs'), join(dir, 'workspace/checks/partial-last-page.mjs'));
    });
    expect((await qualifyTask(task)).reasons).toEqual([
      'has 1 required checks (expected 2–5)',
      'has no regression check (expected at least 1)',
      'has no decoy under decoys/ (expected at least 1)',
      'has no relevantFiles (expected the preregistered files a solver needs to look at)',
      'the starting tree holds checks/partial-last-page.mjs, a path the hidden checks use',
    ]);
  });

  it('reports a check that took at least half its time limit, on each tree it did', async ({ onTestFinished }) => {
    const task = await variant('valid-node', onTestFinished, async (dir) => {
      const taskJson = JSON.parse(await readFile(join(dir, 'task.json'), 'utf8'));
      taskJson.checks.regressions.push({
        id: 'waits-on-a-slow-disk',
        file: 'waits.mjs',
        runner: 'node',
        timeoutMs: 5000,
      });
      await writeFile(join(dir, 'task.json'), JSON.stringify(taskJson));
      // Three seconds of a five-second limit, asleep: on a busier machine such a check may time out.
      await writeFile(
        join(dir, 'checks/waits.mjs'),
        'export default () => new Promise((resolve) => setTimeout(resolve, 3000));\n',
      );
    });
    const qualification = await qualifyTask(task);
    expect(qualification).toMatchObject({ qualified: true, reasons: [] });
    expect(qualification.nearTimeLimit.map(({ tree, check, limitMs }) => [tree, check, limitMs])).toEqual([
      ['start', 'waits-on-a-slow-disk', 5000],
      ['reference', 'waits-on-a-slow-disk', 5000],
    ]);
  });
});
