import { chmod, cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { chromiumPath } from '../../src/grading/browser-session.js';
import { tempDir } from '../helpers/temp.js';
import { syntheticExperiment, writeExperiment } from '../plan/helpers.js';
import { cli, configure, REPO, reportedTests, vitest } from './project.js';

const RUN_TIMEOUT = 300_000;

/**
 * A project of one library and one browser task, two arms, one repeat: 4 trials, 2 with a browser
 * check. Chromium is a wrapper that, while `fault` exists, starts once (the check before any trial)
 * and then crashes at launch: the infrastructure fault that makes both browser trials check-error.
 */
async function faultyChromiumProject(policy: ExperimentInput['policy']): Promise<string> {
  const root = await tempDir('crossover-reattempt-');
  await mkdir(join(root, 'corpus/tasks'), { recursive: true });
  await writeFile(
    join(root, 'corpus/corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'small',
      version: '1.0.0',
      categories: [
        { id: 'boundary-logic', title: 'Boundary logic' },
        { id: 'dom-rendering', title: 'DOM rendering' },
      ],
    }),
  );
  for (const task of ['valid-node', 'browser-counter'])
    await cp(join(REPO, 'fixtures/tasks', task), join(root, 'corpus/tasks', task), { recursive: true });
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await writeExperiment(
    root,
    'flaky',
    syntheticExperiment({
      id: 'flaky',
      agent: { adapter: 'synthetic', behavior: 'reference' },
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'other', role: 'treatment', allowedTools: ['x'] },
      ],
      repeats: 1,
      concurrency: 2,
      ...(policy ? { policy } : {}),
    }),
  );
  const wrapper = join(root, 'chromium');
  await writeFile(
    wrapper,
    [
      '#!/bin/sh',
      `dir=${JSON.stringify(root)}`,
      'if [ -e "$dir/fault" ]; then',
      '  if [ -e "$dir/started-once" ]; then echo "injected fault: Chromium crashed" >&2; exit 1; fi',
      '  touch "$dir/started-once"',
      'fi',
      `exec ${JSON.stringify(chromiumPath({}))} "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(wrapper, 0o755);
  vi.stubEnv('CROSSOVER_CHROMIUM', wrapper);
  return root;
}

interface Stored {
  file: string;
  status: string;
  taskId: string;
  attempt: number;
}

async function stored(root: string): Promise<{ dir: string; receipts: Stored[] }> {
  const base = join(root, '.crossover/flaky');
  const [plan] = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  const dir = join(base, plan as string);
  const names = (await readdir(join(dir, 'receipts'))).filter((name) => name.endsWith('.json')).sort();
  const receipts = await Promise.all(
    names.map(async (file) => {
      const receipt = JSON.parse(await readFile(join(dir, 'receipts', file), 'utf8'));
      return { file, status: receipt.status, taskId: receipt.trial.taskId, attempt: receipt.trial.attempt ?? 1 };
    }),
  );
  return { dir, receipts };
}

/** A first run with the fault: the two browser trials end check-error, the library trials pass. */
async function runWithFault(root: string): Promise<Stored[]> {
  await writeFile(join(root, 'fault'), '');
  const first = await cli(root, ['run', 'experiments/flaky.ts']);
  expect(first.code, first.err).toBe(0);
  const { receipts } = await stored(root);
  expect(receipts.map((r) => `${r.taskId} ${r.status}`).sort()).toEqual([
    'browser-counter check-error',
    'browser-counter check-error',
    'valid-node passed',
    'valid-node passed',
  ]);
  // the machine is fixed
  await rm(join(root, 'fault'));
  await rm(join(root, 'started-once'));
  return receipts;
}

// Vitest undoes stubs only before the next test: a file that runs next in this worker would collect
// its tests (and launch Chromium at the stubbed path) with this file's stub still in place.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('preregistered re-attempts of infrastructure faults', () => {
  it(
    'with a check-error injected into two trials, --reattempt under a policy that allows it makes them valid, keeps both attempts, the scorecard shows 2 re-attempts and a replay shows the last attempt',
    async () => {
      const root = await faultyChromiumProject({ reattempts: { statuses: ['check-error'], max: 1 } });
      const before = await runWithFault(root);
      const again = await cli(root, ['run', 'experiments/flaky.ts', '--reattempt']);
      expect(again.code, again.err).toBe(0);
      expect(again.out).toContain('re-attempting browser-counter baseline #1 (check-error) as attempt 2');
      expect(again.out).toContain('re-attempting browser-counter other #1 (check-error) as attempt 2');
      const { dir, receipts } = await stored(root);
      // every first attempt is kept byte for byte beside its re-attempt
      expect(receipts.filter((r) => r.attempt === 1)).toEqual(before);
      const second = receipts.filter((r) => r.attempt === 2);
      expect(second.map((r) => `${r.taskId} ${r.status}`)).toEqual([
        'browser-counter passed',
        'browser-counter passed',
      ]);
      for (const r of second) expect(r.file).toMatch(/^[0-9a-f]{24}\.attempt-2\.json$/);

      const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8'));
      const trials = scorecard.arms.map((arm: { trials: object }) => arm.trials);
      for (const t of trials) expect(t).toMatchObject({ scheduled: 2, success: 2, invalid: 0, reattempts: 1 });
      expect(trials.reduce((sum: number, t: { reattempts: number }) => sum + t.reattempts, 0)).toBe(2);
      expect(await readFile(join(dir, 'scorecard.md'), 'utf8')).toContain('Re-attempts');

      // the policy's limit and the last attempt being valid: a second --reattempt has nothing to do
      const third = await cli(root, ['run', 'experiments/flaky.ts', '--reattempt']);
      expect(third.code, third.err).toBe(0);
      expect(third.out).toContain('--reattempt: no trial ended invalid: nothing to re-attempt');
      expect((await stored(root)).receipts).toEqual(receipts);

      // A later plain vitest run replays each trial's last attempt, not its first: all four pass, none runs again.
      await configure(root, { experiment: 'experiments/flaky.ts', concurrency: 2 });
      const replay = await vitest(root, ['run']);
      const tests = await reportedTests(root);
      expect(tests.map((t) => `${t.name} ${t.status}`).sort(), replay.all).toEqual([
        'browser-counter baseline #1 passed',
        'browser-counter other #1 passed',
        'valid-node baseline #1 passed',
        'valid-node other #1 passed',
      ]);
      for (const test of tests) expect(test.resumed).toBe('its receipt already exists: replayed, not run twice');
      expect((await stored(root)).receipts).toEqual(receipts);
    },
    RUN_TIMEOUT,
  );

  it(
    'without a policy --reattempt re-attempts nothing and says why',
    async () => {
      const root = await faultyChromiumProject(undefined);
      const before = await runWithFault(root);
      const again = await cli(root, ['run', 'experiments/flaky.ts', '--reattempt']);
      expect(again.code, again.err).toBe(0);
      expect(again.out).toMatch(
        /--reattempt: nothing is re-attempted: plan sha256:[0-9a-f]{64} preregisters no re-attempt policy \(\$\.policy\.reattempts of experiments\/flaky\.ts\)/,
      );
      const { dir, receipts } = await stored(root);
      expect(receipts).toEqual(before);
      const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8'));
      for (const arm of scorecard.arms) expect(arm.trials).toMatchObject({ reattempts: 0 });
      expect(scorecard.arms.map((arm: { invalidByStatus: object }) => arm.invalidByStatus)).toEqual([
        { 'check-error': 1 },
        { 'check-error': 1 },
      ]);
    },
    RUN_TIMEOUT,
  );
});
