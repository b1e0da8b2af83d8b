import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, verifyTasks, writeCorpus, writeExperiment } from '../plan/helpers.js';
import { cli, REPO } from './project.js';

const RUN_TIMEOUT = 300_000;

/** A stage-1 slice of agents that each sleep far past the deadline: 4 tasks × 2 arms × 2 repeats. */
async function sleepersProject(deadlineSec: number): Promise<string> {
  const root = await tempDir('crossover-deadline-');
  await writeCorpus(root, SMALL_CORPUS);
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await writeExperiment(
    root,
    'sleepers',
    syntheticExperiment({
      id: 'sleepers',
      stage: 1,
      tasks: ['api-a', 'api-c', 'web-b', 'web-c'],
      agent: { adapter: 'command', command: 'sleep 120' },
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'other', role: 'treatment', allowedTools: ['x'] },
      ],
      budget: { deadlineSec },
      concurrency: 2,
    }),
  );
  // stage 1 runs only verified tasks
  await verifyTasks(root, ['api-a', 'api-c', 'web-b', 'web-c']);
  return root;
}

async function statuses(root: string): Promise<string[]> {
  const base = join(root, '.crossover/sleepers');
  const [plan] = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  const dir = join(base, plan as string, 'receipts');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  return Promise.all(
    names.map(async (name) => (JSON.parse(await readFile(join(dir, name), 'utf8')) as { status: string }).status),
  );
}

describe('the budget deadline is enforced', () => {
  it(
    'a run of sleeping agents ends at its deadline: running trials cancelled, the rest budget-exhausted, every one accounted for, exit 0',
    async () => {
      // Long enough for the first agents to have started on a loaded machine, far short of their sleep.
      const root = await sleepersProject(20);
      const run = await cli(root, ['run', 'experiments/sleepers.ts']);
      expect(run.code, run.err).toBe(0);
      const all = await statuses(root);
      expect(all).toHaveLength(16);
      const count = (status: string) => all.filter((s) => s === status).length;
      // the two agents running at the deadline (concurrency 2) were cancelled; none started after it
      expect(count('cancelled'), all.join(' ')).toBeGreaterThanOrEqual(1);
      expect(count('cancelled')).toBeLessThanOrEqual(2);
      expect(count('budget-exhausted')).toBe(16 - count('cancelled'));
      const base = join(root, '.crossover/sleepers');
      const [plan] = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
      const scorecard = JSON.parse(await readFile(join(base, plan as string, 'scorecard.json'), 'utf8')) as {
        arms: { trials: { scheduled: number; invalid: number }; invalidByStatus: Record<string, number> }[];
      };
      for (const arm of scorecard.arms) {
        expect(arm.trials.invalid).toBe(arm.trials.scheduled);
        expect((arm.invalidByStatus['budget-exhausted'] ?? 0) + (arm.invalidByStatus.cancelled ?? 0)).toBe(8);
      }
    },
    RUN_TIMEOUT,
  );
});
