import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { appliesReference } from '../../src/agents/synthetic/adapter.js';
import type { Agent } from '../../src/contracts/agent.js';
import type { Surface } from '../../src/contracts/corpus.js';
import type { Receipt } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { derivePlan } from '../../src/plan/derive.js';
import { runPlannedTrial } from '../../src/trial/run-planned-trial.js';
import { trialPlanOf } from '../../src/trial/trial-plan.js';
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

/**
 * The synthetic self-test of the corpus tasks on some surfaces, through runPlannedTrial in bubblewrap (not
 * through the plugin): on every such task the no-op agent fails and the reference passes, so each
 * task's hidden checks tell a fix from no fix in a real trial. With `seeded`, the seeded agent also
 * runs on each task and must pass exactly where its draw says, and on some but not all tasks.
 * The corpus is split by surface over several test files so no single test runs for minutes.
 */
export async function expectSyntheticAgentsOnCorpus(surfaces: readonly Surface[], seeded: boolean): Promise<void> {
  const { plan, id: planId } = await derivePlan({
    experimentFile: join(repo, 'test/trial/synthetic-selftest.experiment.ts'),
    root: repo,
  });
  const tasks = plan.tasks.filter((t) => surfaces.includes(t.surface));
  const taskIds = new Set(tasks.map((t) => t.id));
  const arms = seeded ? ['noop', 'reference', 'seeded'] : ['noop', 'reference'];
  const state = await tempDir();
  const loaded = new Map(
    await Promise.all(
      tasks.map(async (t) => [t.id, await loadTask(join(repo, plan.corpus.path, 'tasks', t.id))] as const),
    ),
  );
  const trials = plan.schedule.trials.filter((t) => taskIds.has(t.taskId) && arms.includes(t.arm));
  // One Chromium for every trial, as the plugin's harness shares one: launched per grading it was
  // most of the browser tasks' CPU.
  const browser = new BrowserSession();
  onTestFinished(() => browser.close());
  const trialPlan = trialPlanOf(plan, planId);
  const receipts: Receipt[] = await inPairs(trials, async (trial) => {
    const task = loaded.get(trial.taskId)!;
    const context = {
      root: state,
      providers: [],
      experimentDir: state,
      loaded: { task, prompt: task.prompt },
      browser,
    };
    return (await runPlannedTrial(trialPlan, trial.id, context)).receipt;
  });

  expect(tasks.length).toBeGreaterThanOrEqual(2);
  const byArm = (arm: string) => receipts.filter((r) => r.trial.arm === arm);
  const statuses = (arm: string) => byArm(arm).map((r) => `${r.trial.taskId}: ${r.status}`);
  expect(statuses('noop')).toEqual(tasks.map((t) => `${t.id}: failed`));
  expect(statuses('reference')).toEqual(tasks.map((t) => `${t.id}: passed`));
  expect(receipts.every((r) => r.synthetic && r.checksRun > 0)).toBe(true);
  if (!seeded) return;

  const seededAgent = plan.arms.find((a) => a.id === 'seeded')!.agent.spec as Extract<Agent, { adapter: 'synthetic' }>;
  const expected = byArm('seeded').map(
    (r) => `${r.trial.taskId}: ${appliesReference(seededAgent, r.trial.id) ? 'passed' : 'failed'}`,
  );
  expect(statuses('seeded')).toEqual(expected);
  const passed = byArm('seeded').filter((r) => r.status === 'passed').length;
  expect(passed).toBeGreaterThan(0);
  expect(passed).toBeLessThan(tasks.length);
}
