import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { type GradeResult, gradeWorkspace } from '../../src/grading/grade.js';
import { tempDir } from '../helpers/temp.js';

/** Two node checks that never finish (each fails on its timeout): both alive at once only when run side by side. */
const CHECKS = ['waits-a', 'waits-b'];
const WAITS = 'export default async function () {\n  await new Promise(() => setInterval(() => undefined, 1000));\n}\n';

async function waitingTask(): Promise<{ dir: string; workspace: string }> {
  const dir = join(await tempDir(), 'waiting');
  const checks = CHECKS.map((id) => ({ id, file: `${id}.mjs`, runner: 'node', timeoutMs: 1500 }));
  await mkdir(join(dir, 'checks'), { recursive: true });
  await mkdir(join(dir, 'workspace'), { recursive: true });
  await mkdir(join(dir, 'reference'), { recursive: true });
  await writeFile(
    join(dir, 'task.json'),
    JSON.stringify({
      schema: 'crossover.task/1',
      id: 'waiting',
      title: 'Checks that wait for their timeout',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 60,
      checks: { required: checks, regressions: [] },
    }),
  );
  await writeFile(join(dir, 'prompt.md'), 'Nothing to do.\n');
  await writeFile(join(dir, 'workspace/index.js'), 'export const value = 1;\n');
  await writeFile(join(dir, 'reference/index.js'), 'export const value = 2;\n');
  for (const id of CHECKS) await writeFile(join(dir, 'checks', `${id}.mjs`), WAITS);
  return { dir, workspace: join(dir, 'workspace') };
}

/** How many of the task's check processes are alive right now, read from /proc (the harness names its check file). */
function runningChecks(checksDir: string): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('node') && argv.some((arg) => arg.startsWith(join(checksDir, 'waits-')))) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

/** Grades with `lanes` and returns the result with the most check processes seen alive at once. */
async function gradeWatched(lanes: number): Promise<{ result: GradeResult; peak: number }> {
  const { dir, workspace } = await waitingTask();
  const task = await loadTask(dir);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, runningChecks(join(task.dir, 'checks')));
  }, 50);
  try {
    return { result: await gradeWorkspace({ task, workspace, lanes }), peak };
  } finally {
    clearInterval(sampler);
  }
}

describe('a grading with lanes runs its independent node checks side by side', () => {
  it('two lanes: both check processes are alive at once, and the results keep task order', async () => {
    const { result, peak } = await gradeWatched(2);
    expect(peak).toBe(2);
    expect(result.checks.map((check) => [check.id, check.status, check.message])).toEqual([
      ['waits-a', 'fail', expect.stringMatching(/^timed out after 1500 ms of its own time/)],
      ['waits-b', 'fail', expect.stringMatching(/^timed out after 1500 ms of its own time/)],
    ]);
    expect(result.durationsMs).toHaveLength(2);
  });

  it('one lane (the default, the positive control): never two check processes at once', async () => {
    const { result, peak } = await gradeWatched(1);
    expect(peak).toBe(1);
    expect(result.checks.map((check) => check.id)).toEqual(CHECKS);
  });
});
