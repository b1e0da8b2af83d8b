import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fixturePlan } from '../../fixtures/score/build.js';
import { writeTestFiles } from '../../src/plugin/generate.js';
import { tempDir } from '../helpers/temp.js';

it("writes one test file per task, removes a dropped task's file, and leaves another run's temporary alone", async ({
  onTestFinished,
}) => {
  const testsDir = join(await tempDir('crossover-generate-', onTestFinished), 'tests');
  const plan = fixturePlan({ tasks: 2, repeats: 1 });
  const [first, second] = plan.tasks.map((task) => `${task.id}.test.ts`);
  await writeTestFiles(testsDir, plan);
  // A task dropped from the plan, and a second run's write of the same file caught between its write and its rename.
  await writeFile(join(testsDir, 'dropped-task.test.ts'), '// stale\n');
  const inFlight = `.${first}.0123456789ab.tmp`;
  await writeFile(join(testsDir, inFlight), '// the other run is about to rename this\n');

  const written = await writeTestFiles(testsDir, plan);

  expect(written.map((file) => file.slice(testsDir.length + 1))).toEqual([first, second]);
  expect((await readdir(testsDir)).sort()).toEqual([inFlight, first, second].sort());
});
