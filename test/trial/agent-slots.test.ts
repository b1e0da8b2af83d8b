import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { adHocTrialPlan } from '../../src/trial/ad-hoc.js';
import { AgentSlots } from '../../src/trial/agent-slots.js';
import { runPlannedTrial } from '../../src/trial/run-planned-trial.js';
import { tempDir } from '../helpers/temp.js';

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A task whose one check takes 1.5 s: long enough to be seen in progress. */
async function slowlyGradedTask(root: string): Promise<string> {
  const dir = join(root, 'tasks', 'slow-check');
  const checks = { required: [{ id: 'slow', file: 'slow.mjs', runner: 'node' }], regressions: [] };
  await put(
    join(dir, 'task.json'),
    JSON.stringify({
      schema: 'crossover.task/1',
      id: 'slow-check',
      title: 'slow check',
      category: 'c1',
      surface: 'api',
      timeoutSec: 60,
      checks,
    }),
  );
  await put(join(dir, 'prompt.md'), 'Nothing to do.\n');
  await put(join(dir, 'workspace/index.js'), 'export const value = 1;\n');
  await put(join(dir, 'reference/index.js'), 'export const value = 2;\n');
  await put(
    join(dir, 'checks/slow.mjs'),
    'export default () => new Promise((resolve) => setTimeout(resolve, 1500));\n',
  );
  return dir;
}

describe('agent slots: the bound on agents at once', () => {
  it('never runs more agents at once than its capacity, and starts them in arrival order', async () => {
    const slots = new AgentSlots(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const agent = (id: number) =>
      slots.run(async () => {
        started.push(id);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return id;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(agent))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("tells each trial when its own turn starts, not when it began to wait: the progress line's seconds", async () => {
    const slots = new AgentSlots(1);
    const events: string[] = [];
    let release: () => void = () => undefined;
    const first = slots
      .forTrial(() => events.push('first got its slot'))
      .run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.forTrial(() => events.push('second got its slot')).run(async () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first got its slot']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first got its slot', 'second got its slot']);
  });

  it('frees the slot when an agent throws', async () => {
    const slots = new AgentSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('agent crashed')))).rejects.toThrow('agent crashed');
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('a trial lets go of its slot before it is graded: the next agent runs while the checks do', async () => {
    const root = await tempDir();
    const task = await loadTask(await slowlyGradedTask(root));
    const seen = join(root, 'grading-seen-by-second-agent.txt');
    const slots = new AgentSlots(1);
    const trial = async (command: string) => {
      const { plan, trialId } = adHocTrialPlan({ root, task, command, sandbox: 'none', timeoutMs: 30_000 });
      const context = {
        root,
        providers: [],
        experimentDir: root,
        loaded: { task, prompt: task.prompt },
        agentSlots: slots,
      };
      return (await runPlannedTrial(plan, trialId, context)).receipt;
    };
    // The first trial's grading holds a grading slot (a file) for its 1.5 s check. The second agent
    // gets the one agent slot only when the first lets go of it, waits 0.5 s, and lists the slots.
    const [first, second] = await Promise.all([
      trial('true'),
      trial(`sleep 0.5; ls ${join(root, '.crossover', 'grading-slots')} > ${seen}`),
    ]);
    expect(first.checks.map((c) => c.status)).toEqual(['pass']);
    expect(second.checks.map((c) => c.status)).toEqual(['pass']);
    expect((await readFile(seen, 'utf8')).trim()).toMatch(/^slot-\d+$/);
  });
});
