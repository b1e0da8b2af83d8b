import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { tempDir } from '../helpers/temp.js';
import { cli } from './project.js';

const RUN_TIMEOUT = 300_000;

describe('crossover init and crossover task new', () => {
  it(
    'start a project whose example task qualifies and whose exploratory experiment runs to a labelled scorecard',
    async () => {
      const root = await tempDir('crossover-init-');
      const init = await cli(root, ['init']);
      expect(init.code, init.err).toBe(0);
      expect(init.out).toContain('wrote experiments/example.ts');
      expect(init.out).toContain('wrote vitest.config.ts');
      expect(init.out).toContain('npx crossover corpus verify');
      expect((await stat(join(root, 'agents/my-agent/agent.sh'))).mode & 0o111).not.toBe(0);
      // never over a file: a second init writes nothing and names what exists
      const again = await cli(root, ['init']);
      expect(again.code).toBe(3);
      expect(again.err).toContain('nothing was written: corpus/corpus.json, ');

      const verified = await cli(root, ['corpus', 'verify']);
      expect(verified.code, verified.out + verified.err).toBe(0);
      const planned = await cli(root, ['plan', 'experiments/example.ts']);
      expect(planned.code, planned.err).toBe(0);
      expect(planned.out).toContain('stage exploratory');
      expect(planned.out).toContain('note: EXPLORATORY');
      const run = await cli(root, ['run', 'experiments/example.ts']);
      expect(run.code, run.err).toBe(0);
      const [key] = (await readdir(join(root, '.crossover/example'))).filter((name) => /^[0-9a-f]{16}$/.test(name));
      const dir = join(root, '.crossover/example', key as string);
      const scorecard = ScorecardSchema.parse(JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')));
      expect(scorecard.experiment.stage).toBe('exploratory');
      // the stub changes nothing: both trials ran in the sandbox and failed the hidden checks
      expect(scorecard.arms.map((arm) => [arm.id, arm.trials.failure])).toEqual([
        ['baseline', 1],
        ['careful', 1],
      ]);
      expect(scorecard.comparisons[0]?.verdict).toBe('descriptive');
      expect(scorecard.comparisons[0]?.reasons).toContain(
        'an exploratory run: descriptive only, never stage-2 evidence',
      );
      expect(await readFile(join(dir, 'scorecard.md'), 'utf8')).toContain('stage exploratory');

      const task = await cli(root, ['task', 'new', 'my-first-task']);
      expect(task.code, task.err).toBe(0);
      expect(task.out).toContain('npx crossover corpus verify --task my-first-task');
      const skeleton = await cli(root, ['corpus', 'verify', '--task', 'my-first-task']);
      expect(skeleton.code).toBe(1);
      expect(skeleton.err).toContain('unqualified: my-first-task');
      expect(skeleton.err).toContain('TODO: assert');
      const unknown = await cli(root, ['task', 'new', 'other', '--category', 'parsing']);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain(
        '--category parsing: corpus my-corpus has no such category (categories: boundary-logic)',
      );
    },
    RUN_TIMEOUT,
  );
});
