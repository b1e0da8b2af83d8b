import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliesReference } from '../../src/agents/synthetic.js';
import type { Agent } from '../../src/contracts/agent.js';
import type { ReceiptBody } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { derivePlan } from '../../src/plan/derive.js';
import { runTrial } from '../../src/trial/run-trial.js';
import { tempDir } from '../helpers/temp.js';

const repo = join(import.meta.dirname, '../..');

/** Runs `items` through `work` two at a time: the machine has two cores. */
async function inPairs<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all([lane(), lane()]);
  return results;
}

// Vitest-free in the sense of the issue: runTrial is called directly, not through the plugin.
describe('synthetic agents on every corpus task, through runTrial', () => {
  it('noop fails, reference passes, seeded passes exactly where its draw says', { timeout: 900_000 }, async () => {
    const { plan, id: planId } = await derivePlan({
      experimentFile: join(repo, 'test/trial/synthetic-selftest.experiment.ts'),
      root: repo,
    });
    const state = await tempDir();
    const tasks = new Map(
      await Promise.all(
        plan.tasks.map(async (t) => [t.id, await loadTask(join(repo, plan.corpus.path, 'tasks', t.id))] as const),
      ),
    );
    const receipts: ReceiptBody[] = await inPairs(plan.schedule.trials, async (trial) => {
      const arm = plan.arms.find((a) => a.id === trial.arm)!;
      const task = tasks.get(trial.taskId)!;
      return runTrial({
        plan,
        planId,
        trialId: trial.id,
        root: state,
        task,
        arm,
        prompt: task.prompt,
        sandbox: 'bubblewrap',
        mcpServers: [],
        timeoutMs: 60_000,
      });
    });

    expect(plan.tasks.length).toBeGreaterThanOrEqual(3);
    const byArm = (arm: string) => receipts.filter((r) => r.trial.arm === arm);
    const statuses = (arm: string) => byArm(arm).map((r) => `${r.trial.taskId}: ${r.status}`);
    expect(statuses('noop')).toEqual(plan.tasks.map((t) => `${t.id}: failed`));
    expect(statuses('reference')).toEqual(plan.tasks.map((t) => `${t.id}: passed`));

    const seededAgent = plan.arms.find((a) => a.id === 'seeded')!.agent.spec as Extract<
      Agent,
      { adapter: 'synthetic' }
    >;
    const expected = byArm('seeded').map(
      (r) => `${r.trial.taskId}: ${appliesReference(seededAgent, r.trial.id) ? 'passed' : 'failed'}`,
    );
    expect(statuses('seeded')).toEqual(expected);
    const passed = byArm('seeded').filter((r) => r.status === 'passed').length;
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThan(plan.tasks.length);
    expect(receipts.every((r) => r.synthetic && r.checksRun > 0)).toBe(true);
  });
});
