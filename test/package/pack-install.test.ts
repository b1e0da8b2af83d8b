import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { type Scorecard, ScorecardSchema } from '../../src/contracts/scorecard.js';
import { tempDir } from '../helpers/temp.js';
import { writeUserProject } from './user-project.js';

const REPO = resolve(import.meta.dirname, '../..');
/** npm install fetches Crossover's dependencies (from the local cache when it has them). */
const INSTALL_TIMEOUT = 300_000;

/** `npm pack` of this checkout (dist/ is fresh: the e2e project's global setup rebuilt it). */
async function pack(into: string): Promise<string> {
  const packed = await execa('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], { cwd: REPO });
  const [tarball] = JSON.parse(packed.stdout) as { filename: string }[];
  return join(into, tarball?.filename ?? '');
}

const NPM_ENV = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

/** A command the user types in their project: `npx crossover …` or `npx vitest …`. */
function npx(root: string, args: string[]) {
  return execa('npx', ['--no-install', ...args], { cwd: root, reject: false, all: true, env: NPM_ENV });
}

/** The one scorecard an experiment's runs wrote, below .crossover/<experiment>/<plan>/. */
async function scorecardOf(root: string, experiment: string): Promise<{ scorecard: Scorecard; dir: string }> {
  const base = join(root, '.crossover', experiment);
  const plans = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  expect(plans).toHaveLength(1);
  const dir = join(base, plans[0] as string);
  const text = await readFile(join(dir, 'scorecard.json'), 'utf8');
  return { scorecard: ScorecardSchema.parse(JSON.parse(text)), dir };
}

/** Per arm: trials passed and failed, context-tool calls per trial, and the model its usage file named. */
function armFigures(scorecard: Scorecard) {
  return scorecard.arms.map((arm) => ({
    id: arm.id,
    success: arm.trials.success,
    failure: arm.trials.failure,
    contextToolCalls: arm.diagnostics.contextToolCalls.mean,
    inputTokens: arm.diagnostics.inputTokens.mean,
  }));
}

describe('Crossover packed and installed into a project of its own', () => {
  it(
    "runs a user's own corpus, agent and MCP server: an exploratory comparison, then stage 1 through Vitest",
    async () => {
      const root = await tempDir('crossover-user-');
      const tarball = await pack(await tempDir('crossover-pack-'));
      await writeFile(
        join(root, 'package.json'),
        `${JSON.stringify({ name: 'my-project', private: true, type: 'module' })}\n`,
      );
      const installed = await execa('npm', ['install', '--prefer-offline', tarball], {
        cwd: root,
        env: NPM_ENV,
        all: true,
        reject: false,
      });
      expect(installed.exitCode, installed.all).toBe(0);
      await writeUserProject(root);

      const verified = await npx(root, ['crossover', 'corpus', 'verify']);
      expect(verified.exitCode, verified.all).toBe(0);
      expect(verified.stdout).toContain('3 of 3 tasks qualified');

      // Exploratory: any tasks with the real (command) agent, descriptive only.
      const probed = await npx(root, ['crossover', 'probe', 'experiments/explore.ts']);
      expect(probed.exitCode, probed.all).toBe(0);
      const planned = await npx(root, ['crossover', 'plan', 'experiments/explore.ts']);
      expect(planned.exitCode, planned.all).toBe(0);
      expect(planned.stdout).toMatch(/wrote \.crossover\/explore\/[0-9a-f]{16}\/plan\.json/);
      const explored = await npx(root, ['crossover', 'run', 'experiments/explore.ts']);
      expect(explored.exitCode, explored.all).toBe(0);
      const explore = await scorecardOf(root, 'explore');
      expect(explore.scorecard.experiment.stage).toBe('exploratory');
      // the agent fixes the two floor-for-ceil tasks, not the clamp; the treatment asked its server once a trial
      expect(armFigures(explore.scorecard)).toEqual([
        { id: 'baseline', success: 2, failure: 1, contextToolCalls: 0, inputTokens: 120 },
        { id: 'search', success: 2, failure: 1, contextToolCalls: 1, inputTokens: 120 },
      ]);
      expect(explore.scorecard.comparisons[0]?.verdict).toBe('descriptive');

      // Stage 1 on the same library-only corpus: its slice derived from what the corpus has.
      const probedStage1 = await npx(root, ['crossover', 'probe', 'experiments/stage1.ts']);
      expect(probedStage1.exitCode, probedStage1.all).toBe(0);
      const vitest = await npx(root, ['vitest', 'run']);
      // Plain Vitest keeps its exit code: 1, as the clamp task's trials fail their hidden checks.
      expect(vitest.exitCode, vitest.all).toBe(1);
      expect(vitest.stdout).toContain('crossover stage1: 12/12 trials done (12 this run, 0 resumed)');
      expect(vitest.stdout).toContain('passed 8, failed 4, agent-error 0');
      const stage1 = await scorecardOf(root, 'stage1');
      expect(stage1.scorecard.experiment.stage).toBe(1);
      expect(armFigures(stage1.scorecard)).toEqual([
        { id: 'baseline', success: 4, failure: 2, contextToolCalls: 0, inputTokens: 120 },
        { id: 'search', success: 4, failure: 2, contextToolCalls: 1, inputTokens: 120 },
      ]);
      expect(Object.values(stage1.scorecard.feasibility).map((gate) => gate.passed)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
      expect(await readFile(join(stage1.dir, 'scorecard.md'), 'utf8')).toContain('## Feasibility');
    },
    2 * INSTALL_TIMEOUT,
  );
});
