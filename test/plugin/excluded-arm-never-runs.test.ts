import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, LIBRARY_TASKS, planDir, receiptNames, smallProject } from './project.js';

const RUN_TIMEOUT = 300_000;

/**
 * A second provider whose index command fails: its probe excludes it (setup-failed). Its arm, if it
 * ran, would try to build that index again for every trial.
 */
const EXCLUDED_PROVIDER = `{
      id: 'broken-index',
      kind: 'search',
      mode: 'local',
      version: '1.0.0',
      interface: { type: 'mcp-stdio', command: 'node', args: ['../fixtures/providers/code-search/dist/server.mjs'] },
      index: { command: 'node', args: ['-e', 'process.stderr.write("no index today"); process.exit(3)'] },
    },
    `;

/** Declared as one the experiment may run without: otherwise its exclusion blocks the plan (and the probe exits 5). */
const EXCLUDED_ARM = `{ id: 'broken-context', role: 'treatment', provider: 'broken-index', mayBeExcluded: true },
    `;

/** The small experiment with one eligible and one excluded provider, each with a treatment arm. */
async function projectWithExcludedArm(): Promise<string> {
  const root = await smallProject({ probe: false, tasks: LIBRARY_TASKS });
  const file = join(root, 'experiments/small.ts');
  const text = await readFile(file, 'utf8');
  const edited = text
    .replace('providers: [\n    ', `providers: [\n    ${EXCLUDED_PROVIDER}`)
    .replace("{ id: 'prompt-only', role: 'treatment' },", `${EXCLUDED_ARM}{ id: 'prompt-only', role: 'treatment' },`);
  if (!edited.includes('broken-context') || !edited.includes("id: 'broken-index'"))
    throw new Error('the fixture experiment changed shape: the excluded arm was not added');
  await writeFile(file, edited);
  const probed = await cli(root, ['probe', 'experiments/small.ts']);
  if (probed.code !== 0) throw new Error(`crossover probe failed: ${probed.err}`);
  return root;
}

interface ScorecardArm {
  id: string;
  eligibility: { status: string; reasons: string[] } | null;
  trials: { scheduled: number; missing: number; excluded: number };
}

describe('an excluded arm is never run', () => {
  it(
    'an experiment with one eligible and one excluded provider runs to exit 0; the excluded arm has no receipt and its scorecard entry says excluded with the probe reason',
    async () => {
      const root = await projectWithExcludedArm();
      const probe = JSON.parse(await readFile(join(root, '.crossover/small/probes/broken-index.json'), 'utf8')) as {
        eligibility: { status: string; reasons: string[] };
      };
      expect(probe.eligibility.status).toBe('excluded');

      const run = await cli(root, ['run', 'experiments/small.ts', '--concurrency', '4']);
      expect(run.code, `${run.out}\n${run.err}`).toBe(0);

      const dir = await planDir(root);
      const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
        schedule: { trials: { id: string; arm: string }[] };
      };
      const excludedTrials = plan.schedule.trials.filter((t) => t.arm === 'broken-context').map((t) => `${t.id}.json`);
      expect(excludedTrials.length).toBeGreaterThan(0);
      const names = await receiptNames(dir);
      expect(names.filter((name) => excludedTrials.includes(name))).toEqual([]);
      expect(names).toHaveLength(plan.schedule.trials.length - excludedTrials.length);

      const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')) as { arms: ScorecardArm[] };
      const arm = scorecard.arms.find((a) => a.id === 'broken-context');
      expect(arm?.eligibility?.status).toBe('excluded');
      expect(arm?.eligibility?.reasons).toEqual(probe.eligibility.reasons);
      expect(arm?.eligibility?.reasons.join(' ')).toContain('no index today');
      expect(arm?.trials).toMatchObject({
        scheduled: excludedTrials.length,
        excluded: excludedTrials.length,
        missing: 0,
      });
      // The eligible treatment ran every one of its trials.
      const search = scorecard.arms.find((a) => a.id === 'context-search');
      expect(search?.trials.missing).toBe(0);
      expect(search?.trials.excluded).toBe(0);
    },
    RUN_TIMEOUT,
  );
});
