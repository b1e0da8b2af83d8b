import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from '../plan/helpers.js';

const bin = join(import.meta.dirname, '../../bin/crossover.js');

function crossover(args: string[], cwd?: string) {
  return execa('node', [bin, ...args], { reject: false, cwd });
}

// Each test waits on CLI processes of its own, writing only in its own directory: they run concurrently.
describe('crossover CLI', () => {
  it.concurrent('lists its commands', async ({ expect }) => {
    const result = await crossover(['--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('schema');
    expect(result.stdout).toContain('digest');
  });

  it.concurrent("prints one command's usage and summary for <command> --help", async ({ expect }) => {
    const result = await crossover(['run', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      'Usage: crossover run <experiment.ts> [--plan <plan.json>] [--task <id>]... [--arm <id>]... [--concurrency <n>] [--auth-home <dir>] [--reattempt] [--verbose]\n\nRun an experiment through Vitest: every scheduled trial, receipts, then the scorecard',
    );
    const schema = await crossover(['schema', '-h']);
    expect(schema.stdout).toContain('Usage: crossover schema <');
    expect(schema.stdout).toContain('|plan|');
  });

  it.concurrent('prints the JSON Schema of a plan', async ({ expect }) => {
    const result = await crossover(['schema', 'plan']);
    expect(result.exitCode).toBe(0);
    const schema = JSON.parse(result.stdout);
    expect(schema.$schema).toContain('json-schema.org');
    expect(schema.properties.schema.const).toBe('crossover.plan/2');
  });

  it.concurrent('refuses an unknown artifact name, listing the known ones', async ({ expect }) => {
    const result = await crossover(['schema', 'plans']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('expected one artifact name');
    expect(result.stderr).toContain('receipt');
  });

  it.concurrent('prints a tree digest', async ({ expect, onTestFinished }) => {
    const root = await tempDir(undefined, onTestFinished);
    await mkdir(join(root, 'a'));
    await writeFile(join(root, 'a/x.txt'), 'x');
    const first = await crossover(['digest', '.'], root);
    expect(first.stdout).toMatch(/^sha256:[0-9a-f]{64}$/);
    await writeFile(join(root, 'a/x.txt'), 'y');
    expect((await crossover(['digest', root])).stdout).not.toBe(first.stdout);
  });

  it.concurrent('plans a TypeScript experiment whose helper is TypeScript too, from the built CLI on plain Node', async ({
    expect,
    onTestFinished,
  }) => {
    const root = await tempDir(undefined, onTestFinished);
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(root, 'exp', syntheticExperiment());
    await writeFile(join(root, 'experiments/shared.ts'), 'export const repeats: number = 3;\n');
    await writeFile(
      file,
      `import { repeats } from './shared.js';\n${(await readFile(file, 'utf8')).replace('"repeats": 2', 'repeats')}`,
    );
    const result = await crossover(['plan', 'experiments/exp.ts', '--json'], root);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).repeats).toBe(3);
  });

  it.concurrent('exits 2 on an unknown command', async ({ expect }) => {
    const result = await crossover(['frobnicate']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });

  it.concurrent('treats a name every object inherits as an unknown command, not a crash', async ({ expect }) => {
    const result = await crossover(['toString']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown command "toString"');
  });
});
