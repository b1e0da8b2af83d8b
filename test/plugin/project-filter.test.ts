import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT } from '../helpers/cli.js';
import { LIBRARY_TASKS, smallProject, vitest } from './project.js';

/**
 * Two projects, as in this repository: `demo-small`, an experiment whose trials the plugin generates,
 * and `plain`, an ordinary test project beside it.
 */
async function twoProjects(): Promise<string> {
  const root = await smallProject({ tasks: LIBRARY_TASKS });
  await writeFile(
    join(root, 'vitest.config.ts'),
    [
      `import { defineConfig } from 'vitest/config';`,
      `import { crossover } from ${JSON.stringify(BUILT.plugin)};`,
      '',
      'export default defineConfig({',
      '  test: {',
      '    projects: [',
      `      { plugins: [crossover({ experiment: 'experiments/small.ts', concurrency: 2 })], test: { name: 'demo-small' } },`,
      `      { test: { name: 'plain', include: ['plain/*.test.ts'] } },`,
      '    ],',
      '  },',
      '});',
      '',
    ].join('\n'),
  );
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'two-projects', private: true, type: 'module' }));
  await mkdir(join(root, 'plain'));
  await writeFile(
    join(root, 'plain/sum.test.ts'),
    "import { expect, test } from 'vitest';\n\ntest('adds', () => expect(1 + 1).toBe(2));\n",
  );
  return root;
}

/** The plan directories the plugin prepared for the experiment (each holds its generated tests). */
async function planDirs(root: string): Promise<string[]> {
  return (await readdir(join(root, '.crossover/small'))).filter((name) => /^[0-9a-f]{16}$/.test(name));
}

describe('the plugin takes the selected projects from Vitest', () => {
  it("--project 'dem*' selects the experiment's trials and '!demo-small' leaves them out, as Vitest documents", async () => {
    const root = await twoProjects();

    const negated = await vitest(root, ['list', '--project', '!demo-small']);
    expect(negated.exitCode, negated.all).toBe(0);
    expect(negated.all).toContain('[plain] plain/sum.test.ts > adds');
    expect(negated.all).not.toContain('[demo-small]');
    // left out by Vitest's filter, the experiment was never planned: no generated tests
    expect(await planDirs(root)).toEqual([]);

    const wildcard = await vitest(root, ['list', '--project', 'dem*']);
    expect(wildcard.exitCode, wildcard.all).toBe(0);
    const trials = wildcard.all.split('\n').filter((line) => line.startsWith('[demo-small] '));
    expect(trials.length).toBeGreaterThan(0);
    expect(trials.every((line) => / > (baseline|[a-z-]+) #\d+$/.test(line))).toBe(true);
    expect(wildcard.all).not.toContain('[plain]');
    expect(await planDirs(root)).toHaveLength(1);
  });
});
