import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliesReference } from '../../src/agents/synthetic/adapter.js';
import { SyntheticAgentSchema } from '../../src/contracts/agent.js';
import type { Plan } from '../../src/contracts/plan.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { LIBRARY_TASKS, planDir, smallProject, vitest } from './project.js';

const RUN_TIMEOUT = 300_000;
/** One task re-run per arm, for each of the small experiment's four arms. */
const RERUNS = 4;

describe('a preregistered reproducibility subset', () => {
  it(
    'is re-run in fresh workspaces, reported per arm and task with a match share in every format, and kept out of the comparison',
    async () => {
      const root = await smallProject({ tasks: LIBRARY_TASKS });
      const experiment = join(root, 'experiments/small.ts');
      const text = await readFile(experiment, 'utf8');
      await writeFile(experiment, text.replace('repeats: 2,', 'repeats: 2,\n  reproducibility: { tasksPerArm: 1 },'));
      const run = await vitest(root, ['run', '--project', 'small']);
      // Failed trials fail their tests (Vitest exits 1); the run itself must have been scored.
      expect(run.all).toContain('scorecard: ');

      const dir = await planDir(root);
      const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as Plan;
      const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')) as Scorecard;
      const reruns = plan.reproducibility?.reruns ?? [];
      expect(reruns).toHaveLength(RERUNS);
      const measured = scorecard.reproducibility!;
      expect(measured.rows).toHaveLength(RERUNS);

      // A seeded synthetic agent draws from the trial id: a re-run, under its own id, may draw the
      // other way. Each row says "same" exactly where the two draws agree, and some disagree.
      for (const row of measured.rows) {
        const spec = SyntheticAgentSchema.parse(plan.arms.find((arm) => arm.id === row.arm)!.agent.spec);
        const same = appliesReference(spec, row.first) === appliesReference(spec, row.second);
        expect(row, `${row.arm} ${row.taskId}`).toMatchObject({
          compared: true,
          outcome: same,
          files: same,
          lines: same,
          matched: same,
        });
      }
      const matched = measured.rows.filter((row) => row.matched).length;
      expect(matched).toBeGreaterThan(0);
      expect(matched).toBeLessThan(RERUNS);
      expect(measured.matched).toMatchObject({ count: matched, of: RERUNS });

      // The comparison counts only the schedule: 1 task × 2 repeats per arm, re-runs left out.
      for (const arm of scorecard.arms) expect(arm.trials.scheduled).toBe(2);

      const markdown = await readFile(join(dir, 'scorecard.md'), 'utf8');
      const html = await readFile(join(dir, 'scorecard.html'), 'utf8');
      const share = `${matched}/${RERUNS} = `;
      expect(markdown).toContain('## Reproducibility');
      expect(markdown).toContain(`| all arms | ${share}`);
      expect(markdown).toContain('| differs |');
      expect(html).toContain('<section id="reproducibility"><h2>Reproducibility</h2>');
      expect(html).toContain(`<td class="n">${share}`);
      expect(run.all).toContain(`reproducibility: ${share}`);
    },
    RUN_TIMEOUT,
  );
});
