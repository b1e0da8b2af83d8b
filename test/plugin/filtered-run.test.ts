import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { cli, crossoverProcess, planDir, receiptNames, smallProject, twoLibraryTasks } from './project.js';

const TRIALS = 16;
const RUN_TIMEOUT = 300_000;

describe('crossover run --task <id> --arm <id>', () => {
  it(
    'runs only those trials of the preregistered plan, and its scorecard says what it left out',
    async () => {
      const root = await smallProject();
      await twoLibraryTasks(root);
      const unknown = await cli(root, ['run', 'experiments/small.ts', '--task', 'no-such-task']);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain('--task no-such-task: plan sha256:');
      expect(unknown.err).toContain('holds no task "no-such-task" (tasks: valid-node, valid-node-again)');

      const filtered = await crossoverProcess(root, [
        'run',
        'experiments/small.ts',
        '--task',
        'valid-node',
        '--arm',
        'baseline',
      ]);
      expect(filtered.exitCode, filtered.all).toBe(0);
      expect(filtered.all).toMatch(/crossover: plan sha256:[0-9a-f]{64} \(2 of its 16 trials\)/);
      const dir = await planDir(root);
      const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
        schedule: { trials: { id: string; taskId: string; arm: string }[] };
      };
      // the plan is the whole preregistered one; the receipts are the selection's
      expect(plan.schedule.trials).toHaveLength(TRIALS);
      const chosen = plan.schedule.trials.filter((t) => t.taskId === 'valid-node' && t.arm === 'baseline');
      expect(await receiptNames(dir)).toEqual(chosen.map((t) => `${t.id}.json`).sort());
      const scorecard = ScorecardSchema.parse(JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')));
      expect(scorecard.filter).toEqual({ tasks: ['valid-node'], arms: ['baseline'], leftOut: 14, leftOutMissing: 14 });
      const note =
        'Limited to tasks valid-node and arms baseline; it left out 14 scheduled trial(s) of the plan, 14 of them with no receipt (shown as missing).';
      expect(await readFile(join(dir, 'scorecard.md'), 'utf8')).toContain(`> **Filtered run.** ${note}`);
      expect(await readFile(join(dir, 'scorecard.html'), 'utf8')).toContain('<strong>Filtered run.</strong>');
      expect(filtered.all).toContain(`filtered run: ${note}`);

      // the whole plan afterwards resumes the two and runs the rest; its scorecard is no filtered one
      const whole = await crossoverProcess(root, ['run', 'experiments/small.ts']);
      expect(whole.exitCode, whole.all).toBe(0);
      expect(whole.all).toContain(`${TRIALS}/${TRIALS} trials done (14 this run, 2 resumed)`);
      const complete = ScorecardSchema.parse(JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')));
      expect(complete.filter).toBeUndefined();
    },
    RUN_TIMEOUT,
  );
});
