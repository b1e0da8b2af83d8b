import { existsSync } from 'node:fs';
import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import {
  SLICE_NEVER_VERIFIED,
  SMALL_CORPUS,
  syntheticExperiment,
  verifyTasks,
  writeCorpus,
  writeExperiment,
} from '../plan/helpers.js';
import { cli, REPO } from './project.js';

const RUN_TIMEOUT = 300_000;
const SLICE = ['api-a', 'api-c', 'web-b', 'web-c'];

/**
 * A stage-1 slice of synthetic agents (no-op baseline, reference treatment): 4 tasks × 2 arms × 2 repeats.
 * The tests run concurrently: each passes its own context's onTestFinished.
 */
async function sliceProject(onFinished: Parameters<typeof tempDir>[1]): Promise<string> {
  const root = await tempDir('crossover-verified-', onFinished);
  await writeCorpus(root, SMALL_CORPUS);
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await writeExperiment(
    root,
    'slice',
    syntheticExperiment({
      id: 'slice',
      stage: 1,
      tasks: SLICE,
      agent: { adapter: 'synthetic', behavior: 'noop' },
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'fixer', role: 'treatment', agent: { adapter: 'synthetic', behavior: 'reference' } },
      ],
      concurrency: 2,
    }),
  );
  return root;
}

/** "<arm>: <status>" of every receipt of the slice's plans, sorted; none when no plan directory was made. */
async function receiptStatuses(root: string): Promise<string[]> {
  const base = join(root, '.crossover/slice');
  if (!existsSync(base)) return [];
  const statuses: string[] = [];
  for (const plan of (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name))) {
    const dir = join(base, plan, 'receipts');
    if (!existsSync(dir)) continue;
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json'))) {
      const receipt = JSON.parse(await readFile(join(dir, name), 'utf8')) as { trial: { arm: string }; status: string };
      statuses.push(`${receipt.trial.arm}: ${receipt.status}`);
    }
  }
  return statuses.sort();
}

// The two tests share nothing (a project each) and mostly wait on checks in bubblewrap: they overlap.
describe.concurrent('stage 1 runs only tasks that `crossover corpus verify` qualified at their current digest', () => {
  it(
    'An unverified task in a stage-1 slice blocks the plan; after `corpus verify` it runs',
    async ({ onTestFinished }) => {
      const root = await sliceProject(onTestFinished);
      const unverified = await cli(root, ['plan', 'experiments/slice.ts']);
      expect(unverified.code).toBe(5);
      expect(unverified.err).toContain(SLICE_NEVER_VERIFIED);
      const refused = await cli(root, ['run', 'experiments/slice.ts']);
      expect(refused.code).toBe(5);
      expect(await receiptStatuses(root)).toEqual([]);

      // verifying part of the slice lifts the block for those tasks only
      await verifyTasks(root, ['api-a', 'api-c']);
      const half = await cli(root, ['plan', 'experiments/slice.ts']);
      expect(half.code).toBe(5);
      expect(half.err).toContain(
        'tasks never verified: web-b, web-c: run crossover corpus verify --task web-b --task web-c',
      );
      expect(half.err).not.toContain('api-a');

      await verifyTasks(root, ['web-b', 'web-c']);
      const planned = await cli(root, ['plan', 'experiments/slice.ts']);
      expect(planned.code, planned.err).toBe(0);
      const run = await cli(root, ['run', 'experiments/slice.ts']);
      expect(run.code, run.err).toBe(0);
      // the verified checks grade for real: the no-op baseline fails every trial, the reference passes every one
      expect(await receiptStatuses(root)).toEqual([
        ...Array(8).fill('baseline: failed'),
        ...Array(8).fill('fixer: passed'),
      ]);
    },
    RUN_TIMEOUT,
  );

  it(
    'a task changed since it was verified blocks the plan, and one verified as unqualified blocks it with the reasons',
    async ({ onTestFinished }) => {
      const root = await sliceProject(onTestFinished);
      await verifyTasks(root, SLICE);
      expect((await cli(root, ['plan', 'experiments/slice.ts'])).code).toBe(0);

      // a reference that exports 4 is even but not 2: the task changed, and it no longer qualifies
      await writeFile(join(root, 'corpus/tasks/web-b/reference/src/index.js'), 'export const value = 4;\n');
      const changed = await cli(root, ['plan', 'experiments/slice.ts']);
      expect(changed.code).toBe(5);
      expect(changed.err).toContain(
        'tasks changed since they were verified (the record holds another digest): web-b: run crossover corpus verify --task web-b',
      );

      const reverified = await cli(root, ['corpus', 'verify', '--task', 'web-b']);
      expect(reverified.code).toBe(1);
      const unqualified = await cli(root, ['plan', 'experiments/slice.ts']);
      expect(unqualified.code).toBe(5);
      expect(unqualified.err).toMatch(
        /task web-b is not qualified \(check 'fixed' fails on the reference: [\s\S]*\): fix it, then run crossover corpus verify --task web-b/,
      );
      expect(unqualified.err).not.toMatch(/api-a|api-c|web-c/);
    },
    RUN_TIMEOUT,
  );
});
