import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PlanSchema } from '../../src/contracts/plan.js';
import { ENVIRONMENT_REPOSITORY } from '../../src/corpus/environment.js';
import { resolveContainerEngine } from '../../src/io/container-engine.js';
import { builtCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { syntheticExperiment, writeExperiment } from '../plan/helpers.js';
import { compactTask } from './tasks.js';

const REPO = join(import.meta.dirname, '../..');

/**
 * A project whose corpus holds one task with a Dockerfile of its own, and a synthetic experiment
 * under sandbox container. The Dockerfile carries a label unique to this run, so its image is
 * built here (never found from an earlier run); the images this test builds are removed after it.
 */
async function project(): Promise<{ root: string; dockerfile: string }> {
  const root = await tempDir();
  const corpus = join(root, 'corpus');
  await mkdir(join(corpus, 'tasks'), { recursive: true });
  await writeFile(
    join(corpus, 'corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'images',
      version: '1',
      categories: [{ id: 'boundary-logic', title: 'Boundary logic' }],
    }),
  );
  const run = randomBytes(6).toString('hex');
  await compactTask(
    join(corpus, 'tasks/valid-node'),
    `FROM crossover/bookworm:base\nLABEL org.crossover.test.run=${run}\n`,
  );
  await writeExperiment(root, 'exp', syntheticExperiment({ sandbox: 'container', repeats: 1 }));
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  onTestFinished(removeImagesOf(run));
  return { root, dockerfile: join(corpus, 'tasks/valid-node/environment/Dockerfile') };
}

/** Removes the environment images whose Dockerfile carried this run's label. */
function removeImagesOf(run: string): () => Promise<void> {
  return async () => {
    const engine = await resolveContainerEngine();
    if ('reason' in engine) return;
    const { engineCommand } = await import('../../src/io/container-engine.js');
    const listed = await engineCommand(engine, [
      'images',
      '--quiet',
      '--filter',
      `label=org.crossover.test.run=${run}`,
      '--filter',
      `reference=${ENVIRONMENT_REPOSITORY}`,
    ]);
    const ids = [...new Set(listed.stdout.split('\n').filter((id) => id.trim() !== ''))];
    if (ids.length > 0) await engineCommand(engine, ['rmi', '--force', ...ids]);
  };
}

async function plannedImage(root: string): Promise<string> {
  const plan = PlanSchema.parse(JSON.parse(await readFile(join(root, 'plan.json'), 'utf8')));
  expect(plan.environment.sandbox).toMatchObject({
    kind: 'container',
    version: expect.stringMatching(/^(docker|podman) /),
  });
  return plan.tasks[0]!.image!;
}

describe('a task image bound by the plan', () => {
  it('blocks plan, run and corpus verify until built, naming the command; runs in it; a rebuilt image is drift', async () => {
    const { root, dockerfile } = await project();
    const blocked = await builtCli(root, ['plan', 'experiments/exp.ts']);
    expect(blocked.code).toBe(5);
    expect(blocked.err).toContain(
      "task valid-node: its Dockerfile's image is not built: run crossover env build experiments/exp.ts",
    );
    const run = await builtCli(root, ['run', 'experiments/exp.ts']);
    expect(run.code).toBe(5);
    expect(run.err).toContain('run crossover env build experiments/exp.ts');
    const verify = await builtCli(root, ['corpus', 'verify']);
    expect(verify.code).toBe(5);
    expect(verify.err).toContain(`run crossover env build --corpus ${join(root, 'corpus')}`);

    const built = await builtCli(root, ['env', 'build', 'experiments/exp.ts']);
    expect(built.code, built.err).toBe(0);
    expect(built.out).toMatch(
      /\[1\/1\] corpus\/tasks\/valid-node\/environment\/Dockerfile .* for valid-node: building/,
    );
    expect(built.out).toMatch(/Step 2\/3 : LABEL org.crossover.test.run=/);
    expect(built.out).toContain('1 built, 0 already here, 0 missing');
    const planned = await builtCli(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    expect(planned.code, planned.err).toBe(0);
    const first = await plannedImage(root);
    expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await builtCli(root, ['plan', '--check', 'plan.json'])).code).toBe(0);
    // The run grades each trial in fresh containers of the image the plan bound.
    const ran = await builtCli(root, ['run', 'experiments/exp.ts']);
    expect(ran.code, ran.err).toBe(0);
    // The blocked plan and run each wrote their plan.json too: the plan that ran is the one with receipts.
    const [planDir] = (await readdir(join(root, '.crossover/exp'))).filter(
      (name) => /^[0-9a-f]{16}$/.test(name) && existsSync(join(root, '.crossover/exp', name, 'receipts')),
    );
    const receiptsDir = join(root, '.crossover/exp', planDir!, 'receipts');
    const receipts = await Promise.all(
      (await readdir(receiptsDir))
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(join(receiptsDir, name), 'utf8'))),
    );
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) {
      expect(receipt.sandbox).toEqual({ kind: 'container', version: expect.stringMatching(/^(docker|podman) /) });
      expect(receipt).toMatchObject({ status: expect.stringMatching(/^(passed|failed)$/), checksRun: 3 });
    }
    const again = await builtCli(root, ['env', 'build', 'experiments/exp.ts']);
    expect(again.out).toContain('0 built, 1 already here, 0 missing');

    await appendFile(dockerfile, 'LABEL org.crossover.test.revision=2\n');
    const unbuilt = await builtCli(root, ['plan', '--check', 'plan.json']);
    expect(unbuilt.code).toBe(4);
    expect(unbuilt.err).toContain(`- image valid-node: ${first} → not built`);
    expect((await builtCli(root, ['env', 'build', 'experiments/exp.ts'])).code).toBe(0);
    const rebuilt = await builtCli(root, ['plan', '--check', 'plan.json']);
    expect(rebuilt.code).toBe(4);
    expect(rebuilt.err).toMatch(
      new RegExp(`- image valid-node: ${first} → sha256:[0-9a-f]{64}: its environment's image was rebuilt`),
    );
    expect(rebuilt.err.match(/^ {2}- /gm)).toHaveLength(1);
  }, 300_000);

  it('blocks a bubblewrap plan whose task declares an environment: only a container gives it its toolchain', async () => {
    const { root } = await project();
    await writeExperiment(root, 'exp', syntheticExperiment({ sandbox: 'bubblewrap' }));
    const blocked = await builtCli(root, ['plan', 'experiments/exp.ts']);
    expect(blocked.code).toBe(5);
    expect(blocked.err).toContain(
      "task valid-node declares a container environment: it runs only under sandbox 'container' (set sandbox: 'container' in experiments/exp.ts)",
    );
  });
});
